// The default planner, compiled once: it plans encoded values against a
// runtime schema, whatever the provider (tfpp/plan/detail/planner.hpp).
// Compiled once from src/plan/planner.cpp, or inline in every file that includes
// <tfpp/plan/detail/planner.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/plan/detail/planner.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::detail {

namespace planner_impl {  // the file's own helpers

// The members of an object: attributes, and blocks when the object is a block.
struct object_schema {
    const std::vector<attribute_schema>& attributes;
    const std::vector<nested_block_schema>* blocks;  // nullptr for nested attributes
};

// Whether proposed differs from prior in anything but write-only attributes:
// Core proposes their configured values, while state always holds null, so
// comparing bytes alone would plan a change on every run. Walks only into
// values whose bytes differ. (Sets cannot hold write-only attributes.)
bool differs_beyond_write_only(const object_schema& s, std::string_view prior, std::string_view proposed);

TFPP_INLINE bool nested_differs_beyond_write_only(nesting mode, const object_schema& s, std::string_view prior,
                                      std::string_view proposed) {
    if (prior == proposed) return false;
    if (mode == nesting::single || mode == nesting::group) return differs_beyond_write_only(s, prior, proposed);
    if (mode == nesting::set) return true;
    value_parts p, b;
    if (!split_value(prior, b) || !split_value(proposed, p) || p.kind != b.kind || p.keys != b.keys ||
        p.elements.size() != b.elements.size())
        return true;
    for (std::size_t i = 0; i < p.elements.size(); ++i)
        if (differs_beyond_write_only(s, b.elements[i], p.elements[i])) return true;
    return false;
}

TFPP_INLINE bool differs_beyond_write_only(const object_schema& s, std::string_view prior, std::string_view proposed) {
    if (prior == proposed) return false;
    object_view b, p;
    if (!b.parse(prior) || !p.parse(proposed) || !b.is_known() || !p.is_known() || b.size() != p.size()) return true;
    for (const auto& [name, value] : p.attributes()) {
        const std::string_view before = b.get(name);
        if (before == value) continue;
        if (const attribute_schema* a = find_attribute(s.attributes, name)) {
            if (a->write_only) continue;
            if (!a->nested || nested_differs_beyond_write_only(
                                  a->nested->mode, object_schema{a->nested->attributes, nullptr}, before, value))
                return true;
        } else if (const nested_block_schema* blk = s.blocks ? find_block(*s.blocks, name) : nullptr) {
            if (nested_differs_beyond_write_only(blk->mode, object_schema{blk->block.attributes, &blk->block.blocks},
                                                 before, value))
                return true;
        } else {
            return true;
        }
    }
    return false;
}

class planner {
public:
    planner(bool create, bool changed, diagnostics& diags) : create_(create), changed_(changed), diags_(diags) {}

    std::vector<attribute_path> requires_replace;

    // Plans one object. prior is the same object before (nil when it did not
    // exist: a create, or an element that is new). False on malformed input.
    bool object(const object_schema& s, std::string_view prior, std::string_view proposed, std::string_view config,
                msgpack_writer& out) {
        object_view p, c, before;
        if (!p.parse(proposed) || !c.parse(config) || !before.parse(prior)) return malformed();
        if (!p.is_known() || !c.is_known()) {
            out.raw(proposed);  // null or unknown as a whole: nothing to plan inside
            return true;
        }
        const bool existed = before.is_known();
        out.map_header(static_cast<std::uint32_t>(p.size()));
        for (const auto& [name, value] : p.attributes()) {
            out.string(name);
            path_.push(attribute_path::attribute(name));
            bool ok = true;
            if (const attribute_schema* a = find_attribute(s.attributes, name)) {
                ok = attribute(*a, existed, before.get(name), value, c.get(name), config, out);
            } else if (const nested_block_schema* b = s.blocks ? find_block(*s.blocks, name) : nullptr) {
                ok = block(*b, before.get(name), value, c.get(name), out);
            } else {
                out.raw(value);  // not in the schema: Core will say so; keep it as proposed
            }
            path_.pop();
            if (!ok) return false;
        }
        return true;
    }

private:
    // One attribute. existed: the object holding it existed before; prior is
    // its value then. config_object is the configuration of that object.
    bool attribute(const attribute_schema& a, bool existed, std::string_view prior, std::string_view proposed,
                   std::string_view config, std::string_view config_object, msgpack_writer& out) {
        const std::size_t start = out_size(out);
        if (a.write_only) {
            out.nil();  // never planned, never stored
        } else if (is_null_value(config) && !a.default_bytes.empty()) {
            out.raw(a.default_bytes);
        } else if (is_null_value(config) && a.default_from) {
            std::string value;
            if (!a.default_from(config_object, value, diags_)) return false;
            out.raw(value);
        } else if (a.is_computed() && is_null_value(config)) {
            // Core proposes the prior value (matched by index or key); with
            // match_by the planner found the prior element by identity.
            if (!changed_) out.raw(proposed);
            else if (a.use_state_for_unknown && existed) out.raw(prior);
            else if (a.use_non_null_state_for_unknown && existed && !is_null_value(prior)) out.raw(prior);
            else out.raw(unknown_value_bytes);
        } else if (a.nested && !is_null_value(config) && !is_unknown_value(config)) {
            if (!nested(a.nested->mode, object_schema{a.nested->attributes, nullptr}, a.match_keys, prior, proposed,
                        config, out))
                return false;
        } else {
            out.raw(proposed);
        }
        if (a.requires_replace || a.replace_if) note_replacement(a, prior, written_since(out, start));
        return true;
    }

    bool block(const nested_block_schema& b, std::string_view prior, std::string_view proposed, std::string_view config,
               msgpack_writer& out) {
        const std::size_t start = out_size(out);
        const nesting mode = b.mode == nesting::group ? nesting::single : b.mode;
        if (is_unknown_value(config) || is_null_value(config)) out.raw(proposed);
        else if (!nested(mode, object_schema{b.block.attributes, &b.block.blocks}, b.match_keys, prior, proposed,
                         config, out))
            return false;
        if (b.requires_replace && !create_ && written_since(out, start) != prior) note_replacement();
        return true;
    }

    // A value of nested objects: one, or a list, set or map of them.
    bool nested(nesting mode, const object_schema& s, const std::vector<std::string_view>& match_keys,
                std::string_view prior, std::string_view proposed, std::string_view config, msgpack_writer& out) {
        if (mode == nesting::single || mode == nesting::group) return object(s, prior, proposed, config, out);
        value_parts p, c, before;
        if (!split_value(proposed, p) || !split_value(config, c) || !split_value(prior, before)) return malformed();
        const bool map = mode == nesting::map;
        const auto expected = map ? value_parts::shape::map : value_parts::shape::array;
        if (p.kind != expected || c.kind != expected || p.elements.size() != c.elements.size()) {
            out.raw(proposed);  // null, unknown, or not built from this configuration: keep as proposed
            return true;
        }
        const std::uint32_t n = static_cast<std::uint32_t>(p.elements.size());
        if (map) out.map_header(n);
        else out.array_header(n);
        const prior_elements priors(before, match_keys);
        if (mode == nesting::set) return set_elements(s, priors, p, c, out);
        for (std::uint32_t i = 0; i < n; ++i) {
            std::string_view prior_element = null_bytes, config_element = c.elements[i];
            if (map) {
                out.string(p.keys[i]);
                path_.push(attribute_path::key(p.keys[i]));
                config_element = lookup(c, p.keys[i]);
                if (before.kind == value_parts::shape::map) prior_element = lookup(before, p.keys[i]);
            } else {
                path_.push(attribute_path::index(i));
                prior_element = priors.by_identity()         ? priors.find(p.elements[i])
                                : i < before.elements.size() ? before.elements[i]
                                                             : null_bytes;
            }
            const bool ok = object(s, prior_element, p.elements[i], config_element, out);
            path_.pop();
            if (!ok) return false;
        }
        return true;
    }

    static std::string_view lookup(const value_parts& m, std::string_view key) {
        const std::size_t i = find_key(m.keys, key);
        return i == sv::npos ? null_bytes : m.elements[i];
    }

    // Orders (key, value) pairs as pair's operator< does, comparing the keys
    // as string_views: the sorts below are the bulk of planning a large set,
    // and this keeps the comparison whatever else the file holds.
    struct by_key {
        template <class A, class B>
        bool operator()(const A& a, const B& b) const noexcept {
            const int c = std::string_view(a.first).compare(std::string_view(b.first));
            return c != 0 ? c < 0 : a.second < b.second;
        }
    };

    // The prior elements of a list or set, found by identity (tfpp::match_by)
    // or, without one, by being equal to the proposed element (Core builds a
    // set element from a prior one only when they agree everywhere).
    class prior_elements {
    public:
        prior_elements(const value_parts& before, const std::vector<std::string_view>& keys) : keys_(keys) {
            if (before.kind != value_parts::shape::array) return;
            index_.reserve(before.elements.size());
            for (std::string_view e : before.elements) index_.emplace_back(identity(e), e);
            std::sort(index_.begin(), index_.end(), by_key{});
        }
        [[nodiscard]] bool by_identity() const noexcept { return !keys_.empty(); }
        // The prior element for a proposed one, or nil.
        [[nodiscard]] std::string_view find(std::string_view proposed) const {
            const std::string key = identity(proposed);
            const auto it = std::lower_bound(index_.begin(), index_.end(),
                                             std::pair<std::string_view, std::string_view>(key, {}), by_key{});
            return it != index_.end() && it->first == key ? it->second : null_bytes;
        }

    private:
        [[nodiscard]] std::string identity(std::string_view element) const {
            if (keys_.empty()) return std::string(element);
            object_view o;
            std::string key;
            if (!o.parse(element) || !o.is_known()) return key;
            for (std::string_view name : keys_) {
                key.append(o.get(name));
                key.push_back('\0');
            }
            return key;
        }
        const std::vector<std::string_view>& keys_;
        std::vector<std::pair<std::string, std::string_view>> index_;
    };

    // Set elements have no address Terraform can name: changes inside one are
    // reported (for requires_replace) at the set itself.
    bool set_elements(const object_schema& s, const prior_elements& priors, const value_parts& p, const value_parts& c,
                      msgpack_writer& out) {
        // Which configuration element each proposed element was built from.
        std::vector<std::pair<std::string, std::size_t>> config_keys;
        config_keys.reserve(c.elements.size());
        for (std::size_t i = 0; i < c.elements.size(); ++i) config_keys.emplace_back(match_key(s, c.elements[i]), i);
        std::sort(config_keys.begin(), config_keys.end(), by_key{});
        std::vector<bool> used(c.elements.size());
        set_paths_.push_back(path_.steps().size());
        for (std::string_view element : p.elements) {
            const std::string key = match_key(s, element);
            auto it = std::lower_bound(config_keys.begin(), config_keys.end(),
                                       std::pair<std::string_view, std::size_t>(key, 0), by_key{});
            std::string_view config_element;
            bool found = false;
            for (; it != config_keys.end() && it->first == key; ++it) {
                if (used[it->second] || !compatible(s, c.elements[it->second], element)) continue;
                used[it->second] = true;
                config_element = c.elements[it->second];
                found = true;
                break;
            }
            bool ok = true;
            if (found) ok = object(s, priors.find(element), element, config_element, out);
            else out.raw(element);
            if (!ok) return false;
        }
        set_paths_.pop_back();
        return true;
    }

    // The bytes of an element's attributes that the configuration alone
    // decides (not computed, not nested): equal in a proposed element and
    // the configuration element it came from.
    static std::string match_key(const object_schema& s, std::string_view element) {
        object_view o;
        std::string key;
        if (!o.parse(element) || !o.is_known()) return key;
        for (const auto& [name, value] : o.attributes()) {
            const attribute_schema* a = find_attribute(s.attributes, name);
            if (!a || a->is_computed() || a->nested || a->write_only) continue;
            key.append(name).push_back('\0');
            key.append(value);
        }
        return key;
    }

    // Whether a proposed element can have been built from a configuration
    // element: equal, except where the configuration leaves a computed
    // attribute null (Core's validPriorFromConfig, seen from the other side).
    static bool compatible(const object_schema& s, std::string_view config, std::string_view proposed) {
        if (config == proposed) return true;
        object_view c, p;
        if (!c.parse(config) || !p.parse(proposed)) return false;
        if (!c.is_known() || !p.is_known()) return c.status() == p.status();
        for (const auto& [name, pv] : p.attributes()) {
            const std::string_view cv = c.get(name);
            if (cv == pv) continue;
            if (const attribute_schema* a = find_attribute(s.attributes, name)) {
                if (a->write_only || (a->is_computed() && is_null_value(cv))) continue;
                if (a->nested &&
                    nested_compatible(a->nested->mode, object_schema{a->nested->attributes, nullptr}, cv, pv))
                    continue;
                return false;
            }
            if (const nested_block_schema* b = s.blocks ? find_block(*s.blocks, name) : nullptr) {
                if (nested_compatible(b->mode, object_schema{b->block.attributes, &b->block.blocks}, cv, pv)) continue;
            }
            return false;
        }
        return true;
    }

    static bool nested_compatible(nesting mode, const object_schema& s, std::string_view config,
                                  std::string_view proposed) {
        if (mode == nesting::single || mode == nesting::group) return compatible(s, config, proposed);
        value_parts c, p;
        if (!split_value(config, c) || !split_value(proposed, p)) return false;
        if (c.kind != p.kind || c.elements.size() != p.elements.size()) return false;
        if (c.kind != value_parts::shape::array && c.kind != value_parts::shape::map) return config == proposed;
        if (mode == nesting::set) {  // small inner sets: any pairing will do
            std::vector<bool> used(c.elements.size());
            for (std::string_view pe : p.elements) {
                bool found = false;
                for (std::size_t i = 0; i < c.elements.size() && !found; ++i)
                    if (!used[i] && compatible(s, c.elements[i], pe)) used[i] = found = true;
                if (!found) return false;
            }
            return true;
        }
        for (std::size_t i = 0; i < p.elements.size(); ++i) {
            if (c.kind == value_parts::shape::map && c.keys[i] != p.keys[i]) return false;
            if (!compatible(s, c.elements[i], p.elements[i])) return false;
        }
        return true;
    }

    // requires_replace: the object is replaced when the planned value differs
    // from the prior one (an unknown differs), or, with requires_replace_if,
    // when its predicate says so. Inside a set the change is reported at the
    // set, the deepest path Terraform can address.
    void note_replacement(const attribute_schema& a, std::string_view prior, std::string_view planned) {
        if (create_ || planned == prior) return;
        if (!a.requires_replace && !a.replace_if(prior, planned, diags_)) return;
        note_replacement();
    }
    void note_replacement() {
        attribute_path p;
        const std::size_t depth = set_paths_.empty() ? path_.steps().size() : set_paths_.front();
        for (std::size_t i = 0; i < depth; ++i) p.push(path_.steps()[i]);
        if (std::find(requires_replace.begin(), requires_replace.end(), p) == requires_replace.end())
            requires_replace.push_back(std::move(p));
    }

    bool malformed() {
        diags_.error("Malformed value", "the MessagePack bytes of a value to plan are not valid", path_);
        return false;
    }

    static std::size_t out_size(const msgpack_writer& out) { return out.size(); }
    static std::string_view written_since(const msgpack_writer& out, std::size_t start) {
        return out.written_since(start);
    }

    bool create_;
    bool changed_;
    diagnostics& diags_;
    attribute_path path_;
    std::vector<std::size_t> set_paths_;  // path lengths of the sets being planned, outermost first
};

}  // namespace planner_impl
using namespace planner_impl;

TFPP_INLINE std::string merge_changed_attributes(std::string_view planned, std::string_view before, std::string_view after) {
    object_view p, b, a;
    if (!p.parse(planned) || !b.parse(before) || !a.parse(after) || !p.is_known() || !a.is_known())
        return std::string(after);
    std::string out;
    msgpack_writer w(out);
    w.map_header(static_cast<std::uint32_t>(p.size()));
    for (const auto& [name, value] : p.attributes()) {
        w.string(name);
        const std::string_view then = b.get(name), now = a.get(name);
        w.raw(then == now ? value : now);
    }
    return out;
}

TFPP_INLINE bool plan_resource_change(const block_schema& schema, std::string_view prior_bytes, std::string_view proposed_bytes,
                          std::string_view config_bytes, plan_result& out, diagnostics& diags) {
    out = {};
    if (!walkable_values(
            {{prior_bytes, "prior state"}, {proposed_bytes, "proposed new state"}, {config_bytes, "configuration"}},
            diags))
        return false;
    if (is_null_value(proposed_bytes)) {  // destroy: nothing to plan
        out.planned_state.assign(1, null_bytes[0]);  // GCC 12 -Wrestrict misreads assign(null_bytes) here
        return true;
    }
    if (is_unknown_value(proposed_bytes)) {
        out.planned_state.assign(proposed_bytes);
        return true;
    }
    const bool create = is_null_value(prior_bytes);
    const object_schema root{schema.attributes, &schema.blocks};
    const std::string_view config = is_null_value(config_bytes) ? null_bytes : config_bytes;
    const auto plan = [&](bool changed, diagnostics& d) {
        out.planned_state.clear();
        planner p(create, changed, d);
        msgpack_writer w(out.planned_state);
        if (!p.object(root, create ? null_bytes : prior_bytes, proposed_bytes, config, w)) return false;
        out.requires_replace = std::move(p.requires_replace);
        return true;
    };
    const bool changed = create || differs_beyond_write_only(root, prior_bytes, proposed_bytes);
    if (changed) return plan(true, diags);
    // A default can change what Core proposed unchanged (a value set to ""
    // then removed from the configuration): the object changes after all, so
    // its computed attributes are planned again, as the plugin framework does.
    diagnostics first;
    const bool ok = plan(false, first);
    if (ok && differs_beyond_write_only(root, prior_bytes, out.planned_state)) return plan(true, diags);
    diags.append(first);
    return ok;
}

}  // namespace tfpp::detail
