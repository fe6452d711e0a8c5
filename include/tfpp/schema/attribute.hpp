// Attribute roles, blocks and their options: the field types of a model say
// how Terraform treats each field, so the struct is the whole schema.
//
//   struct rule {
//       tfpp::required<std::int64_t> port;
//       tfpp::optional<std::string> protocol;
//   };
//   struct server {
//       tfpp::required<std::string, tfpp::requires_replace> name;
//       tfpp::optional<std::int64_t> port;
//       tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
//       tfpp::optional<std::vector<rule>> rules;         // nested attributes (a struct of attributes)
//       tfpp::block_list<rule, tfpp::max_items<8>> ingress;  // ingress { ... } blocks
//   };
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/fwd.hpp>
#include <tfpp/schema/attribute_options.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/value.hpp>

#include <tfpp/schema/detail/field.hpp>

namespace tfpp {

// --- attribute roles: each is a value<T> (null, unknown or known)

template <class T, class... Options>
struct required : detail::attribute<attribute_role::required, T, Options...> {
    using detail::attribute<attribute_role::required, T, Options...>::attribute;
};
template <class T, class... Options>
struct optional : detail::attribute<attribute_role::optional, T, Options...> {
    using detail::attribute<attribute_role::optional, T, Options...>::attribute;
};
template <class T, class... Options>
struct computed : detail::attribute<attribute_role::computed, T, Options...> {
    using detail::attribute<attribute_role::computed, T, Options...>::attribute;
};
template <class T, class... Options>
struct optional_computed : detail::attribute<attribute_role::optional_computed, T, Options...> {
    using detail::attribute<attribute_role::optional_computed, T, Options...>::attribute;
};

// --- blocks: `name { ... }` in the configuration. S is a struct of attributes
// and blocks, like a model.

// At most one block; null when absent. With tfpp::min_items<1>, exactly one.
template <class S, class... Options>
struct block : detail::block_field<nesting::single, S, Options...> {
    using detail::block_field<nesting::single, S, Options...>::block_field;
};
// Any number of blocks, in order (a std::vector<S>).
template <class S, class... Options>
struct block_list : detail::block_field<nesting::list, S, Options...> {
    using detail::block_field<nesting::list, S, Options...>::block_field;
};
// Any number of distinct blocks, in no order (a tfpp::set<S>).
template <class S, class... Options>
struct block_set : detail::block_field<nesting::set, S, Options...> {
    using detail::block_field<nesting::set, S, Options...>::block_field;
};
// Labelled blocks, `name "label" { ... }` (a std::map<std::string, S>).
template <class S, class... Options>
struct block_map : detail::block_field<nesting::map, S, Options...> {
    using detail::block_field<nesting::map, S, Options...>::block_field;
};
// One block that is always present: when the configuration has none, its
// attributes are null.
template <class S, class... Options>
struct block_group : detail::block_field<nesting::group, S, Options...> {
    using detail::block_field<nesting::group, S, Options...>::block_field;
};

namespace detail {
template <class T, class... O>
inline constexpr bool is_computed_attribute<computed<T, O...>> = true;
template <class T, class... O>
inline constexpr bool is_computed_attribute<optional_computed<T, O...>> = true;
}  // namespace detail

}  // namespace tfpp
