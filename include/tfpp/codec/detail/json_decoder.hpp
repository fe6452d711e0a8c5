// JSON into C++ models and into tfpp::dynamic values of a type constraint,
// as go-cty's ctyjson reads it.
#pragma once

#include <tfpp/codec/detail/json_tree.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/path_stack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/set.hpp>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

class json_decoder {
public:
    json_decoder(diagnostics& diags, extra_attributes extra) : diags_(diags), extra_(extra) {}

    // Typed models.
    template <class T>
    bool decode(const json_node& j, T& out) {
        if constexpr (is_schema_field<T>) {
            return decode(j, static_cast<value<typename T::value_type>&>(out));
        } else if constexpr (is_value_v<T>) {
            if (j.which == json_node::kind::null) return out.set_null(), true;
            return decode(j, out.emplace());
        } else if constexpr (is_optional_v<T>) {
            if (j.which == json_node::kind::null) return out.reset(), true;
            return decode(j, out.emplace());
        } else if constexpr (kind_of<T> == type_kind::dynamic) {
            return decode(j, type::dynamic(), out);
        } else {
            if (j.which == json_node::kind::null)
                return fail("Null value not allowed", "the provider's model cannot hold null here");
            return plain(j, out);
        }
    }

    // A dynamic value of a type constraint.
    bool decode(const json_node& j, const type& t, dynamic& out) {
        if (t.is_dynamic()) {
            if (j.which == json_node::kind::null) return out = dynamic(), true;
            if (j.which != json_node::kind::object)
                return fail("Incorrect value type", "a dynamic value must be an object with \"value\" and \"type\"");
            for (const auto& k : j.keys)
                if (k != "value" && k != "type")
                    return fail("Invalid value", "invalid key " + tfpp::quoted(k) + " in a dynamic value");
            const json_node* tj = j.member("type");
            const json_node* vj = j.member("value");
            if (!tj) return fail("Invalid value", "missing type in a dynamic value");
            if (!vj) return fail("Invalid value", "missing value in a dynamic value");
            std::string type_text;
            write_node(type_text, *tj);
            auto vt = parse_type_json(type_text, diags_, path_.materialize());
            if (!vt) return false;
            return decode(*vj, *vt, out);
        }
        if (j.which == json_node::kind::null) return out = dynamic::null(t), true;
        switch (t.which()) {
        case type::kind::string: {
            std::string s;
            if (!primitive_string(j, s)) return false;
            return out = dynamic(std::move(s)), true;
        }
        case type::kind::number: {
            tfpp::number n;
            if (!primitive_number(j, n)) return false;
            return out = dynamic(std::move(n)), true;
        }
        case type::kind::boolean: {
            bool b = false;
            if (!primitive_bool(j, b)) return false;
            return out = dynamic(b), true;
        }
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            if (j.which != json_node::kind::array)
                return fail("Incorrect value type", std::string("expected ") + (t.is_tuple() ? "a tuple" : "an array"));
            const auto tys = t.elements();
            if (t.is_tuple() && j.items.size() != tys.size())
                return fail("Incorrect value type", "expected a tuple of " + std::to_string(tys.size()) +
                                                        " elements, got " + std::to_string(j.items.size()));
            std::vector<dynamic> elements(j.items.size());
            for (std::size_t i = 0; i < j.items.size(); ++i) {
                path_.index(static_cast<std::int64_t>(i));
                if (!decode(j.items[i], t.is_tuple() ? tys[i] : t.element(), elements[i])) return false;
                path_.pop();
            }
            return build(
                [&] {
                    if (t.which() == type::kind::list) return dynamic::list(t.element(), std::move(elements));
                    if (t.which() == type::kind::set) return dynamic::set(t.element(), std::move(elements));
                    return dynamic::tuple(std::move(elements));
                },
                out);
        }
        case type::kind::map: {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            std::vector<dynamic> values(j.keys.size());
            for (std::size_t i = 0; i < j.keys.size(); ++i) {
                path_.key(j.keys[i]);
                if (!decode(j.items[i], t.element(), values[i])) return false;
                path_.pop();
            }
            std::vector<dynamic::entry> entries;  // a repeated key: the last one wins, as in go-cty
            for (std::size_t i : j.members_by_name()) entries.emplace_back(j.keys[i], std::move(values[i]));
            return build([&] { return dynamic::map(t.element(), std::move(entries)); }, out);
        }
        case type::kind::object: {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            const auto attrs = t.attributes();
            if (!extra_members(j, [&](std::string_view k) { return t.attribute_index(k) >= 0; })) return false;
            std::vector<dynamic> values(attrs.size());
            const std::vector<std::size_t> by_name = j.members_by_name();
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                path_.attribute(attrs[i].name);
                const json_node* m = j.member(by_name, attrs[i].name);
                if (!m) values[i] = dynamic::null(attrs[i].type);  // absent: null, as go-cty reads it
                else if (!decode(*m, attrs[i].type, values[i])) return false;
                path_.pop();
            }
            return build([&] { return dynamic::object(t, std::move(values)); }, out);
        }
        case type::kind::dynamic: break;
        }
        return false;
    }

private:
    template <class T>
    bool plain(const json_node& j, T& out) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            return primitive_string(j, out);
        } else if constexpr (k == type_kind::boolean) {
            return primitive_bool(j, out);
        } else if constexpr (k == type_kind::number) {
            tfpp::number n;
            if (!primitive_number(j, n)) return false;
            if constexpr (std::is_same_v<T, tfpp::number>) {
                out = std::move(n);
                return true;
            } else {
                const number_fit fit = fit_number(n, out);
                return fit == number_fit::ok || report_number_fit<T>(fit, diags_, path_.materialize());
            }
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            if (j.which != json_node::kind::array) return fail("Incorrect value type", "expected an array");
            using E = typename type_info<T>::element;
            std::vector<E> elements(j.items.size());
            for (std::size_t i = 0; i < j.items.size(); ++i) {
                path_.index(static_cast<std::int64_t>(i));
                if constexpr (std::is_same_v<E, bool>) {  // std::vector<bool> has no bool& to decode into
                    bool b = false;
                    if (!decode(j.items[i], b)) return false;
                    elements[i] = b;
                } else if (!decode(j.items[i], elements[i])) {
                    return false;
                }
                path_.pop();
            }
            if constexpr (std::is_same_v<T, std::vector<E>>) out = std::move(elements);
            else if constexpr (std::is_same_v<T, tfpp::set<E>>) out.assign(std::move(elements));
            else {
                out.clear();
                for (auto& e : elements) out.insert(std::move(e));
            }
            return true;
        } else if constexpr (k == type_kind::map) {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            out.clear();
            for (std::size_t i = 0; i < j.keys.size(); ++i) {
                path_.key(j.keys[i]);
                typename type_info<T>::element v{};
                if (!decode(j.items[i], v)) return false;
                out.insert_or_assign(j.keys[i], std::move(v));
                path_.pop();
            }
            return true;
        } else if constexpr (k == type_kind::tuple) {
            if (j.which != json_node::kind::array) return fail("Incorrect value type", "expected a tuple");
            if (j.items.size() != std::tuple_size_v<T>)
                return fail("Incorrect value type", "expected a tuple of " + std::to_string(std::tuple_size_v<T>) +
                                                        " elements, got " + std::to_string(j.items.size()));
            bool ok = true;
            std::size_t i = 0;
            std::apply(
                [&](auto&... e) {
                    ((ok = ok && (path_.index(static_cast<std::int64_t>(i)), decode(j.items[i++], e)) &&
                           (path_.pop(), true)),
                     ...);
                },
                out);
            return ok;
        } else if constexpr (k == type_kind::object) {
            // One decoding function per field type, and the loop compiled once.
            static constexpr auto field_decoders =
                with_indexes<field_count<T>()>([]<std::size_t... I>(std::index_sequence<I...>) {
                    return std::array<bool (*)(json_decoder&, const json_node&, void*), sizeof...(I)>{
                        &decode_field<field_codec_t<field_t<T, I>>>...};
                });
            const auto offsets = field_offsets(out);
            return object(j, &out, field_count<T>(), field_names<T>.data(), field_decoders.data(), offsets.data());
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    template <class F>
    static bool decode_field(json_decoder& d, const json_node& j, void* field) {
        return d.decode(j, *static_cast<F*>(field));
    }

    // The fields of a struct, in declaration order: absent ones are null.
    bool object(const json_node& j, void* out, std::size_t fields, const std::string_view* names,
                bool (*const* decode)(json_decoder&, const json_node&, void*), const std::size_t* offsets) {
        if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
        if (!extra_members(j, [&](std::string_view key) {
                for (std::size_t i = 0; i < fields; ++i)
                    if (names[i] == key) return true;
                return false;
            }))
            return false;
        static const json_node null_node;
        for (std::size_t i = 0; i < fields; ++i) {
            path_.attribute(names[i]);
            const json_node* m = j.member(names[i]);
            if (!decode[i](*this, m ? *m : null_node, field_at(out, offsets[i]))) return false;  // absent: null
            path_.pop();
        }
        return true;
    }

    template <class Known>
    bool extra_members(const json_node& j, Known known) {
        if (extra_ == extra_attributes::ignore) return true;
        for (const auto& k : j.keys) {
            if (known(k)) continue;
            path_.attribute(k);
            return fail("Unsupported attribute", "the schema does not define this attribute");
        }
        return true;
    }

    // go-cty converts between primitives when reading JSON: a string may be
    // written as a number or bool, a number or bool as a string.
    bool primitive_string(const json_node& j, std::string& out) {
        switch (j.which) {
        case json_node::kind::string:
        case json_node::kind::number: out = j.text; return true;
        case json_node::kind::boolean: out = j.boolean ? "true" : "false"; return true;
        default: return fail("Incorrect value type", "expected a string");
        }
    }
    bool primitive_number(const json_node& j, tfpp::number& out) {
        if (j.which != json_node::kind::number && j.which != json_node::kind::string)
            return fail("Incorrect value type", "expected a number");
        auto n = tfpp::number::parse(j.text);
        if (!n) return fail("Invalid value", "the string is not a number");
        out = std::move(*n);
        return true;
    }
    bool primitive_bool(const json_node& j, bool& out) {
        if (j.which == json_node::kind::boolean) return out = j.boolean, true;
        if (j.which == json_node::kind::string) {
            if (j.text == "true" || j.text == "1") return out = true, true;
            if (j.text == "false" || j.text == "0") return out = false, true;
        }
        return fail("Incorrect value type", "expected a bool");
    }

    template <class Make>
    bool build(Make make, dynamic& out) {
        try {
            out = make();
            return true;
        } catch (const std::invalid_argument& e) {
            return fail("Incorrect value type", std::string(e.what()).substr(6));  // after "tfpp: "
        }
    }

    static void write_node(std::string& out, const json_node& n) {
        switch (n.which) {
        case json_node::kind::null: out += "null"; return;
        case json_node::kind::boolean: out += n.boolean ? "true" : "false"; return;
        case json_node::kind::number: out += n.text; return;
        case json_node::kind::string: append_json_string(out, n.text); return;
        case json_node::kind::array:
            out += '[';
            for (std::size_t i = 0; i < n.items.size(); ++i) {
                if (i) out += ',';
                write_node(out, n.items[i]);
            }
            out += ']';
            return;
        case json_node::kind::object:
            out += '{';
            for (std::size_t i = 0; i < n.keys.size(); ++i) {
                if (i) out += ',';
                append_json_string(out, n.keys[i]);
                out += ':';
                write_node(out, n.items[i]);
            }
            out += '}';
            return;
        }
    }

    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_.materialize());
        return false;
    }

    diagnostics& diags_;
    extra_attributes extra_;
    path_stack path_;
};

}  // namespace tfpp::detail
