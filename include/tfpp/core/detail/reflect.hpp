// Field names and access for models. Two backends:
//  - Boost.Describe, when the type is described (BOOST_DESCRIBE_STRUCT); works
//    for any class;
//  - Boost.PFR plus compiler-generated function names, for plain aggregates,
//    with no macro at all. Boost 1.81's PFR has no get_name, so the name is cut
//    out of __PRETTY_FUNCTION__ of a function templated on the field's address,
//    calibrated on a probe struct rather than on hard-coded offsets.
#pragma once

#include <boost/describe/members.hpp>
#include <boost/mp11/algorithm.hpp>
#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-var-template"
#endif

namespace tfpp::detail {

template <class T>
inline constexpr bool is_described = boost::describe::has_describe_members<T>::value;

// Never defined: only its fields' addresses are taken, in constant evaluation.
template <class T>
extern const T tfpp_reflection_needs_a_namespace_scope_aggregate;

template <class P>
struct address {
    P p;
};

template <auto Address>
consteval std::string_view signature() {
    return __PRETTY_FUNCTION__;
}

template <class T, std::size_t I>
consteval std::string_view field_signature() {
    return signature<address<const void*>{&boost::pfr::get<I>(tfpp_reflection_needs_a_namespace_scope_aggregate<T>)}>();
}

struct name_probe {
    int tfpp_probe_field;
};

// Whatever the compiler prints after the field name.
inline constexpr std::string_view signature_suffix = [] {
    constexpr std::string_view s = field_signature<name_probe, 0>();
    constexpr std::string_view name = "tfpp_probe_field";
    return s.substr(s.rfind(name) + name.size());
}();

consteval bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

template <class T, std::size_t I>
consteval std::string_view pfr_field_name() {
    std::string_view s = field_signature<T, I>();
    s.remove_suffix(signature_suffix.size());
    std::size_t begin = s.size();
    while (begin > 0 && is_identifier_char(s[begin - 1])) --begin;
    return s.substr(begin);
}

static_assert(pfr_field_name<name_probe, 0>() == "tfpp_probe_field",
              "tfpp: this compiler prints function signatures in a way tfpp cannot read field names from. "
              "Describe the model with BOOST_DESCRIBE_STRUCT instead.");

// f(std::make_index_sequence<N>{}): how tables are built from a pack of
// indexes, written so that f reads first.
template <std::size_t N, class F>
constexpr decltype(auto) with_indexes(F&& f) {
    return std::forward<F>(f)(std::make_index_sequence<N>{});
}

// What a search for a field index finds when there is none.
inline constexpr std::size_t no_field = static_cast<std::size_t>(-1);

template <class T>
consteval std::size_t field_count() {
    if constexpr (is_described<T>)
        return boost::mp11::mp_size<boost::describe::describe_members<T, boost::describe::mod_public>>::value;
    else return boost::pfr::tuple_size_v<T>;
}

// The member's name in C++.
template <class T, std::size_t I>
consteval std::string_view cpp_field_name() {
    if constexpr (is_described<T>)
        return boost::mp11::mp_at_c<boost::describe::describe_members<T, boost::describe::mod_public>, I>::name;
    else return pfr_field_name<T, I>();
}

template <std::size_t I, class T>
constexpr decltype(auto) get(T& object) {
    using U = std::remove_const_t<T>;
    if constexpr (is_described<U>)
        return (object.*
                boost::mp11::mp_at_c<boost::describe::describe_members<U, boost::describe::mod_public>, I>::pointer);
    else return boost::pfr::get<I>(object);
}

template <class T, std::size_t I>
using field_t = std::remove_cvref_t<decltype(get<I>(std::declval<T&>()))>;

// The field's name as Terraform sees it: the C++ name, unless the field's
// type renames it (tfpp::terraform_name<"...">, exposed as F::terraform_name).
template <class T, std::size_t I>
consteval std::string_view field_name() {
    using F = field_t<T, I>;
    if constexpr (requires { F::terraform_name; }) {
        if (!F::terraform_name.empty()) return F::terraform_name;
    }
    return cpp_field_name<T, I>();
}

template <class T>
inline constexpr auto field_names = with_indexes<field_count<T>()>([]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{field_name<T, I>()...};
});

// Field indexes ordered by name: go-cty writes object attributes sorted.
template <class S>
inline constexpr auto sorted_fields = [] {
    constexpr std::size_t n = field_count<S>();
    std::array<std::size_t, n> order{};
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [](std::size_t a, std::size_t b) { return field_names<S>[a] < field_names<S>[b]; });
    return order;
}();

// Calls f(name, field) for every field, in declaration order.
template <class T, class F>
constexpr void for_each_field(T& object, F&& f) {
    using U = std::remove_const_t<T>;
    with_indexes<field_count<U>()>([&]<std::size_t... I>(std::index_sequence<I...>) {
        (f(field_names<U>[I], get<I>(object)), ...);
    });
}

// Calls f.template operator()<I>() for every field index.
template <class T, class F>
constexpr void for_each_index(F&& f) {
    with_indexes<field_count<T>()>([&]<std::size_t... I>(std::index_sequence<I...>) {
        (f.template operator()<I>(), ...);
    });
}

// Where each field of S lies in an object of S, in bytes from its start:
// what lets one loop, compiled once, walk the fields of any struct (each
// offset is a constant the optimizer folds).
template <class S>
std::array<std::size_t, field_count<S>()> field_offsets(const S& s) {
    return with_indexes<field_count<S>()>([&]<std::size_t... I>(std::index_sequence<I...>) {
        const char* base = reinterpret_cast<const char*>(std::addressof(s));
        return std::array<std::size_t, sizeof...(I)>{
            static_cast<std::size_t>(reinterpret_cast<const char*>(std::addressof(get<I>(s))) - base)...};
    });
}
// The Terraform name of the field a member pointer points to (empty if none:
// a member of a base class). Found by offset in a default-constructed S.
template <class S, class F>
std::string_view member_field_name(F S::*member) {
    static const S probe{};
    const std::size_t offset = static_cast<std::size_t>(reinterpret_cast<const char*>(std::addressof(probe.*member)) -
                                                        reinterpret_cast<const char*>(std::addressof(probe)));
    const auto offsets = field_offsets(probe);
    for (std::size_t i = 0; i < offsets.size(); ++i)
        if (offsets[i] == offset) return field_names<S>[i];
    return {};
}

inline void* field_at(void* object, std::size_t offset) noexcept { return static_cast<char*>(object) + offset; }
inline const void* field_at(const void* object, std::size_t offset) noexcept {
    return static_cast<const char*>(object) + offset;
}

}  // namespace tfpp::detail

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
