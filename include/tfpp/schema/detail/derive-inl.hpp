// Runtime schemas built from the compile-time field tables, compiled once.
// Compiled once from src/schema/derive.cpp, or inline in every file that includes
// <tfpp/schema/detail/derive.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/schema/detail/derive.hpp>

namespace tfpp::detail {

TFPP_INLINE attribute_schema attribute_from(const schema_field& f) {
    attribute_schema a;
    a.name = f.name;
    a.type = f.value_type();
    a.role = f.role;
    a.sensitive = f.sensitive;
    a.write_only = f.write_only;
    a.requires_replace = f.requires_replace;
    a.use_state_for_unknown = f.use_state_for_unknown;
    a.use_non_null_state_for_unknown = f.use_non_null_state_for_unknown;
    a.match_keys.assign(f.match_keys, f.match_keys + f.match_count);
    a.deprecated = f.deprecated;
    a.deprecation_message = f.documentation.deprecated;
    if (f.constraints) a.constraints = f.constraints();
    apply_doc(a, f.documentation);
    if (f.nested) {
        auto nested = std::make_shared<nested_attributes>();
        nested->mode = f.mode;
        nested->attributes = f.nested();
        a.nested = std::move(nested);
    }
    return a;
}

TFPP_INLINE nested_block_schema nested_block_from(const schema_field& f) {
    nested_block_schema b;
    b.name = f.name;
    b.mode = f.mode;
    b.requires_replace = f.requires_replace;
    b.match_keys.assign(f.match_keys, f.match_keys + f.match_count);
    b.min_items = f.min_items;
    b.max_items = f.max_items;
    if (f.constraints) b.constraints = f.constraints();
    b.block = f.block();
    apply_doc(b.block, f.documentation);
    b.block.deprecated = f.deprecated;
    b.block.deprecation_message = f.documentation.deprecated;
    return b;
}

TFPP_INLINE std::vector<attribute_schema> attributes_from(const schema_field* fields, std::size_t n) {
    std::vector<attribute_schema> out;
    for (std::size_t i = 0; i < n; ++i)
        if (!fields[i].is_block) out.push_back(attribute_from(fields[i]));
    return out;
}

TFPP_INLINE block_schema block_from(const schema_field* fields, std::size_t n, type value_type) {
    block_schema block;
    block.attributes = attributes_from(fields, n);
    for (std::size_t i = 0; i < n; ++i)
        if (fields[i].is_block) block.blocks.push_back(nested_block_from(fields[i]));
    block.value_type = std::move(value_type);
    return block;
}

}  // namespace tfpp::detail
