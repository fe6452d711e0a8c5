// tfpp::number: a Terraform number, kept exactly.
//
// Terraform numbers are arbitrary-precision decimals. A number here is held in
// one of three forms, chosen by its value so that equal numbers always look the
// same: a whole number that fits int64; a non-whole number a double holds
// exactly (0.5, 0.25, ...); otherwise an exact decimal (0.1, 2^70, 1e400).
// The first two are the fast paths. The forms are also exactly go-cty's three
// wire encodings (integer, float64, decimal string), so encoding needs no work.
#pragma once

#include <tfpp/value/detail/decimal.hpp>

#include <charconv>
#include <cmath>
#include <compare>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp {

class number {
public:
    enum class form : std::uint8_t { int64, float64, decimal };

    // Decimal exponents beyond this are refused when parsing, so that a short
    // text such as "1e999999999" cannot ask for a gigabyte of digits.
    static constexpr std::int64_t max_exponent = 10000;

    constexpr number() noexcept = default;  // zero

    template <std::integral I>
    requires(!std::same_as<I, bool>) number(I v) {  // NOLINT: implicit, like the built-in conversions
        if constexpr (std::is_unsigned_v<I>) {
            if (static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
                form_ = form::decimal;
                dec_ = detail::decimal_from_uint(v);
                return;
            }
        }
        i_ = static_cast<std::int64_t>(v);
    }

    // A double is taken at its exact binary value when it is not whole (0.1
    // as a double is 0.1000000000000000055...). A whole double beyond int64
    // becomes the shortest decimal that reads back as it, as go-cty sends it.
    number(double d) {  // NOLINT: implicit
        if (std::isnan(d)) throw std::domain_error("tfpp: NaN is not a Terraform number");
        if (std::isinf(d) || d != std::floor(d)) {
            form_ = form::float64;
            d_ = d;
        } else if (d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
            i_ = static_cast<std::int64_t>(d);
        } else {
            char buf[32];
            // Scientific: shortest digits (the fixed form would print every digit).
            const auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
            *this = from_decimal(*detail::parse_decimal({buf, static_cast<std::size_t>(r.ptr - buf)}, max_exponent));
        }
    }

    static number infinity(bool negative = false) {
        number n;
        n.form_ = form::float64;
        n.d_ = negative ? -HUGE_VAL : HUGE_VAL;
        return n;
    }

    // Parses decimal text ("0.1", "-12", "1.5e300", "+Inf"), as go-cty's
    // ParseNumberVal does; nullopt when it is not a number.
    static std::optional<number> parse(std::string_view text) {
        if (text == "Inf" || text == "+Inf" || text == "inf" || text == "+inf") return infinity();
        if (text == "-Inf" || text == "-inf") return infinity(true);
        auto d = detail::parse_decimal(text, max_exponent);
        if (!d) return std::nullopt;
        return from_decimal(std::move(*d));
    }

    [[nodiscard]] form representation() const noexcept { return form_; }
    [[nodiscard]] bool is_int64() const noexcept { return form_ == form::int64; }
    [[nodiscard]] bool is_infinite() const noexcept { return form_ == form::float64 && std::isinf(d_); }
    [[nodiscard]] bool is_integer() const noexcept {
        return form_ == form::int64 || (form_ == form::decimal && dec_.is_integer());
    }
    [[nodiscard]] bool is_negative() const noexcept {
        return form_ == form::int64 ? i_ < 0 : form_ == form::float64 ? d_ < 0 : dec_.negative;
    }

    // The exact int64 value, if the number is a whole number that fits.
    [[nodiscard]] std::optional<std::int64_t> to_int64() const noexcept {
        if (form_ == form::int64) return i_;
        return std::nullopt;
    }
    // The nearest double.
    [[nodiscard]] double to_double() const {
        switch (form_) {
        case form::int64: return static_cast<double>(i_);
        case form::float64: return d_;
        case form::decimal: break;
        }
        return detail::decimal_to_double(dec_);
    }
    // Only for form::int64 / form::float64: the fast-path payload.
    [[nodiscard]] std::int64_t int64_value() const noexcept { return i_; }
    [[nodiscard]] double float64_value() const noexcept { return d_; }

    // Shortest positional text that reads back as this number: "12", "0.1",
    // "1180591620717411303424", "+Inf". This is what go-cty's Text('f', -1)
    // prints, and the decimal-string wire form.
    [[nodiscard]] std::string to_string() const {
        switch (form_) {
        case form::int64: return std::to_string(i_);
        case form::float64: {
            if (std::isinf(d_)) return d_ > 0 ? "+Inf" : "-Inf";
            char buf[400];
            const auto r = std::to_chars(buf, buf + sizeof buf, d_, std::chars_format::fixed);
            return {buf, static_cast<std::size_t>(r.ptr - buf)};
        }
        case form::decimal: break;
        }
        return detail::fixed_text(dec_);
    }

    // The exact value as a decimal (not for infinities).
    [[nodiscard]] detail::decimal exact() const {
        switch (form_) {
        case form::int64: return detail::decimal_from_int(i_);
        case form::float64: return detail::decimal_from_double(d_);
        case form::decimal: break;
        }
        return dec_;
    }

    // Equal numbers always share a form, so equality is exact and cheap.
    friend bool operator==(const number& a, const number& b) noexcept {
        if (a.form_ != b.form_) return false;
        switch (a.form_) {
        case form::int64: return a.i_ == b.i_;
        case form::float64: return a.d_ == b.d_;
        case form::decimal: break;
        }
        return a.dec_ == b.dec_;
    }

    // Exact numeric order; -Inf below every finite number, +Inf above.
    friend std::strong_ordering operator<=>(const number& a, const number& b) {
        if (a.form_ == form::int64 && b.form_ == form::int64) return a.i_ <=> b.i_;
        const int ia = a.infinite_sign(), ib = b.infinite_sign();
        if (ia != 0 || ib != 0) return ia <=> ib;
        if (a.form_ == form::float64 && b.form_ == form::float64)
            return a.d_ < b.d_   ? std::strong_ordering::less
                   : a.d_ > b.d_ ? std::strong_ordering::greater
                                 : std::strong_ordering::equal;
        const int c = detail::compare(a.exact(), b.exact());
        return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
    }

private:
    static number from_decimal(detail::decimal d) {
        number n;
        if (auto i = detail::decimal_to_int64(d)) {
            n.i_ = *i;
            return n;
        }
        if (!d.is_integer() && d.point() > -330 && d.point() < 330 && d.digits.size() <= 1100) {
            const double nearest = detail::decimal_to_double(d);
            if (std::isfinite(nearest) && detail::decimal_from_double(nearest) == d) {
                n.form_ = form::float64;
                n.d_ = nearest;
                return n;
            }
        }
        n.form_ = form::decimal;
        n.dec_ = std::move(d);
        return n;
    }
    [[nodiscard]] int infinite_sign() const noexcept {
        if (form_ != form::float64 || !std::isinf(d_)) return 0;
        return d_ > 0 ? 1 : -1;
    }

    form form_ = form::int64;
    std::int64_t i_ = 0;
    double d_ = 0;
    detail::decimal dec_;  // form::decimal only
};

}  // namespace tfpp
