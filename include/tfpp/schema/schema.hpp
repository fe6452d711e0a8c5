// The schema of a model, derived from its fields and checked by the compiler:
// the struct is the schema. Attributes, nested attributes (a field whose type
// is a struct of attributes, or a vector, set or map of one) and blocks
// (tfpp::block, block_list, block_set, block_map, block_group) nest to any
// depth; every mistake stops the build with one `tfpp:` line.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/type.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tfpp {

struct nested_attributes;
struct nested_block_schema;

// One attribute, as Terraform sees it. (Every member has an initializer, so
// designated initializers compile cleanly under -Wextra.)
struct attribute_schema {
    std::string_view name{};
    tfpp::type type{};  // the type of its values (for nested attributes, the implied object type)
    attribute_role role = attribute_role::optional;
    bool sensitive = false;
    bool write_only = false;
    bool requires_replace = false;
    bool use_state_for_unknown = false;
    bool deprecated = false;
    std::string_view deprecation_message{};
    std::string_view description{};
    bool description_is_markdown = false;
    // Set when the attribute is a struct of attributes (protocol 6's nested_type).
    std::shared_ptr<const nested_attributes> nested{};

    // Planning beyond the flags above. The encoded default and the hooks that
    // decode values are filled in by the provider layer, which has the codecs.
    bool use_non_null_state_for_unknown = false;
    std::string default_bytes{};                 // tfpp::default_value, encoded; empty: none
    std::vector<std::string_view> match_keys{};  // tfpp::match_by (list and set nested attributes)
    // tfpp::requires_replace_if: whether the change from prior to planned replaces.
    bool (*replace_if)(std::string_view prior, std::string_view planned, diagnostics& diags) = nullptr;
    // tfpp::default_from: the default, from the encoded object that holds the
    // attribute in the configuration; false (with diagnostics) when it failed.
    bool (*default_from)(std::string_view config_object, std::string& out, diagnostics& diags) = nullptr;
    // What its validators and the rules that name it require, in plain
    // English ("at least 1 and at most 64 characters"), for documentation.
    std::vector<std::string> constraints{};

    [[nodiscard]] bool is_computed() const noexcept {
        return role == attribute_role::computed || role == attribute_role::optional_computed;
    }
    [[nodiscard]] bool is_required() const noexcept { return role == attribute_role::required; }
    [[nodiscard]] bool is_optional() const noexcept {
        return role == attribute_role::optional || role == attribute_role::optional_computed;
    }
};

// The attributes of a nested-attribute struct and how its values repeat.
struct nested_attributes {
    nesting mode = nesting::single;
    std::vector<attribute_schema> attributes{};  // sorted by name

    [[nodiscard]] const attribute_schema* find(std::string_view name) const noexcept {
        for (const auto& a : attributes)
            if (a.name == name) return &a;
        return nullptr;
    }
};

// The attributes and blocks of a resource, data source, provider
// configuration, or of one nested block.
struct block_schema {
    std::int64_t version = 0;                    // the schema version (top level only)
    std::vector<attribute_schema> attributes{};  // sorted by name, as go-cty orders object attributes
    std::vector<nested_block_schema> blocks;     // sorted by name (no initializer: the type is incomplete here)
    std::string_view description{};
    bool description_is_markdown = false;
    bool deprecated = false;
    std::string_view deprecation_message{};
    tfpp::type value_type = tfpp::type::object({});  // the object type of this block's values

    [[nodiscard]] const attribute_schema* find(std::string_view name) const noexcept {
        for (const auto& a : attributes)
            if (a.name == name) return &a;
        return nullptr;
    }
    [[nodiscard]] const nested_block_schema* find_block(std::string_view name) const noexcept;
    // Whether the path leads to an attribute, a block or an element inside
    // one (a key of a map, an index of a list or set).
    [[nodiscard]] bool contains(const attribute_path& path) const noexcept;
};

// A block type inside a block: `name { ... }`.
struct nested_block_schema {
    std::string_view name{};
    nesting mode = nesting::list;
    std::int64_t min_items = 0;
    std::int64_t max_items = 0;  // 0: no limit
    bool requires_replace = false;
    std::vector<std::string_view> match_keys{};  // tfpp::match_by (list and set blocks)
    std::vector<std::string> constraints{};      // what the rules that name it require
    block_schema block{};
};

inline bool block_schema::contains(const attribute_path& path) const noexcept {
    const tfpp::type* t = &value_type;
    for (const attribute_path::step& s : path.steps()) {
        switch (s.kind) {
        case attribute_path::step::kind::attribute: {
            const std::ptrdiff_t i = t->attribute_index(s.name);
            if (i < 0) return false;
            t = &t->attributes()[static_cast<std::size_t>(i)].type;
            break;
        }
        case attribute_path::step::kind::key:
            if (t->which() == type::kind::map) t = &t->element();
            else if (!t->is_dynamic()) return false;
            break;
        case attribute_path::step::kind::index:
            if (t->which() == type::kind::list || t->which() == type::kind::set) {
                t = &t->element();
            } else if (t->is_tuple()) {
                if (s.position < 0 || static_cast<std::size_t>(s.position) >= t->elements().size()) return false;
                t = &t->elements()[static_cast<std::size_t>(s.position)];
            } else if (!t->is_dynamic()) {
                return false;
            }
            break;
        }
        if (t->is_dynamic()) return true;  // any shape below a dynamic value
    }
    return true;
}

inline const nested_block_schema* block_schema::find_block(std::string_view name) const noexcept {
    for (const auto& b : blocks)
        if (b.name == name) return &b;
    return nullptr;
}

// A resource's identity: the attributes that name one remote object
// (Terraform 1.12+, import by identity).
struct identity_attribute_schema {
    std::string_view name{};
    tfpp::type type{};
    bool required_for_import = false;
    bool optional_for_import = false;
    std::string_view description{};
};
struct identity_schema {
    std::int64_t version = 0;
    std::vector<identity_attribute_schema> attributes{};  // sorted by name
};

}  // namespace tfpp
