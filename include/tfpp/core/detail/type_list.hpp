// What tfpp does with a type_list<...>: whether a type is in it, and a call
// for each of its types (with its index). Included by core/type_list.hpp,
// after tfpp::type_list.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace tfpp::detail {

template <class T, class List>
struct listed_in : std::false_type {};
template <class T, class... R>
struct listed_in<T, type_list<R...>> : std::bool_constant<(std::is_same_v<T, R> || ...)> {};
template <class T, class List>
inline constexpr bool listed = listed_in<T, List>::value;

// Calls f.template operator()<T>() (or <T, index>()) for each type of a type_list<...> list.
template <class List>
struct list_walk;
template <class... T>
struct list_walk<type_list<T...>> {
    template <class F>
    static void each(F& f) {
        (f.template operator()<T>(), ...);
    }
    template <class F>
    static void each_indexed(F& f) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (f.template operator()<T, I>(), ...);
        }(std::index_sequence_for<T...>{});
    }
};
template <class List, class F>
void for_each_type(F&& f) {
    list_walk<List>::each(f);
}
template <class List, class F>
void for_each_type_indexed(F&& f) {
    list_walk<List>::each_indexed(f);
}

}  // namespace tfpp::detail
