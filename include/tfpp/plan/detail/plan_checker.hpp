// The plan rules: a planned state against the prior state and the
// configuration, as Terraform core checks it after PlanResourceChange
// (hashicorp/terraform internal/plans/objchange/plan_valid.go, AssertPlanValid).
#pragma once

#include <tfpp/plan/detail/check_walk.hpp>

namespace tfpp::detail::consistency {

class plan_checker : public check_walk {
public:
    plan_checker(const consistency_options& o, diagnostics& d) : check_walk(check_kind::plan, o, d) {}

    // The planned state of a resource: its type, then AssertPlanValid.
    void plan(const block_schema& b, sv prior, sv config, sv planned) {
        if (!conforms(b.value_type, planned, "planned")) return;
        plan_block(b, prior, config, planned);
    }

private:
    void plan_block(const block_schema& b, sv prior, sv config, sv planned) {
        const encoded_state ps = state_of(planned), cs = state_of(config);
        if (ps == encoded_state::null && cs != encoded_state::null) {
            if (begin())
                add("planned for absence but config wants existence",
                    "the plan must keep what the configuration sets: do not set " + name() + " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(b.value_type, config, whole(b))}});
            return;
        }
        if (cs == encoded_state::null && ps != encoded_state::null) {
            if (begin())
                add("planned for existence but config wants absence",
                    "what the configuration leaves out must be planned null: do not set " + name() + " in modify_plan",
                    {{"Planned value", show(b.value_type, planned, whole(b))}, {"Configuration value", "null"}});
            return;
        }
        if (ps == encoded_state::null) return;
        object_view p, c, r;
        if (!p.parse(planned) || !c.parse(config) || !r.parse(prior)) return malformed();
        for (const attribute_schema& a : b.attributes) {
            step_guard g(*this, at_attribute{a.name});
            plan_value(a, r.get(a.name), c.get(a.name), p.get(a.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            step_guard g(*this, at_attribute{nb.name});
            plan_nested_block(b, nb, r.get(nb.name), c.get(nb.name), p.get(nb.name));
        }
    }

    void plan_attributes(const std::vector<attribute_schema>& attrs, sv prior, sv config, sv planned) {
        object_view p, c, r;
        if (!p.parse(planned) || !c.parse(config) || !r.parse(prior)) return malformed();
        for (const attribute_schema& a : attrs) {
            step_guard g(*this, at_attribute{a.name});
            plan_value(a, r.get(a.name), c.get(a.name), p.get(a.name));
        }
    }

    // assertPlannedValueValid, with Core's separate rule that write-only
    // attributes are planned null.
    void plan_value(const attribute_schema& a, sv prior, sv config, sv planned) {
        attribute_guard g(*this, a);
        const shape s = shape_of(a);
        const encoded_state ps = state_of(planned), cs = state_of(config), rs = state_of(prior);
        if (a.write_only) {
            if (ps != encoded_state::null && begin())
                add("planned value for write-only attribute is not null",
                    "write-only attributes are always planned null: do not set " + name() +
                        " in modify_plan (create and update find its value in their plan)",
                    {{"Planned value", show(a.type, planned, s)}});
            return;
        }
        if (equal(a.type, planned, config, false)) return;
        if (rs != encoded_state::null && cs != encoded_state::null && equal(a.type, planned, prior, false)) return;
        if (a.is_computed() && !a.is_optional()) return;
        if (cs == encoded_state::null && a.is_computed()) return;
        if (cs == encoded_state::null && ps != encoded_state::null) {
            if (begin())
                add(sensitive_ ? "sensitive planned value for a non-computed attribute"
                               : "planned value for a non-computed attribute",
                    "an attribute the configuration leaves null must be planned null unless it is computed: make " +
                        name() +
                        " tfpp::optional_computed if the provider chooses its value, or stop setting it in modify_plan",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", "null"}});
            return;
        }
        if (a.nested) return plan_nested_attribute(*a.nested, a, prior, config, planned);
        if (!begin()) return;
        const std::string fix =
            "a configured value must be planned exactly as configured, or as its prior value when "
            "the two are equivalent: do not change " +
            name() + " in modify_plan (to normalize it, plan the prior value)";
        if (rs == encoded_state::null)
            add(sensitive_ ? "sensitive planned value does not match config value"
                           : "planned value does not match config value",
                fix, {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
        else
            add(sensitive_ ? "sensitive planned value does not match config value nor prior value"
                           : "planned value does not match config value nor prior value",
                fix,
                {{"Planned value", show(a.type, planned, s)},
                 {"Configuration value", show(a.type, config, s)},
                 {"Prior value", show(a.type, prior, s)}});
    }

    // The length of a collection value as go-cty's Length() knows it: exact,
    // or (a set holding unknowns) a range, or unknown.
    struct length_range {
        bool known = false;
        std::int64_t lo = 0, hi = 0;
    };
    static length_range length_of(const type& t, sv b) {
        mp_token h;
        if (state_of(b) != encoded_state::known || !head(b, h) || (h.kind != mp_kind::array && h.kind != mp_kind::map))
            return {};
        const auto n = static_cast<std::int64_t>(h.count);
        if (t.which() == type::kind::set && n >= 2 && !bytes_wholly_known(b)) return {true, 1, n};
        return {true, n, n};
    }
    static std::string length_text(const length_range& l) {
        if (!l.known) return "unknown";
        if (l.lo == l.hi) return std::to_string(l.lo);
        return "between " + std::to_string(l.lo) + " and " + std::to_string(l.hi);
    }

    // assertPlannedObjectValid: a nested attribute's value.
    void plan_nested_attribute(const nested_attributes& n, const attribute_schema& a, sv prior, sv config, sv planned) {
        const encoded_state ps = state_of(planned), cs = state_of(config);
        const shape s = shape_of(a);
        if (ps == encoded_state::null && cs != encoded_state::null) {
            if (begin())
                add("planned for absence but config wants existence",
                    "the plan must keep what the configuration sets: do not set " + name() + " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(a.type, config, s)}});
            return;
        }
        if (cs == encoded_state::null && ps != encoded_state::null) {
            if (begin())
                add("planned for existence but config wants absence",
                    "a nested value the configuration leaves out must be planned null: do not set " + name() +
                        " in modify_plan, or make it tfpp::optional_computed",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", "null"}});
            return;
        }
        if (cs != encoded_state::null && ps == encoded_state::unknown) {
            if (begin())
                add("planned unknown for configured value",
                    "a configured nested value cannot be planned unknown as a whole: plan its computed attributes "
                    "unknown instead",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
            return;
        }
        if (ps == encoded_state::null) return;
        switch (n.mode) {
        case nesting::single:
        case nesting::group: return plan_attributes(n.attributes, prior, config, planned);
        case nesting::list: {
            std::vector<sv> pe, ce, re;
            if (!split_array(planned, pe)) return malformed();
            if (cs != encoded_state::known || !split_array(config, ce) || ce.size() != pe.size()) {
                if (begin())
                    add("count in plan (" + std::to_string(pe.size()) + ") disagrees with count in config (" +
                            (cs == encoded_state::known ? std::to_string(ce.size()) : std::string("unknown")) + ")",
                        "the plan must have exactly the elements the configuration has: do not add or remove "
                        "elements of " +
                            name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)},
                         {"Configuration value", show(a.type, config, s)}});
                return;
            }
            if (state_of(prior) == encoded_state::known) split_array(prior, re);
            for (std::size_t i = 0; i < pe.size(); ++i) {
                step_guard g(*this, at_index{i});
                plan_attributes(n.attributes, i < re.size() ? re[i] : null_bytes, ce[i], pe[i]);
            }
            return;
        }
        case nesting::map: {
            std::vector<sv> pk, pv, ck, cv, rk, rv;
            if (!split_map(planned, pk, pv)) return malformed();
            if (cs != encoded_state::known || !split_map(config, ck, cv) || ck.size() != pk.size()) {
                if (begin())
                    add("count in plan (" + std::to_string(pk.size()) + ") disagrees with count in config (" +
                            (cs == encoded_state::known ? std::to_string(ck.size()) : std::string("unknown")) + ")",
                        "the plan must have exactly the keys the configuration has: do not add or remove keys of " +
                            name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)},
                         {"Configuration value", show(a.type, config, s)}});
                return;
            }
            if (state_of(prior) == encoded_state::known) split_map(prior, rk, rv);
            for (std::size_t i = 0; i < pk.size(); ++i) {
                const std::size_t j = find_key(ck, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("map key \"" + std::string(pk[i]) + "\" from plan is not present in config",
                            "the plan must have exactly the keys the configuration has: do not add keys to " + name() +
                                " in modify_plan",
                            {});
                    continue;
                }
                const std::size_t k = find_key(rk, pk[i]);
                step_guard g(*this, at_key{pk[i]});
                plan_attributes(n.attributes, k == sv::npos ? null_bytes : rv[k], cv[j], pv[i]);
            }
            for (sv key : ck)
                if (find_key(pk, key) == sv::npos && begin())
                    add("map key \"" + std::string(key) + "\" from config is not present in plan",
                        "the plan must have exactly the keys the configuration has: do not remove keys of " + name() +
                            " in modify_plan",
                        {});
            return;
        }
        case nesting::set: {
            // Set elements cannot be correlated (Terraform trusts the
            // provider here): only the length is checked.
            const length_range pl = length_of(a.type, planned), cl = length_of(a.type, config);
            if (!pl.known || !cl.known || cl.lo != cl.hi) return;
            if (cl.lo < pl.lo || cl.lo > pl.hi) {
                if (begin())
                    add("count in plan (" + length_text(pl) + ") disagrees with count in config (" + length_text(cl) +
                            ")",
                        "the plan must have the elements the configuration has: do not add or remove elements of " +
                            name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)},
                         {"Configuration value", show(a.type, config, s)}});
            }
            return;
        }
        }
    }

    static const char* mode_word(nesting m) {
        switch (m) {
        case nesting::list: return "list";
        case nesting::set: return "set";
        case nesting::map: return "map";
        case nesting::group: return "group";
        default: return "single";
        }
    }

    // The nested-block part of assertPlanValid.
    void plan_nested_block(const block_schema& parent, const nested_block_schema& nb, sv prior, sv config, sv planned) {
        const encoded_state ps = state_of(planned), cs = state_of(config);
        const type t = block_value_type(parent, nb);
        const shape s = shape_of(nb);
        if (nb.mode != nesting::single && ps == encoded_state::null) {
            if (begin())
                add(std::string("attribute representing a ") + mode_word(nb.mode) +
                        " of nested blocks must be empty to indicate no blocks, not null",
                    "a block type without blocks is planned as an empty collection, not null: do not set " + name() +
                        " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(t, config, s)}});
            return;
        }
        if (equal(t, planned, config, true)) return;
        if (cs == encoded_state::unknown) {
            if (begin())
                add("planned value for unknown dynamic block",
                    "blocks generated from an unknown for_each must be planned as configured (unknown): leave " +
                        name() + " unchanged in modify_plan",
                    {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
            return;
        }
        if (ps == encoded_state::unknown) {
            if (begin())
                add("planned unknown value for non-computed block",
                    "blocks cannot be planned unknown: plan unknown values for the computed attributes inside " +
                        name() + " instead",
                    {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
            return;
        }
        switch (nb.mode) {
        case nesting::single:
        case nesting::group: return plan_block(nb.block, prior, config, planned);
        case nesting::list: {
            std::vector<sv> pe, ce, re;
            if (!split_array(planned, pe)) return malformed();
            if (cs == encoded_state::known && !split_array(config, ce)) return malformed();
            if (pe.size() != ce.size()) {
                if (begin())
                    add("block count in plan (" + std::to_string(pe.size()) + ") disagrees with count in config (" +
                            std::to_string(ce.size()) + ")",
                        "the plan must have exactly the blocks the configuration has: do not add or remove " + name() +
                            " blocks in modify_plan",
                        {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
                return;
            }
            if (state_of(prior) == encoded_state::known) split_array(prior, re);
            for (std::size_t i = 0; i < pe.size(); ++i) {
                step_guard g(*this, at_index{i});
                if (state_of(pe[i]) == encoded_state::unknown) {
                    element_unknown(nb, pe[i]);
                    continue;
                }
                plan_block(nb.block, i < re.size() ? re[i] : null_bytes, ce[i], pe[i]);
            }
            return;
        }
        case nesting::map: {
            std::vector<sv> pk, pv, ck, cv, rk, rv;
            if (!split_map(planned, pk, pv)) return malformed();
            if (cs == encoded_state::known && !split_map(config, ck, cv)) return malformed();
            if (pk.size() != ck.size()) {
                if (begin())
                    add("block count in plan (" + std::to_string(pk.size()) + ") disagrees with count in config (" +
                            std::to_string(ck.size()) + ")",
                        "the plan must have exactly the blocks the configuration has: do not add or remove " + name() +
                            " blocks in modify_plan",
                        {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
                return;
            }
            if (state_of(prior) == encoded_state::known) split_map(prior, rk, rv);
            for (std::size_t i = 0; i < pk.size(); ++i) {
                step_guard g(*this, at_key{pk[i]});
                if (state_of(pv[i]) == encoded_state::unknown) {
                    element_unknown(nb, pv[i]);
                    continue;
                }
                const std::size_t j = find_key(ck, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("block key \"" + std::string(pk[i]) + "\" from plan is not present in config",
                            "the plan must have exactly the blocks the configuration has: do not add " + name() +
                                " blocks in modify_plan",
                            {});
                    continue;
                }
                const std::size_t k = find_key(rk, pk[i]);
                plan_block(nb.block, k == sv::npos ? null_bytes : rv[k], cv[j], pv[i]);
            }
            for (sv key : ck)
                if (find_key(pk, key) == sv::npos && begin())
                    add("block key \"" + std::string(key) + "\" from config is not present in plan",
                        "the plan must have exactly the blocks the configuration has: do not remove " + name() +
                            " blocks in modify_plan",
                        {});
            return;
        }
        case nesting::set: {
            std::vector<sv> pe;
            if (!split_array(planned, pe)) return malformed();
            const bool was = in_set_;
            in_set_ = true;
            for (sv e : pe)
                if (state_of(e) == encoded_state::unknown) element_unknown(nb, e);
            in_set_ = was;
            return;
        }
        }
    }

    void element_unknown(const nested_block_schema& nb, sv element) {
        if (begin())
            add("element representing nested block must not be unknown itself; set nested attribute values to unknown "
                "instead",
                "a block cannot be planned unknown as a whole: plan unknown values for the attributes inside " +
                    name() + " instead",
                {{"Planned value", show(nb.block.value_type, element)}});
    }
};

}  // namespace tfpp::detail::consistency
