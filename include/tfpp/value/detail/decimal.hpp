// Exact decimal arithmetic for tfpp::number: just enough to hold any number
// Terraform can send exactly, compare two of them, and print them the ways
// go-cty does. Not a general big-number library. Compiled once, except the
// small helpers (src/value/decimal.cpp).
#pragma once

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// magnitude = digits × 10^exponent. digits has no leading or trailing zeros;
// empty digits is zero (and then negative is false and exponent 0).
struct decimal {
    bool negative = false;
    std::string digits;
    std::int64_t exponent = 0;

    [[nodiscard]] bool is_zero() const noexcept { return digits.empty(); }
    // Position of the decimal point relative to the first digit: value = 0.digits × 10^point.
    [[nodiscard]] std::int64_t point() const noexcept { return static_cast<std::int64_t>(digits.size()) + exponent; }
    [[nodiscard]] bool is_integer() const noexcept { return exponent >= 0; }

    void normalize() {
        const auto first = digits.find_first_not_of('0');
        if (first == std::string::npos) {
            *this = decimal{};
            return;
        }
        digits.erase(0, first);
        const auto last = digits.find_last_not_of('0');
        exponent += static_cast<std::int64_t>(digits.size() - 1 - last);
        digits.erase(last + 1);
    }

    friend bool operator==(const decimal&, const decimal&) = default;
};

// -1, 0 or 1 as |a| is less than, equal to or greater than |b|.
inline int compare_magnitude(const decimal& a, const decimal& b) noexcept {
    if (a.is_zero() || b.is_zero()) return a.is_zero() == b.is_zero() ? 0 : a.is_zero() ? -1 : 1;
    if (a.point() != b.point()) return a.point() < b.point() ? -1 : 1;
    const int c = a.digits.compare(b.digits);  // same point: lexicographic order is numeric order
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

inline int compare(const decimal& a, const decimal& b) noexcept {
    if (a.negative != b.negative) return a.negative ? -1 : 1;
    const int m = compare_magnitude(a, b);
    return a.negative ? -m : m;
}

inline decimal decimal_from_uint(std::uint64_t v, bool negative = false) {
    decimal d;
    d.digits = std::to_string(v);
    d.negative = negative;
    d.normalize();
    if (d.is_zero()) d.negative = false;
    return d;
}

inline decimal decimal_from_int(std::int64_t v) {
    const bool neg = v < 0;
    const std::uint64_t mag = neg ? ~static_cast<std::uint64_t>(v) + 1 : static_cast<std::uint64_t>(v);
    return decimal_from_uint(mag, neg);
}

// Little-endian base-1e9 limbs, for the exact expansion of a double.
void multiply_small(std::vector<std::uint32_t>& limbs, std::uint32_t factor);

std::string limbs_to_string(const std::vector<std::uint32_t>& limbs);

// The exact value of a finite double: every binary fraction has a finite
// decimal expansion (m × 2^-k = m × 5^k × 10^-k).
decimal decimal_from_double(double d);

// Parses [+-]digits[.digits][(e|E)[+-]digits], also ".5" and "5." as
// big.ParseFloat does. Exponents beyond max_exponent are refused so that a
// tiny input cannot ask for a gigabyte of digits later.
std::optional<decimal> parse_decimal(std::string_view s, std::int64_t max_exponent);

// Plain positional notation with no exponent and no trailing zeros, as Go's
// big.Float.Text('f', -1) prints an exact value.
std::string fixed_text(const decimal& d);

// Go's big.Float.Text('g', 10), which go-cty writes for numbers when it
// orders set elements that are not primitives: round to 10 significant digits
// (ties to even), then %e for exponents below -4 or from 10 up, else %f.
std::string go_g10_text(const decimal& value);

// The magnitude of a whole decimal, if it fits 64 bits.
inline std::optional<std::uint64_t> decimal_magnitude(const decimal& d) {
    if (d.is_zero()) return 0;
    if (d.exponent < 0 || d.point() > 20) return std::nullopt;
    std::uint64_t mag = 0;
    for (std::size_t i = 0; i < d.digits.size() + static_cast<std::size_t>(d.exponent); ++i) {
        const unsigned digit = i < d.digits.size() ? static_cast<unsigned>(d.digits[i] - '0') : 0u;
        if (mag > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
        mag = mag * 10 + digit;
    }
    return mag;
}

// The uint64 a decimal equals, if it is a non-negative whole number in range.
inline std::optional<std::uint64_t> decimal_to_uint64(const decimal& d) {
    if (d.negative) return std::nullopt;
    return decimal_magnitude(d);
}

// The int64 a decimal equals, if it is a whole number in range.
inline std::optional<std::int64_t> decimal_to_int64(const decimal& d) {
    const auto mag = decimal_magnitude(d);
    if (!mag) return std::nullopt;
    if (d.negative) {
        if (*mag > std::uint64_t{1} << 63) return std::nullopt;
        return static_cast<std::int64_t>(~*mag + 1);
    }
    if (*mag > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return static_cast<std::int64_t>(*mag);
}

// The nearest double (correctly rounded by from_chars); infinite when beyond range.
double decimal_to_double(const decimal& d);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/value/detail/decimal-inl.hpp>
#endif
