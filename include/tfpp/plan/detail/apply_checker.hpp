// The apply rules: what create or update returned against the planned
// state, as Terraform core checks it after ApplyResourceChange (an object of
// the schema's type, wholly known, write-only attributes null) and in
// AssertObjectCompatible (internal/plans/objchange/compatible.go). Set
// elements are correlated through sorted canonical keys, O(n log n).
#pragma once

#include <tfpp/plan/detail/check_walk.hpp>

#include <functional>
#include <utility>

namespace tfpp::detail::consistency {

// An index of the actual elements by a key: hashes sorted, the keys
// kept to tell a collision from a match.
struct key_index {
    std::vector<std::string> keys;
    std::vector<std::pair<std::size_t, std::size_t>> hashed;  // (hash, element)
    std::vector<char> done;                                   // by position: all matched already
    void build() {
        hashed.resize(keys.size());
        for (std::size_t j = 0; j < keys.size(); ++j) hashed[j] = {std::hash<std::string>{}(keys[j]), j};
        std::sort(hashed.begin(), hashed.end());
        done.assign(hashed.size(), 0);
    }
    // The position in `hashed` of the first element whose key is
    // `key` (npos: none); each() calls f(element) for all of them.
    [[nodiscard]] std::size_t first(const std::string& key) const {
        const std::size_t h = std::hash<std::string>{}(key);
        auto it = std::lower_bound(hashed.begin(), hashed.end(), std::pair<std::size_t, std::size_t>{h, 0});
        for (; it != hashed.end() && it->first == h; ++it)
            if (keys[it->second] == key) return static_cast<std::size_t>(it - hashed.begin());
        return sv::npos;
    }
    template <class F>
    void each(const std::string& key, F&& f) const {
        const std::size_t h = std::hash<std::string>{}(key);
        auto it = std::lower_bound(hashed.begin(), hashed.end(), std::pair<std::size_t, std::size_t>{h, 0});
        for (; it != hashed.end() && it->first == h; ++it)
            if (keys[it->second] == key) f(it->second);
    }
};

class apply_checker : public check_walk {
public:
    apply_checker(const consistency_options& o, diagnostics& d) : check_walk(check_kind::apply, o, d) {}

    // What create or update returned against the plan: the checks after
    // ApplyResourceChange, then AssertObjectCompatible.
    void apply(const block_schema& b, sv planned, sv actual) {
        if (state_of(actual) == encoded_state::null && state_of(planned) != encoded_state::null) {
            if (begin())
                add("the provider returned no object (null) for a " + std::string(operation_or("create or update")),
                    "create and update must return the object's state, or report an error; only destroy returns none",
                    {});
            return;
        }
        if (!conforms(b.value_type, actual, "returned")) return;
        if (!bytes_wholly_known(actual)) {
            unknowns(b.value_type, actual);
            return;
        }
        if (!write_only_null(b, actual)) return;
        apply_block(b, planned, actual, true);
    }

private:
    // Unknowns left in a returned value, each reported where it is.
    void unknowns(const type& t, sv b) {
        const encoded_state s = state_of(b);
        if (s == encoded_state::unknown) {
            if (begin())
                add("an unknown value remains after apply",
                    "set " + name() + " to a known value (or null) before " + std::string(operation_or("apply")) +
                        " returns",
                    {{"Returned value", "(known after apply)"}});
            return;
        }
        if (s != encoded_state::known || bytes_wholly_known(b)) return;
        if (t.is_dynamic()) {
            type inner_type;
            sv inner;
            if (unwrap_dynamic(b, inner_type, inner)) unknowns(inner_type, inner);
            return;
        }
        switch (t.which()) {
        case type::kind::list:
        case type::kind::tuple:
        case type::kind::set: {
            std::vector<sv> es;
            if (!split_array(b, es)) return;
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (t.which() == type::kind::set) {
                    const bool was = in_set_;
                    in_set_ = true;
                    unknowns(t.element(), es[i]);
                    in_set_ = was;
                    continue;
                }
                step_guard g(*this, at_index{i});
                unknowns(t.is_tuple() ? t.elements()[i] : t.element(), es[i]);
            }
            return;
        }
        case type::kind::map: {
            std::vector<sv> ks, vs;
            if (!split_map(b, ks, vs)) return;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                step_guard g(*this, at_key{ks[i]});
                unknowns(t.element(), vs[i]);
            }
            return;
        }
        case type::kind::object: {
            object_view o;
            if (!o.parse(b)) return;
            for (const auto& a : t.attributes()) {
                step_guard g(*this, at_attribute{a.name});
                unknowns(a.type, o.get(a.name));
            }
            return;
        }
        default: return;
        }
    }

    // Write-only attributes are null in every result; true when they are.
    bool write_only_null(const block_schema& b, sv actual) {
        if (!has_write_only(b)) return true;
        const std::size_t before = violations_;
        write_only_in_block(b, actual);
        return violations_ == before;
    }
    static bool has_write_only(const std::vector<attribute_schema>& attrs) {
        return std::any_of(attrs.begin(), attrs.end(), [](const attribute_schema& a) {
            return a.write_only || (a.nested && has_write_only(a.nested->attributes));
        });
    }
    static bool has_write_only(const block_schema& b) {
        return has_write_only(b.attributes) ||
               std::any_of(b.blocks.begin(), b.blocks.end(),
                           [](const nested_block_schema& nb) { return has_write_only(nb.block); });
    }
    void write_only_in_block(const block_schema& b, sv object) {
        if (state_of(object) != encoded_state::known) return;
        object_view o;
        if (!o.parse(object)) return;
        for (const attribute_schema& a : b.attributes) {
            step_guard g(*this, at_attribute{a.name});
            write_only_in_attribute(a, o.get(a.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            step_guard g(*this, at_attribute{nb.name});
            each_object(nb.mode, o.get(nb.name), [&](sv e) { write_only_in_block(nb.block, e); });
        }
    }
    void write_only_in_attribute(const attribute_schema& a, sv value) {
        if (a.write_only) {
            if (state_of(value) != encoded_state::null && begin())
                add("a write-only attribute is not null in the result",
                    "results never hold write-only values: leave " + name() +
                        " null in the returned state (tfpp drops write-only values from typed models)",
                    {{"Returned value", "(sensitive value)"}});
            return;
        }
        if (!a.nested) return;
        each_object(a.nested->mode, value, [&](sv e) {
            object_view o;
            if (state_of(e) != encoded_state::known || !o.parse(e)) return;
            for (const attribute_schema& inner : a.nested->attributes) {
                step_guard g(*this, at_attribute{inner.name});
                write_only_in_attribute(inner, o.get(inner.name));
            }
        });
    }
    template <class F>
    void each_object(nesting mode, sv value, F&& f) {
        if (state_of(value) != encoded_state::known) return;
        if (mode == nesting::single || mode == nesting::group) return f(value);
        if (mode == nesting::map) {
            std::vector<sv> ks, vs;
            if (!split_map(value, ks, vs)) return;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                step_guard g(*this, at_key{ks[i]});
                f(vs[i]);
            }
            return;
        }
        std::vector<sv> es;
        if (!split_array(value, es)) return;
        for (std::size_t i = 0; i < es.size(); ++i) {
            if (mode == nesting::set) {
                const bool was = in_set_;
                in_set_ = true;
                f(es[i]);
                in_set_ = was;
                continue;
            }
            step_guard g(*this, at_index{i});
            f(es[i]);
        }
    }

    // assertObjectCompatible.
    void apply_block(const block_schema& b, sv planned, sv actual, bool root) {
        const encoded_state ps = state_of(planned), as = state_of(actual);
        const std::string prefix = root ? "Root object " : "";
        if (ps == encoded_state::null && as != encoded_state::null) {
            if (begin())
                add(prefix + "was absent, but now present",
                    root ? "create and update must return the planned object"
                         : "apply must leave " + name() + " absent as planned, or the plan must mark it unknown",
                    {{"Planned value", "null"}, {"Actual value", show(b.value_type, actual, whole(b))}});
            return;
        }
        if (as == encoded_state::null && ps != encoded_state::null) {
            if (begin())
                add(prefix + "was present, but now absent",
                    root ? "create and update must return the object's state, or report an error"
                         : "apply must return " + name() + " as planned, not null",
                    {{"Planned value", show(b.value_type, planned, whole(b))}, {"Actual value", "null"}});
            return;
        }
        if (ps == encoded_state::null) return;
        object_view p, a;
        if (!p.parse(planned) || !a.parse(actual)) return malformed();
        for (const attribute_schema& at : b.attributes) {
            if (quiet_ && failed_) return;
            step_guard g(*this, at_attribute{at.name});
            apply_attribute(at, p.get(at.name), a.get(at.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            if (quiet_ && failed_) return;
            step_guard g(*this, at_attribute{nb.name});
            apply_nested_block(b, nb, p.get(nb.name), a.get(nb.name));
        }
    }

    // One attribute's value. A sensitive one that fails is reported once,
    // vaguely, as Terraform does.
    void apply_attribute(const attribute_schema& at, sv planned, sv actual) {
        if (planned == actual) return;
        attribute_guard g(*this, at);
        if (hidden_value(at) && !quiet_) {
            if (!trial([&] { apply_value(at.type, shape_of(at), planned, actual); })) {
                if (begin())
                    add("inconsistent values for sensitive attribute", changed_fix(),
                        {{"Planned value", "(sensitive value)"}, {"Actual value", "(sensitive value)"}});
            }
            return;
        }
        apply_value(at.type, shape_of(at), planned, actual);
    }

    std::string changed_fix() const {
        const std::string n = name();
        if (!attr_ || attr_->is_computed()) {
            const bool keeps = attr_ && (attr_->use_state_for_unknown || attr_->use_non_null_state_for_unknown);
            return "apply must return the planned value of " + n + ", or the plan must mark it unknown (" +
                   (keeps ? "drop tfpp::use_state_for_unknown from " + n +
                                ", or set it to tfpp::unknown in modify_plan when it will change"
                          : "set it to tfpp::unknown in modify_plan when apply will change it");
        }
        return "apply must return the configured value of " + n +
               " unchanged (keep the configured form if the remote system normalizes it), or make it "
               "tfpp::optional_computed so that the plan can leave it unknown";
    }

    // Runs f quietly: true when it found no violation.
    template <class F>
    bool trial(F&& f) {
        const bool was_quiet = quiet_, was_failed = failed_;
        quiet_ = true;
        failed_ = false;
        f();
        const bool ok = !failed_;
        quiet_ = was_quiet;
        failed_ = was_failed;
        return ok;
    }

    // assertValueCompatible.
    void apply_value(const type& t, const shape& s, sv planned, sv actual) {
        if (planned == actual) return;
        if (t.is_dynamic()) {
            if (state_of(planned) != encoded_state::known) return;  // planned of unknown type: anything goes
            type pt, at;
            sv pv, av;
            if (!unwrap_dynamic(planned, pt, pv)) return malformed();
            if (state_of(actual) != encoded_state::known) {
                if (state_of(actual) == encoded_state::null) {
                    if (begin())
                        add("was " + show(pt, pv) + ", but now null", changed_fix(),
                            {{"Planned value", show(pt, pv)}, {"Actual value", "null"}});
                } else if (begin()) {
                    add("was known, but now unknown", unknown_fix(), {{"Planned value", show(pt, pv)}});
                }
                return;
            }
            if (!unwrap_dynamic(actual, at, av)) return malformed();
            if (!(pt == at)) {
                if (begin())
                    add("wrong final value type: " + at.friendly_name() + " instead of " + pt.friendly_name(),
                        "apply must return a value of the planned type for " + name(),
                        {{"Planned value", show(pt, pv)}, {"Actual value", show(at, av)}});
                return;
            }
            return apply_value(pt, {}, pv, av);
        }
        const encoded_state ps = state_of(planned), as = state_of(actual);
        if (ps == encoded_state::unknown) {
            if (!placeholder_admits(t, planned, actual) && begin())
                add("final value " + show(t, actual, s) + " does not conform to planning placeholder " +
                        show(t, planned, s),
                    "apply must return a value that keeps the promise of the plan's unknown value for " + name() +
                        " (its refinements), or the plan must promise less",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        if (as == encoded_state::null) {
            if (ps == encoded_state::null) return;
            if (begin())
                add("was " + show(t, planned, s) + ", but now null",
                    "apply must return the planned value of " + name() +
                        ", not null; if it can turn out null, the plan must mark it unknown",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", "null"}});
            return;
        }
        if (ps == encoded_state::null) {
            if (begin())
                add("was null, but now " + show(t, actual, s),
                    computed()
                        ? "apply must return null for " + name() +
                              " as planned, or the plan must mark it unknown (drop tfpp::use_state_for_unknown, "
                              "or set it to tfpp::unknown in modify_plan)"
                        : "apply must leave " + name() +
                              " null as configured, or make it tfpp::optional_computed so that the plan can leave "
                              "it unknown",
                    {{"Planned value", "null"}, {"Actual value", show(t, actual, s)}});
            return;
        }
        if (as == encoded_state::unknown) {
            if (begin()) add("was known, but now unknown", unknown_fix(), {{"Planned value", show(t, planned, s)}});
            return;
        }
        switch (t.which()) {
        case type::kind::string:
        case type::kind::number:
        case type::kind::boolean:
            if (!equal(t, planned, actual, true) && begin())
                add("was " + show(t, planned, s) + ", but now " + show(t, actual, s), changed_fix(),
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        case type::kind::list:
        case type::kind::tuple: {
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (quiet_ && failed_) return;
                if (i >= ae.size()) {
                    if (begin())
                        add("element " + std::to_string(i) + " has vanished", changed_fix(),
                            {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                    continue;
                }
                step_guard g(*this, at_index{i});
                element_value(t.is_tuple() ? t.elements()[i] : t.element(), s, pe[i], ae[i]);
            }
            for (std::size_t i = pe.size(); i < ae.size(); ++i)
                if (begin())
                    add("new element " + std::to_string(i) + " has appeared", changed_fix(),
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::map: {
            std::vector<sv> pk, pv, ak, av;
            if (!split_map(planned, pk, pv) || !split_map(actual, ak, av)) return malformed();
            for (std::size_t i = 0; i < pk.size(); ++i) {
                if (quiet_ && failed_) return;
                const std::size_t j = i < ak.size() && ak[i] == pk[i] ? i : find_key(ak, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("element \"" + std::string(pk[i]) + "\" has vanished", changed_fix(),
                            {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                    continue;
                }
                step_guard g(*this, at_key{pk[i]});
                element_value(t.element(), s, pv[i], av[j]);
            }
            for (sv key : ak)
                if (find_key(pk, key) == sv::npos && begin())
                    add("new element \"" + std::string(key) + "\" has appeared", changed_fix(),
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::object: {
            object_view p, a;
            if (!p.parse(planned) || !a.parse(actual)) return malformed();
            for (const auto& at : t.attributes()) {
                if (quiet_ && failed_) return;
                step_guard g(*this, at_attribute{at.name});
                const attribute_schema* inner = s.empty() ? nullptr : find_named(*s.attributes, at.name);
                if (inner) apply_attribute(*inner, p.get(at.name), a.get(at.name));
                else apply_value(at.type, {}, p.get(at.name), a.get(at.name));
            }
            return;
        }
        case type::kind::set: {
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            correlate(
                t.element(), pe, ae, [&](sv p, sv a) { return trial([&] { element_value(t.element(), s, p, a); }); },
                [&](sv e) { return show(t.element(), e, s.element()); });
            if (pe.size() < ae.size() && begin())
                add("length changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                    "apply may not add elements to " + name() +
                        ": return the planned elements, with what the plan left "
                        "unknown filled in",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::dynamic: return;
        }
    }

    // An element of a collection: an object of nested attributes (the shape
    // says which) or a plain value.
    void element_value(const type& et, const shape& s, sv planned, sv actual) {
        apply_value(et, s.element(), planned, actual);
    }

    std::string unknown_fix() const {
        return "set " + name() + " to a known value (or null) before " + std::string(operation_or("apply")) +
               " returns";
    }

    void apply_nested_block(const block_schema& parent, const nested_block_schema& nb, sv planned, sv actual) {
        if (planned == actual) return;
        const encoded_state ps = state_of(planned), as = state_of(actual);
        const type t = block_value_type(parent, nb);
        const shape s = shape_of(nb);
        switch (nb.mode) {
        case nesting::single:
        case nesting::group:
            if (ps == encoded_state::unknown && as == encoded_state::null) return;
            return apply_block(nb.block, planned, actual, false);
        case nesting::list: {
            if (ps != encoded_state::known || as != encoded_state::known) return;
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            if (pe.size() != ae.size()) {
                if (begin())
                    add("block count changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                        "apply must return the planned " + name() + " blocks, not add or remove any",
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                return;
            }
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (quiet_ && failed_) return;
                step_guard g(*this, at_index{i});
                apply_block(nb.block, pe[i], ae[i], false);
            }
            return;
        }
        case nesting::map: {
            if (ps != encoded_state::known || as == encoded_state::null) return;
            std::vector<sv> pk, pv, ak, av;
            if (!split_map(planned, pk, pv) || (as == encoded_state::known && !split_map(actual, ak, av)))
                return malformed();
            if (as == encoded_state::unknown) return;
            if (pk.size() != ak.size()) {
                if (begin())
                    add("block count changed from " + std::to_string(pk.size()) + " to " + std::to_string(ak.size()),
                        "apply must return the planned " + name() + " blocks, not add or remove any",
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                return;
            }
            for (std::size_t i = 0; i < pk.size(); ++i) {
                if (quiet_ && failed_) return;
                const std::size_t j = find_key(ak, pk[i]);
                if (j == sv::npos) continue;
                step_guard g(*this, at_key{pk[i]});
                apply_block(nb.block, pv[i], av[j], false);
            }
            return;
        }
        case nesting::set: {
            if (ps != encoded_state::known || as != encoded_state::known) return;
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            correlate(
                nb.block.value_type, pe, ae,
                [&](sv p, sv a) { return trial([&] { apply_block(nb.block, p, a, false); }); },
                [&](sv e) { return show(nb.block.value_type, e, s.element()); });
            if (pe.size() < ae.size() && begin())
                add("block set length changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                    "apply may not add " + name() +
                        " blocks: return the planned blocks, with what the plan left "
                        "unknown filled in",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        }
    }

    // assertSetValuesCompatible: every planned element must correlate with
    // an actual element and the other way round, `correlates` deciding.
    // O(n log n) through sorted hashes of canonical keys (see the top of
    // the file).
    template <class Correlates, class Show>
    void correlate(const type& et, const std::vector<sv>& pe, const std::vector<sv>& ae, Correlates&& correlates,
                   Show&& show_element) {
        if (pe.size() == ae.size() && std::equal(pe.begin(), pe.end(), ae.begin())) return;
        std::vector<char> pm(pe.size(), 0), am(ae.size(), 0);
        const auto attrs = et.attributes();
        const bool objects = et.is_object();
        object_view o;

        // 1. Wholly known planned elements: each correlates only with an
        // equal actual element.
        std::vector<std::size_t> rest;
        std::vector<char> known(pe.size(), 0);
        bool any_known = false;
        for (std::size_t i = 0; i < pe.size(); ++i) any_known = (known[i] = bytes_wholly_known(pe[i])) || any_known;
        if (any_known) {
            key_index exact;
            exact.keys.resize(ae.size());
            for (std::size_t j = 0; j < ae.size(); ++j) canonical(et, ae[j], true, exact.keys[j]);
            exact.build();
            std::string key;
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (!known[i]) continue;
                key.clear();
                canonical(et, pe[i], true, key);
                exact.each(key, [&](std::size_t j) { pm[i] = am[j] = 1; });
            }
        }
        for (std::size_t i = 0; i < pe.size(); ++i)
            if (!known[i]) rest.push_back(i);

        // 2. Planned elements holding unknowns, grouped by which attributes
        // they leave (partly) unknown; in each group, looked up by what they
        // hold in the others. One whose unknowns are plain unknowns at the
        // top of its attributes correlates with every element found; others
        // are tried one by one against those.
        if (!rest.empty()) {
            std::vector<std::string> projection(pe.size());
            std::vector<char> plain(pe.size(), 0);
            std::map<std::string, std::vector<std::size_t>> groups;  // by mask: '1' where unknown
            std::string mask;
            for (std::size_t i : rest) {
                const sv e = pe[i];
                mask.assign(attrs.size(), '1');
                if (state_of(e) == encoded_state::unknown || !objects) {
                    plain[i] = state_of(e) == encoded_state::unknown && is_plain_unknown(e);
                } else if (o.parse(e)) {
                    plain[i] = 1;
                    for (std::size_t k = 0; k < attrs.size(); ++k) {
                        const sv v = o.get(attrs[k].name);
                        if (!bytes_wholly_known(v)) {
                            if (!is_plain_unknown(v)) plain[i] = 0;
                            continue;
                        }
                        mask[k] = '0';
                        canonical(attrs[k].type, v, true, projection[i]);
                    }
                }
                groups[mask].push_back(i);
            }
            for (auto& [group_mask, members] : groups) {
                key_index found;
                found.keys.resize(ae.size());
                if (objects)
                    for (std::size_t j = 0; j < ae.size(); ++j) {
                        if (!o.parse(ae[j]) || o.status() != encoded_state::known) {
                            found.keys[j].assign("\xc1");  // matches no projection
                            continue;
                        }
                        for (std::size_t k = 0; k < attrs.size(); ++k)
                            if (group_mask[k] == '0')
                                canonical(attrs[k].type, o.get(attrs[k].name), true, found.keys[j]);
                    }
                found.build();
                for (std::size_t i : members) {
                    if (plain[i]) {
                        // Every element with this key correlates: marked once per key.
                        const std::size_t first = found.first(projection[i]);
                        if (first == sv::npos) continue;
                        pm[i] = 1;
                        if (found.done[first]) continue;
                        found.done[first] = 1;
                        found.each(projection[i], [&](std::size_t j) { am[j] = 1; });
                        continue;
                    }
                    found.each(projection[i], [&](std::size_t j) {
                        if (pm[i] && am[j]) return;
                        if (correlates(pe[i], ae[j])) pm[i] = am[j] = 1;
                    });
                }
            }
        }

        const bool was = in_set_;
        in_set_ = true;
        bool planned_missing = false;
        for (std::size_t i = 0; i < pe.size(); ++i) {
            if (pm[i]) continue;
            planned_missing = true;
            if (begin())
                add("planned set element " + show_element(pe[i]) + " does not correlate with any element in actual",
                    "apply must return the elements of " + name() +
                        " as planned: each returned element must be a planned one, with only what the plan left "
                        "unknown filled in",
                    {{"Planned element", show_element(pe[i])}});
        }
        if (!planned_missing)
            for (std::size_t j = 0; j < ae.size(); ++j)
                if (!am[j] && begin())
                    add("actual set element " + show_element(ae[j]) + " does not correlate with any element in plan",
                        "apply must return the elements of " + name() +
                            " as planned: it may not add elements or change what the plan knew",
                        {{"Actual element", show_element(ae[j])}});
        in_set_ = was;
    }
};

}  // namespace tfpp::detail::consistency
