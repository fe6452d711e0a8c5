// tfpp::type_of<T>(): the Terraform type of a C++ type (a model field's type,
// or a whole model), as tfpp/core/type_map.hpp maps them:
//
//   tfpp::type_of<std::vector<std::string>>() == tfpp::type::list(tfpp::type::string())
#pragma once

#include <tfpp/value/type.hpp>

namespace tfpp {

template <class T>
type type_of();

}  // namespace tfpp

#include <tfpp/value/detail/type_of.hpp>

namespace tfpp {

template <class T>
type type_of() {
    return detail::make_type<T>();
}

}  // namespace tfpp
