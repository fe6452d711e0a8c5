// The element order, keys and equality of typed set elements: go-cty's
// canonical set order computed on C++ values, and equality of model types
// that declare no operator==.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/value/detail/set_order.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tfpp::detail {

template <class T>
detail::set_rank typed_rank(const T& v) {
    if constexpr (is_schema_field<T>) {
        return typed_rank(static_cast<const value<typename T::value_type>&>(v));
    } else if constexpr (is_value_v<T>) {
        return v.is_known() ? set_rank::known : v.is_unknown() ? set_rank::unknown : set_rank::null;
    } else if constexpr (is_optional_v<T>) {
        return v ? set_rank::known : set_rank::null;
    } else if constexpr (std::is_same_v<T, dynamic>) {
        return v.is_known() ? set_rank::known : v.is_unknown() ? set_rank::unknown : set_rank::null;
    } else {
        return set_rank::known;
    }
}

// The known payload of a (possibly nullable) element.
template <class T>
const auto& typed_payload(const T& v) {
    if constexpr (is_schema_field<T>) return *static_cast<const value<typename T::value_type>&>(v);
    else if constexpr (is_value_v<T> || is_optional_v<T>) return *v;
    else return v;
}

template <class T>
void append_typed_set_key(std::string& out, const T& v);

template <class C>
using set_element_t = std::remove_cvref_t<decltype(*std::declval<const C&>().begin())>;

template <class C>
std::vector<const set_element_t<C>*> canonical_set_order(const C& elements);
template <class E>
std::vector<std::size_t> canonical_positions(const std::vector<const E*>& ptrs);

template <class T>
inline constexpr bool orders_naturally =
    kind_of<T> == type_kind::string || kind_of<T> == type_kind::number || kind_of<T> == type_kind::boolean;

// True when iterating the set container already gives go-cty's order:
// tfpp::set always, std::set when its elements order naturally.
template <class C>
inline constexpr bool iterates_canonically =
    orders_naturally<std::remove_cvref_t<decltype(typed_payload(std::declval<const set_element_t<C>&>()))>>;
template <class E>
inline constexpr bool iterates_canonically<tfpp::set<E>> = true;

template <class T>
void append_typed_set_key_plain(std::string& out, const T& v) {
    constexpr type_kind k = kind_of<T>;
    if constexpr (k == type_kind::string) {
        append_go_quoted(out, v);
    } else if constexpr (k == type_kind::boolean) {
        out += v ? 'T' : 'F';
    } else if constexpr (k == type_kind::number) {
        if constexpr (std::is_integral_v<T>) {
            if (v > -10000000000 && v < 10000000000) {  // 10 digits or fewer: Go's %g prints them plainly
                char buf[24];
                out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
                return;
            }
        }
        if constexpr (std::is_floating_point_v<T>) {
            if (std::isfinite(v)) return append_g10(out, static_cast<double>(v));
        }
        const number n(v);
        out += n.is_infinite() ? n.to_string() : go_g10_text(n.exact());
    } else if constexpr (k == type_kind::list) {
        out += '[';
        for (const auto& e : v) append_typed_set_key(out, e), out += ';';
        out += ']';
    } else if constexpr (k == type_kind::set) {
        out += '[';
        if constexpr (iterates_canonically<T>) {
            for (const auto& e : v) append_typed_set_key(out, e), out += ';';
        } else {
            for (const auto* e : canonical_set_order(v)) append_typed_set_key(out, *e), out += ';';
        }
        out += ']';
    } else if constexpr (k == type_kind::map) {
        out += '{';
        for (const auto& [key, e] : v) {
            append_go_quoted(out, key);
            out += ':';
            append_typed_set_key(out, e);
            out += ';';
        }
        out += '}';
    } else if constexpr (k == type_kind::tuple) {
        out += '<';
        std::apply([&](const auto&... e) { ((append_typed_set_key(out, e), out += ';'), ...); }, v);
        out += '>';
    } else if constexpr (k == type_kind::object) {
        out += '<';
        for_each_index<T>([&]<std::size_t J>() {
            append_typed_set_key(out, get<sorted_fields<T>[J]>(v));
            out += ';';
        });
        out += '>';
    } else if constexpr (k == type_kind::dynamic) {
        v.append_set_key(out);
    }
}

// The text go-cty hashes a set element by (see value/detail/set_order.hpp).
template <class T>
void append_typed_set_key(std::string& out, const T& v) {
    switch (typed_rank(v)) {
    case set_rank::unknown: out += '?'; return;
    case set_rank::null: out += '~'; return;
    case set_rank::known: break;
    }
    append_typed_set_key_plain(out, typed_payload(v));
}

// go-cty's order for two elements of a set.
template <class T>
bool typed_set_less(const T& a, const T& b) {
    const auto ra = typed_rank(a), rb = typed_rank(b);
    if (ra != rb) return ra < rb;
    if (ra != set_rank::known) return false;
    const auto& pa = typed_payload(a);
    const auto& pb = typed_payload(b);
    using P = std::remove_cvref_t<decltype(pa)>;
    if constexpr (std::is_same_v<P, dynamic>) {
        return dynamic::set_less(pa, pb);
    } else if constexpr (orders_naturally<P>) {
        if constexpr (std::is_same_v<P, bool>) return !pa && pb;
        else if constexpr (kind_of<P> == type_kind::number && !std::is_same_v<P, number>)
            return number(pa) < number(pb);
        else return pa < pb;
    } else {
        std::string ka, kb;
        append_typed_set_key_plain(ka, pa);
        append_typed_set_key_plain(kb, pb);
        return ka < kb;
    }
}

// The positions of elements in canonical order (stable).
template <class E>
std::vector<std::size_t> canonical_positions(const std::vector<const E*>& ptrs) {
    std::vector<std::size_t> order(ptrs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    using P = std::remove_cvref_t<decltype(typed_payload(std::declval<const E&>()))>;
    if constexpr (orders_naturally<P> || std::is_same_v<P, dynamic>) {
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return typed_set_less(*ptrs[a], *ptrs[b]); });
    } else {
        const set_keys keys(
            ptrs, [](const E* e) { return typed_rank(*e); },
            [](const E* e, std::string& out) { append_typed_set_key_plain(out, typed_payload(*e)); });
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys.less(a, b); });
    }
    return order;
}

// A set container's elements in canonical order (stable), for containers
// whose iteration order is not already canonical (std::set of structs).
template <class C>
std::vector<const set_element_t<C>*> canonical_set_order(const C& elements) {
    using E = set_element_t<C>;
    std::vector<const E*> ptrs;
    ptrs.reserve(elements.size());
    for (const auto& e : elements) ptrs.push_back(&e);
    const std::vector<std::size_t> order = canonical_positions(ptrs);
    std::vector<const E*> sorted;
    sorted.reserve(order.size());
    for (std::size_t i : order) sorted.push_back(ptrs[i]);
    return sorted;
}

template <class T>
bool wholly_known(const T& v);

// Equality of two values of a model type, field by field where the type has
// no operator== of its own (models need not declare one).
template <class T>
bool equal(const T& a, const T& b) {
    constexpr type_kind k = kind_of<T>;
    if constexpr (is_schema_field<T>) {
        return equal(static_cast<const value<typename T::value_type>&>(a),
                     static_cast<const value<typename T::value_type>&>(b));
    } else if constexpr (is_value_v<T>) {
        if (a.state() != b.state()) return false;
        if (a.is_unknown()) {
            const refinements none{};
            return (a.refinement() ? *a.refinement() : none) == (b.refinement() ? *b.refinement() : none);
        }
        return !a.is_known() || equal(*a, *b);
    } else if constexpr (is_optional_v<T>) {
        return a.has_value() == b.has_value() && (!a || equal(*a, *b));
    } else if constexpr (k == type_kind::object) {
        bool same = true;
        for_each_index<T>([&]<std::size_t I>() { same = same && equal(get<I>(a), get<I>(b)); });
        return same;
    } else if constexpr (k == type_kind::map) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
                   return x.first == y.first && equal(x.second, y.second);
               });
    } else if constexpr (k == type_kind::tuple) {
        return with_indexes<std::tuple_size_v<T>>([&]<std::size_t... I>(std::index_sequence<I...>) {
            return (equal(std::get<I>(a), std::get<I>(b)) && ...);
        });
    } else if constexpr (k == type_kind::list || k == type_kind::set) {
        return a.size() == b.size() &&
               std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) { return equal(x, y); });
    } else {
        return a == b;  // string, bool, number, dynamic
    }
}

// Known, and so is everything inside it.
template <class T>
bool wholly_known(const T& v) {
    if constexpr (is_schema_field<T>) {
        return wholly_known(static_cast<const value<typename T::value_type>&>(v));
    } else if constexpr (is_value_v<T>) {
        return v.is_null() || (v.is_known() && wholly_known(*v));
    } else if constexpr (is_optional_v<T>) {
        return !v || wholly_known(*v);
    } else if constexpr (std::is_same_v<T, dynamic>) {
        return v.is_null() || v.is_wholly_known();
    } else {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::list || k == type_kind::set) {
            return std::all_of(v.begin(), v.end(), [](const auto& e) { return wholly_known(e); });
        } else if constexpr (k == type_kind::map) {
            return std::all_of(v.begin(), v.end(), [](const auto& e) { return wholly_known(e.second); });
        } else if constexpr (k == type_kind::tuple) {
            return std::apply([](const auto&... e) { return (wholly_known(e) && ...); }, v);
        } else if constexpr (k == type_kind::object) {
            bool all = true;
            for_each_index<T>([&]<std::size_t I>() { all = all && wholly_known(get<I>(v)); });
            return all;
        } else {
            return true;
        }
    }
}

// go-cty keeps one of two equal elements unless they are not wholly known.
template <class T>
bool set_dedupes(const T& a, const T& b) {
    return equal(a, b) && wholly_known(a);
}

// Puts a set's elements in canonical order and drops duplicates, in O(n)
// when they already are in order.
template <class T>
void canonicalize_typed_set(std::vector<T>& elements) {
    using P = std::remove_cvref_t<decltype(typed_payload(std::declval<const T&>()))>;
    auto same = [](const T& a, const T& b) { return set_dedupes(a, b); };
    if constexpr (orders_naturally<P> || std::is_same_v<P, dynamic>) {
        canonicalize_set(
            elements, [&](std::size_t a, std::size_t b) { return typed_set_less(elements[a], elements[b]); }, same);
    } else {
        const set_keys keys(
            elements, [](const T& e) { return typed_rank(e); },
            [](const T& e, std::string& out) { append_typed_set_key_plain(out, typed_payload(e)); });
        canonicalize_set(
            elements, [&](std::size_t a, std::size_t b) { return keys.less(a, b); }, same);
    }
}

}  // namespace tfpp::detail
