// The consistency checker: planned and applied values checked on their
// encoded bytes against the runtime schema, with the rules Terraform core
// applies to a provider's answers (hashicorp/terraform
// internal/plans/objchange: AssertPlanValid in plan_valid.go,
// AssertObjectCompatible in compatible.go, and the checks after
// ApplyResourceChange in node_resource_abstract_instance.go). tfpp runs it on
// every plan and apply (tfpp/plan/consistency_mode.hpp turns it off or to
// warnings); these functions run it on values of one's own.
//
// Equal bytes are equal values (go-cty's encoding is canonical, and so is
// tfpp's), so the common case is a memcmp; where bytes differ the values are
// compared exactly. Sets are correlated through sorted canonical keys,
// O(n log n).
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/plan/consistency_mode.hpp>
#include <tfpp/schema/schema.hpp>

#include <string_view>

namespace tfpp {

// Checks a planned state against Terraform's rules for plans
// (AssertPlanValid, with the planned value's type and write-only attributes
// null): prior and config as Terraform sent them, planned as the provider
// answers. Each violation becomes a diagnostic at options.level; true when
// there was none.
inline bool check_plan_consistency(const block_schema& schema, std::string_view prior, std::string_view config,
                                   std::string_view planned, diagnostics& diags,
                                   const consistency_options& options = {});

// Checks what create or update returned against the planned state it was
// given: the checks Terraform makes after ApplyResourceChange (an object, of
// the schema's type, wholly known, write-only attributes null) and
// AssertObjectCompatible. True when there was no violation.
inline bool check_apply_consistency(const block_schema& schema, std::string_view planned, std::string_view actual,
                                    diagnostics& diags, const consistency_options& options = {});

}  // namespace tfpp

#include <tfpp/plan/detail/checker.hpp>

namespace tfpp {

inline bool check_plan_consistency(const block_schema& schema, std::string_view prior, std::string_view config,
                                   std::string_view planned, diagnostics& diags, const consistency_options& options) {
    return detail::consistency::check_plan(schema, prior, config, planned, diags, options);
}

inline bool check_apply_consistency(const block_schema& schema, std::string_view planned, std::string_view actual,
                                    diagnostics& diags, const consistency_options& options) {
    return detail::consistency::check_apply(schema, planned, actual, diags, options);
}

}  // namespace tfpp
