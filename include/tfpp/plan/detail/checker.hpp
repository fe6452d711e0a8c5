// The checks' entry points: tfpp/plan/consistency.hpp forwards to them, and
// the engine calls them after planning and applying (a seam:
// test/layers/check_layers.py), skipped when the check is off and turned to
// warnings in warn mode.
#pragma once

#include <tfpp/plan/consistency_mode.hpp>
#include <tfpp/plan/detail/apply_checker.hpp>
#include <tfpp/plan/detail/plan_checker.hpp>

#include <optional>
#include <string_view>

namespace tfpp::detail {

namespace consistency {

inline bool check_plan(const block_schema& schema, std::string_view prior, std::string_view config,
                       std::string_view planned, diagnostics& diags, const consistency_options& options) {
    if (!walkable_values({{prior, "prior state"}, {config, "configuration"}, {planned, "planned state"}}, diags))
        return false;
    plan_checker c(options, diags);
    c.plan(schema, prior, config, planned);
    c.finish();
    return c.violations() == 0;
}

inline bool check_apply(const block_schema& schema, std::string_view planned, std::string_view actual,
                        diagnostics& diags, const consistency_options& options) {
    if (!walkable_values({{planned, "planned state"}, {actual, "new state"}}, diags)) return false;
    apply_checker c(options, diags);
    c.apply(schema, planned, actual);
    c.finish();
    return c.violations() == 0;
}

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
