// What every codec shares: the C++ types it encodes, and how decoding treats
// untrusted input (docs/values.md lists the defaults).
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/type_map.hpp>

#include <cstddef>
#include <cstdint>

namespace tfpp {

// A C++ type tfpp can encode and decode: a model, an attribute, or any type
// of the table in tfpp/core/type_map.hpp.
template <class T>
concept encodable = detail::is_schema_field<T> || detail::kind_of<T>
!= detail::type_kind::unsupported;

// What a decoder does with an object attribute that the model or type does
// not define.
enum class extra_attributes : std::uint8_t {
    reject,  // an error, as go-cty does (DynamicValue)
    ignore,  // dropped: stored state may predate a schema change (RawState.json)
};

struct decode_options {
    unsigned max_depth = 128;                      // nesting of lists, sets, maps, tuples, objects and dynamic values
    std::size_t max_bytes = std::size_t{1} << 30;  // one encoded value
    extra_attributes extra = extra_attributes::reject;
};

}  // namespace tfpp
