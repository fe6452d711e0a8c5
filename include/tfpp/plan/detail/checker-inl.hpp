// The consistency checker, compiled once: it walks encoded values against a
// runtime schema, whatever the provider.
// Compiled once from src/plan/checker.cpp, or inline in every file that includes
// <tfpp/plan/detail/checker.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/plan/detail/apply_checker.hpp>
#include <tfpp/plan/detail/checker.hpp>
#include <tfpp/plan/detail/plan_checker.hpp>

namespace tfpp::detail::consistency {

TFPP_INLINE bool check_plan(const block_schema& schema, std::string_view prior, std::string_view config, std::string_view planned,
                diagnostics& diags, const consistency_options& options) {
    if (!walkable_values({{prior, "prior state"}, {config, "configuration"}, {planned, "planned state"}}, diags))
        return false;
    plan_checker c(options, diags);
    c.plan(schema, prior, config, planned);
    c.finish();
    return c.violations() == 0;
}

TFPP_INLINE bool check_apply(const block_schema& schema, std::string_view planned, std::string_view actual, diagnostics& diags,
                 const consistency_options& options) {
    if (!walkable_values({{planned, "planned state"}, {actual, "new state"}}, diags)) return false;
    apply_checker c(options, diags);
    c.apply(schema, planned, actual);
    c.finish();
    return c.violations() == 0;
}

}  // namespace tfpp::detail::consistency
