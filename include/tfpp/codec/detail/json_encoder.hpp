// C++ models and tfpp::dynamic values into JSON, byte for byte what go-cty's
// ctyjson writes. Unknown values have no JSON form.
#pragma once

#include <tfpp/codec/detail/json_tree.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/set.hpp>

#include <string>
#include <tuple>

namespace tfpp::detail {

// JSON writing: ctyjson's output, byte for byte. Unknown values have no JSON form.
class json_encoder {
public:
    json_encoder(std::string& out, diagnostics& diags) : out_(out), diags_(diags) {}

    template <class T>
    bool encode(const T& v) {
        if constexpr (is_schema_field<T>) {
            return encode(static_cast<const value<typename T::value_type>&>(v));
        } else if constexpr (is_value_v<T>) {
            if (v.is_unknown()) return unknown();
            if (v.is_null()) return out_ += "null", true;
            return encode(*v);
        } else if constexpr (is_optional_v<T>) {
            if (!v) return out_ += "null", true;
            return encode(*v);
        } else if constexpr (kind_of<T> == type_kind::dynamic) {
            return encode(v, type::dynamic());
        } else {
            return plain(v);
        }
    }

    bool encode(const dynamic& v, const type& constraint) {
        if (v.is_unknown()) return unknown();
        if (constraint.is_dynamic() && !v.type().is_dynamic()) {
            out_ += "{\"value\":";
            if (!encode(v, v.type())) return false;
            out_ += ",\"type\":";
            append_type_json(out_, v.type());
            out_ += '}';
            return true;
        }
        if (v.is_null()) return out_ += "null", true;
        const type& t = v.type();
        switch (t.which()) {
        case type::kind::string: return text(v.as_string());
        case type::kind::number: return number(v.as_number());
        case type::kind::boolean: out_ += v.as_bool() ? "true" : "false"; return true;
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            const auto es = v.elements();
            const auto ctys = constraint.is_tuple() ? constraint.elements() : t.elements();
            out_ += '[';
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (i) out_ += ',';
                path_.index(static_cast<std::int64_t>(i));
                const type& ct = t.is_tuple() ? (i < ctys.size() ? ctys[i] : es[i].type())
                                              : (constraint.is_collection() ? constraint.element() : t.element());
                if (!encode(es[i], ct)) return false;
                path_.pop();
            }
            out_ += ']';
            return true;
        }
        case type::kind::map: {
            const type& ct = constraint.is_collection() ? constraint.element() : t.element();
            out_ += '{';
            bool first = true;
            for (const auto& [k, e] : v.entries()) {
                if (!first) out_ += ',';
                first = false;
                if (!text(k)) return false;
                out_ += ':';
                path_.key(k);
                if (!encode(e, ct)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        }
        case type::kind::object: {
            const auto attrs = t.attributes();
            const auto cattrs = constraint.is_object() ? constraint.attributes() : attrs;
            const auto es = v.elements();
            out_ += '{';
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (i) out_ += ',';
                append_json_string(out_, attrs[i].name);
                out_ += ':';
                path_.attribute(attrs[i].name);
                if (!encode(es[i], i < cattrs.size() ? cattrs[i].type : attrs[i].type)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        }
        case type::kind::dynamic: out_ += "null"; return true;
        }
        return false;
    }

private:
    template <class T>
    bool plain(const T& v) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            return text(v);
        } else if constexpr (k == type_kind::boolean) {
            out_ += v ? "true" : "false";
            return true;
        } else if constexpr (k == type_kind::number) {
            return number(tfpp::number(v));
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            out_ += '[';
            std::int64_t i = 0;
            // As value_type: libc++ iterates a vector<bool> as bit proxies.
            auto one = [&](const typename T::value_type& e) {
                if (i) out_ += ',';
                path_.index(i++);
                if (!encode(e)) return false;
                path_.pop();
                return true;
            };
            if constexpr (k == type_kind::set && !iterates_canonically<T>) {
                for (const auto* e : canonical_set_order(v))
                    if (!one(*e)) return false;
            } else {
                for (const auto& e : v)
                    if (!one(e)) return false;
            }
            out_ += ']';
            return true;
        } else if constexpr (k == type_kind::map) {
            out_ += '{';
            bool first = true;
            for (const auto& [key, e] : v) {
                if (!first) out_ += ',';
                first = false;
                if (!text(key)) return false;
                out_ += ':';
                path_.key(key);
                if (!encode(e)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        } else if constexpr (k == type_kind::tuple) {
            out_ += '[';
            bool ok = true;
            std::int64_t i = 0;
            std::apply(
                [&](const auto&... e) {
                    ((ok = ok && ((i ? out_ += ',' : out_), path_.index(i++), encode(e)) && (path_.pop(), true)), ...);
                },
                v);
            out_ += ']';
            return ok;
        } else if constexpr (k == type_kind::object) {
            out_ += '{';
            bool ok = true;
            for_each_index<T>([&]<std::size_t J>() {
                constexpr std::size_t I = sorted_fields<T>[J];
                if (!ok) return;
                if (J) out_ += ',';
                append_json_string(out_, field_name<T, I>());
                out_ += ':';
                path_.attribute(field_name<T, I>());
                ok = encode(get<I>(v));
                if (ok) path_.pop();
            });
            out_ += '}';
            return ok;
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    // A string of the value (not a name tfpp writes): Terraform takes only
    // Unicode text.
    bool text(std::string_view s) {
        if (valid_utf8(s)) return append_json_string(out_, s), true;
        const attribute_path at = path_.materialize();
        diags_.error("Invalid UTF-8",
                     "a string" + (at.empty() ? std::string() : " at " + at.to_string()) +
                         " is not valid UTF-8; Terraform takes only Unicode text",
                     at);
        return false;
    }
    bool number(const tfpp::number& n) {
        if (n.is_infinite()) {
            diags_.error("Invalid value", "infinity cannot be written as JSON", path_.materialize());
            return false;
        }
        out_ += n.to_string();
        return true;
    }
    bool unknown() {
        diags_.error("Invalid value", "an unknown value cannot be written as JSON", path_.materialize());
        return false;
    }

    std::string& out_;
    diagnostics& diags_;
    path_stack path_;
};

}  // namespace tfpp::detail
