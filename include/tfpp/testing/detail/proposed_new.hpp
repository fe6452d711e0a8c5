// The proposed new state, as Terraform core computes it before it calls
// PlanResourceChange (objchange.ProposedNew): the configuration, with the
// prior value kept wherever a computed attribute is left null in the
// configuration. Nested attributes and blocks are merged element by element:
// lists by index, maps by key, set elements by matching a prior element whose
// non-computed values equal the configuration element (computed attributes
// nulled at any depth, as Core's heuristic does). Write-only attributes are
// proposed with their configured values, as Core does; the planner nulls them.
//
// It works on the encoded values over the runtime schema, like the planner
// (plan/plan.hpp), so it serves any provider without knowing its C++ types.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/dynamic.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

using tfpp::detail::is_null_value;
using tfpp::detail::is_unknown_value;
using tfpp::detail::msgpack_writer;
using tfpp::detail::null_bytes;
using tfpp::detail::object_view;
using tfpp::detail::split_value;
using tfpp::detail::value_parts;

class proposed_new_builder {
public:
    // Whether a set of nested objects was rebuilt: its elements must be put
    // back in canonical order before the bytes are compared with anything.
    bool rebuilt_set = false;
    bool malformed = false;

    // ProposedNew for one block object (the resource itself or one element
    // of a nested block).
    void block(const block_schema& s, std::string_view prior, std::string_view config, msgpack_writer& out) {
        if (is_null_value(config) && is_null_value(prior)) return out.nil();
        if (is_null_value(config) || is_unknown_value(config)) {
            // Core takes the prior value (an empty block when there was none).
            if (is_null_value(prior)) return empty_block(s, out);
            return out.raw(prior);
        }
        object_view p, c;
        if (!p.parse(prior) || !c.parse(config)) return fail(out);
        out.map_header(static_cast<std::uint32_t>(c.size()));
        for (const auto& [name, config_value] : c.attributes()) {
            out.string(name);
            const std::string_view prior_value = p.is_known() ? p.get(name) : null_bytes;
            if (const attribute_schema* a = s.find(name)) attribute(*a, prior_value, config_value, out);
            else if (const nested_block_schema* b = s.find_block(name))
                nested_block(*b, prior_value, config_value, out);
            else out.raw(config_value);  // not in the schema: the checker will say so
        }
    }

private:
    void fail(msgpack_writer& out) {
        malformed = true;
        out.nil();
    }

    // A block with every attribute null and no nested blocks: what decoding
    // an empty configuration block gives.
    static void empty_block(const block_schema& s, msgpack_writer& out) {
        const auto attrs = s.value_type.attributes();
        out.map_header(static_cast<std::uint32_t>(attrs.size()));
        for (const auto& a : attrs) {
            out.string(a.name);
            const nested_block_schema* b = s.find_block(a.name);
            if (!b) {
                out.nil();
                continue;
            }
            switch (b->mode) {
            case nesting::list:
            case nesting::set: out.array_header(0); break;
            case nesting::map: out.map_header(0); break;
            case nesting::group: empty_block(b->block, out); break;
            case nesting::single: out.nil(); break;
            }
        }
    }

    void attribute(const attribute_schema& a, std::string_view prior, std::string_view config, msgpack_writer& out) {
        // Optional+computed counts as computed only when the configuration leaves it null.
        if (a.is_computed() && is_null_value(config)) return out.raw(prior);
        if (a.nested && !is_unknown_value(config)) return nested_attribute(*a.nested, prior, config, out);
        out.raw(config);
    }

    // The attributes of one nested-attribute object.
    void attributes(const std::vector<attribute_schema>& attrs, std::string_view prior, std::string_view config,
                    msgpack_writer& out) {
        object_view p, c;
        if (!p.parse(prior) || !c.parse(config)) return fail(out);
        if (!c.is_known()) return out.raw(config);
        out.map_header(static_cast<std::uint32_t>(c.size()));
        for (const auto& [name, config_value] : c.attributes()) {
            out.string(name);
            const std::string_view prior_value = p.is_known() ? p.get(name) : null_bytes;
            if (const attribute_schema* a = find(attrs, name)) attribute(*a, prior_value, config_value, out);
            else out.raw(config_value);
        }
    }

    static const attribute_schema* find(const std::vector<attribute_schema>& attrs, std::string_view name) {
        for (const auto& a : attrs)
            if (a.name == name) return &a;
        return nullptr;
    }

    void nested_attribute(const nested_attributes& n, std::string_view prior, std::string_view config,
                          msgpack_writer& out) {
        if (is_null_value(config)) return out.nil();
        if (n.mode == nesting::single || n.mode == nesting::group) return attributes(n.attributes, prior, config, out);
        value_parts p, c;
        if (!split_value(prior, p) || !split_value(config, c)) return fail(out);
        if (c.elements.empty()) return out.raw(config);
        const auto element = [&](std::string_view prior_element, std::string_view config_element) {
            attributes(n.attributes, prior_element, config_element, out);
        };
        if (n.mode == nesting::set) {
            // An element no prior element matches is taken from the configuration as it is.
            set_elements(
                c, p, [&](std::string_view e) { return computed_as_null(n.attributes, nullptr, e); }, element,
                [&](std::string_view config_element) { out.raw(config_element); }, out);
            return;
        }
        by_position(n.mode == nesting::map, p, c, element, out);
    }

    void nested_block(const nested_block_schema& b, std::string_view prior, std::string_view config,
                      msgpack_writer& out) {
        if (is_unknown_value(config)) return out.raw(config);  // a dynamic block over an unknown for_each
        switch (b.mode) {
        case nesting::single:
            if (is_null_value(config)) return out.nil();
            return block(b.block, prior, config, out);
        case nesting::group: return block(b.block, prior, config, out);
        case nesting::list:
        case nesting::map:
        case nesting::set: break;
        }
        value_parts p, c;
        if (!split_value(prior, p) || !split_value(config, c)) return fail(out);
        if (c.elements.empty()) return b.mode == nesting::map ? out.map_header(0) : out.array_header(0);
        const auto element = [&](std::string_view prior_element, std::string_view config_element) {
            block(b.block, prior_element, config_element, out);
        };
        if (b.mode == nesting::set) {
            set_elements(
                c, p, [&](std::string_view e) { return computed_as_null(b.block.attributes, &b.block.blocks, e); },
                element, [&](std::string_view config_element) { block(b.block, null_bytes, config_element, out); },
                out);
            return;
        }
        by_position(b.mode == nesting::map, p, c, element, out);
    }

    // Lists by index, maps by key; an element with no prior counterpart is
    // the configuration's as it is.
    template <class Element>
    void by_position(bool map, const value_parts& p, const value_parts& c, Element&& element, msgpack_writer& out) {
        const auto n = static_cast<std::uint32_t>(c.elements.size());
        map ? out.map_header(n) : out.array_header(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            std::string_view prior_element;
            bool has_prior = false;
            if (map) {
                out.string(c.keys[i]);
                for (std::size_t j = 0; j < p.keys.size() && !has_prior; ++j)
                    if (p.keys[j] == c.keys[i]) prior_element = p.elements[j], has_prior = true;
            } else if (i < p.elements.size()) {
                prior_element = p.elements[i];
                has_prior = true;
            }
            const std::string_view config_element = c.elements[i];
            if (!has_prior || is_null_value(config_element) || is_unknown_value(config_element))
                out.raw(config_element);
            else element(prior_element, config_element);
        }
    }

    // Set elements: each configuration element takes the first unused prior
    // element whose value, computed attributes nulled, equals it.
    template <class CompareValue, class Matched, class Unmatched>
    void set_elements(const value_parts& c, const value_parts& p, CompareValue&& compare_value, Matched&& matched,
                      Unmatched&& unmatched, msgpack_writer& out) {
        rebuilt_set = true;
        std::vector<std::string> compare;
        compare.reserve(p.elements.size());
        for (std::string_view e : p.elements) compare.push_back(compare_value(e));
        std::vector<bool> used(compare.size());
        out.array_header(static_cast<std::uint32_t>(c.elements.size()));
        for (std::string_view config_element : c.elements) {
            bool found = false;
            for (std::size_t i = 0; i < compare.size() && !found; ++i) {
                if (used[i] || compare[i] != config_element) continue;
                used[i] = found = true;
                matched(p.elements[i], config_element);
            }
            if (!found) unmatched(config_element);
        }
    }

    // The element with every computed attribute null, at any depth: what a
    // configuration element would be if it described the same object.
    std::string computed_as_null(const std::vector<attribute_schema>& attrs,
                                 const std::vector<nested_block_schema>* blocks, std::string_view element) {
        std::string out;
        msgpack_writer w(out);
        write_computed_as_null(attrs, blocks, element, w);
        return out;
    }

    void write_computed_as_null(const std::vector<attribute_schema>& attrs,
                                const std::vector<nested_block_schema>* blocks, std::string_view element,
                                msgpack_writer& out) {
        object_view o;
        if (!o.parse(element) || !o.is_known()) return out.raw(element);
        out.map_header(static_cast<std::uint32_t>(o.size()));
        for (const auto& [name, value] : o.attributes()) {
            out.string(name);
            if (is_null_value(value) || is_unknown_value(value)) {
                out.raw(value);
            } else if (const attribute_schema* a = find(attrs, name)) {
                if (a->is_computed()) out.nil();
                else if (a->nested)
                    nested_computed_as_null(a->nested->mode, a->nested->attributes, nullptr, value, out);
                else out.raw(value);
            } else if (const nested_block_schema* b = find_block(blocks, name)) {
                nested_computed_as_null(b->mode, b->block.attributes, &b->block.blocks, value, out);
            } else {
                out.raw(value);
            }
        }
    }

    static const nested_block_schema* find_block(const std::vector<nested_block_schema>* blocks,
                                                 std::string_view name) {
        if (blocks)
            for (const auto& b : *blocks)
                if (b.name == name) return &b;
        return nullptr;
    }

    void nested_computed_as_null(nesting mode, const std::vector<attribute_schema>& attrs,
                                 const std::vector<nested_block_schema>* blocks, std::string_view value,
                                 msgpack_writer& out) {
        if (mode == nesting::single || mode == nesting::group) return write_computed_as_null(attrs, blocks, value, out);
        value_parts parts;
        if (!split_value(value, parts) ||
            (parts.kind != value_parts::shape::array && parts.kind != value_parts::shape::map))
            return out.raw(value);
        const bool map = parts.kind == value_parts::shape::map;
        const auto n = static_cast<std::uint32_t>(parts.elements.size());
        map ? out.map_header(n) : out.array_header(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            if (map) out.string(parts.keys[i]);
            write_computed_as_null(attrs, blocks, parts.elements[i], out);
        }
    }
};

// The proposed new state of a resource from its encoded prior state (nil:
// none) and configuration. False (with a diagnostic) on malformed input.
inline bool proposed_new_state(const block_schema& schema, std::string_view prior, std::string_view config,
                               std::string& out, diagnostics& diags) {
    out.clear();
    proposed_new_builder b;
    {
        msgpack_writer w(out);
        b.block(schema, prior.empty() ? null_bytes : prior, config.empty() ? null_bytes : config, w);
    }
    if (b.malformed) {
        diags.error("Malformed value", "the prior state or the configuration is not a valid encoded object");
        return false;
    }
    if (b.rebuilt_set) {
        // go-cty keeps set elements in canonical order; a round trip through
        // dynamic puts the rebuilt sets back in that order.
        dynamic d;
        if (!decode_msgpack(out, schema.value_type, d, diags)) return false;
        out = to_msgpack(d, schema.value_type);
    }
    return true;
}

}  // namespace tfpp::testing::detail
