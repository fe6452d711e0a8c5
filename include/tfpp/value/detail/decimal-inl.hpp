// Exact decimals, compiled once (tfpp/value/detail/decimal.hpp).
// Compiled once from src/value/decimal.cpp, or inline in every file that includes
// <tfpp/value/detail/decimal.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/value/detail/decimal.hpp>

#include <cstdlib>

namespace tfpp::detail {

TFPP_INLINE void multiply_small(std::vector<std::uint32_t>& limbs, std::uint32_t factor) {
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

TFPP_INLINE std::string limbs_to_string(const std::vector<std::uint32_t>& limbs) {
    std::string out = std::to_string(limbs.back());
    char buf[16];
    for (auto it = limbs.rbegin() + 1; it != limbs.rend(); ++it) {
        const auto r = std::to_chars(buf, buf + sizeof buf, *it);
        out.append(9 - static_cast<std::size_t>(r.ptr - buf), '0');
        out.append(buf, r.ptr);
    }
    return out;
}

TFPP_INLINE decimal decimal_from_double(double d) {
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

TFPP_INLINE std::optional<decimal> parse_decimal(std::string_view s, std::int64_t max_exponent) {
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

TFPP_INLINE std::string fixed_text(const decimal& d) {
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

TFPP_INLINE std::string go_g10_text(const decimal& value) {
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

TFPP_INLINE double decimal_to_double(const decimal& d) {
    if (d.is_zero()) return 0;
    if (d.point() > 400) return d.negative ? -HUGE_VAL : HUGE_VAL;
    if (d.point() < -400) return d.negative ? -0.0 : 0.0;
    const std::string text = (d.negative ? "-" : "") + d.digits + "e" + std::to_string(d.exponent);
#ifdef __cpp_lib_to_chars
    double out = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    if (r.ec == std::errc::result_out_of_range) {
        const double mag = d.point() > 0 ? HUGE_VAL : 0.0;
        return d.negative ? -mag : mag;
    }
    return out;
#else
    // libc++ (macOS) has no floating-point from_chars. strtod rounds as
    // correctly (±HUGE_VAL beyond range), and the text holds no decimal point
    // for a locale to change.
    return std::strtod(text.c_str(), nullptr);
#endif
}

}  // namespace tfpp::detail
