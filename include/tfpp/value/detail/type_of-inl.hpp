// Object types built from the compile-time field tables, compiled once.
// Compiled once from src/value/type_of.cpp, or inline in every file that includes
// <tfpp/value/detail/type_of.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/value/detail/type_of.hpp>

namespace tfpp::detail {

TFPP_INLINE type object_type_of(const object_field* fields, std::size_t n) {
    std::vector<type::attribute> attrs;
    attrs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) attrs.push_back({std::string(fields[i].name), fields[i].make(), false});
    return type::object(std::move(attrs));
}

}  // namespace tfpp::detail
