// Which C++ types stand for which Terraform types:
//
//   std::string                       string
//   bool                              bool
//   tfpp::number (exact), std::int64_t (any integer), double   number
//   std::vector<T>                    list(T)
//   tfpp::set<T>, std::set<T>         set(T)
//   std::map<std::string, T>          map(T)
//   std::tuple<T...>                  tuple([T, ...])
//   an aggregate struct               object({field = T, ...})
//   tfpp::dynamic                     dynamic: any type, chosen by the value
//   tfpp::value<T>, std::optional<T>  T, where an element may be null (and, for value<T>, unknown)
//
// The mapping is a trait in tfpp::detail (kind_of<T>) that every layer uses.
#pragma once

#include <tfpp/core/detail/type_map.hpp>
