// Narrowing a decoded number into the model's C++ number type, shared by the
// msgpack and JSON decoders so both accept and refuse exactly the same values.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/number.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace tfpp::detail {

enum class number_fit { ok, out_of_range, not_whole };

template <class N>
number_fit fit_unsigned(std::uint64_t v, N& out) {
    if constexpr (std::is_integral_v<N>)
        if (v > static_cast<std::uint64_t>(std::numeric_limits<N>::max())) return number_fit::out_of_range;
    out = static_cast<N>(v);
    return number_fit::ok;
}

template <class N>
number_fit fit_signed(std::int64_t v, N& out) {
    if (v >= 0) return fit_unsigned(static_cast<std::uint64_t>(v), out);
    if constexpr (std::is_integral_v<N>)
        if (std::is_unsigned_v<N> || v < static_cast<std::int64_t>(std::numeric_limits<N>::min()))
            return number_fit::out_of_range;
    out = static_cast<N>(v);
    return number_fit::ok;
}

template <class N>
number_fit fit_real(double d, N& out) {
    if constexpr (std::is_floating_point_v<N>) {
        out = static_cast<N>(d);
        return number_fit::ok;
    } else {
        if (d != std::floor(d)) return number_fit::not_whole;
        if (d < -9223372036854775808.0 || d >= 18446744073709551616.0) return number_fit::out_of_range;
        return d < 0 ? fit_signed(static_cast<std::int64_t>(d), out) : fit_unsigned(static_cast<std::uint64_t>(d), out);
    }
}

// A decoded tfpp::number into the model's C++ number type.
template <class N>
number_fit fit_number(const tfpp::number& n, N& out) {
    if (auto i = n.to_int64()) return fit_signed(*i, out);
    if (n.is_integer())
        if (auto u = decimal_to_uint64(n.exact())) return fit_unsigned(*u, out);
    if constexpr (std::is_floating_point_v<N>) {
        out = static_cast<N>(n.to_double());
        return number_fit::ok;
    } else {
        return n.is_integer() ? number_fit::out_of_range : number_fit::not_whole;
    }
}

// Adds the error for a number that did not fit N; false, for `return`.
template <class N>
bool report_number_fit(number_fit fit, diagnostics& diags, const attribute_path& path) {
    if (fit == number_fit::not_whole) {
        diags.error("Invalid value", "the number is not a whole number", path);
    } else {
        diags.error("Number out of range",
                    "the number does not fit the provider's model (" +
                        std::string(std::is_floating_point_v<N> ? "floating point"
                                    : std::is_signed_v<N>       ? "signed integer"
                                                                : "unsigned integer") +
                        " of " + std::to_string(sizeof(N) * 8) + " bits)",
                    path);
    }
    return false;
}

}  // namespace tfpp::detail
