// Which C++ types stand for which Terraform types.
//
//   std::string                       string
//   bool                              bool
//   tfpp::number (exact), std::int64_t (any integer), double   number
//   std::vector<T>                    list(T)
//   tfpp::set<T>, std::set<T>         set(T)
//   std::map<std::string, T>          map(T)
//   std::tuple<T...>                  tuple([T, ...])
//   an aggregate struct               object({field = T, ...})
//   tfpp::dynamic                     dynamic: any type, chosen by the value
//   tfpp::value<T>, std::optional<T>  T, where an element may be null (and, for value<T>, unknown)
#pragma once

#include <tfpp/fwd.hpp>

#include <boost/describe/members.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

enum class type_kind : unsigned char { string, number, boolean, list, set, map, object, tuple, dynamic, unsupported };

template <class T>
struct type_info {
    static constexpr type_kind kind =
        std::is_class_v<T> && (std::is_aggregate_v<T> || boost::describe::has_describe_members<T>::value)
            ? type_kind::object
            : type_kind::unsupported;
};
template <class T, std::size_t N>
struct type_info<std::array<T, N>> {
    static constexpr type_kind kind = type_kind::unsupported;
};
template <>
struct type_info<std::string> {
    static constexpr type_kind kind = type_kind::string;
};
template <>
struct type_info<bool> {
    static constexpr type_kind kind = type_kind::boolean;
};
template <class T>
requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
         !std::is_same_v<T, signed char> && !std::is_same_v<T, unsigned char> && !std::is_same_v<T, char8_t> &&
         !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t> && !std::is_same_v<T, wchar_t> &&
         !std::is_same_v<T, long double>) struct type_info<T> {
    static constexpr type_kind kind = type_kind::number;
};
template <>
struct type_info<number> {
    static constexpr type_kind kind = type_kind::number;
};
template <>
struct type_info<dynamic> {
    static constexpr type_kind kind = type_kind::dynamic;
};
template <class... E>
struct type_info<std::tuple<E...>> {
    static constexpr type_kind kind = type_kind::tuple;
};
template <class E>
struct type_info<tfpp::set<E>> {
    static constexpr type_kind kind = type_kind::set;
    using element = E;
};
template <class E, class A>
struct type_info<std::vector<E, A>> {
    static constexpr type_kind kind = type_kind::list;
    using element = E;
};
template <class E, class C, class A>
struct type_info<std::set<E, C, A>> {
    static constexpr type_kind kind = type_kind::set;
    using element = E;
};
template <class E, class C, class A>
struct type_info<std::map<std::string, E, C, A>> {
    static constexpr type_kind kind = type_kind::map;
    using element = E;
};

// value<T> and std::optional<T> add nullability to T; they are not types of their own.
template <class T>
struct strip_nullable {
    using type = T;
};
template <class T>
struct strip_nullable<value<T>> {
    using type = typename strip_nullable<T>::type;
};
template <class T>
struct strip_nullable<std::optional<T>> {
    using type = typename strip_nullable<T>::type;
};
template <class T>
using strip_nullable_t = typename strip_nullable<std::remove_cvref_t<T>>::type;

template <class T>
inline constexpr type_kind kind_of = type_info<strip_nullable_t<T>>::kind;

}  // namespace tfpp::detail
