// tfpp::fixed_string: a string usable as a template argument, as in
// tfpp::description<"..."> or tfpp::one_of<"tcp", "udp">.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace tfpp {

template <std::size_t N>
struct fixed_string {
    char chars[N]{};
    constexpr fixed_string(const char (&s)[N]) { std::copy_n(s, N, chars); }
    [[nodiscard]] constexpr std::string_view view() const { return {chars, N - 1}; }
};

}  // namespace tfpp
