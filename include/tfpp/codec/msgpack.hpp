// MessagePack encoding of typed models, byte-compatible with go-cty, which is
// what Terraform and OpenTofu use on their side of the wire.
//
// Decoding walks the bytes and the C++ type together: no intermediate tree,
// strings are copied once into their final place. An unknown value lands in
// the nearest tfpp::value<T> that encloses it, which then reads as unknown.
#pragma once

#include <tfpp/codec/detail/msgpack_reader.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/utf8.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>

#include <msgpack/pack.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp {

// Bounds for decoding untrusted input.
struct decode_limits {
    unsigned max_depth = 128;  // nesting of the model's own types (recursive models only)
};

namespace detail {

struct string_sink {
    std::string& out;
    void write(const char* p, std::size_t n) { out.append(p, n); }
};

// The bytes go-cty writes for a wholly unknown value: fixext1, type 0, one zero byte.
inline constexpr std::string_view unknown_value_bytes{"\xd4\x00\x00", 3};
inline constexpr std::string_view null_bytes{"\xc0", 1};

// An encoded value that is null: nil, or no bytes at all (an absent DynamicValue).
inline bool is_null_value(std::string_view encoded) noexcept {
    return encoded.empty() || encoded == null_bytes;
}

class encoder {
public:
    explicit encoder(std::string& out) : sink_{out}, packer_(sink_) {}

    template <class T>
    void encode(const T& v) {
        if constexpr (is_attribute<T>) {
            encode(static_cast<const value<typename T::value_type>&>(v));
        } else if constexpr (is_value_v<T>) {
            if (v.is_null()) packer_.pack_nil();
            else if (v.is_unknown()) sink_.write(unknown_value_bytes.data(), unknown_value_bytes.size());
            else encode(*v);
        } else if constexpr (is_optional_v<T>) {
            if (v) encode(*v);
            else packer_.pack_nil();
        } else {
            encode_plain(v);
        }
    }

    void nil() { packer_.pack_nil(); }
    void raw(std::string_view bytes) { sink_.write(bytes.data(), bytes.size()); }
    void map_header(std::uint32_t n) { packer_.pack_map(n); }
    void string(std::string_view s) {
        packer_.pack_str(static_cast<std::uint32_t>(s.size()));
        packer_.pack_str_body(s.data(), static_cast<std::uint32_t>(s.size()));
    }

private:
    template <class T>
    void encode_plain(const T& v) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            string(v);
        } else if constexpr (k == type_kind::boolean) {
            if (v) packer_.pack_true();
            else packer_.pack_false();
        } else if constexpr (k == type_kind::number) {
            number(v);
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            packer_.pack_array(static_cast<std::uint32_t>(v.size()));
            for (const auto& e : v) encode(e);
        } else if constexpr (k == type_kind::map) {
            packer_.pack_map(static_cast<std::uint32_t>(v.size()));
            for (const auto& [key, e] : v) {
                string(key);
                encode(e);
            }
        } else if constexpr (k == type_kind::object) {
            packer_.pack_map(static_cast<std::uint32_t>(field_count<T>()));
            for_each_index<T>([&]<std::size_t J>() {
                constexpr std::size_t I = sorted_fields<T>[J];
                string(field_name<T, I>());
                encode(get<I>(v));
            });
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        }
    }

    // go-cty's order: an exact int64 as the smallest integer; else a finite
    // non-integer double as float64; else the exact decimal text.
    template <class N>
    void number(N n) {
        if constexpr (std::is_integral_v<N>) {
            if constexpr (std::is_unsigned_v<N>) {
                if (n > static_cast<std::make_unsigned_t<std::int64_t>>(std::numeric_limits<std::int64_t>::max())) {
                    string(std::to_string(n));
                    return;
                }
            }
            packer_.pack_int64(static_cast<std::int64_t>(n));
        } else {
            const double d = static_cast<double>(n);
            if (std::isinf(d) || (std::isfinite(d) && d != std::floor(d))) {
                packer_.pack_double(d);
            } else if (std::isnan(d)) {
                // Terraform has no NaN; the closest honest answer is an error
                // at the caller, but encoding must not invent a number.
                throw std::domain_error("tfpp: NaN cannot be sent to Terraform");
            } else if (d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
                packer_.pack_int64(static_cast<std::int64_t>(d));
            } else {
                char buf[400];
                auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed);
                string({buf, static_cast<std::size_t>(r.ptr - buf)});
            }
        }
    }

    string_sink sink_;
    msgpack::packer<string_sink> packer_;
};

class decoder {
public:
    decoder(std::string_view bytes, diagnostics& diags, decode_limits limits = {})
        : r_(bytes), diags_(diags), limits_(limits) {}

    template <class T>
    bool decode(T& out) {
        if constexpr (is_attribute<T>) {
            return decode(static_cast<value<typename T::value_type>&>(out));
        } else if constexpr (is_value_v<T>) {
            mp_kind k;
            if (!r_.peek(k)) return malformed();
            if (k == mp_kind::nil) return skip_nil(), out.set_null(), true;
            if (k == mp_kind::ext) return unknown_marker() && (out.set_unknown(), true);
            const unsigned absorbed_before = absorbed_;
            if (!decode(out.emplace())) return false;
            if (absorbed_ != absorbed_before) out.set_unknown();  // an unknown inside made it unknown
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
    template <class T>
    bool decode_document(T& out) {
        if (!decode(out)) return false;
        if (!r_.at_end()) return fail("Invalid value", "unexpected bytes after the end of the value");
        return true;
    }

    // True when some unknown value could only be kept as an unknown enclosing value.
    [[nodiscard]] bool absorbed_unknowns() const noexcept { return absorbed_ != 0; }

private:
    template <class T>
    bool decode_plain(T& out) {
        constexpr type_kind k = kind_of<T>;
        mp_kind next_kind;
        if (!r_.peek(next_kind)) return malformed();
        if (next_kind == mp_kind::nil)
            return fail("Null value not allowed",
                        "the provider's model cannot hold null here; its author can make the field a tfpp::value<T>");
        if (next_kind == mp_kind::ext) {
            if (!unknown_marker()) return false;
            ++absorbed_;  // the enclosing value<T> becomes unknown
            return true;
        }
        if (!r_.next(tok_)) return malformed();
        if constexpr (k == type_kind::string) {
            if (tok_.kind != mp_kind::str && tok_.kind != mp_kind::bin) return mismatch("a string");
            if (!valid_utf8(tok_.bytes)) return fail("Invalid value", "the string is not valid UTF-8");
            out.assign(tok_.bytes.data(), tok_.bytes.size());
            return true;
        } else if constexpr (k == type_kind::boolean) {
            if (tok_.kind != mp_kind::boolean) return mismatch("a bool");
            out = tok_.boolean;
            return true;
        } else if constexpr (k == type_kind::number) {
            return number(out);
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            if (tok_.kind != mp_kind::array) return mismatch(k == type_kind::list ? "a list" : "a set");
            const std::uint32_t n = tok_.count;
            if (!enter()) return false;
            out.clear();
            if constexpr (k == type_kind::list) out.reserve(n);
            for (std::uint32_t i = 0; i < n; ++i) {
                path_.push(attribute_path::index(i));
                typename type_info<T>::element e{};
                if (!decode(e)) return false;
                if constexpr (k == type_kind::list) {
                    out.push_back(std::move(e));
                } else if (!out.insert(std::move(e)).second) {
                    return fail("Invalid value", "the set holds the same element twice");
                }
                path_.pop();
            }
            return leave();
        } else if constexpr (k == type_kind::map) {
            if (tok_.kind != mp_kind::map) return mismatch("a map");
            const std::uint32_t n = tok_.count;
            if (!enter()) return false;
            out.clear();
            for (std::uint32_t i = 0; i < n; ++i) {
                std::string key;
                if (!map_key(key)) return false;
                path_.push(attribute_path::key(key));
                typename type_info<T>::element e{};
                if (!decode(e)) return false;
                if (!out.emplace(std::move(key), std::move(e)).second)
                    return fail("Invalid value", "the map holds the same key twice");
                path_.pop();
            }
            return leave();
        } else if constexpr (k == type_kind::object) {
            return object(out);
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    template <class S>
    bool object(S& out) {
        if (tok_.kind != mp_kind::map) return mismatch("an object");
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        constexpr std::size_t fields = field_count<S>();
        bool seen[fields + 1] = {};
        for (std::uint32_t i = 0; i < n; ++i) {
            std::string_view key;
            mp_kind kk;
            if (!r_.peek(kk)) return malformed();
            if (!r_.next(tok_)) return malformed();
            if (tok_.kind != mp_kind::str) return fail("Invalid value", "an object attribute name is not a string");
            key = tok_.bytes;
            bool found = false;
            bool ok = true;
            for_each_index<S>([&]<std::size_t I>() {
                if (found || key != field_name<S, I>()) return;
                found = true;
                if (seen[I]) {
                    ok = fail("Invalid value", "the object holds attribute \"" + std::string(key) + "\" twice");
                    return;
                }
                seen[I] = true;
                path_.push(attribute_path::attribute(key));
                ok = decode(get<I>(out));
                if (ok) path_.pop();
            });
            if (!ok) return false;
            if (!found)
                return fail("Unsupported attribute",
                            "the object has an attribute \"" + std::string(key) + "\" that the schema does not define");
        }
        // Attributes that were left out are null; fields that cannot be null say so.
        bool ok = true;
        for_each_index<S>([&]<std::size_t I>() {
            if (!ok || seen[I]) return;
            using F = field_t<S, I>;
            if constexpr (is_attribute<F> || is_value_v<F>) {
                get<I>(out).set_null();
            } else if constexpr (is_optional_v<F>) {
                get<I>(out).reset();
            } else {
                path_.push(attribute_path::attribute(field_name<S, I>()));
                ok = fail("Missing attribute", "the object lacks this attribute, which the provider's model requires");
            }
        });
        return ok && leave();
    }

    template <class N>
    bool number(N& out) {
        switch (tok_.kind) {
        case mp_kind::uint: return fitted<N>(fit_unsigned(tok_.uint, out));
        case mp_kind::sint: return fitted<N>(fit_signed(tok_.sint, out));
        case mp_kind::float32:
        case mp_kind::float64: return fitted<N>(fit_real(tok_.real, out));
        case mp_kind::str: return number_text(out, tok_.bytes);
        default: return mismatch("a number");
        }
    }

    template <class N>
    bool number_text(N& out, std::string_view text) {
        const char* end = text.data() + text.size();
        if constexpr (std::is_floating_point_v<N>) {
            double d;
            auto r = std::from_chars(text.data(), end, d);
            if (r.ec == std::errc() && r.ptr == end) return fitted<N>(fit_real(d, out));
        } else {
            N n;
            auto r = std::from_chars(text.data(), end, n);
            if (r.ec == std::errc() && r.ptr == end) return out = n, true;
            if (r.ec == std::errc::result_out_of_range) return fitted<N>(number_fit::out_of_range);
            double d;  // "1e3" and friends: still whole numbers
            auto rd = std::from_chars(text.data(), end, d);
            if (rd.ec == std::errc() && rd.ptr == end) return fitted<N>(fit_real(d, out));
        }
        return fail("Invalid value", "\"" + std::string(text) + "\" is not a number");
    }

    template <class N>
    bool fitted(number_fit fit) {
        return fit == number_fit::ok || report_number_fit<N>(fit, diags_, path_);
    }

    bool map_key(std::string& key) {
        if (!r_.next(tok_)) return malformed();
        if (tok_.kind != mp_kind::str) return fail("Invalid value", "a map key is not a string");
        if (!valid_utf8(tok_.bytes)) return fail("Invalid value", "a map key is not valid UTF-8");
        key.assign(tok_.bytes.data(), tok_.bytes.size());
        return true;
    }

    // Any extension value is an unknown; refined unknowns (ext 12) carry a
    // payload whose refinements this decoder does not keep.
    bool unknown_marker() {
        if (!r_.next(tok_)) return malformed();
        if (tok_.bytes.size() > 1 && tok_.ext_type != 12)
            return fail("Invalid value", "unsupported MessagePack extension type " + std::to_string(tok_.ext_type));
        return true;
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

    bool mismatch(const char* expected) {
        static constexpr const char* names[] = {"null", "a bool", "a number", "a number", "a number", "a number",
                                                "a string", "binary data", "a list", "a map or object", "an unknown"};
        return fail("Incorrect value type",
                    std::string("expected ") + expected + ", got " + names[static_cast<int>(tok_.kind)]);
    }
    bool malformed() { return fail("Malformed value", "the MessagePack bytes end early or are not valid"); }
    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_);
        return false;
    }

    msgpack_reader r_;
    mp_token tok_;
    attribute_path path_;
    diagnostics& diags_;
    decode_limits limits_;
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

// Decodes bytes into out; on failure adds an error diagnostic with the
// attribute path and returns false.
template <class T>
bool decode_msgpack(std::string_view bytes, T& out, diagnostics& diags, decode_limits limits = {}) {
    return detail::decoder(bytes, diags, limits).decode_document(out);
}

}  // namespace tfpp
