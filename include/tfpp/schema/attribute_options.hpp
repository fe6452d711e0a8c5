// Options of attributes and blocks: tags that follow the field's type, as in
// tfpp::required<std::string, tfpp::requires_replace, tfpp::description<"...">>.
// Validators are options too (tfpp/schema/validators.hpp).
#pragma once

#include <tfpp/core/fixed_string.hpp>
#include <tfpp/schema/detail/literal.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace tfpp {

// --- options of attributes (and, where it makes sense, of blocks)

// The value is hidden in plan output and logs.
struct sensitive {};
// A change of this attribute replaces the object instead of updating it.
struct requires_replace {};
// When this computed attribute would become unknown in a plan, keep the value
// from the prior state instead (for values that never change, such as ids).
struct use_state_for_unknown {};
// The value is used while applying and never stored in state or plan
// (passwords and other secrets; Terraform 1.11+, OpenTofu 1.11+).
struct write_only {};
// Plain-text documentation.
template <fixed_string Text>
struct description {
    static constexpr std::string_view text = Text.view();
};
// Markdown documentation.
template <fixed_string Text>
struct markdown_description {
    static constexpr std::string_view text = Text.view();
};
// The field still works but should no longer be used; the text says why.
template <fixed_string Message>
struct deprecated {
    static constexpr std::string_view message = Message.view();
};
// The name Terraform sees, when the C++ member cannot have it (for example a
// C++ keyword: `tfpp::optional<std::string, tfpp::terraform_name<"namespace">> namespace_;`).
template <fixed_string Name>
struct terraform_name {
    static constexpr std::string_view text = Name.view();
};
// --- plan modifiers and defaults

// Like use_state_for_unknown, but only a prior value that is not null is kept.
struct use_non_null_state_for_unknown {};
// A change replaces the object when Predicate says so. Predicate is
// bool(const T& prior, const T& planned), called when both are known (any
// other change replaces), or bool(const tfpp::value<T>&, const tfpp::value<T>&)
// to decide about null and unknown values too.
template <auto Predicate>
struct requires_replace_if {
    static constexpr auto predicate = Predicate;
};

// The value planned when the configuration leaves the attribute null:
// tfpp::default_value<"0644">, <8080>, <true>, <0.5>. Computed roles only.
template <detail::default_literal V>
struct default_value {
    static constexpr auto literal = V;
};
// The value planned when the configuration leaves the attribute null,
// computed from the rest of the configuration: Function is
// T(const S& config), where S is the struct that holds the attribute.
template <auto Function>
struct default_from {
    static constexpr auto function = Function;
};
// How elements of a list or set of nested objects (nested attributes or
// blocks) are told apart: by these attributes, which the configuration sets.
// Plan modifiers inside an element then see the prior element with the same
// identity, wherever it was in the list.
template <fixed_string... Names>
struct match_by {
    static constexpr std::array<std::string_view, sizeof...(Names)> names{Names.view()...};
};

// --- semantic equality: when the value a handler reads back from the remote
// system says what Terraform's value says in another form ("0644" for "644",
// a compacted JSON document, a timestamp in UTC), Terraform's form is kept, so
// no diff is planned. tfpp compares after read (with the prior state), create
// and update (with the plan) and data source reads (with the configuration).

// Predicate is bool(const T& terraform_value, const T& read_value) for an
// attribute of type T; both values are known when it is called.
template <auto Predicate>
struct semantic_equal {
    static constexpr auto predicate = Predicate;
};
// The same for each element of a list, set or map: bool(const E&, const E&)
// for elements of type E (list elements by index, map values by key, set
// elements with any unmatched one).
template <auto Predicate>
struct semantic_equal_elements {
    static constexpr auto predicate = Predicate;
};
// A JSON document (validated), equal to any document with the same value
// (tfpp::same_json). On a string, or on each string of a list, set or map.
struct normalized_json {};
// An RFC 3339 timestamp (validated), equal to any naming the same instant
// (tfpp::same_instant). On a string, or on each string of a list, set or map.
struct rfc3339 {};

// Bounds on the number of blocks of a list or set block (min_items<1> also
// makes a single block required).
template <std::int64_t N>
struct min_items {};
template <std::int64_t N>
struct max_items {};

// Documentation kept out of the field types, in a struct nested in the model
// whose member names mirror the model's fields (checked by the compiler):
//
//   struct file_model {
//       tfpp::required<std::string> filename;
//       struct docs {
//           tfpp::doc filename{"Path of the file."};
//       };
//   };
//
// A resource, data source, provider or function may also have
// `static constexpr tfpp::doc doc{...};` for the whole schema.
struct doc {
    std::string_view description{};  // plain text
    std::string_view markdown{};     // markdown (used instead of description when set)
    std::string_view deprecated{};   // a deprecation message marks the field deprecated
    std::string_view summary{};      // functions: one line for listings
};

}  // namespace tfpp
