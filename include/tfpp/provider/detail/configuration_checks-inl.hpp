// The configuration checks that need no model, compiled once.
// Compiled once from src/provider/configuration_checks.cpp, or inline in every file that includes
// <tfpp/provider/detail/configuration_checks.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>

namespace tfpp::detail {

TFPP_INLINE std::string deprecation_detail(std::string_view message, std::string_view what, std::string_view name) {
    if (!message.empty()) return std::string(message);
    return "The " + std::string(what) + " \"" + std::string(name) +
           "\" is deprecated and may be removed in a future version of the provider.";
}

TFPP_INLINE void check_attributes(const std::vector<attribute_schema>& attributes, const object_view& o, const attribute_path& at,
                      const configuration_checks& checks, context& ctx) {
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

TFPP_INLINE void check_configuration(const block_schema& block, std::string_view object, const attribute_path& at,
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
