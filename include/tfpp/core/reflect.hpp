// Reflection of models: field names and access for plain aggregates (Boost.PFR
// and compiler-generated names, no macro) and for classes described with
// BOOST_DESCRIBE_STRUCT. The core of every layer above; its names live in
// tfpp::detail because provider code never needs them.
#pragma once

#include <tfpp/core/detail/reflect.hpp>
