// Writes MessagePack as go-cty does: the shortest encodings, numbers as
// integers, doubles or exact decimal text, unknowns with their refinements
// (ext 12), and dynamic values wrapped with their type where the constraint
// is dynamic.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/number.hpp>
#include <tfpp/value/value.hpp>

#include <msgpack/pack.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace tfpp::detail {

template <class T>
constexpr refinable refinable_of() noexcept {
    constexpr type_kind k = kind_of<T>;
    if constexpr (k == type_kind::string) return refinable::string;
    else if constexpr (k == type_kind::number) return refinable::number;
    else if constexpr (k == type_kind::dynamic) return refinable::dynamic;
    else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) return refinable::collection;
    else return refinable::other;
}

struct string_sink {
    std::string& out;
    void write(const char* p, std::size_t n) { out.append(p, n); }
};

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
    // A string of a value (not a name tfpp wrote). Terraform takes only
    // Unicode text: a writer made to check text (tfpp::encode_msgpack with
    // diagnostics) remembers whether one was not valid UTF-8.
    void check_text() noexcept { check_text_ = true; }
    void text(std::string_view s) {
        if (check_text_ && text_valid_ && !valid_utf8(s)) text_valid_ = false;
        string(s);
    }
    [[nodiscard]] bool text_valid() const noexcept { return text_valid_; }
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
                if (static_cast<std::uint64_t>(n) >
                    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
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
            if (check_text_ && !valid_utf8(r->string_prefix)) text_valid_ = false;
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
    bool check_text_ = false;
    bool text_valid_ = true;
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
    case type::kind::string: return w.text(v.as_string());
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
            w.text(k);
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

}  // namespace tfpp::detail
