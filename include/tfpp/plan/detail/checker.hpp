// The checks' entry points: tfpp/plan/consistency.hpp forwards to them, and
// the engine calls them after planning and applying (a seam:
// test/layers/check_layers.py), skipped when the check is off and turned to
// warnings in warn mode. They do not depend on a provider's types, so they
// are compiled once, in the tfpp_values library (src/plan/checker.cpp).
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/plan/consistency_mode.hpp>
#include <tfpp/schema/schema.hpp>

#include <optional>
#include <string_view>

namespace tfpp::detail {

namespace consistency {

bool check_plan(const block_schema& schema, std::string_view prior, std::string_view config, std::string_view planned,
                diagnostics& diags, const consistency_options& options);

bool check_apply(const block_schema& schema, std::string_view planned, std::string_view actual, diagnostics& diags,
                 const consistency_options& options);

}  // namespace consistency

inline std::optional<consistency_options> engine_check_options(std::string_view type_name,
                                                               std::string_view operation = {}) {
    const consistency_check mode = consistency_check_mode();
    if (mode == consistency_check::off) return std::nullopt;
    consistency_options o;
    o.resource_type = type_name;
    o.operation = operation;
    o.level = mode == consistency_check::warn ? severity::warning : severity::error;
    return o;
}

inline void engine_check_plan(const block_schema& schema, std::string_view type_name, std::string_view prior,
                              std::string_view config, std::string_view planned, diagnostics& diags) {
    if (const auto o = engine_check_options(type_name))
        consistency::check_plan(schema, prior, config, planned, diags, *o);
}

inline void engine_check_apply(const block_schema& schema, std::string_view type_name, std::string_view operation,
                               std::string_view planned, std::string_view actual, diagnostics& diags) {
    if (const auto o = engine_check_options(type_name, operation))
        consistency::check_apply(schema, planned, actual, diags, *o);
}

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/plan/detail/checker-inl.hpp>
#endif
