// tfpp::type_list<...>: the C++ types a provider lists (its resources, data
// sources, a resource's prior models).
//
//   using resources = tfpp::type_list<file_resource, directory_resource>;
#pragma once

namespace tfpp {

template <class... Types>
struct type_list {};

}  // namespace tfpp

// What tfpp does with one (listed<T, List>, for_each_type): in tfpp::detail.
#include <tfpp/core/detail/type_list.hpp>
