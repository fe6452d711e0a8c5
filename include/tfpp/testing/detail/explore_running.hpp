// explorer's second section: running a workflow on a fresh provider, each
// step checked against the properties (plans empty after apply, refresh and
// import; drift seen and repaired; invalid values refused at their path),
// and what those properties compare.
#pragma once

#include <tfpp/testing/detail/explorer_class.hpp>

#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

template <class P, class R>
verdict explorer<P, R>::execute(const workflow& w, bool record) {
    if (hooks_.new_workflow) hooks_.new_workflow();
    std::optional<driver_type> holder;
    fresh(holder);
    run_state s{*holder, {}, std::nullopt, {}, 0, {}};
    if (s.p.configure_diagnostics().has_errors()) {
        s.v.property = "the provider configures";
        s.v.detail = describe(s.p.configure_diagnostics());
        return s.v;
    }
    for (std::size_t i = 0; i < w.steps.size() && !s.v.failed(); ++i) {
        s.v.at = i;
        try {
            step(w.steps[i], s, record);
        } catch (const std::exception& e) {
            fail(s, "no exception escapes", std::string("an exception escaped: ") + e.what());
        }
        ++s.v.steps_run;
    }
    return std::move(s.v);
}

template <class P, class R>
void explorer<P, R>::fail(run_state& s, std::string property, std::string detail) {
    if (s.v.failed()) return;
    s.v.property = std::move(property);
    s.v.detail = std::move(detail);
}

template <class P, class R>
void explorer<P, R>::count(run_state& s, std::string_view what) {
    ++s.v.covered[std::string(what)];
}

// The property a failed apply or plan breaks, by what the checks said.
template <class P, class R>
bool explorer<P, R>::says(const tfpp::diagnostics& diags, std::string_view summary) {
    for (const auto& d : diags)
        if (d.severity == severity::error && d.summary.find(summary) != std::string::npos) return true;
    return false;
}

template <class P, class R>
std::string explorer<P, R>::apply_property(const tfpp::diagnostics& diags) {
    if (says(diags, "inconsistent result")) return "apply keeps the plan";
    if (says(diags, "unknown value")) return "nothing unknown survives apply";
    return "apply succeeds";
}

template <class P, class R>
std::string explorer<P, R>::plan_property(const tfpp::diagnostics& diags) {
    if (says(diags, "invalid plan")) return "the plan keeps Terraform's rules";
    return "plan succeeds";
}

template <class P, class R>
std::string explorer<P, R>::config_literal(const model& m) const {
    std::string json;
    tfpp::diagnostics ignored;
    (void)encode_json(to_dynamic(m), schema_.value_type, json, ignored);
    return "tfpp::testing::from_json<" + std::string(cpp_type_name<model>()) + ">(" + raw_literal(json) + ")";
}

template <class P, class R>
std::string explorer<P, R>::next_variable(run_state& s) {
    return "step" + std::to_string(++s.var);
}

template <class P, class R>
std::string_view explorer<P, R>::action_name(action a) {
    switch (a) {
    case action::create: return "create";
    case action::replace: return "replace";
    default: return "update";
    }
}

template <class P, class R>
void explorer<P, R>::step(const workflow_step& st, run_state& s, bool record) {
    switch (st.kind) {
    case step_kind::configure:
    case step_kind::failed_write: return configure(st, s, record);
    case step_kind::refresh: return refresh(s, record);
    case step_kind::drift: return drift(st, s, record);
    case step_kind::import_id: return import(s, record, false);
    case step_kind::import_identity: return import(s, record, true);
    case step_kind::upgrade: return upgrade(st, s, record);
    case step_kind::destroy: return destroy(s, record);
    case step_kind::invalid: return invalid(st, s);
    }
}

template <class P, class R>
void explorer<P, R>::configure(const workflow_step& st, run_state& s, bool record) {
    // A change of an object keeps what forces replacement as it was applied.
    const bool keep = st.change && s.config && s.current.state && !s.current.tainted;
    const dynamic kept = keep ? to_dynamic(*s.config) : dynamic();
    tfpp::diagnostics diags;
    std::optional<model> config;
    if (keep) config = realize(st.config, st.seed, diags, &kept);
    if (!config) {
        diags = {};
        config = realize(st.config, st.seed, diags);
    }
    if (!config) return fail(s, "a valid configuration", "the configuration no longer validates:\n" + describe(diags));
    plan_step<R> planned = s.p.template plan<R>(*config, s.current);
    // A plan modifier may force replacement too: keep what it named, if that validates.
    if (keep && planned.ok() && planned.action == action::replace)
        if (std::optional<model> more = with_paths_kept(*config, kept, planned.requires_replace)) {
            plan_step<R> again = s.p.template plan<R>(*more, s.current);
            if (again.ok() && again.action != action::replace) {
                config = std::move(more);
                planned = std::move(again);
            }
        }
    if (record) s.v.applied[s.v.at] = to_dynamic(*config);
    // An empty plan writes nothing, so no write is made to fail.
    const bool failing = st.kind == step_kind::failed_write && planned.ok() && planned.action != action::no_op;
    const bool injected = failing && hooks_.fail_next_write(s.p.provider());
    if (failing && !injected) return;  // this backend cannot fail a write
    if (st.kind == step_kind::failed_write && planned.ok() && !failing) count(s, "no-op (no write to fail)");
    else count(s, injected ? "failed write" : to_string(planned.action));
    if (!planned.ok())
        return fail(s, plan_property(planned.diagnostics), "the plan failed:\n" + describe(planned.diagnostics));
    if (record) record_configure(s, *config, planned, injected);
    if (planned.action == action::no_op) {
        s.config = config;
        return;
    }
    const bool create = !s.current.state || s.current.tainted || planned.action == action::replace;
    result<model> applied = s.p.template apply<R>(planned);
    if (injected) {
        if (applied.ok()) return fail(s, "an injected failure surfaces", "the write failed, yet apply succeeded");
        if (!applied.state)
            return fail(s, "a failed write keeps the object",
                        std::string(create ? "the create" : "the update") +
                            " failed after changing the object, but returned no state, so Terraform forgets "
                            "the object:\n" +
                            describe(applied.diagnostics));
        s.current = std::move(applied);
        s.config = config;
        return;
    }
    if (!applied.ok())
        return fail(s, apply_property(applied.diagnostics),
                    std::string(to_string(planned.action)) + " failed:\n" + describe(applied.diagnostics));
    if (!applied.state) return fail(s, "apply returns the object", "apply returned no object and no error");
    if (std::string u = unknowns(*applied.state); !u.empty())
        return fail(s, "nothing unknown survives apply", "unknown after apply: " + u);
    s.current = std::move(applied);
    s.config = config;
    expect_empty_plan(s, "empty plan after apply", "after " + std::string(to_string(planned.action)) + ", ");
}

// Refresh, then plan the configuration: must be a no-op.
template <class P, class R>
void explorer<P, R>::expect_empty_plan(run_state& s, const std::string& property, const std::string& what) {
    result<model> refreshed = s.p.template read<R>(s.current);
    if (!refreshed.ok()) return fail(s, property, what + "refresh failed:\n" + describe(refreshed.diagnostics));
    if (!refreshed.state) return fail(s, property, what + "refresh found the object gone");
    expect_no_change(s, std::move(refreshed), property, what);
}

// Plan the configuration from a refreshed state: must be a no-op.
template <class P, class R>
void explorer<P, R>::expect_no_change(run_state& s, result<model> refreshed, const std::string& property,
                                      const std::string& what) {
    plan_step<R> again = s.p.template plan<R>(*s.config, refreshed);
    if (!again.ok()) return fail(s, property, what + "the plan failed:\n" + describe(again.diagnostics));
    if (again.action != action::no_op) {
        std::string why = what + "the plan would " + std::string(to_string(again.action));
        for (const std::string& path : again.replace_paths()) why += " (forced by " + path + ")";
        return fail(s, property,
                    why + "; state (expected) against the plan (got):\n" + diff(*refreshed.state, again.planned));
    }
    s.current = std::move(refreshed);
}

template <class P, class R>
void explorer<P, R>::refresh(run_state& s, bool record) {
    if (!s.current.state || s.current.tainted || !s.config) return;
    count(s, "refresh");
    if (record) record_empty_plan(s);
    result<model> refreshed = s.p.template read<R>(s.current);
    if (!refreshed.ok()) return fail(s, "refresh succeeds", describe(refreshed.diagnostics));
    if (!refreshed.state) return fail(s, "refresh keeps the object", "nothing changed outside, yet read found it gone");
    if (std::string d = diff(*s.current.state, *refreshed.state); !d.empty())
        return fail(s, "refresh is stable", "nothing changed outside, yet read changed the state:\n" + d);
    expect_no_change(s, std::move(refreshed), "empty plan after refresh", "after a refresh, ");
}

template <class P, class R>
void explorer<P, R>::drift(const workflow_step& st, run_state& s, bool record) {
    if (!s.current.state || s.current.tainted || !s.config) return;
    random r(st.seed);
    const drift_kind kind = hooks_.drift(s.p.provider(), *s.current.state, r);
    if (kind == drift_kind::none) return;
    const bool deleted = kind == drift_kind::deleted;
    count(s, deleted ? "drift (deleted)" : "drift (changed)");
    result<model> refreshed = s.p.template read<R>(s.current);
    plan_step<R> repair;
    if (refreshed.ok()) repair = s.p.template plan<R>(*s.config, refreshed);
    if (record)
        record_drift(s, st.seed,
                     repair.ok() && repair.action != action::no_op ? repair.action
                     : deleted                                     ? action::create
                                                                   : action::update);
    if (!refreshed.ok()) return fail(s, "refresh succeeds", "after drift: " + describe(refreshed.diagnostics));
    if (deleted && refreshed.state)
        return fail(s, "drift is seen", "the object was deleted outside Terraform, but read still returns it");
    if (!deleted) {
        if (!refreshed.state)
            return fail(s, "drift is seen", "the object was changed outside Terraform, but read says it is gone");
        if (diff(*s.current.state, *refreshed.state).empty())
            return fail(s, "drift is seen",
                        "the object was changed outside Terraform, but read returns the state unchanged");
    }
    if (!repair.ok()) return fail(s, "drift is repaired", "the plan failed:\n" + describe(repair.diagnostics));
    if (repair.action == action::no_op || (deleted && repair.action != action::create))
        return fail(s, "drift is repaired",
                    "the plan would " + std::string(to_string(repair.action)) +
                        (deleted ? ", not create the object again" : ", not repair the change"));
    result<model> applied = s.p.template apply<R>(repair);
    if (!applied.ok() || !applied.state)
        return fail(s, "drift is repaired", "apply failed:\n" + describe(applied.diagnostics));
    s.current = std::move(applied);
    expect_empty_plan(s, "empty plan after apply", "after repairing drift, ");
}

template <class P, class R>
std::optional<std::string> explorer<P, R>::import_id_of(const model& state) const {
    if (hooks_.import_id) return hooks_.import_id(state);
    if constexpr (tfpp::detail::has_import_id_attribute<R>) {
        const dynamic d = to_dynamic(state);
        const dynamic& v = d[R::import_id_attribute];
        if (v.is_known() && v.type().which() == type::kind::string) return v.as_string();
    }
    return std::nullopt;
}

template <class P, class R>
bool explorer<P, R>::can_import_by_id() const {
    if constexpr (tfpp::detail::has_import_id_attribute<R>) return true;
    else return tfpp::detail::has_import_state<R> && static_cast<bool>(hooks_.import_id);
}

template <class P, class R>
void explorer<P, R>::import(run_state& s, bool record, bool by_identity) {
    if (!s.current.state || s.current.tainted || !s.config) return;
    result<model> imported;
    std::string what;
    if (by_identity) {
        if constexpr (can_import_by_identity) {
            const auto identity = s.p.template identity<R>(s.current);
            if (!identity) return;
            count(s, "import by identity");
            if (record) record_import_identity(s, *identity);
            imported = s.p.template import_by_identity<R>(*identity);
            what = "import by identity";
        }
    } else {
        const std::optional<std::string> id = import_id_of(*s.current.state);
        if (!id) return;
        count(s, "import by ID");
        if (record) record_import(s, *id);
        imported = s.p.template import <R>(*id);
        what = "import of \"" + *id + "\"";
    }
    if (what.empty()) return;
    if (!imported.ok() || !imported.state)
        return fail(s, "import succeeds", what + " failed:\n" + describe(imported.diagnostics));
    if (!options_.import_ignore.empty()) imported.state = with_ignored(*imported.state, *s.current.state);
    if (std::string d = differences_kept(*s.current.state, *imported.state); !d.empty())
        return fail(s, "import reproduces the state",
                    what + ": the imported state (got) differs from the state (expected):\n" + d);
    s.current = std::move(imported);
    expect_empty_plan(s, "empty plan after import", what + ", then ");
}

template <class P, class R>
void explorer<P, R>::upgrade(const workflow_step& st, run_state& s, bool record) {
    if (!s.current.state || s.current.tainted || !s.config) return;
    const std::optional<std::string> json = hooks_.older_state(st.version, *s.current.state);
    if (!json) return;
    count(s, "upgrade from version " + std::to_string(st.version));
    if (record) record_upgrade(s, st.version, *json);
    result<model> upgraded = s.p.template upgrade_state<R>(st.version, *json);
    if (!upgraded.ok() || !upgraded.state)
        return fail(
            s, "upgrade succeeds",
            "the upgrade from version " + std::to_string(st.version) + " failed:\n" + describe(upgraded.diagnostics));
    if (std::string u = unknowns(*upgraded.state); !u.empty())
        return fail(s, "nothing unknown survives upgrade", "unknown after the upgrade: " + u);
    upgraded.private_state = s.current.private_state;
    upgraded.identity = s.current.identity;
    s.current = std::move(upgraded);
    expect_empty_plan(s, "empty plan after upgrade",
                      "after the upgrade from version " + std::to_string(st.version) + ", ");
}

template <class P, class R>
void explorer<P, R>::destroy(run_state& s, bool record) {
    if (!s.current.state) return;
    count(s, "destroy");
    if (record) record_destroy(s);
    const model gone = *s.current.state;
    plan_step<R> planned = s.p.template plan_destroy<R>(gone);
    if (!planned.ok()) return fail(s, "destroy succeeds", "the destroy plan failed:\n" + describe(planned.diagnostics));
    result<model> applied = s.p.template apply<R>(planned);
    if (!applied.ok()) return fail(s, "destroy succeeds", describe(applied.diagnostics));
    if (applied.state) return fail(s, "destroy succeeds", "destroy returned the object, so it still exists");
    if (options_.remote_objects) {
        result<model> after = s.p.template read<R>(gone);
        if (after.state) return fail(s, "destroy removes the object", "after destroy, read still finds the object");
    }
    s.current = {};
    s.config.reset();
}

// A value its validators refuse must be an error at its path, and
// change nothing.
template <class P, class R>
void explorer<P, R>::invalid(const workflow_step& st, run_state& s) {
    if (!s.config) return;
    random r(st.seed);
    std::vector<const attribute_schema*> validated;
    for (const auto& a : schema_.attributes)
        if (!a.constraints.empty() && a.role != attribute_role::computed && !a.nested) validated.push_back(&a);
    if (validated.empty()) return;
    const attribute_schema& a = *validated[r.below(validated.size())];
    value_generator<random> gen(r, {options_.max_elements, options_.large_elements}, &samples_of<model>());
    const dynamic base = to_dynamic(*s.config);
    const std::size_t index = static_cast<std::size_t>(schema_.value_type.attribute_index(a.name));
    for (int tries = 0; tries < 30; ++tries) {
        const dynamic bad = with_attribute(base, index, gen.of_type(a.type, 0));
        tfpp::diagnostics diags;
        const std::optional<model> m = to_model(bad, diags);
        if (!m) continue;
        diags = s.p.template validate<R>(*m);
        if (!diags.has_errors()) continue;
        count(s, "invalid value refused");
        bool at_path = false;
        for (const auto& d : diags)
            at_path =
                at_path || (d.severity == severity::error && !d.path.empty() && d.path.steps().front().name == a.name);
        if (!at_path && conflict_elsewhere(bad, diags)) continue;
        if (!at_path)
            return fail(
                s, "invalid values are refused at their path",
                "a bad value of \"" + std::string(a.name) + "\" gave no error at its path:\n" + describe(diags));
        plan_step<R> planned = s.p.template plan<R>(*m, s.current);
        if (planned.ok())
            return fail(s, "invalid values are refused at their path", "the plan of a bad value succeeded");
        return;
    }
}

// Whether the errors are a rule between attributes (exactly one of two
// set) reported at the other one: with the attributes they name null,
// the configuration validates.
template <class P, class R>
bool explorer<P, R>::conflict_elsewhere(const dynamic& config, const tfpp::diagnostics& diags) {
    dynamic without = config;
    bool named = false;
    for (const auto& d : diags) {
        if (d.severity != severity::error || d.path.empty()) continue;
        const std::ptrdiff_t i = schema_.value_type.attribute_index(d.path.steps().front().name);
        if (i < 0) continue;
        const auto k = static_cast<std::size_t>(i);
        without = with_attribute(without, k, dynamic::null(schema_.value_type.attributes()[k].type));
        named = true;
    }
    if (!named) return false;
    tfpp::diagnostics again;
    const std::optional<model> m = to_model(without, again);
    return m && !validator_->template validate<R>(*m).has_errors();
}

template <class P, class R>
std::string explorer<P, R>::unknowns(const model& m) const {
    std::vector<attribute_path> found;
    attribute_path path;
    unknown_paths(to_dynamic(m), path, found);
    std::string out;
    for (const auto& p : found) out += (out.empty() ? "" : ", ") + p.to_string();
    return out;
}

// The imported state with the attributes of options.import_ignore taken from the state before.
template <class P, class R>
auto explorer<P, R>::with_ignored(const model& imported, const model& before) const -> model {
    dynamic now = to_dynamic(imported);
    const dynamic was = to_dynamic(before);
    for (const std::string& name : options_.import_ignore) {
        const std::ptrdiff_t i = schema_.value_type.attribute_index(name);
        if (i < 0) throw std::invalid_argument("tfpp: explore_options::import_ignore names no attribute: " + name);
        now = with_attribute(now, static_cast<std::size_t>(i), was.elements()[static_cast<std::size_t>(i)]);
    }
    tfpp::diagnostics ignored;
    return to_model(now, ignored).value_or(imported);
}

// The differences between the state and an imported one, leaving out
// write-only attributes (never stored).
template <class P, class R>
std::string explorer<P, R>::differences_kept(const model& state, const model& other) const {
    dynamic a = to_dynamic(state), b = to_dynamic(other);
    const auto attrs = schema_.value_type.attributes();
    for (std::size_t i = 0; i < attrs.size(); ++i) {
        const attribute_schema* as = schema_.find(attrs[i].name);
        if (as && as->write_only) {
            a = with_attribute(a, i, dynamic::null(attrs[i].type));
            b = with_attribute(b, i, dynamic::null(attrs[i].type));
        }
    }
    return diff_values(a, b, schema_);
}

}  // namespace tfpp::testing::detail
