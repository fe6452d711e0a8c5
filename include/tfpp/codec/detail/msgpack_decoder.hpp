// MessagePack into C++ models and values: the bytes and the C++ type are
// walked together, with no intermediate tree; strings are copied once, into
// their final place. An unknown value lands in the nearest tfpp::value<T>
// that encloses it.
#pragma once

#include <tfpp/codec/detail/msgpack_dynamic_decoder.hpp>
#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/value/set.hpp>

#include <array>
#include <memory>
#include <tuple>
#include <vector>

namespace tfpp::detail {

class decoder : public dynamic_decoder {
public:
    using dynamic_decoder::decode;
    using dynamic_decoder::dynamic_decoder;

    template <class T>
    bool decode(T& out) {
        if constexpr (is_schema_field<T>) {
            return decode(static_cast<value<typename T::value_type>&>(out));
        } else if constexpr (is_value_v<T>) {
            using V = typename T::value_type;
            mp_kind k;
            if (!r_.peek(k)) return malformed();
            if (k == mp_kind::nil) return skip_nil(), out.set_null(), true;
            if (k == mp_kind::ext) {
                refinements r;
                bool is_null = false;
                if (!read_unknown(refinable_of<V>(), r, is_null)) return false;
                if (is_null) return out.set_null(), true;
                if (collapse(r, out.emplace())) return true;  // known after all
                out.set_unknown(std::move(r));
                return true;
            }
            const unsigned absorbed_before = absorbed_;
            if (!decode(out.emplace())) return false;
            if (absorbed_ != absorbed_before) {  // an unknown inside made it unknown
                out.set_unknown();
                absorbed_ = absorbed_before;
            }
            return true;
        } else if constexpr (is_optional_v<T>) {
            mp_kind k;
            if (!r_.peek(k)) return malformed();
            if (k == mp_kind::nil) return skip_nil(), out.reset(), true;
            return decode(out.emplace());
        } else {
            return decode_plain(out);
        }
    }

    // Decodes a whole top-level value and requires that nothing follows it.
    template <class... T>
    bool decode_document(T&... out) {
        if (too_big_)
            return fail("Value too large", "the encoded value is larger than the limit of " +
                                               std::to_string(limits_.max_bytes) + " bytes");
        if (!decode(out...)) return false;
        if (!r_.at_end()) return fail("Invalid value", "unexpected bytes after the end of the value");
        // An unknown with no enclosing value<T> to make unknown would be lost.
        if (absorbed_ != 0)
            return fail("Unknown value not allowed",
                        "the provider's model cannot hold an unknown value here; its author can make it a "
                        "tfpp::value<T>");
        return true;
    }

private:
    template <class T>
    bool decode_plain(T& out) {
        constexpr type_kind k = kind_of<T>;
        mp_kind next_kind;
        if (!r_.peek(next_kind)) return malformed();
        if constexpr (k == type_kind::dynamic) {
            return decode(type::dynamic(), out);
        } else {
            if (next_kind == mp_kind::nil)
                return fail(
                    "Null value not allowed",
                    "the provider's model cannot hold null here; its author can make the field a tfpp::value<T>");
            if (next_kind == mp_kind::ext) {
                refinements r;
                bool is_null = false;
                if (!read_unknown(refinable_of<T>(), r, is_null)) return false;
                if (is_null)
                    return fail("Null value not allowed",
                                "the provider's model cannot hold null here; its author can make the field a "
                                "tfpp::value<T>");
                if (collapse(r, out)) return true;  // known after all
                ++absorbed_;                        // the enclosing value<T> becomes unknown
                return true;
            }
            if (!r_.next(tok_)) return malformed();
            if constexpr (k == type_kind::string) {
                return string(out);
            } else if constexpr (k == type_kind::boolean) {
                if (tok_.kind != mp_kind::boolean) return mismatch("a bool");
                out = tok_.boolean;
                return true;
            } else if constexpr (k == type_kind::number) {
                return number(out);
            } else if constexpr (k == type_kind::list || k == type_kind::set) {
                if (tok_.kind != mp_kind::array) return mismatch(k == type_kind::list ? "a list" : "a set");
                return sequence(out);
            } else if constexpr (k == type_kind::map) {
                if (tok_.kind != mp_kind::map) return mismatch("a map");
                const std::uint32_t n = tok_.count;
                if (!enter()) return false;
                out.clear();
                for (std::uint32_t i = 0; i < n; ++i) {
                    std::string_view key;
                    if (!map_key(key)) return false;
                    path_.key(key);
                    typename type_info<T>::element e{};
                    if (!decode(e)) return false;
                    if (!out.emplace(std::string(key), std::move(e)).second)
                        return fail("Invalid value", "the map holds the same key twice");
                    path_.pop();
                }
                return leave();
            } else if constexpr (k == type_kind::tuple) {
                if (tok_.kind != mp_kind::array) return mismatch("a tuple");
                if (tok_.count != std::tuple_size_v<T>)
                    return fail("Incorrect value type", "expected a tuple of " + std::to_string(std::tuple_size_v<T>) +
                                                            " elements, got " + std::to_string(tok_.count));
                if (!enter()) return false;
                bool ok = true;
                std::int64_t i = 0;
                std::apply(
                    [&](auto&... e) { ((ok = ok && (path_.index(i++), decode(e)) && (path_.pop(), true)), ...); }, out);
                return ok && leave();
            } else if constexpr (k == type_kind::object) {
                return object(out);
            } else {
                static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
                return false;
            }
        }
    }

    template <class C>
    bool sequence(C& out) {
        using E = typename type_info<C>::element;
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        std::vector<E> elements;
        std::vector<E>& target = [&]() -> std::vector<E>& {
            if constexpr (std::is_same_v<C, std::vector<E>>) return out;
            else return elements;
        }();
        target.clear();
        target.reserve(reserve_for<E>(n));
        for (std::uint32_t i = 0; i < n; ++i) {
            path_.index(i);
            if constexpr (std::is_same_v<E, bool>) {  // std::vector<bool> has no bool& to decode into
                bool b = false;
                if (!decode(b)) return false;
                target.push_back(b);
            } else {
                target.emplace_back();
                if (!decode(target.back())) return false;
            }
            path_.pop();
        }
        if constexpr (std::is_same_v<C, tfpp::set<E>>) {
            out.assign(std::move(elements));
        } else if constexpr (!std::is_same_v<C, std::vector<E>>) {
            out.clear();
            for (auto& e : elements) out.insert(std::move(e));  // std::set: equal elements kept once, as go-cty does
        }
        return leave();
    }

    // go-cty turns some refined unknowns into known values: a number whose
    // bounds meet, a collection that must be empty, a list of known length
    // (of unknown elements), a set of exactly one (unknown) element. Fills
    // out and returns true when that applies and the C++ type can hold it.
    template <class V>
    bool collapse(const refinements& r, V& out) {
        if constexpr (refinable_of<V>() == refinable::number) {
            const tfpp::number* n = exact_number(r);
            if (!n) return false;
            if constexpr (std::is_same_v<V, tfpp::number>) {
                out = *n;
                return true;
            } else if constexpr (std::is_floating_point_v<V>) {
                out = static_cast<V>(n->to_double());
                return true;
            } else {
                const auto i = n->to_int64();
                return i && fit_signed(*i, out) == number_fit::ok;
            }
        } else if constexpr (refinable_of<V>() == refinable::collection) {
            const auto length = exact_length(r);
            if (!length) return false;
            const std::int64_t n = *length;
            if (n == 0) {
                out.clear();
                return true;
            }
            using E = typename type_info<V>::element;
            if constexpr (is_value_v<E>) {
                if constexpr (kind_of<V> == type_kind::list) {
                    if (n > 1024) return false;
                    out.assign(static_cast<std::size_t>(n), E(tfpp::unknown));
                    return true;
                } else if constexpr (std::is_same_v<V, tfpp::set<E>>) {
                    if (n != 1) return false;
                    out.assign(std::vector<E>{E(tfpp::unknown)});
                    return true;
                }
            }
        }
        return false;
    }

    // How a field of type F is decoded: one function per type, shared by
    // every field of that type in every struct.
    template <class F>
    static bool decode_field(decoder& d, void* field) {
        return d.decode(*static_cast<F*>(field));
    }

    // What object() needs to know of a struct, as data.
    struct object_layout {
        std::size_t fields;
        const std::string_view* names;           // by field position
        const std::size_t* order;                // field positions sorted by name
        bool (*const* decode)(decoder&, void*);  // by field position
        const std::size_t* offsets;              // by field position
    };

    template <class S>
    bool object(S& out) {
        // One decoding function per field, by its type (built here, where
        // decoder is a complete type), and the loop below compiled once.
        static constexpr auto field_decoders = with_indexes<field_count<S>()>([]<std::size_t... I>(
            std::index_sequence<I...>) {
            return std::array<bool (*)(decoder&, void*), sizeof...(I)>{&decode_field<field_codec_t<field_t<S, I>>>...};
        });
        const auto offsets = field_offsets(out);
        return object(&out, object_layout{field_count<S>(), field_names<S>.data(), sorted_fields<S>.data(),
                                          field_decoders.data(), offsets.data()});
    }

    bool object(void* out, const object_layout& l) {
        if (tok_.kind != mp_kind::map) return mismatch("an object");
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        const std::size_t fields = l.fields;
        // Which fields were seen: on the stack unless the struct is huge.
        bool small[64] = {};
        std::unique_ptr<bool[]> large;
        bool* seen = small;
        if (fields > 64) {
            large = std::make_unique<bool[]>(fields);
            seen = large.get();
        }
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!r_.next(tok_)) return malformed();
            if (tok_.kind != mp_kind::str) return fail("Invalid value", "an object attribute name is not a string");
            const std::string_view key = tok_.bytes;
            // Terraform sends attributes sorted by name: the i-th key is
            // usually the i-th field in name order, so one comparison finds it.
            std::size_t at = fields;
            if (i < fields && l.names[l.order[i]] == key) {
                at = l.order[i];
            } else {
                for (std::size_t f = 0; f < fields; ++f)
                    if (l.names[f] == key) at = f;
            }
            if (at == fields) {
                path_.attribute(key);
                if (limits_.extra == extra_attributes::reject)
                    return fail("Unsupported attribute", "the schema does not define this attribute");
                if (!r_.skip()) return malformed();
                path_.pop();
                continue;
            }
            path_.attribute(l.names[at]);
            if (seen[at]) return fail("Invalid value", "the object holds this attribute twice");
            seen[at] = true;
            if (!l.decode[at](*this, field_at(out, l.offsets[at]))) return false;
            path_.pop();
        }
        for (std::size_t j = 0; j < fields; ++j) {
            if (seen[l.order[j]]) continue;
            path_.attribute(l.names[l.order[j]]);
            return fail("Missing attribute", "the object lacks this attribute, which the schema defines");
        }
        return leave();
    }
};

}  // namespace tfpp::detail
