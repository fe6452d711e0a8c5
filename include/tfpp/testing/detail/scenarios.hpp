// provider_under_test's scenario helpers: each runs a whole Terraform
// workflow on a resource with the single operations (resource_operations.hpp)
// and says what went differently (an outcome whose failure is empty when
// every step went as Terraform needs it).
#pragma once

#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/detail/resource_operations.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>
#include <tfpp/testing/diff.hpp>
#include <tfpp/testing/steps.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing::detail::scenarios {

inline std::string join(const std::vector<std::string>& parts) {
    if (parts.empty()) return "(nothing)";
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

template <class M>
result<M> as_result(const outcome<M>& o) {
    result<M> r;
    r.state = o.state;
    r.private_state = o.private_state;
    r.identity = o.identity;
    return r;
}

// The outcome that ends at `at`: its state, private data and identity.
template <class R>
outcome<typename R::model> reached(const result<typename R::model>& at) {
    outcome<typename R::model> o;
    o.state = at.state;
    o.private_state = at.private_state;
    o.identity = at.identity;
    return o;
}

template <class R>
outcome<typename R::model> failed(std::string why, const result<typename R::model>& at = {}) {
    outcome<typename R::model> o = reached<R>(at);
    o.failure = std::move(why);
    return o;
}

// Refresh, then plan: must be a no-op; otherwise the failure shows what
// the plan would change, attribute by attribute.
template <class R, class P>
outcome<typename R::model> expect_empty_plan(driver_engine<P>& d, const typename R::model& config,
                                             const result<typename R::model>& state, const std::string& what) {
    const std::string name = std::string(R::type_name);
    result<typename R::model> refreshed = resource_ops::read<R>(d, state);
    if (!refreshed.ok())
        return failed<R>(what + "refresh of " + name + " failed:\n" + describe(refreshed.diagnostics), state);
    if (!refreshed.state) return failed<R>(what + "refresh of " + name + " found the object gone", state);
    plan_step<R> step = resource_ops::plan<R>(d, config, refreshed);
    if (!step.ok())
        return failed<R>(what + "the plan of " + name + " failed:\n" + describe(step.diagnostics), refreshed);
    if (step.action != action::no_op) {
        std::string why =
            what + "expected an empty plan for " + name + ", but it would " + std::string(to_string(step.action));
        if (!step.requires_replace.empty()) why += " (forced by " + join(step.replace_paths()) + ")";
        why += "; prior state (expected) against the plan (got):\n" + diff(*refreshed.state, step.planned);
        return failed<R>(why, refreshed);
    }
    return reached<R>(refreshed);
}

// Plan from `prior`, expecting `wanted` (and, for a replace, the paths
// that force it); apply; compare with `expected`; then the plan must be empty.
template <class R, class P>
outcome<typename R::model> change(driver_engine<P>& d, const typename R::model& config,
                                  const result<typename R::model>& prior, action wanted,
                                  const std::vector<attribute_path>& forced_by,
                                  const std::optional<typename R::model>& expected, std::string what = {}) {
    const std::string name = std::string(R::type_name);
    plan_step<R> step = resource_ops::plan<R>(d, config, prior);
    if (!step.ok()) return failed<R>(what + "plan of " + name + " failed:\n" + describe(step.diagnostics), prior);
    if (step.action != wanted) {
        std::string why = what + "expected the plan to " + std::string(to_string(wanted)) + " " + name +
                          ", but it would " + std::string(to_string(step.action));
        if (!step.requires_replace.empty()) why += " (forced by " + join(step.replace_paths()) + ")";
        if (prior.state) why += "; prior state (expected) against the plan (got):\n" + diff(*prior.state, step.planned);
        return failed<R>(why, prior);
    }
    if (wanted == action::replace) {
        std::vector<std::string> want, got = step.replace_paths();
        for (const auto& p : forced_by) want.push_back(p.to_string());
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        if (want != got)
            return failed<R>(what + "expected the replacement of " + name + " to be forced by " + join(want) +
                                 ", but it is forced by " + join(got),
                             prior);
    }
    result<typename R::model> applied = resource_ops::apply<R>(d, step);
    if (!applied.ok() || (wanted != action::destroy && !applied.state))
        return failed<R>(what + "apply (" + std::string(to_string(wanted)) + ") of " + name + " failed:\n" +
                             describe(applied.diagnostics),
                         applied);
    if (expected && applied.state)
        if (std::string differs = partial_diff(*expected, *applied.state); !differs.empty())
            return failed<R>(what + "the state " + name + " applied differs from the expected one:\n" + differs,
                             applied);
    if (wanted == action::destroy) {
        outcome<typename R::model> o;
        return o;
    }
    return expect_empty_plan<R>(d, config, applied, what + "after apply, ");
}

// The checks after an import (by ID or by identity; `identity`, when not
// empty, is the one the object must have been read back with), then the
// empty plan of the configuration.
template <class R, class P>
outcome<typename R::model> imported_then_empty_plan(driver_engine<P>& d, const result<typename R::model>& imported,
                                                    const std::string& what, const typename R::model& config,
                                                    const std::optional<typename R::model>& expected,
                                                    const std::string& identity = {}) {
    if (!imported.ok() || !imported.state) return failed<R>(what + " failed:\n" + describe(imported.diagnostics));
    if (!identity.empty() && imported.identity != identity)
        return failed<R>(what + ": the object read back has another identity", imported);
    if (expected)
        if (std::string differs = partial_diff(*expected, *imported.state); !differs.empty())
            return failed<R>(what + ": the imported state differs from the expected one:\n" + differs, imported);
    return expect_empty_plan<R>(d, config, imported, what + ", then ");
}

template <class R, class P>
outcome<typename R::model> create(driver_engine<P>& d, const typename R::model& config,
                                  const std::optional<typename R::model>& expected = std::nullopt) {
    return change<R>(d, config, result<typename R::model>{}, action::create, {}, expected);
}

template <class R, class P>
outcome<typename R::model> update(driver_engine<P>& d, const typename R::model& state, const typename R::model& config,
                                  const std::optional<typename R::model>& expected = std::nullopt) {
    result<typename R::model> prior;
    prior.state = state;
    return change<R>(d, config, prior, action::update, {}, expected);
}

template <class R, class P>
outcome<typename R::model> update(driver_engine<P>& d, const outcome<typename R::model>& from,
                                  const typename R::model& config,
                                  const std::optional<typename R::model>& expected = std::nullopt) {
    if (!from.state) return failed<R>("update: the earlier step left no object");
    return change<R>(d, config, as_result(from), action::update, {}, expected);
}

template <class R, class P>
outcome<typename R::model> replace(driver_engine<P>& d, const typename R::model& state, const typename R::model& config,
                                   const std::vector<attribute_path>& forced_by,
                                   const std::optional<typename R::model>& expected = std::nullopt) {
    result<typename R::model> prior;
    prior.state = state;
    return change<R>(d, config, prior, action::replace, forced_by, expected);
}

template <class R, class P>
outcome<typename R::model> replace(driver_engine<P>& d, const outcome<typename R::model>& from,
                                   const typename R::model& config, const std::vector<attribute_path>& forced_by,
                                   const std::optional<typename R::model>& expected = std::nullopt) {
    if (!from.state) return failed<R>("replace: the earlier step left no object");
    return change<R>(d, config, as_result(from), action::replace, forced_by, expected);
}

template <class R, class P>
outcome<typename R::model> empty_plan(driver_engine<P>& d, const typename R::model& config,
                                      const typename R::model& state) {
    result<typename R::model> prior;
    prior.state = state;
    return expect_empty_plan<R>(d, config, prior, "");
}

template <class R, class P>
outcome<typename R::model> empty_plan(driver_engine<P>& d, const typename R::model& config,
                                      const outcome<typename R::model>& from) {
    if (!from.state) return failed<R>("empty_plan: the earlier step left no object");
    return expect_empty_plan<R>(d, config, as_result(from), "");
}

template <class R, class P>
outcome<typename R::model> import_then_empty_plan(driver_engine<P>& d, std::string_view id,
                                                  const typename R::model& config,
                                                  const std::optional<typename R::model>& expected = std::nullopt) {
    return imported_then_empty_plan<R>(d, resource_ops::import <R>(d, id),
                                       std::string(R::type_name) + " import \"" + std::string(id) + "\"", config,
                                       expected);
}

template <class R, class P>
outcome<typename R::model> import_by_identity_then_empty_plan(
    driver_engine<P>& d, const typename R::identity& identity, const typename R::model& config,
    const std::optional<typename R::model>& expected = std::nullopt) {
    return imported_then_empty_plan<R>(d, resource_ops::import_by_identity<R>(d, identity),
                                       std::string(R::type_name) + " import by identity", config, expected,
                                       to_msgpack(identity));
}

template <class R, class P>
outcome<typename R::model> upgrade_then_empty_plan(driver_engine<P>& d, std::int64_t version, std::string_view json,
                                                   const typename R::model& config,
                                                   const std::optional<typename R::model>& expected = std::nullopt) {
    const std::string what = std::string(R::type_name) + " upgrade from schema version " + std::to_string(version);
    result<typename R::model> upgraded = resource_ops::upgrade_state<R>(d, version, json);
    if (!upgraded.ok() || !upgraded.state) return failed<R>(what + " failed:\n" + describe(upgraded.diagnostics));
    if (expected)
        if (std::string differs = partial_diff(*expected, *upgraded.state); !differs.empty())
            return failed<R>(what + ": the upgraded state differs from the expected one:\n" + differs, upgraded);
    return expect_empty_plan<R>(d, config, upgraded, what + ", then ");
}

template <class R, class P>
outcome<typename R::model> drift(driver_engine<P>& d, const typename R::model& config, const typename R::model& state,
                                 action expected_action) {
    const std::string what = std::string(R::type_name) + " drift";
    result<typename R::model> refreshed = resource_ops::read<R>(d, state);
    if (!refreshed.ok()) return failed<R>(what + ": refresh failed:\n" + describe(refreshed.diagnostics));
    return change<R>(d, config, refreshed, expected_action, {}, std::nullopt, what + ": ");
}

template <class R, class P>
outcome<typename R::model> unknown_until_apply(driver_engine<P>& d, const typename R::model& config_with_unknowns,
                                               const typename R::model& final_config,
                                               const std::optional<typename R::model>& expected = std::nullopt) {
    const std::string what = std::string(R::type_name) + " with values unknown until apply";
    plan_step<R> step = resource_ops::plan<R>(d, config_with_unknowns, no_state);
    if (!step.ok()) return failed<R>(what + ": plan failed:\n" + describe(step.diagnostics));
    if (step.action != action::create)
        return failed<R>(what + ": expected the plan to create, but it would " + std::string(to_string(step.action)));
    const type& t = resource_ops::schema<R>(d).value_type;
    dynamic config_value, planned_value;
    tfpp::diagnostics ignored;
    (void)decode_msgpack(step.config_bytes, t, config_value, ignored);
    (void)decode_msgpack(step.planned_bytes, t, planned_value, ignored);
    std::vector<attribute_path> unknown_in_config;
    attribute_path path;
    unknown_paths(config_value, path, unknown_in_config);
    if (unknown_in_config.empty())
        return failed<R>(what + ": the configuration holds no tfpp::unknown value; set one to test this");
    for (const attribute_path& p : unknown_in_config) {
        std::vector<attribute_path> planned_unknown;
        attribute_path q;
        unknown_paths(planned_value, q, planned_unknown);
        if (std::find(planned_unknown.begin(), planned_unknown.end(), p) == planned_unknown.end())
            return failed<R>(what + ": \"" + p.to_string() +
                             "\" is unknown in the configuration but the plan gives it a value");
    }
    result<typename R::model> applied = resource_ops::apply<R>(d, step, final_config);
    if (!applied.ok() || !applied.state)
        return failed<R>(what + ": apply failed:\n" + describe(applied.diagnostics), applied);
    if (expected)
        if (std::string differs = partial_diff(*expected, *applied.state); !differs.empty())
            return failed<R>(what + ": the applied state differs from the expected one:\n" + differs, applied);
    return expect_empty_plan<R>(d, final_config, applied, what + ": after apply, ");
}

template <class R, class P>
outcome<typename R::model> partial_failure(driver_engine<P>& d, const typename R::model& config) {
    const std::string what = std::string(R::type_name) + " partial failure";
    plan_step<R> step = resource_ops::plan<R>(d, config, no_state);
    if (!step.ok()) return failed<R>(what + ": plan failed:\n" + describe(step.diagnostics));
    result<typename R::model> applied = resource_ops::apply<R>(d, step);
    if (applied.ok()) return failed<R>(what + ": expected the create to fail, but it succeeded", applied);
    if (!applied.state)
        return failed<R>(what + ": the create failed but returned no object, so Terraform forgets it:\n" +
                         describe(applied.diagnostics));
    if (!applied.tainted) return failed<R>(what + ": the object was not recorded as tainted", applied);
    plan_step<R> next = resource_ops::plan<R>(d, config, applied);
    if (!next.ok()) return failed<R>(what + ": the next plan failed:\n" + describe(next.diagnostics), applied);
    if (next.action != action::replace)
        return failed<R>(what + ": expected the next plan to replace the tainted object, but it would " +
                             std::string(to_string(next.action)),
                         applied);
    return reached<R>(applied);
}

}  // namespace tfpp::testing::detail::scenarios
