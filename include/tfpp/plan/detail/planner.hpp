// Default planning of a managed resource, following the rules Terraform core
// checks (AssertPlanValid): start from the proposed new state; keep every
// configured value exactly; a computed attribute that the configuration leaves
// null becomes unknown on create and whenever the object changes; write-only
// attributes are planned null. Nested attributes and blocks are planned
// element by element, to any depth.
//
// It works on the encoded values, never re-encoding what it does not change,
// so configured values reach the plan byte for byte (no number or nested
// unknown is lost to a C++ type that cannot hold it). Core encodes prior state,
// proposed state and configuration the same way (go-cty's canonical
// encoding), so equal bytes mean equal values.
//
// Sets of nested objects: Core builds each proposed element from one
// configuration element (keeping prior values of computed attributes the
// configuration leaves null). The planner finds that configuration element
// again by the bytes of the element's non-computed attributes, sorted once:
// O(n log n) for n elements.
//
// None of it depends on a provider's types: it is compiled once, in the
// tfpp_values library (src/plan/planner.cpp).
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// The planned object, with the attributes that differ between `before` and
// `after` (the plan decoded into a model and re-encoded, before and after a
// handler edited it) taken from `after`: what the handler did not touch stays
// byte for byte, including what the model could not hold.
std::string merge_changed_attributes(std::string_view planned, std::string_view before, std::string_view after);

inline const attribute_schema* find_attribute(const std::vector<attribute_schema>& attrs, std::string_view name) {
    const auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                                     [](const attribute_schema& a, std::string_view n) { return a.name < n; });
    return it != attrs.end() && it->name == name ? &*it : nullptr;
}
inline const nested_block_schema* find_block(const std::vector<nested_block_schema>& blocks, std::string_view name) {
    const auto it = std::lower_bound(blocks.begin(), blocks.end(), name,
                                     [](const nested_block_schema& b, std::string_view n) { return b.name < n; });
    return it != blocks.end() && it->name == name ? &*it : nullptr;
}

struct plan_result {
    std::string planned_state;  // encoded; null for a planned destroy
    std::vector<attribute_path> requires_replace;
};

// Plans a change of a resource with the given schema from its encoded prior
// state, proposed new state and configuration.
bool plan_resource_change(const block_schema& schema, std::string_view prior_bytes, std::string_view proposed_bytes,
                          std::string_view config_bytes, plan_result& out, diagnostics& diags);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/plan/detail/planner-inl.hpp>
#endif
