// A provider's schemas as `providers schema -json` prints them, compiled once
// (tfpp/codec/schema_json.hpp).
// Compiled once from src/codec/schema_json.cpp, or inline in every file that includes
// <tfpp/codec/schema_json.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/codec/schema_json.hpp>
#include <tfpp/core/header_only.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp {

namespace detail {

using schema_json_value = nlohmann::ordered_json;

TFPP_INLINE schema_json_value type_json_value(const type& t) { return schema_json_value::parse(to_type_json(t)); }

TFPP_INLINE std::string_view description_kind_name(std::string_view description, bool markdown) {
    // tfpp sends a description kind only with a description; the protocol's
    // default kind is plain.
    return !description.empty() && markdown ? "markdown" : "plain";
}

// Go map keys come out sorted (byte order); ordered_json keeps insertion order.
template <class Entry, class F>
schema_json_value sorted_json_map(std::vector<Entry> entries, F&& value_of) {
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return std::string_view(a.first) < std::string_view(b.first);
    });
    schema_json_value out = schema_json_value::object();
    for (const auto& [name, v] : entries) out[std::string(name)] = value_of(v);
    return out;
}

// jsonprovider.Attribute. Inside nested attributes (in_nested_type) OpenTofu
// does not carry the deprecation message over from the protocol.
TFPP_INLINE schema_json_value attribute_json(const attribute_schema& a, bool in_nested_type) {
    schema_json_value j = schema_json_value::object();
    if (!a.nested) j["type"] = type_json_value(a.type);  // nested attributes travel without a type
    if (a.nested) {
        schema_json_value nested = schema_json_value::object();
        if (!a.nested->attributes.empty()) {
            std::vector<std::pair<std::string_view, const attribute_schema*>> entries;
            for (const auto& inner : a.nested->attributes) entries.emplace_back(inner.name, &inner);
            nested["attributes"] =
                sorted_json_map(std::move(entries), [](const attribute_schema* x) { return attribute_json(*x, true); });
        }
        switch (a.nested->mode) {
        case nesting::list: nested["nesting_mode"] = "list"; break;
        case nesting::set: nested["nesting_mode"] = "set"; break;
        case nesting::map: nested["nesting_mode"] = "map"; break;
        default: nested["nesting_mode"] = "single"; break;
        }
        j["nested_type"] = std::move(nested);
    }
    if (!a.description.empty()) j["description"] = std::string(a.description);
    j["description_kind"] = std::string(description_kind_name(a.description, a.description_is_markdown));
    if (a.deprecated) j["deprecated"] = true;
    if (a.deprecated && !in_nested_type && !a.deprecation_message.empty())
        j["deprecation_message"] = std::string(a.deprecation_message);
    if (a.is_required()) j["required"] = true;
    if (a.is_optional()) j["optional"] = true;
    if (a.is_computed()) j["computed"] = true;
    if (a.sensitive) j["sensitive"] = true;
    if (a.write_only) j["write_only"] = true;
    return j;
}

TFPP_INLINE std::string_view nesting_name(nesting mode) {
    switch (mode) {
    case nesting::single: return "single";
    case nesting::list: return "list";
    case nesting::set: return "set";
    case nesting::map: return "map";
    case nesting::group: return "group";
    }
    return "invalid";
}

// jsonprovider.Block.
TFPP_INLINE schema_json_value block_json(const block_schema& b) {
    schema_json_value j = schema_json_value::object();
    if (!b.attributes.empty()) {
        std::vector<std::pair<std::string_view, const attribute_schema*>> entries;
        for (const auto& a : b.attributes) entries.emplace_back(a.name, &a);
        j["attributes"] =
            sorted_json_map(std::move(entries), [](const attribute_schema* a) { return attribute_json(*a, false); });
    }
    if (!b.blocks.empty()) {
        std::vector<std::pair<std::string_view, const nested_block_schema*>> entries;
        for (const auto& nb : b.blocks) entries.emplace_back(nb.name, &nb);
        j["block_types"] = sorted_json_map(std::move(entries), [](const nested_block_schema* nb) {
            schema_json_value t = schema_json_value::object();  // jsonprovider.BlockType
            t["nesting_mode"] = std::string(nesting_name(nb->mode));
            t["block"] = block_json(nb->block);
            if (nb->min_items > 0) t["min_items"] = static_cast<std::uint64_t>(nb->min_items);
            if (nb->max_items > 0) t["max_items"] = static_cast<std::uint64_t>(nb->max_items);
            return t;
        });
    }
    if (!b.description.empty()) j["description"] = std::string(b.description);
    j["description_kind"] = std::string(description_kind_name(b.description, b.description_is_markdown));
    if (b.deprecated) {
        j["deprecated"] = true;
        if (!b.deprecation_message.empty()) j["deprecation_message"] = std::string(b.deprecation_message);
    }
    return j;
}

// jsonprovider.Schema.
TFPP_INLINE schema_json_value versioned_block_json(const block_schema* b) {
    schema_json_value j = schema_json_value::object();
    j["version"] = b ? static_cast<std::uint64_t>(std::max<std::int64_t>(b->version, 0)) : 0u;
    if (b) j["block"] = block_json(*b);
    return j;
}

// jsonprovider.ResourceIdentitySchema.
TFPP_INLINE schema_json_value identity_json(const identity_schema& id) {
    schema_json_value j = schema_json_value::object();
    j["version"] = static_cast<std::uint64_t>(std::max<std::int64_t>(id.version, 0));
    if (!id.attributes.empty()) {
        std::vector<std::pair<std::string_view, const identity_attribute_schema*>> entries;
        for (const auto& a : id.attributes) entries.emplace_back(a.name, &a);
        j["attributes"] = sorted_json_map(std::move(entries), [](const identity_attribute_schema* a) {
            schema_json_value x = schema_json_value::object();
            x["type"] = type_json_value(a->type);
            if (!a->description.empty()) x["description"] = std::string(a->description);
            if (a->required_for_import) x["required_for_import"] = true;
            if (a->optional_for_import) x["optional_for_import"] = true;
            return x;
        });
    }
    return j;
}

// jsonprovider.FunctionParam: no description kind, null only when allowed.
TFPP_INLINE schema_json_value function_parameter_json(const function_parameter_schema& p) {
    schema_json_value j = schema_json_value::object();
    j["name"] = std::string(p.name);
    j["description"] = std::string(p.description);
    j["type"] = type_json_value(p.type);
    if (p.allow_null) j["is_nullable"] = true;
    return j;
}

// jsonprovider.Function: description and summary always, no deprecation.
TFPP_INLINE schema_json_value function_json(const function_schema& f) {
    schema_json_value j = schema_json_value::object();
    j["description"] = std::string(f.description);
    j["summary"] = std::string(f.summary);
    j["return_type"] = type_json_value(f.return_type);
    if (!f.parameters.empty()) {
        schema_json_value list = schema_json_value::array();
        for (const auto& p : f.parameters) list.push_back(function_parameter_json(p));
        j["parameters"] = std::move(list);
    }
    if (f.variadic) j["variadic_parameter"] = function_parameter_json(*f.variadic);
    return j;
}

// jsonprovider.Provider.
TFPP_INLINE schema_json_value provider_json(const provider_schemas& p) {
    schema_json_value j = schema_json_value::object();
    j["provider"] = versioned_block_json(p.provider);
    auto schema_map = [](const std::vector<std::pair<std::string_view, const block_schema*>>& list) {
        return sorted_json_map(list, [](const block_schema* b) { return versioned_block_json(b); });
    };
    if (!p.resources.empty()) j["resource_schemas"] = schema_map(p.resources);
    if (!p.data_sources.empty()) j["data_source_schemas"] = schema_map(p.data_sources);
    if (!p.ephemeral_resources.empty()) j["ephemeral_resource_schemas"] = schema_map(p.ephemeral_resources);
    if (!p.list_resources.empty()) j["list_resource_schemas"] = schema_map(p.list_resources);
    if (!p.functions.empty())
        j["functions"] = sorted_json_map(p.functions, [](const function_schema* f) { return function_json(*f); });
    std::vector<std::pair<std::string_view, const identity_schema*>> identities;
    for (const auto& entry : p.resource_identities)
        if (entry.second != nullptr) identities.push_back(entry);
    if (!identities.empty())
        j["resource_identity_schemas"] =
            sorted_json_map(std::move(identities), [](const identity_schema* id) { return identity_json(*id); });
    if (!p.actions.empty())
        j["action_schemas"] = sorted_json_map(p.actions, [](const block_schema* b) {
            schema_json_value a = schema_json_value::object();
            a["block"] = block_json(*b);
            return a;
        });
    if (!p.state_stores.empty()) j["state_store_schemas"] = schema_map(p.state_stores);
    return j;
}

// Compact JSON as Go's json.Marshal writes it. nlohmann writes the same
// escapes for quotes, backslashes and control characters (\b \f \n \r \t, the
// rest as lowercase \u00xx); Go also escapes <, > and & for HTML, and U+2028
// and U+2029 for JavaScript. Those bytes only occur inside strings, so they
// are replaced after the fact.
TFPP_INLINE std::string go_json(const schema_json_value& j) {
    const std::string raw = j.dump(-1, ' ', false, schema_json_value::error_handler_t::replace);
    std::string out;
    out.reserve(raw.size() + raw.size() / 16);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '<') out += "\\u003c";
        else if (c == '>') out += "\\u003e";
        else if (c == '&') out += "\\u0026";
        else if (c == '\xe2' && i + 2 < raw.size() && raw[i + 1] == '\x80' &&
                 (raw[i + 2] == '\xa8' || raw[i + 2] == '\xa9')) {
            out += raw[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace detail

// One schema as `providers schema -json` lists it: {"version":N,"block":{...}}.
TFPP_INLINE std::string schema_json(const block_schema& b) { return detail::go_json(detail::versioned_block_json(&b)); }

// The whole `providers schema -json` document for one provider (no trailing newline).
TFPP_INLINE std::string schema_json(const provider_schemas& p) {
    detail::schema_json_value doc = detail::schema_json_value::object();
    doc["format_version"] = "1.0";
    doc["provider_schemas"][p.address] = detail::provider_json(p);
    return detail::go_json(doc);
}

}  // namespace tfpp
