// Type-constraint JSON both ways, compiled once (tfpp/codec/detail/type_json.hpp).
// Compiled once from src/codec/type_json.cpp, or inline in every file that includes
// <tfpp/codec/detail/type_json.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/detail/type_json.hpp>
#include <tfpp/core/utf8.hpp>

#include <nlohmann/json.hpp>

namespace tfpp::detail {

class type_json_parser {
public:
    type_json_parser(diagnostics& diags, const attribute_path& where, unsigned max_depth)
        : diags_(diags), where_(where), max_depth_(max_depth) {}

    std::optional<type> parse(const nlohmann::json& j, unsigned depth = 0) {
        if (depth > max_depth_) return fail("the type nests deeper than " + std::to_string(max_depth_) + " levels");
        if (j.is_string()) {
            const auto& s = j.get_ref<const std::string&>();
            if (s == "string") return type::string();
            if (s == "number") return type::number();
            if (s == "bool") return type::boolean();
            if (s == "dynamic") return type::dynamic();
            return fail("invalid primitive type name " + tfpp::quoted(s));
        }
        if (!j.is_array() || j.empty() || !j[0].is_string()) return fail("a type must be a string or an array");
        const auto& k = j[0].get_ref<const std::string&>();
        if (k == "list" || k == "set" || k == "map") {
            if (j.size() != 2) return fail("a " + k + " type needs exactly one element type");
            auto e = parse(j[1], depth + 1);
            if (!e) return std::nullopt;
            return k == "list"  ? type::list(std::move(*e))
                   : k == "set" ? type::set(std::move(*e))
                                : type::map(std::move(*e));
        }
        if (k == "object") {
            if ((j.size() != 2 && j.size() != 3) || !(j[1].is_object() || j[1].is_null()))
                return fail("an object type needs an object of attribute types");
            std::vector<type::attribute> attrs;
            for (const auto& [name, aj] : j[1].items()) {
                auto at = parse(aj, depth + 1);
                if (!at) return std::nullopt;
                attrs.push_back({name, std::move(*at), false});
            }
            if (j.size() == 3 && !j[2].is_null()) {
                if (!j[2].is_array()) return fail("the optional attributes of an object type must be an array");
                for (const auto& o : j[2]) {
                    if (!o.is_string()) return fail("an optional attribute name must be a string");
                    auto it = std::find_if(attrs.begin(), attrs.end(), [&](const type::attribute& a) {
                        return a.name == o.get_ref<const std::string&>();
                    });
                    if (it == attrs.end())
                        return fail("optional attribute " + tfpp::quoted(o.get_ref<const std::string&>()) + " is not an attribute");
                    it->optional = true;
                }
            }
            return type::object(std::move(attrs));  // JSON objects cannot repeat keys after parsing
        }
        if (k == "tuple") {
            if (j.size() != 2 || !(j[1].is_array() || j[1].is_null()))
                return fail("a tuple type needs an array of element types");
            std::vector<type> elems;
            for (const auto& ej : j[1]) {
                auto et = parse(ej, depth + 1);
                if (!et) return std::nullopt;
                elems.push_back(std::move(*et));
            }
            return type::tuple(std::move(elems));
        }
        return fail("invalid complex type kind " + tfpp::quoted(k));
    }

private:
    std::optional<type> fail(std::string detail) {
        diags_.error("Invalid type", std::move(detail), where_);
        return std::nullopt;
    }
    diagnostics& diags_;
    const attribute_path& where_;
    unsigned max_depth_;
};

TFPP_INLINE void append_type_json(std::string& out, const type& t) {
    switch (t.which()) {
    case type::kind::string: out += "\"string\""; return;
    case type::kind::number: out += "\"number\""; return;
    case type::kind::boolean: out += "\"bool\""; return;
    case type::kind::dynamic: out += "\"dynamic\""; return;
    case type::kind::list:
    case type::kind::set:
    case type::kind::map:
        out += t.which() == type::kind::list ? "[\"list\"," : t.which() == type::kind::set ? "[\"set\"," : "[\"map\",";
        append_type_json(out, t.element());
        out += ']';
        return;
    case type::kind::object: {
        out += "[\"object\",{";
        bool first = true, any_optional = false;
        for (const auto& a : t.attributes()) {
            if (!first) out += ',';
            first = false;
            append_json_string(out, a.name);
            out += ':';
            append_type_json(out, a.type);
            any_optional = any_optional || a.optional;
        }
        out += '}';
        if (any_optional) {
            out += ",[";
            first = true;
            for (const auto& a : t.attributes()) {
                if (!a.optional) continue;
                if (!first) out += ',';
                first = false;
                append_json_string(out, a.name);
            }
            out += ']';
        }
        out += ']';
        return;
    }
    case type::kind::tuple: {
        out += "[\"tuple\",[";
        bool first = true;
        for (const auto& e : t.elements()) {
            if (!first) out += ',';
            first = false;
            append_type_json(out, e);
        }
        out += "]]";
        return;
    }
    }
}

TFPP_INLINE void append_json_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        switch (c) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        case '\b': out += "\\b"; continue;  // Go 1.22 and later
        case '\f': out += "\\f"; continue;
        case '<':
        case '>':
        case '&':
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
            continue;
        default: break;
        }
        if (c < 0x20) {
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (c == 0xe2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                   (static_cast<unsigned char>(s[i + 2]) == 0xa8 || static_cast<unsigned char>(s[i + 2]) == 0xa9)) {
            out += static_cast<unsigned char>(s[i + 2]) == 0xa8 ? "\\u2028" : "\\u2029";
            i += 2;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += '"';
}

TFPP_INLINE std::optional<type> read_type_json(std::string_view text, diagnostics& diags, const attribute_path& where,
                                   unsigned max_depth) {
    // nlohmann's parser recurses; a depth bomb is cut off before it runs.
    unsigned depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    if (deepest > 2 * max_depth + 2) {
        diags.error("Invalid type", "the type nests deeper than " + std::to_string(max_depth) + " levels", where);
        return std::nullopt;
    }
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        diags.error("Invalid type", "the type constraint is not valid JSON", where);
        return std::nullopt;
    }
    return type_json_parser(diags, where, max_depth).parse(j);
}

}  // namespace tfpp::detail
