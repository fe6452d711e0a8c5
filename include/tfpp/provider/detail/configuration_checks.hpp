// Checks on what a configuration sets, made on its encoded value and the
// runtime schema before any model is decoded: deprecation warnings,
// write-only attributes refused for a client that cannot take them, and
// read-only ones in a configuration the provider generated.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/schema.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

struct configuration_checks {
    bool write_only_allowed = true;
    // A configuration the provider generated: read-only values are errors
    // (Terraform has not checked it), deprecations are Terraform's to warn of.
    bool generated = false;
};

// Calls f(element, path) for each element of a nested collection. Set
// elements have no index Terraform can show, so their findings point at the
// set itself.
template <class F>
void for_each_nested(std::string_view collection, nesting mode, const attribute_path& path, F&& f) {
    if (mode == nesting::single || mode == nesting::group) return f(collection, path);
    value_parts parts;
    if (!split_value(collection, parts)) return;
    for (std::size_t i = 0; i < parts.elements.size(); ++i) {
        if (mode == nesting::set) f(parts.elements[i], path);
        else if (parts.kind == value_parts::shape::map) f(parts.elements[i], path.then_key(parts.keys[i]));
        else f(parts.elements[i], path.then_index(static_cast<std::int64_t>(i)));
    }
}

inline std::string deprecation_detail(std::string_view message, std::string_view what, std::string_view name) {
    if (!message.empty()) return std::string(message);
    return "The " + std::string(what) + " \"" + std::string(name) +
           "\" is deprecated and may be removed in a future version of the provider.";
}

// A value counts as set when it is known and not null: an unknown one is
// checked again once it is known, so it is not reported twice.
inline void check_attributes(const std::vector<attribute_schema>& attributes, const object_view& o,
                             const attribute_path& at, const configuration_checks& checks, context& ctx) {
    for (const attribute_schema& a : attributes) {
        const std::string_view v = o.get(a.name);
        if (is_null_value(v) || is_unknown_value(v)) continue;
        const attribute_path path = at.then_attribute(a.name);
        if (checks.generated && a.is_computed() && !a.is_optional())
            ctx.error("Generated configuration sets a read-only attribute",
                      "\"" + std::string(a.name) +
                          "\" is computed by the provider; a configuration cannot set it. Leave it null in "
                          "generate_config.",
                      path);
        if (a.deprecated && !checks.generated)
            ctx.warning("Attribute Deprecated", deprecation_detail(a.deprecation_message, "attribute", a.name), path);
        if (a.write_only && !checks.write_only_allowed)
            ctx.error("Write-only attribute not supported",
                      "\"" + std::string(a.name) +
                          "\" is write-only, which this client does not support; it needs "
                          "Terraform or OpenTofu 1.11 or later",
                      path);
        if (a.nested)
            for_each_nested(v, a.nested->mode, path, [&](std::string_view e, const attribute_path& p) {
                object_view nested;
                if (nested.parse(e) && nested.is_known())
                    check_attributes(a.nested->attributes, nested, p, checks, ctx);
            });
    }
}

// Whether a value holds anything but nulls and empty collections.
inline bool sets_anything(std::string_view v) {
    value_parts parts;
    if (!split_value(v, parts)) return false;
    if (parts.kind == value_parts::shape::scalar || parts.kind == value_parts::shape::unknown) return true;
    for (std::string_view e : parts.elements)
        if (sets_anything(e)) return true;
    return false;
}

// Every attribute and block the configuration sets, at any depth.
inline void check_configuration(const block_schema& block, std::string_view object, const attribute_path& at,
                                const configuration_checks& checks, context& ctx) {
    object_view o;
    if (!o.parse(object) || !o.is_known()) return;
    check_attributes(block.attributes, o, at, checks, ctx);
    for (const nested_block_schema& b : block.blocks) {
        const std::string_view v = o.get(b.name);
        if (is_null_value(v) || is_unknown_value(v)) continue;
        const attribute_path path = at.then_attribute(b.name);
        bool present = false;
        for_each_nested(v, b.mode, path, [&](std::string_view e, const attribute_path& p) {
            present = true;
            check_configuration(b.block, e, p, checks, ctx);
        });
        if (b.mode == nesting::group) present = sets_anything(v);  // a group block is never null
        if (present && b.block.deprecated && !checks.generated)
            ctx.warning("Block Deprecated", deprecation_detail(b.block.deprecation_message, "block", b.name), path);
    }
}

}  // namespace tfpp::detail
