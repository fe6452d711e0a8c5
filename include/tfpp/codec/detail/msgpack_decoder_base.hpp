// What the typed and the dynamic MessagePack decoders share: the reader,
// the path of the value being decoded, the depth and size limits, numbers,
// strings and the refinements of unknown values, and how errors are reported.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/path_stack.hpp>
#include <tfpp/codec/options.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/number.hpp>
#include <tfpp/value/value.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

class decoder_base {
public:
    decoder_base(std::string_view bytes, diagnostics& diags, const decode_options& options = {})
        : r_(bytes), diags_(diags), limits_(options), too_big_(bytes.size() > options.max_bytes) {}

protected:
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
                if (!n) return fail("Invalid value", "the string is not a number");
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
                if (!n) return fail("Invalid value", "the string is not a number");
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

    // An unknown value, by go-cty's rules (read_refinements).
    bool read_unknown(refinable kind, refinements& r, bool& is_null) {
        if (!r_.next(tok_)) return malformed();
        if (std::string problem = read_refinements(tok_, kind, r, is_null); !problem.empty())
            return fail("Invalid value", std::move(problem));
        return true;
    }

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
        static constexpr const char* names[] = {"null",     "a bool",          "a number",  "a number",
                                                "a number", "a number",        "a string",  "binary data",
                                                "a list",   "a map or object", "an unknown"};
        return fail("Incorrect value type",
                    std::string("expected ") + expected + ", got " + names[static_cast<int>(tok_.kind)]);
    }
    bool malformed() { return fail("Malformed value", "the MessagePack bytes end early or are not valid"); }
    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_.materialize());
        return false;
    }

    msgpack_reader r_;
    mp_token tok_;
    path_stack path_;
    diagnostics& diags_;
    decode_options limits_;
    bool too_big_;
    unsigned depth_ = 0;
    unsigned absorbed_ = 0;
};

}  // namespace tfpp::detail
