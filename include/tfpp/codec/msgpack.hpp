// MessagePack encoding of Terraform values, byte-compatible with go-cty, which
// is what Terraform and OpenTofu use on their side of the wire.
//
// Typed models: decoding walks the bytes and the C++ type together, with no
// intermediate tree; strings are copied once, into their final place. An
// unknown value lands in the nearest tfpp::value<T> that encloses it.
// tfpp::dynamic: decoded against a type constraint, as go-cty does.
#pragma once

#include <tfpp/codec/detail/msgpack_reader.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/path_stack.hpp>
#include <tfpp/codec/detail/utf8.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/set.hpp>

#include <msgpack/pack.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace tfpp {

// Bounds for decoding untrusted input. The defaults are documented in docs/values.md.
struct decode_limits {
    unsigned max_depth = 128;                 // nesting of lists, sets, maps, tuples, objects and dynamic values
    std::size_t max_bytes = std::size_t{1} << 30;  // one encoded value
};

namespace detail {

struct string_sink {
    std::string& out;
    void write(const char* p, std::size_t n) { out.append(p, n); }
};

// The bytes go-cty writes for a wholly unknown value: fixext1, type 0, one zero byte.
inline constexpr std::string_view unknown_value_bytes{"\xd4\x00\x00", 3};
inline constexpr std::string_view null_bytes{"\xc0", 1};
inline constexpr std::int8_t refined_unknown_ext = 12;

// An encoded value that is null: nil, or no bytes at all (an absent DynamicValue).
inline bool is_null_value(std::string_view encoded) noexcept {
    return encoded.empty() || encoded == null_bytes;
}

// Which refinements a type can carry.
enum class refinable : std::uint8_t { other, string, number, collection, dynamic };

inline refinable refinable_of(const type& t) noexcept {
    switch (t.which()) {
    case type::kind::string: return refinable::string;
    case type::kind::number: return refinable::number;
    case type::kind::dynamic: return refinable::dynamic;
    case type::kind::list:
    case type::kind::set:
    case type::kind::map: return refinable::collection;
    default: return refinable::other;
    }
}

template <class T>
constexpr refinable refinable_of() noexcept {
    constexpr type_kind k = kind_of<T>;
    if constexpr (k == type_kind::string) return refinable::string;
    else if constexpr (k == type_kind::number) return refinable::number;
    else if constexpr (k == type_kind::dynamic) return refinable::dynamic;
    else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) return refinable::collection;
    else return refinable::other;
}

// go-cty shortens long prefixes to 255 bytes and then drops what a following
// character could still change: an incomplete last character, or else the
// last character unless it is punctuation that always ends a sequence.
inline std::string_view shortened_prefix(std::string_view p) {
    if (p.size() <= 256) return p;
    p = p.substr(0, 255);
    std::size_t start = p.size();
    while (start > 0 && (static_cast<unsigned char>(p[start - 1]) & 0xc0) == 0x80) --start;
    if (start > 0) --start;  // the lead byte of the last character
    const auto lead = static_cast<unsigned char>(p[start]);
    const std::size_t len = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (p.size() - start < len) return p.substr(0, start);
    if (len == 1 && std::string_view("-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'").find(p[start]) != std::string_view::npos)
        return p;
    return p.substr(0, start);
}

class msgpack_writer {
public:
    explicit msgpack_writer(std::string& out) : sink_{out}, packer_(sink_) {}

    void nil() { packer_.pack_nil(); }
    // How many bytes the output holds, and the bytes written since then.
    [[nodiscard]] std::size_t size() const noexcept { return sink_.out.size(); }
    [[nodiscard]] std::string_view written_since(std::size_t start) const noexcept {
        return std::string_view(sink_.out).substr(start);
    }
    void boolean(bool b) { b ? packer_.pack_true() : packer_.pack_false(); }
    void integer(std::int64_t i) { packer_.pack_int64(i); }
    void real(double d) { packer_.pack_double(d); }
    void raw(std::string_view bytes) { sink_.write(bytes.data(), bytes.size()); }
    void array_header(std::uint32_t n) { packer_.pack_array(n); }
    void map_header(std::uint32_t n) { packer_.pack_map(n); }
    void string(std::string_view s) {
        packer_.pack_str(static_cast<std::uint32_t>(s.size()));
        packer_.pack_str_body(s.data(), static_cast<std::uint32_t>(s.size()));
    }
    void bin(std::string_view s) {
        packer_.pack_bin(static_cast<std::uint32_t>(s.size()));
        packer_.pack_bin_body(s.data(), static_cast<std::uint32_t>(s.size()));
    }

    // go-cty's order: an exact int64 as the smallest integer; a non-whole
    // double (or infinity) as float64; anything else as its decimal text.
    void number(const tfpp::number& n) {
        switch (n.representation()) {
        case tfpp::number::form::int64: return integer(n.int64_value());
        case tfpp::number::form::float64: return real(n.float64_value());
        case tfpp::number::form::decimal: return string(n.to_string());
        }
    }
    template <class N>
    void arithmetic(N n) {
        if constexpr (std::is_integral_v<N>) {
            if constexpr (std::is_unsigned_v<N>) {
                if (static_cast<std::uint64_t>(n) > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                    return string(std::to_string(n));
            }
            integer(static_cast<std::int64_t>(n));
        } else {
            const double d = static_cast<double>(n);
            if (std::isinf(d) || (std::isfinite(d) && d != std::floor(d))) return real(d);
            if (d >= -9223372036854775808.0 && d < 9223372036854775808.0) return integer(static_cast<std::int64_t>(d));
            number(tfpp::number(d));  // NaN throws std::domain_error: Terraform has no NaN
        }
    }

    // An unknown value, with whatever refinements apply to its type.
    void unknown(const refinements* r, refinable kind) {
        if (!r || kind == refinable::dynamic) return raw(unknown_value_bytes);
        std::string body;
        msgpack_writer w(body);
        std::uint32_t entries = 0;
        if (r->not_null) w.integer(1), w.boolean(false), ++entries;
        if (kind == refinable::number) {
            for (const auto& [key, bound] : {std::pair{3, &r->lower}, std::pair{4, &r->upper}}) {
                if (!*bound) continue;
                w.integer(key);
                w.array_header(2);
                w.number((*bound)->value);
                w.boolean((*bound)->inclusive);
                ++entries;
            }
        } else if (kind == refinable::string && !r->string_prefix.empty()) {
            w.integer(2);
            w.string(shortened_prefix(r->string_prefix));
            ++entries;
        } else if (kind == refinable::collection) {
            if (r->length_min != 0) w.integer(5), w.integer(r->length_min), ++entries;
            if (r->length_max) w.integer(6), w.integer(*r->length_max), ++entries;
        }
        if (entries == 0) return raw(unknown_value_bytes);
        std::string header;
        msgpack_writer(header).map_header(entries);
        packer_.pack_ext(header.size() + body.size(), refined_unknown_ext);
        raw(header);
        raw(body);
    }

private:
    string_sink sink_;
    msgpack::packer<string_sink> packer_;
};

// Encodes a dynamic against a type constraint: where the constraint is
// dynamic, the value goes as [type JSON, value].
inline void encode_dynamic(msgpack_writer& w, const dynamic& v, const type& constraint) {
    if (constraint.is_dynamic() && !v.type().is_dynamic()) {
        w.array_header(2);
        w.bin(to_type_json(v.type()));
        return encode_dynamic(w, v, v.type());
    }
    if (v.is_unknown()) return w.unknown(v.refinement(), refinable_of(v.type()));
    if (v.is_null()) return w.nil();
    const type& t = v.type();
    switch (t.which()) {
    case type::kind::string: return w.string(v.as_string());
    case type::kind::number: return w.number(v.as_number());
    case type::kind::boolean: return w.boolean(v.as_bool());
    case type::kind::list:
    case type::kind::set: {
        const auto es = v.elements();
        const type& ety = constraint.is_collection() ? constraint.element() : t.element();
        w.array_header(static_cast<std::uint32_t>(es.size()));
        for (const auto& e : es) encode_dynamic(w, e, ety);
        return;
    }
    case type::kind::map: {
        const auto es = v.entries();
        const type& ety = constraint.is_collection() ? constraint.element() : t.element();
        w.map_header(static_cast<std::uint32_t>(es.size()));
        for (const auto& [k, e] : es) {
            w.string(k);
            encode_dynamic(w, e, ety);
        }
        return;
    }
    case type::kind::tuple: {
        const auto es = v.elements();
        const auto ctys = constraint.is_tuple() ? constraint.elements() : t.elements();
        w.array_header(static_cast<std::uint32_t>(es.size()));
        for (std::size_t i = 0; i < es.size(); ++i) encode_dynamic(w, es[i], i < ctys.size() ? ctys[i] : es[i].type());
        return;
    }
    case type::kind::object: {
        const auto es = v.elements();
        const auto attrs = t.attributes();
        const auto cattrs = constraint.is_object() ? constraint.attributes() : attrs;
        w.map_header(static_cast<std::uint32_t>(es.size()));
        for (std::size_t i = 0; i < es.size(); ++i) {
            w.string(attrs[i].name);
            encode_dynamic(w, es[i], i < cattrs.size() ? cattrs[i].type : attrs[i].type);
        }
        return;
    }
    case type::kind::dynamic: return w.nil();  // not reached: only null/unknown values have type dynamic
    }
}

class encoder {
public:
    explicit encoder(std::string& out) : w_(out) {}

    template <class T>
    void encode(const T& v) {
        if constexpr (is_schema_field<T>) {
            encode(static_cast<const value<typename T::value_type>&>(v));
        } else if constexpr (is_value_v<T>) {
            if (v.is_null()) w_.nil();
            else if (v.is_unknown()) w_.unknown(v.refinement(), refinable_of<typename T::value_type>());
            else encode(*v);
        } else if constexpr (is_optional_v<T>) {
            if (v) encode(*v);
            else w_.nil();
        } else {
            encode_plain(v);
        }
    }

    msgpack_writer& writer() noexcept { return w_; }

private:
    template <class T>
    void encode_plain(const T& v) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            w_.string(v);
        } else if constexpr (k == type_kind::boolean) {
            w_.boolean(v);
        } else if constexpr (k == type_kind::number) {
            if constexpr (std::is_same_v<T, number>) w_.number(v);
            else w_.arithmetic(v);
        } else if constexpr (k == type_kind::list) {
            w_.array_header(static_cast<std::uint32_t>(v.size()));
            for (const auto& e : v) encode(e);
        } else if constexpr (k == type_kind::set) {
            w_.array_header(static_cast<std::uint32_t>(v.size()));
            if constexpr (iterates_canonically<T>) {
                for (const auto& e : v) encode(e);
            } else {
                for (const auto* e : canonical_set_order(v)) encode(*e);
            }
        } else if constexpr (k == type_kind::map) {
            w_.map_header(static_cast<std::uint32_t>(v.size()));
            for (const auto& [key, e] : v) {
                w_.string(key);
                encode(e);
            }
        } else if constexpr (k == type_kind::tuple) {
            w_.array_header(static_cast<std::uint32_t>(std::tuple_size_v<T>));
            std::apply([&](const auto&... e) { (encode(e), ...); }, v);
        } else if constexpr (k == type_kind::object) {
            w_.map_header(static_cast<std::uint32_t>(field_count<T>()));
            for_each_index<T>([&]<std::size_t J>() {
                constexpr std::size_t I = sorted_fields<T>[J];
                w_.string(field_name<T, I>());
                encode(get<I>(v));
            });
        } else if constexpr (k == type_kind::dynamic) {
            encode_dynamic(w_, v, type::dynamic());
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        }
    }

    msgpack_writer w_;
};

class decoder {
public:
    decoder(std::string_view bytes, diagnostics& diags, decode_limits limits = {})
        : r_(bytes), diags_(diags), limits_(limits), too_big_(bytes.size() > limits.max_bytes) {}

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

    // A dynamic value, decoded against a type constraint.
    bool decode(const type& t, dynamic& out) {
        mp_kind k;
        if (!r_.peek(k)) return malformed();
        if (k == mp_kind::ext) {
            refinements r;
            bool is_null = false;
            if (!read_unknown(refinable_of(t), r, is_null)) return false;
            if (is_null) return out = dynamic::null(t), true;
            out = collapse_unknown(t, std::move(r));
            return true;
        }
        if (t.is_dynamic()) return wrapped_dynamic(out);
        if (k == mp_kind::nil) return skip_nil(), out = dynamic::null(t), true;
        if (!r_.next(tok_)) return malformed();
        switch (t.which()) {
        case type::kind::string: {
            std::string s;
            if (!string(s)) return false;
            out = dynamic(std::move(s));
            return true;
        }
        case type::kind::boolean:
            if (tok_.kind != mp_kind::boolean) return mismatch("a bool");
            out = dynamic(tok_.boolean);
            return true;
        case type::kind::number: {
            tfpp::number n;
            if (!number(n)) return false;
            out = dynamic(std::move(n));
            return true;
        }
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: return dynamic_sequence(t, out);
        case type::kind::map: return dynamic_map(t, out);
        case type::kind::object: return dynamic_object(t, out);
        case type::kind::dynamic: break;
        }
        return malformed();
    }

    // Decodes a whole top-level value and requires that nothing follows it.
    template <class... T>
    bool decode_document(T&... out) {
        if (too_big_)
            return fail("Value too large",
                        "the encoded value is larger than the limit of " + std::to_string(limits_.max_bytes) + " bytes");
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
                return fail("Null value not allowed",
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
                ++absorbed_;  // the enclosing value<T> becomes unknown
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
                std::apply([&](auto&... e) { ((ok = ok && (path_.index(i++), decode(e)) && (path_.pop(), true)), ...); },
                           out);
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
        target.reserve(n);
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

    // How a field of type F is decoded: one function per type, shared by
    // every field of that type in every struct.
    template <class F>
    static bool decode_field(decoder& d, void* field) {
        return d.decode(*static_cast<F*>(field));
    }

    // What object() needs to know of a struct, as data.
    struct object_layout {
        std::size_t fields;
        const std::string_view* names;  // by field position
        const std::size_t* order;       // field positions sorted by name
        bool (*const* decode)(decoder&, void*);  // by field position
        const std::size_t* offsets;    // by field position
    };

    template <class S>
    bool object(S& out) {
        // One decoding function per field, by its type (built here, where
        // decoder is a complete type), and the loop below compiled once.
        static constexpr auto field_decoders = []<std::size_t... I>(std::index_sequence<I...>) {
            return std::array<bool (*)(decoder&, void*), sizeof...(I)>{&decode_field<field_codec_t<field_t<S, I>>>...};
        }(std::make_index_sequence<field_count<S>()>{});
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
                return fail("Unsupported attribute", "the schema does not define this attribute");
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

    template <class N>
    bool number(N& out) {
        if constexpr (std::is_same_v<N, tfpp::number>) {
            switch (tok_.kind) {
            case mp_kind::uint: return out = tfpp::number(tok_.uint), true;
            case mp_kind::sint: return out = tfpp::number(tok_.sint), true;
            case mp_kind::float32:
            case mp_kind::float64:
                if (std::isnan(tok_.real)) return fail("Invalid value", "NaN is not a number Terraform can hold");
                return out = tfpp::number(tok_.real), true;
            case mp_kind::str:
            case mp_kind::bin: {
                auto n = tfpp::number::parse(tok_.bytes);
                if (!n) return fail("Invalid value", "\"" + printable(tok_.bytes) + "\" is not a number");
                return out = std::move(*n), true;
            }
            default: return mismatch("a number");
            }
        } else {
            switch (tok_.kind) {
            case mp_kind::uint: return fitted<N>(fit_unsigned(tok_.uint, out));
            case mp_kind::sint: return fitted<N>(fit_signed(tok_.sint, out));
            case mp_kind::float32:
            case mp_kind::float64:
                if (std::isnan(tok_.real)) return fail("Invalid value", "NaN is not a number Terraform can hold");
                return fitted<N>(fit_real(tok_.real, out));
            case mp_kind::str:
            case mp_kind::bin: {
                auto n = tfpp::number::parse(tok_.bytes);
                if (!n) return fail("Invalid value", "\"" + printable(tok_.bytes) + "\" is not a number");
                return fitted<N>(fit_number(*n, out));
            }
            default: return mismatch("a number");
            }
        }
    }

    template <class N>
    bool fitted(number_fit fit) {
        return fit == number_fit::ok || report_number_fit<N>(fit, diags_, path_.materialize());
    }

    bool string(std::string& out) {
        if (tok_.kind != mp_kind::str && tok_.kind != mp_kind::bin) return mismatch("a string");
        if (!valid_utf8(tok_.bytes)) return fail("Invalid value", "the string is not valid UTF-8");
        out.assign(tok_.bytes.data(), tok_.bytes.size());
        return true;
    }

    bool map_key(std::string_view& key) {
        if (!r_.next(tok_)) return malformed();
        if (tok_.kind != mp_kind::str) return fail("Invalid value", "a map key is not a string");
        if (!valid_utf8(tok_.bytes)) return fail("Invalid value", "a map key is not valid UTF-8");
        key = tok_.bytes;
        return true;
    }

    // An unknown value: any extension of at most one byte (go-cty's plain
    // unknown), or ext 12 whose payload is a map of refinements. Refinements
    // that do not fit the type are refused, as go-cty refuses them.
    bool read_unknown(refinable kind, refinements& r, bool& is_null) {
        if (!r_.next(tok_)) return malformed();
        if (tok_.bytes.size() <= 1) return true;
        if (tok_.ext_type != refined_unknown_ext)
            return fail("Invalid value", "unsupported MessagePack extension type " + std::to_string(tok_.ext_type) +
                                             " with " + std::to_string(tok_.bytes.size()) + " bytes");
        if (tok_.bytes.size() > 1024) return fail("Invalid value", "the unknown value's refinements are too large");
        msgpack_reader body(tok_.bytes);
        mp_token t;
        if (!body.next(t) || t.kind != mp_kind::map) return bad_refinement("the refinements are not a map");
        const std::uint32_t n = t.count;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!body.next(t) || (t.kind != mp_kind::uint && t.kind != mp_kind::sint))
                return bad_refinement("a refinement key is not an integer");
            const std::int64_t key = t.kind == mp_kind::uint ? static_cast<std::int64_t>(t.uint) : t.sint;
            if (kind == refinable::dynamic) {  // go-cty keeps no refinements for dynamic
                if (!body.skip()) return bad_refinement("a refinement is malformed");
                continue;
            }
            // A refinement given twice keeps the stronger statement, as go-cty
            // does; statements that contradict each other are refused.
            switch (key) {
            case 1:
                if (!body.next(t) || t.kind != mp_kind::boolean) return bad_refinement("the null refinement is not a bool");
                if ((t.boolean && r.not_null) || (!t.boolean && is_null))
                    return bad_refinement("the refinements say both null and not null");
                if (t.boolean) is_null = true;
                else r.not_null = true;
                break;
            case 2: {
                if (kind != refinable::string) return bad_refinement("a string prefix refinement for a non-string type");
                if (!body.next(t) || t.kind != mp_kind::str) return bad_refinement("the string prefix is not a string");
                if (!valid_utf8(t.bytes)) return bad_refinement("the string prefix is not valid UTF-8");
                const std::string_view old = r.string_prefix, now = t.bytes;
                if (old.substr(0, now.size()) == now) break;  // weaker than what we have
                if (now.substr(0, old.size()) != old) return bad_refinement("two string prefixes contradict each other");
                r.string_prefix.assign(now.data(), now.size());
                break;
            }
            case 3:
            case 4: {
                if (kind != refinable::number) return bad_refinement("a number bound refinement for a non-number type");
                number_bound b;
                if (!body.next(t) || t.kind != mp_kind::array || t.count != 2 || !body.next(tok_) || !number(b.value) ||
                    !body.next(t) || t.kind != mp_kind::boolean)
                    return bad_refinement("a number bound must be [number, bool]");
                b.inclusive = t.boolean;
                auto& slot = key == 3 ? r.lower : r.upper;
                const auto order = slot ? b.value <=> slot->value : std::strong_ordering::equal;
                const bool stronger = !slot || (key == 3 ? order > 0 : order < 0) || (order == 0 && !b.inclusive);
                if (stronger) slot = std::move(b);
                break;
            }
            case 5:
            case 6: {
                if (kind != refinable::collection)
                    return bad_refinement("a length bound refinement for a type that is not a collection");
                if (!body.next(t) || (t.kind != mp_kind::uint && t.kind != mp_kind::sint) ||
                    (t.kind == mp_kind::uint && t.uint > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
                    return bad_refinement("a length bound must be an integer");
                const std::int64_t v = t.kind == mp_kind::uint ? static_cast<std::int64_t>(t.uint) : t.sint;
                if (key == 5) r.length_min = std::max(r.length_min, v);  // a negative lower bound says nothing
                else if (v < 0) return bad_refinement("a collection length cannot be below zero");
                else r.length_max = r.length_max ? std::min(*r.length_max, v) : v;
                break;
            }
            default:  // a refinement this version does not know: skipped, so newer peers still work
                if (!body.skip()) return bad_refinement("a refinement is malformed");
            }
        }
        if (r.lower && r.upper) {
            const auto order = r.lower->value <=> r.upper->value;
            if (order > 0 || (order == 0 && !(r.lower->inclusive && r.upper->inclusive)))
                return bad_refinement("the number bounds leave no possible value");
        }
        if (r.length_max && r.length_min > *r.length_max)
            return bad_refinement("the length bounds leave no possible length");
        return true;
    }

    // go-cty turns some refined unknowns into known values: a number whose
    // bounds meet, a collection that must be empty, a list of known length
    // (of unknown elements), a set of exactly one (unknown) element. Fills
    // out and returns true when that applies and the C++ type can hold it.
    // The number a not-null unknown must be: its bounds meet, both inclusive.
    static const tfpp::number* exact_number(const refinements& r) {
        const bool meet = r.not_null && r.lower && r.upper && r.lower->inclusive && r.upper->inclusive &&
                          r.lower->value == r.upper->value;
        return meet ? &r.lower->value : nullptr;
    }
    // The length a not-null unknown collection must have.
    static std::optional<std::int64_t> exact_length(const refinements& r) {
        if (!r.not_null || !r.length_max || r.length_min != *r.length_max) return std::nullopt;
        return r.length_max;
    }

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

    // collapse() for dynamic values.
    dynamic collapse_unknown(const type& t, refinements r) {
        if (t.which() == type::kind::number)
            if (const tfpp::number* n = exact_number(r)) return dynamic(*n);
        if (const auto length = t.is_collection() ? exact_length(r) : std::nullopt) {
            const std::int64_t n = *length;
            if (n == 0) {
                if (t.which() == type::kind::map) return dynamic::map(t.element(), {});
                return t.which() == type::kind::list ? dynamic::list(t.element(), {}) : dynamic::set(t.element(), {});
            }
            if (t.which() == type::kind::list && n <= 1024)
                return dynamic::list(t.element(),
                                     std::vector<dynamic>(static_cast<std::size_t>(n), dynamic::unknown(t.element())));
            if (t.which() == type::kind::set && n == 1) return dynamic::set(t.element(), {dynamic::unknown(t.element())});
        }
        return dynamic::unknown(t, std::move(r));
    }

    bool wrapped_dynamic(dynamic& out) {
        if (!r_.next(tok_)) return malformed();
        if (tok_.kind == mp_kind::nil) return out = dynamic(), true;
        if (tok_.kind != mp_kind::array || tok_.count != 2)
            return fail("Invalid value", "a dynamic value must be an array of exactly two elements: type and value");
        if (!enter()) return false;
        if (!r_.next(tok_) || (tok_.kind != mp_kind::bin && tok_.kind != mp_kind::str)) return malformed();
        auto t = parse_type_json(tok_.bytes, diags_, path_.materialize(), limits_.max_depth - depth_);
        if (!t) return false;
        return decode(*t, out) && leave();
    }

    bool dynamic_sequence(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::array)
            return mismatch(t.which() == type::kind::list ? "a list" : t.which() == type::kind::set ? "a set" : "a tuple");
        const std::uint32_t n = tok_.count;
        const auto tuple_types = t.elements();
        if (t.is_tuple() && n != tuple_types.size())
            return fail("Incorrect value type", "expected a tuple of " + std::to_string(tuple_types.size()) +
                                                    " elements, got " + std::to_string(n));
        if (!enter()) return false;
        std::vector<dynamic> elements(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            path_.index(i);
            if (!decode(t.is_tuple() ? tuple_types[i] : t.element(), elements[i])) return false;
            path_.pop();
        }
        try {
            if (!t.has_dynamic()) out = dynamic::assemble(t, std::move(elements));  // types known to match
            else if (t.which() == type::kind::list) out = dynamic::list(t.element(), std::move(elements));
            else if (t.which() == type::kind::set) out = dynamic::set(t.element(), std::move(elements));
            else out = dynamic::tuple(std::move(elements));
        } catch (const std::invalid_argument&) {
            return fail("Incorrect value type", "the elements do not all have the same type");
        }
        return leave();
    }

    bool dynamic_map(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::map) return mismatch("a map");
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        std::vector<dynamic::entry> entries(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            std::string_view key;
            if (!map_key(key)) return false;
            path_.key(key);
            entries[i].first.assign(key);
            if (!decode(t.element(), entries[i].second)) return false;
            path_.pop();
        }
        const bool ordered = std::adjacent_find(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
                                 return !(a.first < b.first);
                             }) == entries.end();
        if (ordered && !t.has_dynamic()) {
            out = dynamic::assemble(t, std::move(entries));
            return leave();
        }
        try {
            out = dynamic::map(t.element(), std::move(entries));
        } catch (const std::invalid_argument& e) {
            return fail("Invalid value", std::string(e.what()).substr(6));  // after "tfpp: "
        }
        return leave();
    }

    bool dynamic_object(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::map) return mismatch("an object");
        const auto attrs = t.attributes();
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        std::vector<dynamic> values(attrs.size());
        std::vector<bool> seen(attrs.size());
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!r_.next(tok_)) return malformed();
            if (tok_.kind != mp_kind::str) return fail("Invalid value", "an object attribute name is not a string");
            const std::string_view key = tok_.bytes;
            path_.attribute(key);
            const auto at = t.attribute_index(key);
            if (at < 0) return fail("Unsupported attribute", "the object type does not define this attribute");
            const auto idx = static_cast<std::size_t>(at);
            if (seen[idx]) return fail("Invalid value", "the object holds this attribute twice");
            seen[idx] = true;
            if (!decode(attrs[idx].type, values[idx])) return false;
            path_.pop();
        }
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            if (seen[i]) continue;
            path_.attribute(attrs[i].name);
            return fail("Missing attribute", "the object lacks this attribute, which its type defines");
        }
        // Types known to match: no checks unless the value's type must be derived.
        out = dynamic::is_constraint_only(t) ? dynamic::object(t, std::move(values))
                                             : dynamic::assemble(t, std::move(values));
        return leave();
    }

    void skip_nil() { (void)r_.next(tok_); }  // after peek() saw nil: cannot fail

    bool enter() {
        if (++depth_ > limits_.max_depth)
            return fail("Value nested too deeply",
                        "the value nests deeper than " + std::to_string(limits_.max_depth) + " levels");
        return true;
    }
    bool leave() {
        --depth_;
        return true;
    }

    static std::string printable(std::string_view s) {
        std::string out(s.substr(0, 64));
        for (char& c : out)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
        return s.size() > 64 ? out + "..." : out;
    }
    bool mismatch(const char* expected) {
        static constexpr const char* names[] = {"null", "a bool", "a number", "a number", "a number", "a number",
                                                "a string", "binary data", "a list", "a map or object", "an unknown"};
        return fail("Incorrect value type",
                    std::string("expected ") + expected + ", got " + names[static_cast<int>(tok_.kind)]);
    }
    bool bad_refinement(const char* what) { return fail("Invalid value", std::string("unknown value: ") + what); }
    bool malformed() { return fail("Malformed value", "the MessagePack bytes end early or are not valid"); }
    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_.materialize());
        return false;
    }

    msgpack_reader r_;
    mp_token tok_;
    path_stack path_;
    diagnostics& diags_;
    decode_limits limits_;
    bool too_big_;
    unsigned depth_ = 0;
    unsigned absorbed_ = 0;
};

}  // namespace detail

// Appends the MessagePack encoding of v to out.
template <class T>
void encode_msgpack(const T& v, std::string& out) {
    detail::encoder(out).encode(v);
}

template <class T>
std::string to_msgpack(const T& v) {
    std::string out;
    encode_msgpack(v, out);
    return out;
}

// A dynamic value, encoded against a type constraint (its own type if none).
inline void encode_msgpack(const dynamic& v, const type& constraint, std::string& out) {
    detail::msgpack_writer w(out);
    detail::encode_dynamic(w, v, constraint);
}
inline std::string to_msgpack(const dynamic& v, const type& constraint) {
    std::string out;
    encode_msgpack(v, constraint, out);
    return out;
}

// Decodes bytes into out; on failure adds an error diagnostic with the
// attribute path and returns false.
template <class T>
bool decode_msgpack(std::string_view bytes, T& out, diagnostics& diags, decode_limits limits = {}) {
    return detail::decoder(bytes, diags, limits).decode_document(out);
}

// Decodes bytes of the given type constraint into a dynamic value.
inline bool decode_msgpack(std::string_view bytes, const type& constraint, dynamic& out, diagnostics& diags,
                           decode_limits limits = {}) {
    return detail::decoder(bytes, diags, limits).decode_document(constraint, out);
}

}  // namespace tfpp
