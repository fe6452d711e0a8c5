// The exploration behind tfpp::testing::explore: workflows drawn from a
// seed, run on a fresh driver each, the properties checked after each step,
// and a failure shrunk (steps dropped, then values simplified) while it
// still fails the same property.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver.hpp>
#include <tfpp/testing/detail/explore_values.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

template <class M>
M model_from_json(std::string_view json) {
    M m{};
    tfpp::diagnostics diags;
    if (!decode_json(json, m, diags)) throw std::invalid_argument("tfpp: from_json:\n" + describe(diags));
    return m;
}

// A C++ type's name as the compiler spells it (for a pasted test).
template <class T>
std::string_view cpp_type_name() {
    std::string_view f = __PRETTY_FUNCTION__;
    const std::size_t at = f.find("T = ");
    if (at == std::string_view::npos) return "?";
    f.remove_prefix(at + 4);
    return f.substr(0, f.find_first_of(";]"));
}

inline std::uint64_t environment_number(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    return std::strtoull(v, nullptr, 0);
}

// A raw string literal that holds `text` whatever it contains.
inline std::string raw_literal(const std::string& text) {
    std::string delimiter = "json";
    while (text.find(")" + delimiter + "\"") != std::string::npos) delimiter += "x";
    return "R\"" + delimiter + "(" + text + ")" + delimiter + "\"";
}

// splitmix64's finalizer: every bit of the result depends on every bit of z.
inline std::uint64_t mix64(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The seed of workflow `index` of an exploration: both hashed, so that
// nearby exploration seeds give unrelated workflows (seed + index made
// seeds 1, 2 and 3 the same stream shifted by one workflow).
inline std::uint64_t workflow_seed(std::uint64_t seed, std::size_t index) noexcept {
    constexpr std::uint64_t golden = 0x9e3779b97f4a7c15ULL;
    return mix64(mix64(seed + golden) + golden * (static_cast<std::uint64_t>(index) + 1));
}

enum class step_kind { configure, refresh, drift, import_id, import_identity, upgrade, destroy, failed_write, invalid };

inline std::string_view step_name(step_kind k) {
    switch (k) {
    case step_kind::configure: return "apply a configuration";
    case step_kind::refresh: return "refresh";
    case step_kind::drift: return "drift";
    case step_kind::import_id: return "import by ID";
    case step_kind::import_identity: return "import by identity";
    case step_kind::upgrade: return "upgrade";
    case step_kind::destroy: return "destroy";
    case step_kind::failed_write: return "apply with a failing write";
    case step_kind::invalid: return "refuse an invalid value";
    }
    return "?";
}

struct workflow_step {
    step_kind kind = step_kind::configure;
    dynamic config;  // configure, failed_write, invalid: the configuration (after the hook)
    std::uint64_t seed = 0;
    std::int64_t version = 0;  // upgrade: from this schema version
    // configure, failed_write: a change of the configuration before, whose
    // values that force replacement stay as they were applied.
    bool change = false;
};

inline std::string step_title(const workflow_step& st) {
    if (st.change && st.kind == step_kind::configure) return "apply a changed configuration";
    if (st.change && st.kind == step_kind::failed_write) return "apply a changed configuration with a failing write";
    return std::string(step_name(st.kind));
}

struct workflow {
    std::uint64_t seed = 0;
    std::vector<workflow_step> steps;
};

// How a workflow ended: `property` is empty when every check held.
struct verdict {
    std::string property, detail;
    std::size_t at = 0;  // the failing step
    std::size_t steps_run = 0;
    std::map<std::string, std::size_t> covered;
    std::string code;                        // the steps as C++ (when recorded)
    std::map<std::size_t, dynamic> applied;  // the configuration each step planned (when recorded)

    [[nodiscard]] bool failed() const noexcept { return !property.empty(); }
};

template <class P, class R>
class explorer {
    using model = typename R::model;
    using driver_type = provider_under_test<P>;
    // tfpp::testing::differential plays the same workflows on two providers.
    template <class>
    friend class differential_session;

public:
    explorer(const explore_options& options, const explore_hooks<P, R>& hooks) : options_(options), hooks_(hooks) {
        fresh(validator_);
        schema_ = validator_->template schema<R>();
    }

    exploration_report run() {
        exploration_report report;
        report.seed = options_.seed ? options_.seed : environment_number("TFPP_EXPLORE_SEED", 20261127);
        const std::size_t cases = environment_number("TFPP_EXPLORE_CASES", options_.cases);
        const auto start = std::chrono::steady_clock::now();
        const auto elapsed = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        for (std::size_t i = 0; i < (options_.replay ? 1 : cases); ++i) {
            if (options_.time_limit.count() > 0 && elapsed() * 1000 >= static_cast<double>(options_.time_limit.count()))
                break;
            workflow w = generate(options_.replay ? options_.replay : workflow_seed(report.seed, i), report.rejected);
            verdict v = execute(w, false);
            ++report.workflows;
            report.steps += v.steps_run;
            for (const auto& [k, n] : v.covered) report.covered[k] += n;
            if (v.failed()) {
                report.seconds = elapsed();
                shrink(w, v, report);
                break;
            }
        }
        if (report.failure.empty()) report.seconds = elapsed();
        return report;
    }

private:
    // --- drawing a workflow

    // The step kinds a workflow draws from, with their weights: mostly
    // changes of the configuration (updates in place), then each other kind
    // this resource and its hooks allow, so that no kind crowds out another.
    // Where every attribute forces replacement a change is only a plan
    // that must stay empty: fewer of those.
    struct step_choice {
        step_kind kind;
        bool change;
        unsigned weight;
    };
    std::vector<step_choice> step_choices() const {
        const bool updates = value_generator<random>::can_change(schema_);
        std::vector<step_choice> out{{step_kind::configure, true, updates ? 32U : 6U},
                                     {step_kind::configure, false, 10},
                                     {step_kind::refresh, false, 8},
                                     {step_kind::destroy, false, 6}};
        if (hooks_.drift) out.push_back({step_kind::drift, false, 8});
        if (options_.imports && can_import_by_id()) out.push_back({step_kind::import_id, false, 7});
        if (options_.imports && can_import_by_identity) out.push_back({step_kind::import_identity, false, 5});
        if (hooks_.older_state && schema_version > 0) out.push_back({step_kind::upgrade, false, 5});
        if (hooks_.fail_next_write) {
            out.push_back({step_kind::failed_write, true, updates ? 5U : 1U});
            out.push_back({step_kind::failed_write, false, 3});
        }
        if (options_.invalid_configurations) out.push_back({step_kind::invalid, false, 6});
        return out;
    }

    workflow generate(std::uint64_t seed, std::size_t& rejected) {
        workflow w;
        w.seed = seed;
        w.steps.reserve(options_.max_steps + 2);  // so that `previous` stays valid
        random r(seed);
        const dynamic* previous = nullptr;  // the configuration of the last step that has one
        const auto add_config = [&](step_kind kind, bool change) {
            workflow_step s{kind, {}, r.next(), 0, change && previous != nullptr};
            if (std::optional<dynamic> c = valid_config(s.seed, rejected, s.change ? previous : nullptr)) {
                s.config = std::move(*c);
                w.steps.push_back(std::move(s));
                previous = &w.steps.back().config;
            }
        };
        add_config(step_kind::configure, false);
        const std::vector<step_choice> choices = step_choices();
        unsigned total = 0;
        for (const step_choice& c : choices) total += c.weight;
        const std::size_t n = 1 + r.below(options_.max_steps);
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t roll = r.below(total);
            const step_choice* c = choices.data();
            while (roll >= c->weight) roll -= (c++)->weight;
            if (c->kind == step_kind::configure || c->kind == step_kind::failed_write) add_config(c->kind, c->change);
            else if (c->kind == step_kind::upgrade)
                w.steps.push_back(
                    {step_kind::upgrade, {}, r.next(), static_cast<std::int64_t>(r.below(schema_version))});
            else w.steps.push_back({c->kind, {}, r.next(), 0});
        }
        w.steps.push_back({step_kind::destroy, {}, r.next(), 0});
        return w;
    }

    // A generated configuration that validates (a change of `previous`, if
    // given): values the validators refuse are drawn again (their
    // attribute, or all), a few times.
    std::optional<dynamic> valid_config(std::uint64_t seed, std::size_t& rejected, const dynamic* previous) {
        random r(seed);
        value_generator<random> gen(r, {options_.max_elements, options_.large_elements}, &samples_of<model>());
        dynamic config = previous ? gen.changed_block(schema_, *previous) : gen.block(schema_);
        for (int round = 0; round < 40; ++round) {
            tfpp::diagnostics diags;
            std::optional<model> m = realize(config, seed, diags, previous);
            if (m) return to_dynamic(*m);
            std::vector<std::size_t> redraw;
            const auto attrs = schema_.value_type.attributes();
            for (const auto& d : diags) {
                if (d.severity != severity::error) continue;
                const auto& st = d.path.steps();
                const std::ptrdiff_t i = st.empty() ? -1 : schema_.value_type.attribute_index(st.front().name);
                if (i < 0) {
                    redraw.clear();
                    break;
                }
                redraw.push_back(static_cast<std::size_t>(i));
            }
            if (redraw.empty()) {
                config = previous ? gen.changed_block(schema_, *previous) : gen.block(schema_);
                continue;
            }
            for (std::size_t i : redraw) {
                const auto& name = attrs[i].name;
                dynamic value = dynamic::null(attrs[i].type);
                if (const attribute_schema* a = schema_.find(name)) value = gen.attribute(*a);
                else value = gen.block(schema_)[name];
                config = with_attribute(config, i, std::move(value));
            }
        }
        ++rejected;
        return std::nullopt;
    }

    // The typed configuration, adjusted by the hook, if it validates. With
    // `kept`, what forces replacement is set as there after the hook (which
    // may draw a name again).
    std::optional<model> realize(const dynamic& config, std::uint64_t seed, tfpp::diagnostics& diags,
                                 const dynamic* kept = nullptr) {
        std::optional<model> m = to_model(config, diags);
        if (!m) return std::nullopt;
        if (hooks_.configure) {
            random r(seed ^ 0x5eedULL);
            hooks_.configure(*m, r);
        }
        if (kept) m = to_model(with_replacing_kept(to_dynamic(*m), *kept), diags);
        return checked(std::move(m), diags);
    }

    // The configuration, if Core's checks and the validators accept it.
    std::optional<model> checked(std::optional<model> m, tfpp::diagnostics& diags) {
        if (!m) return std::nullopt;
        attribute_path path;
        if (std::string why = nonconforming(schema_, to_dynamic(*m), path); !why.empty()) {
            diags.error("Invalid configuration", why);
            return std::nullopt;
        }
        diags.append(validator_->template validate<R>(*m));
        if (diags.has_errors()) return std::nullopt;
        return m;
    }

    // The configuration with the attributes and blocks that force
    // replacement (requires_replace, requires_replace_if) as in `kept`.
    dynamic with_replacing_kept(dynamic config, const dynamic& kept) const {
        const auto attrs = schema_.value_type.attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            const attribute_schema* a = schema_.find(attrs[i].name);
            const nested_block_schema* nb = a ? nullptr : schema_.find_block(attrs[i].name);
            if ((a && (a->requires_replace || a->replace_if)) || (nb && nb->requires_replace))
                config = with_attribute(config, i, kept.elements()[i]);
        }
        return config;
    }

    // The configuration with the values at `paths` (those a plan said force
    // replacement) as in `kept`, if it still validates; a path into
    // something only one of them has keeps its whole top-level attribute.
    std::optional<model> with_paths_kept(const model& config, const dynamic& kept,
                                         const std::vector<attribute_path>& paths) {
        dynamic d = to_dynamic(config);
        for (const attribute_path& p : paths) {
            if (p.empty()) return std::nullopt;
            if (std::optional<dynamic> at = with_value_from(d, kept, p.steps(), 0)) {
                d = std::move(*at);
                continue;
            }
            const std::ptrdiff_t i = schema_.value_type.attribute_index(p.steps().front().name);
            if (i < 0) return std::nullopt;
            d = with_attribute(d, static_cast<std::size_t>(i), kept.elements()[static_cast<std::size_t>(i)]);
        }
        tfpp::diagnostics diags;
        return checked(to_model(d, diags), diags);
    }

    // `into` with the value at steps[at...] taken from `from`; nullopt when
    // either has no value there (or the path goes through a set).
    static std::optional<dynamic> with_value_from(const dynamic& into, const dynamic& from,
                                                  std::span<const attribute_path::step> steps, std::size_t at) {
        if (at == steps.size()) return from;
        if (!into.is_known() || into.is_null() || !from.is_known() || from.is_null()) return std::nullopt;
        if (into.type() != from.type()) return std::nullopt;
        const attribute_path::step& st = steps[at];
        const type& t = into.type();
        if (st.kind == attribute_path::step::kind::attribute && t.is_object()) {
            const std::ptrdiff_t i = t.attribute_index(st.name);
            if (i < 0) return std::nullopt;
            const auto k = static_cast<std::size_t>(i);
            std::optional<dynamic> inner = with_value_from(into.elements()[k], from.elements()[k], steps, at + 1);
            if (!inner) return std::nullopt;
            return with_attribute(into, k, std::move(*inner));
        }
        if (st.kind == attribute_path::step::kind::index && t.which() == type::kind::list) {
            const auto k = static_cast<std::size_t>(st.position);
            if (st.position < 0 || k >= into.size() || k >= from.size()) return std::nullopt;
            std::optional<dynamic> inner = with_value_from(into.elements()[k], from.elements()[k], steps, at + 1);
            if (!inner) return std::nullopt;
            std::vector<dynamic> elements(into.elements().begin(), into.elements().end());
            elements[k] = std::move(*inner);
            return dynamic::list(t.element(), std::move(elements));
        }
        if (st.kind == attribute_path::step::kind::key && t.which() == type::kind::map) {
            const auto find = [&](const dynamic& m) -> const dynamic* {
                for (const auto& [key, v] : m.entries())
                    if (key == st.name) return &v;
                return nullptr;
            };
            const dynamic* a = find(into);
            const dynamic* b = find(from);
            if (!a || !b) return std::nullopt;
            std::optional<dynamic> inner = with_value_from(*a, *b, steps, at + 1);
            if (!inner) return std::nullopt;
            std::vector<dynamic::entry> entries(into.entries().begin(), into.entries().end());
            for (auto& [key, v] : entries)
                if (key == st.name) v = *inner;
            return dynamic::map(t.element(), std::move(entries));
        }
        return std::nullopt;
    }

    // The configuration shown for step i: as it was planned, else as the hook left it.
    dynamic shown(const workflow_step& st, const verdict& v, std::size_t i) {
        if (auto it = v.applied.find(i); it != v.applied.end()) return it->second;
        return realized(st);
    }
    // A step's configuration after the hook (as drawn when it cannot be realized).
    dynamic realized(const workflow_step& st) {
        tfpp::diagnostics ignored;
        const std::optional<model> m = realize(st.config, st.seed, ignored);
        return m ? to_dynamic(*m) : st.config;
    }

    dynamic to_dynamic(const model& m) const {
        dynamic d;
        tfpp::diagnostics ignored;
        (void)decode_msgpack(to_msgpack(m), schema_.value_type, d, ignored);
        return d;
    }
    std::optional<model> to_model(const dynamic& d, tfpp::diagnostics& diags) const {
        model m{};
        if (!decode_msgpack(to_msgpack(d, schema_.value_type), m, diags)) return std::nullopt;
        return m;
    }

    // --- running a workflow

    struct run_state {
        driver_type& p;
        result<model> current;
        std::optional<model> config;  // the configuration the object was last applied with
        verdict v;
        int var = 0;           // for recorded code: the last result variable
        std::string variable;  // its name ("" : none)
    };

    verdict execute(const workflow& w, bool record) {
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

    static void fail(run_state& s, std::string property, std::string detail) {
        if (s.v.failed()) return;
        s.v.property = std::move(property);
        s.v.detail = std::move(detail);
    }
    static void count(run_state& s, std::string_view what) { ++s.v.covered[std::string(what)]; }

    // The property a failed apply or plan breaks, by what the checks said.
    static bool says(const tfpp::diagnostics& diags, std::string_view summary) {
        for (const auto& d : diags)
            if (d.severity == severity::error && d.summary.find(summary) != std::string::npos) return true;
        return false;
    }
    static std::string apply_property(const tfpp::diagnostics& diags) {
        if (says(diags, "inconsistent result")) return "apply keeps the plan";
        if (says(diags, "unknown value")) return "nothing unknown survives apply";
        return "apply succeeds";
    }
    static std::string plan_property(const tfpp::diagnostics& diags) {
        if (says(diags, "invalid plan")) return "the plan keeps Terraform's rules";
        return "plan succeeds";
    }

    std::string config_literal(const model& m) const {
        std::string json;
        tfpp::diagnostics ignored;
        (void)encode_json(to_dynamic(m), schema_.value_type, json, ignored);
        return "tfpp::testing::from_json<" + std::string(cpp_type_name<model>()) + ">(" + raw_literal(json) + ")";
    }
    static std::string next_variable(run_state& s) { return "step" + std::to_string(++s.var); }
    static std::string_view action_name(action a) {
        switch (a) {
        case action::create: return "create";
        case action::replace: return "replace";
        default: return "update";
        }
    }

    void step(const workflow_step& st, run_state& s, bool record) {
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

    void configure(const workflow_step& st, run_state& s, bool record) {
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
        if (!config)
            return fail(s, "a valid configuration", "the configuration no longer validates:\n" + describe(diags));
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
    void expect_empty_plan(run_state& s, const std::string& property, const std::string& what) {
        result<model> refreshed = s.p.template read<R>(s.current);
        if (!refreshed.ok()) return fail(s, property, what + "refresh failed:\n" + describe(refreshed.diagnostics));
        if (!refreshed.state) return fail(s, property, what + "refresh found the object gone");
        expect_no_change(s, std::move(refreshed), property, what);
    }

    // Plan the configuration from a refreshed state: must be a no-op.
    void expect_no_change(run_state& s, result<model> refreshed, const std::string& property, const std::string& what) {
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

    void refresh(run_state& s, bool record) {
        if (!s.current.state || s.current.tainted || !s.config) return;
        count(s, "refresh");
        if (record) record_empty_plan(s);
        result<model> refreshed = s.p.template read<R>(s.current);
        if (!refreshed.ok()) return fail(s, "refresh succeeds", describe(refreshed.diagnostics));
        if (!refreshed.state)
            return fail(s, "refresh keeps the object", "nothing changed outside, yet read found it gone");
        if (std::string d = diff(*s.current.state, *refreshed.state); !d.empty())
            return fail(s, "refresh is stable", "nothing changed outside, yet read changed the state:\n" + d);
        expect_no_change(s, std::move(refreshed), "empty plan after refresh", "after a refresh, ");
    }

    void drift(const workflow_step& st, run_state& s, bool record) {
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

    std::optional<std::string> import_id_of(const model& state) const {
        if (hooks_.import_id) return hooks_.import_id(state);
        if constexpr (tfpp::detail::has_import_id_attribute<R>) {
            const dynamic d = to_dynamic(state);
            const dynamic& v = d[R::import_id_attribute];
            if (v.is_known() && v.type().which() == type::kind::string) return v.as_string();
        }
        return std::nullopt;
    }
    bool can_import_by_id() const {
        if constexpr (tfpp::detail::has_import_id_attribute<R>) return true;
        else return tfpp::detail::has_import_state<R> && static_cast<bool>(hooks_.import_id);
    }
    static constexpr bool can_import_by_identity = [] {
        if constexpr (tfpp::detail::has_identity<R>)
            return tfpp::detail::has_import_identity<R> || tfpp::detail::identity_by_name<R>();
        else return false;
    }();
    static constexpr std::size_t schema_version = [] {
        if constexpr (tfpp::detail::has_schema_version<R>) return static_cast<std::size_t>(R::schema_version);
        else return std::size_t{0};
    }();

    void import(run_state& s, bool record, bool by_identity) {
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

    void upgrade(const workflow_step& st, run_state& s, bool record) {
        if (!s.current.state || s.current.tainted || !s.config) return;
        const std::optional<std::string> json = hooks_.older_state(st.version, *s.current.state);
        if (!json) return;
        count(s, "upgrade from version " + std::to_string(st.version));
        if (record) record_upgrade(s, st.version, *json);
        result<model> upgraded = s.p.template upgrade<R>(st.version, *json);
        if (!upgraded.ok() || !upgraded.state)
            return fail(s, "upgrade succeeds",
                        "the upgrade from version " + std::to_string(st.version) + " failed:\n" +
                            describe(upgraded.diagnostics));
        if (std::string u = unknowns(*upgraded.state); !u.empty())
            return fail(s, "nothing unknown survives upgrade", "unknown after the upgrade: " + u);
        upgraded.private_state = s.current.private_state;
        upgraded.identity = s.current.identity;
        s.current = std::move(upgraded);
        expect_empty_plan(s, "empty plan after upgrade",
                          "after the upgrade from version " + std::to_string(st.version) + ", ");
    }

    void destroy(run_state& s, bool record) {
        if (!s.current.state) return;
        count(s, "destroy");
        if (record) record_destroy(s);
        const model gone = *s.current.state;
        plan_step<R> planned = s.p.template plan_destroy<R>(gone);
        if (!planned.ok())
            return fail(s, "destroy succeeds", "the destroy plan failed:\n" + describe(planned.diagnostics));
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
    void invalid(const workflow_step& st, run_state& s) {
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
                at_path = at_path ||
                          (d.severity == severity::error && !d.path.empty() && d.path.steps().front().name == a.name);
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
    bool conflict_elsewhere(const dynamic& config, const tfpp::diagnostics& diags) {
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

    // --- what the properties compare

    std::string unknowns(const model& m) const {
        std::vector<attribute_path> found;
        attribute_path path;
        unknown_paths(to_dynamic(m), path, found);
        std::string out;
        for (const auto& p : found) out += (out.empty() ? "" : ", ") + p.to_string();
        return out;
    }

    // The imported state with the attributes of options.import_ignore taken from the state before.
    model with_ignored(const model& imported, const model& before) const {
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
    std::string differences_kept(const model& state, const model& other) const {
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

    // --- shrinking

    bool same_failure(const workflow& w, const verdict& original, verdict& out, exploration_report& report) {
        if (report.shrink_runs >= options_.shrink_runs) return false;
        ++report.shrink_runs;
        out = execute(w, false);
        return out.failed() && out.property == original.property;
    }

    // Whether a configuration still validates, after the hook.
    bool still_valid(const dynamic& config, std::uint64_t seed) {
        tfpp::diagnostics diags;
        return realize(config, seed, diags).has_value();
    }

    void shrink(workflow w, verdict v, exploration_report& report) {
        const auto start = std::chrono::steady_clock::now();
        report.failing_seed = w.seed;
        w.steps.resize(v.at + 1);  // what came after the failure does not matter
        for (bool progress = true; progress && report.shrink_runs < options_.shrink_runs;) {
            progress = false;
            for (std::size_t i = w.steps.size(); i-- > 0 && w.steps.size() > 1;) {
                workflow fewer = w;
                fewer.steps.erase(fewer.steps.begin() + static_cast<std::ptrdiff_t>(i));
                verdict nv;
                if (same_failure(fewer, v, nv, report)) {
                    w = std::move(fewer);
                    w.steps.resize(nv.at + 1);
                    v = std::move(nv);
                    progress = true;
                }
            }
            for (std::size_t i = 0; i < w.steps.size(); ++i) {
                if (w.steps[i].config.is_null()) continue;
                for (bool simpler = true; simpler && report.shrink_runs < options_.shrink_runs;) {
                    simpler = false;
                    std::vector<dynamic> candidates;
                    smaller_values(w.steps[i].config, candidates, false);
                    for (dynamic& c : candidates) {
                        if (!still_valid(c, w.steps[i].seed)) continue;
                        workflow smaller = w;
                        smaller.steps[i].config = std::move(c);
                        verdict nv;
                        if (same_failure(smaller, v, nv, report)) {
                            w = std::move(smaller);
                            v = std::move(nv);
                            simpler = progress = true;
                            break;
                        }
                    }
                }
            }
        }
        report.shrink_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const verdict recorded = execute(w, true);
        if (recorded.failed()) v = recorded;  // the same run, with its code
        report.property = v.property;
        report.shrunk_steps = w.steps.size();
        for (std::size_t i = 0; i < w.steps.size(); ++i)
            if (!w.steps[i].config.is_null()) report.shrunk_values += values_set(shown(w.steps[i], v, i));
        report.failure = scenario(w, v, report);
        report.catch2_test = catch2_test(v, report);
    }

    std::string scenario(const workflow& w, const verdict& v, const exploration_report& report) {
        std::string out = std::string(R::type_name) + ": the property \"" + v.property + "\" failed.\n";
        out += "Shrunk to " + std::to_string(w.steps.size()) + " step(s) and " + std::to_string(report.shrunk_values) +
               " configured value(s) (" + std::to_string(report.shrink_runs) + " replays):\n";
        for (std::size_t i = 0; i < w.steps.size(); ++i) {
            const workflow_step& st = w.steps[i];
            out += "  " + std::to_string(i + 1) + ". " + step_title(st);
            if (st.kind == step_kind::upgrade) out += " from version " + std::to_string(st.version);
            if (!st.config.is_null()) {
                std::string lines;
                attribute_path path;
                configuration_lines(shown(st, v, i), path, "       ", lines);
                out += lines.empty() ? " (every attribute null)\n" : ":\n" + lines;
            } else {
                out += "\n";
            }
        }
        out += "Step " + std::to_string(v.at + 1) + " failed: " + v.detail;
        if (!out.ends_with('\n')) out += '\n';
        out += "Replay: explore_options{.replay = " + std::to_string(w.seed) + "} (exploration seed " +
               std::to_string(report.seed) + "); the Catch2 test is in the report's catch2_test.\n";
        return out;
    }

    // --- the shrunk scenario as a Catch2 test (scenario helpers where one fits)

    // The state the last recorded step left, as an expression.
    static std::string previous(const run_state& s) { return "*" + s.variable + ".state"; }

    // `auto stepN = <helper call>; REQUIRE(stepN);`: the next recorded step.
    static void record_step(run_state& s, const std::string& call) {
        const std::string v = next_variable(s);
        s.v.code += "    auto " + v + " = " + call + ";\n    REQUIRE(" + v + ");\n";
        s.variable = v;
    }

    void record_configure(run_state& s, const model& config, const plan_step<R>& planned, bool injected) {
        const std::string c = config_literal(config);
        if (injected) {
            s.v.code += "    REQUIRE(hooks.fail_next_write(p.provider()));\n";
            if (planned.action == action::create) return record_step(s, "p.partial_failure<R>(" + c + ")");
            const std::string v = next_variable(s);
            s.v.code += "    auto " + v + " = p.apply<R>(p.plan<R>(" + c + ", " + previous(s) + "));\n";
            s.v.code += "    REQUIRE(" + v + ".state);  // the failed write still returns the object\n";
            s.variable = v;
            return;
        }
        switch (planned.action) {
        case action::create: return record_step(s, "p.create<R>(" + c + ")");
        case action::update: return record_step(s, "p.update<R>(" + previous(s) + ", " + c + ")");
        case action::replace: {
            std::string paths;
            for (const auto& p : planned.replace_paths()) paths += (paths.empty() ? "" : ", ") + raw_literal(p);
            return record_step(s, "p.replace<R>(" + previous(s) + ", " + c + ", {" + paths + "})");
        }
        default: return record_step(s, "p.empty_plan<R>(" + c + ", " + previous(s) + ")");
        }
    }
    void record_empty_plan(run_state& s) {
        record_step(s, "p.empty_plan<R>(" + config_literal(*s.config) + ", " + previous(s) + ")");
    }
    void record_drift(run_state& s, std::uint64_t seed, action repair) {
        s.v.code += "    {\n        tfpp::testing::random random(" + std::to_string(seed) + "ULL);\n" +
                    "        hooks.drift(p.provider(), " + previous(s) + ", random);\n    }\n";
        record_step(s, "p.drift<R>(" + config_literal(*s.config) + ", " + previous(s) +
                           ", tfpp::testing::action::" + std::string(action_name(repair)) + ")");
    }
    void record_import(run_state& s, const std::string& id) {
        record_step(s, "p.import_then_empty_plan<R>(" + raw_literal(id) + ", " + config_literal(*s.config) + ", " +
                           previous(s) + ")");
    }
    template <class Identity>
    void record_import_identity(run_state& s, const Identity& identity) {
        std::string json;
        tfpp::diagnostics ignored;
        (void)encode_json(identity, json, ignored);
        record_step(s, "p.import_by_identity_then_empty_plan<R>(tfpp::testing::from_json<R::identity>(" +
                           raw_literal(json) + "), " + config_literal(*s.config) + ", " + previous(s) + ")");
    }
    void record_upgrade(run_state& s, std::int64_t version, const std::string& json) {
        record_step(s, "p.upgrade_then_empty_plan<R>(" + std::to_string(version) + ", " + raw_literal(json) + ", " +
                           config_literal(*s.config) + ")");
    }
    void record_destroy(run_state& s) {
        s.v.code += "    REQUIRE(p.apply<R>(p.plan_destroy<R>(" + previous(s) + ")).ok());\n";
        s.variable.clear();
    }

    std::string catch2_test(const verdict& v, const exploration_report& report) const {
        std::string out = "// Found by tfpp::testing::explore (case seed " + std::to_string(report.failing_seed) +
                          "); expects the exploration's `hooks` in scope where it calls them.\n";
        out += "TEST_CASE(\"" + std::string(R::type_name) + ": " + v.property + "\") {\n";
        out += "    using R = " + std::string(cpp_type_name<R>()) + ";\n";
        if (hooks_.new_workflow) out += "    hooks.new_workflow();  // as before each explored workflow\n";
        out += provider_declaration();
        out += v.code + "}\n";
        return out;
    }

    // `provider_under_test<P> p...;` configured as the exploration was: the
    // configuration as JSON, or from the hooks when it sets a secret (never printed).
    std::string provider_declaration() const {
        using config_model = typename driver_type::config_model;
        const std::string p = "    tfpp::testing::provider_under_test<" + std::string(cpp_type_name<P>()) + "> p";
        if (!hooks_.provider_config) return p + ";\n";
        const block_schema& config_schema = tfpp::schema_of<config_model>();
        if (config_schema.attributes.empty() && config_schema.blocks.empty()) return p + ";\n";
        dynamic config;
        tfpp::diagnostics diags;
        (void)decode_msgpack(to_msgpack(*hooks_.provider_config), config_schema.value_type, config, diags);
        if (sets_secret(config_schema, config))
            return "    // The provider configuration of the exploration (it sets a secret, not printed):\n" + p +
                   "(*hooks.provider_config);\n";
        std::string json;
        (void)encode_json(config, config_schema.value_type, json, diags);
        return "    // The provider configuration of the exploration (hooks.provider_config):\n" + p +
               "(tfpp::testing::from_json<" + std::string(cpp_type_name<config_model>()) + ">(" + raw_literal(json) +
               "));\n";
    }

    void fresh(std::optional<driver_type>& holder) const {
        if (hooks_.provider_config) holder.emplace(*hooks_.provider_config);
        else holder.emplace();
    }

    const explore_options& options_;
    const explore_hooks<P, R>& hooks_;
    std::optional<driver_type> validator_;  // validates configurations, outside any workflow
    block_schema schema_;
};

}  // namespace tfpp::testing::detail
