// The Terraform type of a C++ type, from the table in
// tfpp/core/type_map.hpp; structs become object types through a
// constexpr table of their fields, turned into the type by one function for
// every struct (src/value/type_of.cpp).
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/value/type.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

template <class T>
type make_type();

// A struct's fields as its object type sees them: data, turned into the
// type by one function for every struct.
struct object_field {
    std::string_view name;
    type (*make)();
};

template <class U, std::size_t I>
consteval object_field object_field_of() {
    using F = field_t<U, I>;
    if constexpr (is_schema_field<F>) return {field_name<U, I>(), &make_type<typename F::value_type>};
    else return {field_name<U, I>(), &make_type<F>};
}

template <class U>
inline constexpr auto object_fields = with_indexes<field_count<U>()>([]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<object_field, sizeof...(I)>{object_field_of<U, I>()...};
});

type object_type_of(const object_field* fields, std::size_t n);
template <std::size_t N>
type object_type_of(const std::array<object_field, N>& fields) {
    return object_type_of(fields.data(), N);
}

template <class T>
type make_type() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::string) {
        return type::string();
    } else if constexpr (k == type_kind::number) {
        return type::number();
    } else if constexpr (k == type_kind::boolean) {
        return type::boolean();
    } else if constexpr (k == type_kind::dynamic) {
        return type::dynamic();
    } else if constexpr (k == type_kind::list) {
        return type::list(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::set) {
        return type::set(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::map) {
        return type::map(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            return type::tuple({make_type<E>()...});
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        return object_type_of(object_fields<U>);
    } else {
        static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        return type::dynamic();
    }
}

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/value/detail/type_of-inl.hpp>
#endif
