// The value of tfpp::default_value<V>: a string, integer, floating-point or
// bool literal, usable as a template argument.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

template <std::size_t N>
struct default_literal {
    enum class kind : unsigned char { string, integer, real, boolean };
    kind which{};
    char text[N]{};
    std::int64_t integer = 0;
    // A double's bits, not a double: clang before 18 mishandles a template
    // argument of class type with a floating-point member (one_of<0.5, 1>
    // compared as one_of<0, 1>).
    std::uint64_t real_bits = 0;
    bool boolean = false;
    constexpr default_literal(const char (&s)[N]) : which(kind::string) { std::copy_n(s, N, text); }
    template <class I>
    requires std::is_integral_v<I>
    constexpr default_literal(I v)
        : which(std::is_same_v<I, bool> ? kind::boolean : kind::integer),
          integer(static_cast<std::int64_t>(v)),
          boolean(v != I{}) {}
    constexpr default_literal(double v) : which(kind::real), real_bits(std::bit_cast<std::uint64_t>(v)) {}
    [[nodiscard]] constexpr std::string_view string() const { return {text, N - 1}; }
    [[nodiscard]] constexpr double real() const { return std::bit_cast<double>(real_bits); }
};
template <std::size_t N>
default_literal(const char (&)[N]) -> default_literal<N>;
template <class I>
requires std::is_integral_v<I> default_literal(I)
->default_literal<1>;
default_literal(double)->default_literal<1>;

}  // namespace tfpp::detail
