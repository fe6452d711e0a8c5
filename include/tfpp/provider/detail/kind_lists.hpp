// A provider's lists of types, one per kind (kinds.hpp's listed<P>(): empty
// when the provider declares none), and its configuration model.
#pragma once

#include <tfpp/provider/detail/kinds.hpp>

#include <type_traits>

namespace tfpp::detail {

// P's list of each kind's types (kinds.hpp's listed<P>()), by the names the
// rest of tfpp knew them by.
template <class P>
struct resource_list : std::type_identity<kind_list_t<kind::resource, P>> {};
template <class P>
struct data_source_list : std::type_identity<kind_list_t<kind::data_source, P>> {};
template <class P>
struct ephemeral_list : std::type_identity<kind_list_t<kind::ephemeral_resource, P>> {};
template <class P>
struct list_resource_list : std::type_identity<kind_list_t<kind::list_resource, P>> {};
template <class P>
struct action_list : std::type_identity<kind_list_t<kind::action, P>> {};
template <class P>
struct state_store_list : std::type_identity<kind_list_t<kind::state_store, P>> {};
template <class P>
struct function_list : std::type_identity<kind_list_t<kind::function, P>> {};

// The provider's configuration model, or an empty one.
struct no_config {};
template <class P>
struct config_of {
    using type = no_config;
};
template <class P>
requires has_config<P>
struct config_of<P> {
    using type = typename P::config;
};

}  // namespace tfpp::detail
