// A resource's identity (`using identity = ...;`): taken from its model's
// attributes of the same names unless the resource says how (identity_of),
// and the other way round for an import by identity (import_identity).
#pragma once

#include <tfpp/core/reflect.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/attribute.hpp>

#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

template <class R>
concept has_identity_of = requires(const R& r, const typename R::model& m) {
    { r.identity_of(m) } -> std::same_as<typename R::identity>;
};
template <class R>
concept has_import_identity = requires(R& r, const typename R::identity& id, context& ctx) {
    { r.import_identity(id, ctx) } -> std::same_as<std::optional<typename R::model>>;
};
template <class R>
concept has_prior_identities = requires {
    typename R::prior_identities;
};

template <class R>
struct identity_or_void {
    using type = void;
};
template <class R>
requires requires { typename R::identity; }
struct identity_or_void<R> {
    using type = typename R::identity;
};

// The index of M's attribute named `name` whose value type is V, or no_field.
template <class M, class V>
consteval std::size_t attribute_named(std::string_view name) {
    std::size_t found = no_field;
    for_each_index<M>([&]<std::size_t I>() {
        using F = field_t<M, I>;
        if constexpr (is_attribute<F>)
            if constexpr (std::is_same_v<typename F::value_type, V>)
                if (field_name<M, I>() == name) found = I;
    });
    return found;
}

// Whether every field of the identity Id has a model attribute to match.
template <class M, class Id>
consteval bool identity_maps_to_model() {
    bool all = true;
    for_each_index<Id>([&]<std::size_t J>() {
        if (attribute_named<M, typename field_t<Id, J>::value_type>(field_name<Id, J>()) == no_field) all = false;
    });
    return all;
}

// Copies each identity attribute from or to the model attribute of its name.
template <class M, class Id>
void identity_from_model(const M& m, Id& id) {
    for_each_index<Id>([&]<std::size_t J>() {
        using V = typename field_t<Id, J>::value_type;
        constexpr std::size_t I = attribute_named<M, V>(field_name<Id, J>());
        static_cast<value<V>&>(get<J>(id)) = static_cast<const value<V>&>(get<I>(m));
    });
}
template <class M, class Id>
void model_from_identity(const Id& id, M& m) {
    for_each_index<Id>([&]<std::size_t J>() {
        using V = typename field_t<Id, J>::value_type;
        constexpr std::size_t I = attribute_named<M, V>(field_name<Id, J>());
        static_cast<value<V>&>(get<I>(m)) = static_cast<const value<V>&>(get<J>(id));
    });
}

// Whether R's identity can be taken from its model (and an import by
// identity fill the model) without R's help.
template <class R>
constexpr bool identity_by_name() {
    if constexpr (requires { typename R::identity; })
        return identity_maps_to_model<typename R::model, typename R::identity>();
    else return false;
}

}  // namespace tfpp::detail
