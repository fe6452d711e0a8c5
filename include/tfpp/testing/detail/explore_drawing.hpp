// explorer's first section: drawing a workflow from a seed (the step kinds
// by weight, configurations that validate, changes that keep what forces
// replacement) and the conversions between models and dynamic values.
#pragma once

#include <tfpp/testing/detail/explorer_class.hpp>

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

template <class P, class R>
auto explorer<P, R>::step_choices() const -> std::vector<step_choice> {
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

template <class P, class R>
workflow explorer<P, R>::generate(std::uint64_t seed, std::size_t& rejected) {
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
            w.steps.push_back({step_kind::upgrade, {}, r.next(), static_cast<std::int64_t>(r.below(schema_version))});
        else w.steps.push_back({c->kind, {}, r.next(), 0});
    }
    w.steps.push_back({step_kind::destroy, {}, r.next(), 0});
    return w;
}

// A generated configuration that validates (a change of `previous`, if
// given): values the validators refuse are drawn again (their
// attribute, or all), a few times.
template <class P, class R>
std::optional<dynamic> explorer<P, R>::valid_config(std::uint64_t seed, std::size_t& rejected,
                                                    const dynamic* previous) {
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
template <class P, class R>
auto explorer<P, R>::realize(const dynamic& config, std::uint64_t seed, tfpp::diagnostics& diags, const dynamic* kept)
    -> std::optional<model> {
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
template <class P, class R>
auto explorer<P, R>::checked(std::optional<model> m, tfpp::diagnostics& diags) -> std::optional<model> {
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
template <class P, class R>
dynamic explorer<P, R>::with_replacing_kept(dynamic config, const dynamic& kept) const {
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
template <class P, class R>
auto explorer<P, R>::with_paths_kept(const model& config, const dynamic& kept, const std::vector<attribute_path>& paths)
    -> std::optional<model> {
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
template <class P, class R>
std::optional<dynamic> explorer<P, R>::with_value_from(const dynamic& into, const dynamic& from,
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
template <class P, class R>
dynamic explorer<P, R>::shown(const workflow_step& st, const verdict& v, std::size_t i) {
    if (auto it = v.applied.find(i); it != v.applied.end()) return it->second;
    return realized(st);
}

// A step's configuration after the hook (as drawn when it cannot be realized).
template <class P, class R>
dynamic explorer<P, R>::realized(const workflow_step& st) {
    tfpp::diagnostics ignored;
    const std::optional<model> m = realize(st.config, st.seed, ignored);
    return m ? to_dynamic(*m) : st.config;
}

template <class P, class R>
dynamic explorer<P, R>::to_dynamic(const model& m) const {
    dynamic d;
    tfpp::diagnostics ignored;
    (void)decode_msgpack(to_msgpack(m), schema_.value_type, d, ignored);
    return d;
}

template <class P, class R>
auto explorer<P, R>::to_model(const dynamic& d, tfpp::diagnostics& diags) const -> std::optional<model> {
    model m{};
    if (!decode_msgpack(to_msgpack(d, schema_.value_type), m, diags)) return std::nullopt;
    return m;
}

}  // namespace tfpp::testing::detail
