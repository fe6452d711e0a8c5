// JSON documents compared by value, compiled once (tfpp/value/json_text.hpp).
// Compiled once from src/value/json_text.cpp, or inline in every file that includes
// <tfpp/value/json_text.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/value/detail/json_text.hpp>
#include <tfpp/value/json_text.hpp>

namespace tfpp {

TFPP_INLINE bool is_json_document(std::string_view text) noexcept { return detail::parse_json_document(text).has_value(); }

TFPP_INLINE bool same_json(std::string_view a, std::string_view b) noexcept {
    if (a == b) return is_json_document(a);
    const auto x = detail::parse_json_document(a);
    if (!x) return false;
    const auto y = detail::parse_json_document(b);
    return y && *x == *y;
}

}  // namespace tfpp
