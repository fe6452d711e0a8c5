// What the typed and the dynamic MessagePack decoders share: the reader,
// the path of the value being decoded, the depth and size limits, numbers,
// strings and the refinements of unknown values, and how errors are reported.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/path_stack.hpp>
#include <tfpp/codec/detail/utf8.hpp>
#include <tfpp/codec/options.hpp>
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
                if (!body.next(t) || t.kind != mp_kind::boolean)
                    return bad_refinement("the null refinement is not a bool");
                if ((t.boolean && r.not_null) || (!t.boolean && is_null))
                    return bad_refinement("the refinements say both null and not null");
                if (t.boolean) is_null = true;
                else r.not_null = true;
                break;
            case 2: {
                if (kind != refinable::string)
                    return bad_refinement("a string prefix refinement for a non-string type");
                if (!body.next(t) || t.kind != mp_kind::str) return bad_refinement("the string prefix is not a string");
                if (!valid_utf8(t.bytes)) return bad_refinement("the string prefix is not valid UTF-8");
                const std::string_view old = r.string_prefix, now = t.bytes;
                if (old.substr(0, now.size()) == now) break;  // weaker than what we have
                if (now.substr(0, old.size()) != old)
                    return bad_refinement("two string prefixes contradict each other");
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
                    (t.kind == mp_kind::uint &&
                     t.uint > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
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

    static std::string printable(std::string_view s) {
        std::string out(s.substr(0, 64));
        for (char& c : out)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
        return s.size() > 64 ? out + "..." : out;
    }
    bool mismatch(const char* expected) {
        static constexpr const char* names[] = {"null",     "a bool",          "a number",  "a number",
                                                "a number", "a number",        "a string",  "binary data",
                                                "a list",   "a map or object", "an unknown"};
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
    decode_options limits_;
    bool too_big_;
    unsigned depth_ = 0;
    unsigned absorbed_ = 0;
};

}  // namespace tfpp::detail
