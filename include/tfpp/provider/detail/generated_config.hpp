// The configuration Terraform writes for an object that exists (`terraform
// plan -generate-config-out`, `terraform query -generate-config-out`): made
// from its state on the encoded value and the runtime schema.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/plan/detail/planner.hpp>
#include <tfpp/schema/schema.hpp>

#include <string>
#include <string_view>

namespace tfpp::detail {

// What a configuration need not or cannot say: read-only and write-only
// attributes, and a value equal to the attribute's default (the plan
// restores it). A deprecated attribute stays: leaving it out would change the
// object, a warning does not.
inline bool left_out_of_config(const attribute_schema& a, std::string_view v) {
    if ((a.is_computed() && !a.is_optional()) || a.write_only) return true;
    return !a.default_bytes.empty() && v == a.default_bytes;
}

inline void write_config_object(const std::vector<attribute_schema>& attributes,
                                const std::vector<nested_block_schema>* blocks, std::string_view state,
                                msgpack_writer& w);

// A nested attribute's or block's value: each object in it, as configuration.
inline void write_config_nested(nesting mode, const std::vector<attribute_schema>& attributes,
                                const std::vector<nested_block_schema>* blocks, std::string_view v, msgpack_writer& w) {
    if (mode == nesting::single || mode == nesting::group) return write_config_object(attributes, blocks, v, w);
    value_parts parts;
    if (!split_value(v, parts) || (parts.kind != value_parts::shape::array && parts.kind != value_parts::shape::map))
        return w.raw(v);
    const auto n = static_cast<std::uint32_t>(parts.elements.size());
    if (parts.kind == value_parts::shape::map) w.map_header(n);
    else w.array_header(n);
    for (std::size_t i = 0; i < parts.elements.size(); ++i) {
        if (parts.kind == value_parts::shape::map) w.string(parts.keys[i]);
        write_config_object(attributes, blocks, parts.elements[i], w);
    }
}

inline void write_config_object(const std::vector<attribute_schema>& attributes,
                                const std::vector<nested_block_schema>* blocks, std::string_view state,
                                msgpack_writer& w) {
    object_view o;
    if (!o.parse(state) || !o.is_known()) return w.raw(state);
    w.map_header(static_cast<std::uint32_t>(o.size()));
    for (const auto& [name, value] : o.attributes()) {
        w.string(name);
        if (const attribute_schema* a = find_attribute(attributes, name)) {
            if (left_out_of_config(*a, value)) w.nil();
            else if (a->nested) write_config_nested(a->nested->mode, a->nested->attributes, nullptr, value, w);
            else w.raw(value);
        } else if (const nested_block_schema* b = blocks ? find_block(*blocks, name) : nullptr) {
            write_config_nested(b->mode, b->block.attributes, &b->block.blocks, value, w);
        } else {
            w.raw(value);
        }
    }
}

// tfpp's configuration for a state (encoded, of the schema's type).
inline std::string default_generated_config(const block_schema& schema, std::string_view state) {
    std::string out;
    msgpack_writer w(out);
    write_config_object(schema.attributes, &schema.blocks, state, w);
    return out;
}

}  // namespace tfpp::detail
