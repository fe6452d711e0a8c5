// Exact decimal arithmetic for tfpp::number: just enough to hold any number
// Terraform can send exactly, compare two of them, and print them the ways
// go-cty does. Not a general big-number library.
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
inline void multiply_small(std::vector<std::uint32_t>& limbs, std::uint32_t factor) {
    std::uint64_t carry = 0;
    for (auto& l : limbs) {
        const std::uint64_t v = std::uint64_t{l} * factor + carry;
        l = static_cast<std::uint32_t>(v % 1000000000u);
        carry = v / 1000000000u;
    }
    while (carry != 0) {
        limbs.push_back(static_cast<std::uint32_t>(carry % 1000000000u));
        carry /= 1000000000u;
    }
}

inline std::string limbs_to_string(const std::vector<std::uint32_t>& limbs) {
    std::string out = std::to_string(limbs.back());
    char buf[16];
    for (auto it = limbs.rbegin() + 1; it != limbs.rend(); ++it) {
        const auto r = std::to_chars(buf, buf + sizeof buf, *it);
        out.append(9 - static_cast<std::size_t>(r.ptr - buf), '0');
        out.append(buf, r.ptr);
    }
    return out;
}

// The exact value of a finite double: every binary fraction has a finite
// decimal expansion (m × 2^-k = m × 5^k × 10^-k).
inline decimal decimal_from_double(double d) {
    decimal out;
    if (d == 0) return out;
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(d);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
    int exp2;
    if (biased == 0) {
        exp2 = -1074;
    } else {
        mantissa |= std::uint64_t{1} << 52;
        exp2 = biased - 1075;
    }
    std::vector<std::uint32_t> limbs{static_cast<std::uint32_t>(mantissa % 1000000000u),
                                     static_cast<std::uint32_t>(mantissa / 1000000000u % 1000000000u),
                                     static_cast<std::uint32_t>(mantissa / 1000000000000000000u)};
    while (limbs.size() > 1 && limbs.back() == 0) limbs.pop_back();
    if (exp2 >= 0) {
        for (int i = 0; i < exp2; i += 16) multiply_small(limbs, 1u << std::min(16, exp2 - i));
    } else {
        for (int i = 0; i < -exp2; i += 13) {
            std::uint32_t f = 1;
            for (int j = 0; j < std::min(13, -exp2 - i); ++j) f *= 5;
            multiply_small(limbs, f);
        }
        out.exponent = exp2;
    }
    out.digits = limbs_to_string(limbs);
    out.negative = d < 0;
    out.normalize();
    return out;
}

// Parses [+-]digits[.digits][(e|E)[+-]digits], also ".5" and "5." as
// big.ParseFloat does. Exponents beyond max_exponent are refused so that a
// tiny input cannot ask for a gigabyte of digits later.
inline std::optional<decimal> parse_decimal(std::string_view s, std::int64_t max_exponent) {
    decimal d;
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) d.negative = s[i++] == '-';
    bool any_digit = false;
    std::int64_t fraction_digits = 0;
    bool in_fraction = false;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c >= '0' && c <= '9') {
            any_digit = true;
            if (!(d.digits.empty() && c == '0')) d.digits += c;
            if (in_fraction) ++fraction_digits;
        } else if (c == '.' && !in_fraction) {
            in_fraction = true;
        } else {
            break;
        }
    }
    if (!any_digit) return std::nullopt;
    std::int64_t exp = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        bool exp_negative = false;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) exp_negative = s[i++] == '-';
        if (i == s.size()) return std::nullopt;
        for (; i < s.size(); ++i) {
            if (s[i] < '0' || s[i] > '9') return std::nullopt;
            exp = exp * 10 + (s[i] - '0');
            if (exp > 4 * max_exponent + static_cast<std::int64_t>(s.size())) return std::nullopt;
        }
        if (exp_negative) exp = -exp;
    }
    if (i != s.size()) return std::nullopt;
    d.exponent = exp - fraction_digits;
    d.normalize();
    if (d.is_zero()) d.negative = false;
    if (!d.is_zero() && (d.point() > max_exponent || d.point() < -max_exponent)) return std::nullopt;
    return d;
}

// Plain positional notation with no exponent and no trailing zeros, as Go's
// big.Float.Text('f', -1) prints an exact value.
inline std::string fixed_text(const decimal& d) {
    if (d.is_zero()) return "0";
    std::string out = d.negative ? "-" : "";
    const std::int64_t point = d.point();
    if (point <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-point), '0');
        out += d.digits;
    } else if (d.exponent >= 0) {
        out += d.digits;
        out.append(static_cast<std::size_t>(d.exponent), '0');
    } else {
        out.append(d.digits, 0, static_cast<std::size_t>(point));
        out += '.';
        out.append(d.digits, static_cast<std::size_t>(point));
    }
    return out;
}

// Go's big.Float.Text('g', 10), which go-cty writes for numbers when it
// orders set elements that are not primitives: round to 10 significant digits
// (ties to even), then %e for exponents below -4 or from 10 up, else %f.
inline std::string go_g10_text(const decimal& value) {
    if (value.is_zero()) return "0";
    std::string mant = value.digits;
    std::int64_t point = value.point();
    constexpr std::size_t precision = 10;
    if (mant.size() > precision) {
        const bool halfway = mant[precision] == '5' && mant.size() == precision + 1;
        const bool up = halfway ? ((mant[precision - 1] - '0') & 1) != 0 : mant[precision] >= '5';
        mant.resize(precision);
        if (up) {
            std::size_t n = precision;
            while (n > 0 && mant[n - 1] == '9') --n;
            if (n == 0) {
                mant = "1";
                ++point;
            } else {
                ++mant[n - 1];
                mant.resize(n);
            }
        }
        mant.erase(mant.find_last_not_of('0') + 1);
    }
    const auto len = static_cast<std::int64_t>(mant.size());
    std::int64_t eprec = precision;
    if (eprec > len && len >= point) eprec = len;
    const std::int64_t exp = point - 1;
    std::string out = value.negative ? "-" : "";
    if (exp < -4 || exp >= eprec) {
        out += mant[0];
        if (len > 1) {
            out += '.';
            out.append(mant, 1);
        }
        out += exp < 0 ? "e-" : "e+";
        const std::string e = std::to_string(exp < 0 ? -exp : exp);
        if (e.size() < 2) out += '0';
        out += e;
        return out;
    }
    decimal rounded{value.negative, mant, point - len};
    return fixed_text(rounded);
}

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
inline double decimal_to_double(const decimal& d) {
    if (d.is_zero()) return 0;
    if (d.point() > 400) return d.negative ? -HUGE_VAL : HUGE_VAL;
    if (d.point() < -400) return d.negative ? -0.0 : 0.0;
    const std::string text = (d.negative ? "-" : "") + d.digits + "e" + std::to_string(d.exponent);
    double out = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    if (r.ec == std::errc::result_out_of_range) {
        const double mag = d.point() > 0 ? HUGE_VAL : 0.0;
        return d.negative ? -mag : mag;
    }
    return out;
}

}  // namespace tfpp::detail
