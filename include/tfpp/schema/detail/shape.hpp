// What the fields of a struct are: attributes, blocks or plain values, and
// how a nested-attribute field repeats.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>

#include <tuple>
#include <type_traits>

namespace tfpp::detail {

template <class T>
inline constexpr bool is_reflectable = std::is_class_v<T> && (is_described<T> || std::is_aggregate_v<T>);

// What the fields of a struct are.
enum class struct_kind { plain, attributes, attributes_and_blocks, mixed };

template <class S>
consteval struct_kind classify() {
    if constexpr (!is_reflectable<S>) {
        return struct_kind::plain;
    } else {
        std::size_t roles = 0, blocks = 0, plain = 0;
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if constexpr (is_attribute<F>) ++roles;
            else if constexpr (is_block<F>) ++blocks;
            else ++plain;
        });
        if (plain > 0 && roles + blocks > 0) return struct_kind::mixed;
        if (blocks > 0) return struct_kind::attributes_and_blocks;
        if (roles > 0) return struct_kind::attributes;
        return struct_kind::plain;
    }
}

// How a nested-attribute field repeats: none when T is not a struct of
// attributes (or a list, set or map of one).
enum class nested_form { none, single, list, set, map };

template <class T>
consteval nested_form nested_form_of() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::object) {
        return classify<U>() == struct_kind::attributes ? nested_form::single : nested_form::none;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        using E = strip_nullable_t<typename type_info<U>::element>;
        if constexpr (kind_of<E> == type_kind::object) {
            if constexpr (classify<E>() != struct_kind::attributes) return nested_form::none;
            else if constexpr (k == type_kind::list) return nested_form::list;
            else if constexpr (k == type_kind::set) return nested_form::set;
            else return nested_form::map;
        } else {
            return nested_form::none;
        }
    } else {
        return nested_form::none;
    }
}

// The struct of a nested attribute or block field.
template <class T>
struct nested_struct {
    using type = strip_nullable_t<T>;
};
template <class T>
requires(kind_of<T> == type_kind::list || kind_of<T> == type_kind::set ||
         kind_of<T> == type_kind::map) struct nested_struct<T> {
    using type = strip_nullable_t<typename type_info<strip_nullable_t<T>>::element>;
};
template <class T>
using nested_struct_t = typename nested_struct<T>::type;

template <class T>
consteval bool contains_dynamic() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::dynamic) {
        return true;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        return contains_dynamic<typename type_info<U>::element>();
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            return (contains_dynamic<E>() || ...);
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        bool any = false;
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_schema_field<F>) any = any || contains_dynamic<typename F::value_type>();
            else any = any || contains_dynamic<F>();
        });
        return any;
    } else {
        return false;
    }
}

}  // namespace tfpp::detail
