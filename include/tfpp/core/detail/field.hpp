// The marks that attribute and block fields carry, so that every layer can
// tell them apart without knowing their options.
#pragma once

#include <type_traits>

namespace tfpp::detail {

// Base classes of attribute and block fields (tfpp/schema/attribute.hpp).
struct attribute_tag {};
struct block_tag {};

template <class F>
inline constexpr bool is_attribute = std::is_base_of_v<attribute_tag, F>;
template <class F>
inline constexpr bool is_block = std::is_base_of_v<block_tag, F>;
// An attribute or a block: a value<T> that also carries schema information.
template <class F>
inline constexpr bool is_schema_field = is_attribute<F> || is_block<F>;

// The type a codec handles for a field of type F: the value<T> an attribute
// or block is (whatever its options), or F itself. Fields of one codec type
// share the codec's code.
template <class F, bool = is_schema_field<F>>
struct field_codec {
    using type = F;
};
template <class F>
struct field_codec<F, true> {
    using type = value<typename F::value_type>;
};
template <class F>
using field_codec_t = typename field_codec<F>::type;

}  // namespace tfpp::detail
