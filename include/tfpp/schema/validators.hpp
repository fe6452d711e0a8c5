// Validators: checks of the configuration's values, written in the field type
// next to the attribute's other options, and rules between the fields of one
// struct, written as a nested alias.
//
//   struct server_model {
//       tfpp::required<std::string, tfpp::length<1, 64>, tfpp::regex<"^[a-z0-9-]+$">> name;
//       tfpp::optional<std::int64_t, tfpp::range<1, 65535>> port;
//       tfpp::optional<std::string, tfpp::one_of<"tcp", "udp">> protocol;
//       tfpp::optional<std::vector<std::string>, tfpp::size<1, 10>, tfpp::unique,
//                      tfpp::each<tfpp::length<1, 32>>> tags;
//       tfpp::optional<std::string, tfpp::check<&is_cidr, "a CIDR block such as 10.0.0.0/16">> cidr;
//       tfpp::optional<std::string> user;
//       tfpp::optional<std::string, tfpp::sensitive> password;
//
//       using rules = tfpp::rules<tfpp::required_together<"user", "password">>;
//   };
//
// tfpp runs them when Terraform validates a configuration, through nested
// attributes and blocks, before the handler's own validate(). A validator
// never fails on a null or unknown value; the compiler checks that each fits
// its field. Each has a description in plain English, listed in the
// attribute's schema (attribute_schema::constraints) for documentation.
//
// This header is light: the code that checks values (and <regex>) is in
// tfpp/schema/detail/validation.hpp, which the engine includes.
#pragma once

#include <tfpp/core/fixed_string.hpp>
#include <tfpp/schema/detail/literal.hpp>

#include <cstdint>
#include <limits>
#include <string_view>

namespace tfpp {

namespace detail {
// No bound on this side of a tfpp::range (tfpp::at_least, tfpp::at_most).
struct unbounded {};
// No upper bound on a length or size (tfpp::min_length, tfpp::min_size).
inline constexpr std::int64_t no_limit = std::numeric_limits<std::int64_t>::max();
}  // namespace detail

// --- validators of one attribute (options of its role)

// A string of Min to Max characters (Unicode code points), bounds included.
template <std::int64_t Min, std::int64_t Max>
struct length {};
template <std::int64_t N>
using min_length = length<N, detail::no_limit>;
template <std::int64_t N>
using max_length = length<0, N>;

// A number from Min to Max, bounds included: tfpp::range<1, 65535>,
// tfpp::range<0.0, 1.0>. Any number type (integers, double, tfpp::number).
template <auto Min, auto Max>
struct range {};
template <auto N>
using at_least = range<N, detail::unbounded{}>;
template <auto N>
using at_most = range<detail::unbounded{}, N>;

// One of the values given: tfpp::one_of<"tcp", "udp">, tfpp::one_of<1, 2, 3>.
template <detail::default_literal... Values>
struct one_of {};

// A string with a match for the ECMAScript regular expression Pattern
// (std::regex_search: anchor it with ^ and $ to match the whole string).
// Description says in plain words what matches, and is used in messages:
// tfpp::regex<"^[a-z0-9-]+$", "lowercase letters, digits and hyphens">.
template <fixed_string Pattern, fixed_string Description = "">
struct regex {};

// A list, set or map of Min to Max elements, bounds included.
template <std::int64_t Min, std::int64_t Max>
struct size {};
template <std::int64_t N>
using min_size = size<N, detail::no_limit>;
template <std::int64_t N>
using max_size = size<0, N>;

// No two known elements of a list (or values of a map) are equal.
struct unique {};

// The validators apply to each element of a list or set, or each value of a
// map: tfpp::each<tfpp::length<1, 10>>.
template <class... Validators>
struct each {};

// Predicate, bool(const T&) for a field of type T, accepts the value.
// Description completes "must be ...": tfpp::check<&is_cidr, "a CIDR block">.
// A long description can live in a named check instead, which keeps it out
// of the field's type (and of every compiler message that prints the type):
//
//   inline constexpr tfpp::named_check cidr_block{&is_cidr, "a CIDR block such as 10.0.0.0/16"};
//   tfpp::optional<std::string, tfpp::check<&cidr_block>> cidr;
template <auto Predicate, fixed_string Description = "">
struct check {};

template <class Predicate>
struct named_check {
    Predicate predicate;  // a function pointer or a captureless lambda
    std::string_view description;
};
template <class Predicate>
named_check(Predicate, const char*) -> named_check<Predicate>;

// --- rules between the fields of one struct (Terraform names)
//
//   using rules = tfpp::rules<tfpp::conflicts_with<"a", "b">, tfpp::exactly_one_of<"x", "y">>;
//
// A field is set when the configuration gives it a value (a list or set
// block: at least one block). An unknown value may turn out null, so a rule
// whose outcome depends on one is not checked.

// At most one of the fields is set.
template <fixed_string... Names>
struct conflicts_with {};
// Exactly one of the fields is set.
template <fixed_string... Names>
struct exactly_one_of {};
// At least one of the fields is set.
template <fixed_string... Names>
struct at_least_one_of {};
// All of the fields are set, or none.
template <fixed_string... Names>
struct required_together {};

template <class... Rules>
struct rules {};

}  // namespace tfpp
