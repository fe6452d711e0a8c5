// What a field of a model is to Terraform: its role, and how a nested value
// repeats. The runtime schema (tfpp/schema/schema.hpp) reports both.
#pragma once

#include <tfpp/fwd.hpp>

namespace tfpp {

enum class attribute_role : unsigned char { required, optional, computed, optional_computed };

// How nested values repeat: one object, a list, a set or a map of them; a
// group is a single block that is always present.
enum class nesting : unsigned char { single, list, set, map, group };

}  // namespace tfpp

#include <tfpp/core/detail/field.hpp>
