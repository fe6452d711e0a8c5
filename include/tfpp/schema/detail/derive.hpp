// The runtime schema of a struct, derived from a constexpr table of its
// fields by functions shared by every struct (the code that builds schemas
// is then compiled once, in src/schema/derive.cpp, not once per field).
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/schema/detail/docs.hpp>
#include <tfpp/schema/detail/field.hpp>
#include <tfpp/schema/detail/shape.hpp>
#include <tfpp/schema/detail/validator_info.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/type_of.hpp>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace tfpp::detail {

template <class S>
block_schema derive_block();

template <class S>
std::vector<attribute_schema> derive_attributes();

// One field of a struct of attributes or blocks as the schema sees it:
// data made at compile time, turned into an attribute_schema or a
// nested_block_schema by functions shared by every struct (the code that
// builds schemas is then compiled once, not once per field).
struct schema_field {
    std::string_view name{};
    bool is_block = false;
    attribute_role role = attribute_role::optional;
    bool sensitive = false;
    bool write_only = false;
    bool requires_replace = false;
    bool use_state_for_unknown = false;
    bool use_non_null_state_for_unknown = false;
    bool deprecated = false;
    doc documentation{};
    const std::string_view* match_keys = nullptr;
    std::size_t match_count = 0;
    type (*value_type)() = nullptr;                       // attributes
    std::vector<attribute_schema> (*nested)() = nullptr;  // nested attributes: their attributes
    nesting mode = nesting::single;                       // of nested attributes or of the block
    std::int64_t min_items = 0;                           // blocks
    std::int64_t max_items = 0;
    block_schema (*block)() = nullptr;
    std::vector<std::string> (*constraints)() = nullptr;  // validators and rules, described
};

template <class S, std::size_t I>
consteval schema_field schema_field_of() {
    using F = field_t<S, I>;
    constexpr doc d = field_doc<S, I>();
    schema_field f;
    f.name = field_name<S, I>();
    f.documentation = d;
    f.requires_replace = F::template has<requires_replace>;
    f.deprecated = F::is_deprecated || !d.deprecated.empty();
    if constexpr (!std::is_void_v<typename F::match_option>) {
        f.match_keys = F::match_option::names.data();
        f.match_count = F::match_option::names.size();
    }
    if constexpr (may_have_constraints<S, F>) f.constraints = &field_constraints<S, I>;
    if constexpr (is_attribute<F>) {
        using T = typename F::value_type;
        f.role = F::role;
        f.sensitive = F::template has<sensitive>;
        f.write_only = F::template has<write_only>;
        f.use_state_for_unknown = F::template has<use_state_for_unknown>;
        f.use_non_null_state_for_unknown = F::template has<use_non_null_state_for_unknown>;
        f.value_type = &type_of<T>;
        constexpr nested_form form = nested_form_of<T>();
        if constexpr (form != nested_form::none) {
            f.nested = &derive_attributes<nested_struct_t<T>>;
            f.mode = form == nested_form::single ? nesting::single
                     : form == nested_form::list ? nesting::list
                     : form == nested_form::set  ? nesting::set
                                                 : nesting::map;
        }
    } else {
        f.is_block = true;
        f.mode = F::mode;
        if (F::mode == nesting::single) {
            f.min_items = f.max_items = F::min_items == 1 ? 1 : 0;
        } else {
            f.min_items = std::max<std::int64_t>(F::min_items, 0);
            f.max_items = std::max<std::int64_t>(F::max_items, 0);
        }
        f.block = &derive_block<typename F::element>;
    }
    return f;
}

// The attribute and block fields of S, sorted by name.
template <class S>
inline constexpr auto schema_fields = [] {
    constexpr std::size_t n = [] {
        std::size_t count = 0;
        for_each_index<S>([&]<std::size_t I>() {
            if constexpr (is_attribute<field_t<S, I>> || is_block<field_t<S, I>>) ++count;
        });
        return count;
    }();
    std::array<schema_field, n> out{};
    std::size_t at = 0;
    for_each_index<S>([&]<std::size_t J>() {
        constexpr std::size_t I = sorted_fields<S>[J];
        if constexpr (is_attribute<field_t<S, I>> || is_block<field_t<S, I>>) out[at++] = schema_field_of<S, I>();
    });
    return out;
}();

attribute_schema attribute_from(const schema_field& f);

nested_block_schema nested_block_from(const schema_field& f);

std::vector<attribute_schema> attributes_from(const schema_field* fields, std::size_t n);

block_schema block_from(const schema_field* fields, std::size_t n, type value_type);

// The attributes of S, sorted by name.
template <class S>
std::vector<attribute_schema> derive_attributes() {
    return attributes_from(schema_fields<S>.data(), schema_fields<S>.size());
}

template <class S>
block_schema derive_block() {
    return block_from(schema_fields<S>.data(), schema_fields<S>.size(), type_of<S>());
}

template <class S>
identity_schema derive_identity() {
    identity_schema id;
    for_each_index<S>([&]<std::size_t J>() {
        constexpr std::size_t I = sorted_fields<S>[J];
        using F = field_t<S, I>;
        constexpr doc d = field_doc<S, I>();
        identity_attribute_schema a;
        a.name = field_name<S, I>();
        a.type = type_of<typename F::value_type>();
        a.required_for_import = F::role == attribute_role::required;
        a.optional_for_import = F::role == attribute_role::optional;
        a.description = d.markdown.empty() ? d.description : d.markdown;
        id.attributes.push_back(std::move(a));
    });
    return id;
}

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/schema/detail/derive-inl.hpp>
#endif
