// The configuration checks that need no model, compiled once.
// Compiled once from src/provider/configuration_checks.cpp, or inline in every file that includes
// <tfpp/provider/detail/configuration_checks.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/msgpack.hpp>
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

namespace configuration_checks_impl {  // the file's own helpers

// The first unknown inside v, by path; false when v is wholly known.
TFPP_INLINE bool find_unknown(const dynamic& v, attribute_path& path) {
    if (v.is_unknown()) return true;
    if (!v.is_known()) return false;
    const type& t = v.type();
    if (t.is_object()) {
        const auto values = v.elements();
        const auto& attrs = t.attributes();
        for (std::size_t i = 0; i < values.size() && i < attrs.size(); ++i) {
            path.push(attribute_path::attribute(attrs[i].name));
            if (find_unknown(values[i], path)) return true;
            path.pop();
        }
    } else if (t.which() == type::kind::map) {
        for (const auto& [key, e] : v.entries()) {
            path.push(attribute_path::key(key));
            if (find_unknown(e, path)) return true;
            path.pop();
        }
    } else if (t.which() == type::kind::list || t.which() == type::kind::set || t.is_tuple()) {
        const bool set = t.which() == type::kind::set;
        std::int64_t i = 0;
        for (const dynamic& e : v.elements()) {
            // Set elements have no index Terraform can show: the set itself is named.
            if (!set) path.push(attribute_path::index(i++));
            if (find_unknown(e, path)) return true;
            if (!set) path.pop();
        }
    }
    return false;
}

}  // namespace configuration_checks_impl
using namespace configuration_checks_impl;

TFPP_INLINE bool check_request_value(std::string_view bytes, const type& t, std::string_view what, unknowns policy,
                         const attribute_path& at, context& ctx) {
    dynamic value;
    diagnostics found;
    if (!decode_msgpack(bytes.empty() ? null_bytes : bytes, t, value, found)) {
        for (const diagnostic& d : found) {
            attribute_path path = at;
            for (const auto& step : d.path.steps()) path.push(step);
            ctx.error(d.summary, std::string(what) + ": " + d.detail, path);
        }
        return false;
    }
    attribute_path path = at;
    if (policy == unknowns::allowed || !find_unknown(value, path)) return true;
    ctx.error("Unknown value not allowed",
              std::string(what) + " holds a value that is not known yet" +
                  (path.empty() ? std::string() : " at " + path.to_string()) +
                  "; this operation needs every value known (Terraform sends it only once they are).",
              path);
    return false;
}

TFPP_INLINE type identity_type(const identity_schema& id) {
    std::vector<type::attribute> attributes;
    attributes.reserve(id.attributes.size());
    for (const identity_attribute_schema& a : id.attributes) attributes.push_back({std::string(a.name), a.type, false});
    return type::object(std::move(attributes));
}

namespace configuration_checks_impl {  // the file's own helpers

TFPP_INLINE bool holds_write_only(const attribute_schema& a) {
    if (a.write_only) return true;
    if (!a.nested) return false;
    for (const attribute_schema& inner : a.nested->attributes)
        if (holds_write_only(inner)) return true;
    return false;
}

TFPP_INLINE bool block_holds_write_only(const block_schema& block) {
    for (const attribute_schema& a : block.attributes)
        if (holds_write_only(a)) return true;
    for (const nested_block_schema& b : block.blocks)
        if (block_holds_write_only(b.block)) return true;
    return false;
}

TFPP_INLINE void write_only_values_in(const block_schema& block, std::string_view object, const attribute_path& at,
                          context& ctx) {
    if (!block_holds_write_only(block)) return;
    object_view o;
    if (!o.parse(object) || !o.is_known()) return;
    for (const attribute_schema& a : block.attributes)
        if (holds_write_only(a))
            check_request_value(o.get(a.name), a.type, "the configuration", unknowns::allowed,
                                at.then_attribute(a.name), ctx);
    for (const nested_block_schema& b : block.blocks) {
        const std::string_view v = o.get(b.name);
        if (is_null_value(v) || is_unknown_value(v)) continue;
        for_each_nested(v, b.mode, at.then_attribute(b.name),
                        [&](std::string_view e, const attribute_path& p) { write_only_values_in(b.block, e, p, ctx); });
    }
}

}  // namespace configuration_checks_impl
using namespace configuration_checks_impl;

TFPP_INLINE void check_write_only_values(const block_schema& block, std::string_view config, context& ctx) {
    write_only_values_in(block, config, {}, ctx);
}

}  // namespace tfpp::detail
