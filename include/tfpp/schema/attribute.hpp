// Attribute roles, blocks and their options: the field types of a model say
// how Terraform treats each field, so the struct is the whole schema.
//
//   struct rule {
//       tfpp::required<std::int64_t> port;
//       tfpp::optional<std::string> protocol;
//   };
//   struct server {
//       tfpp::required<std::string, tfpp::requires_replace> name;
//       tfpp::optional<std::int64_t> port;
//       tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
//       tfpp::optional<std::vector<rule>> rules;         // nested attributes (a struct of attributes)
//       tfpp::block_list<rule, tfpp::max_items<8>> ingress;  // ingress { ... } blocks
//   };
#pragma once

#include <tfpp/fwd.hpp>
#include <tfpp/value/value.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp {

// A string usable as a template argument: tfpp::description<"...">.
template <std::size_t N>
struct fixed_string {
    char chars[N]{};
    constexpr fixed_string(const char (&s)[N]) { std::copy_n(s, N, chars); }
    [[nodiscard]] constexpr std::string_view view() const { return {chars, N - 1}; }
};

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
// C++ keyword: `tfpp::optional<std::string, tfpp::name<"namespace">> namespace_;`).
template <fixed_string Name>
struct name {
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

namespace detail {
// The value of tfpp::default_value<V>: a string, integer, floating-point or
// bool literal.
template <std::size_t N>
struct default_literal {
    enum class kind : unsigned char { string, integer, real, boolean };
    kind which{};
    char text[N]{};
    std::int64_t integer = 0;
    double real = 0;
    bool boolean = false;
    constexpr default_literal(const char (&s)[N]) : which(kind::string) { std::copy_n(s, N, text); }
    template <class I>
        requires std::is_integral_v<I>
    constexpr default_literal(I v)
        : which(std::is_same_v<I, bool> ? kind::boolean : kind::integer), integer(static_cast<std::int64_t>(v)),
          boolean(v != I{}) {}
    constexpr default_literal(double v) : which(kind::real), real(v) {}
    [[nodiscard]] constexpr std::string_view string() const { return {text, N - 1}; }
};
template <std::size_t N>
default_literal(const char (&)[N]) -> default_literal<N>;
template <class I>
    requires std::is_integral_v<I>
default_literal(I) -> default_literal<1>;
default_literal(double) -> default_literal<1>;
}  // namespace detail

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
// A resource, data source or provider may also have
// `static constexpr tfpp::doc doc{...};` for the whole schema.
struct doc {
    std::string_view description{};  // plain text
    std::string_view markdown{};      // markdown (used instead of description when set)
    std::string_view deprecated{};    // a deprecation message marks the field deprecated
};

enum class attribute_role : unsigned char { required, optional, computed, optional_computed };

// How nested values repeat: one object, a list, a set or a map of them; a
// group is a single block that is always present.
enum class nesting : unsigned char { single, list, set, map, group };

namespace detail {

// Base classes that mark attribute and block fields.
struct attribute_tag {};
struct block_tag {};

template <class F>
inline constexpr bool is_attribute = std::is_base_of_v<attribute_tag, F>;
template <class F>
inline constexpr bool is_block = std::is_base_of_v<block_tag, F>;
// An attribute or a block: a value<T> that also carries schema information.
template <class F>
inline constexpr bool is_schema_field = is_attribute<F> || is_block<F>;

// The type a codec handles for a field of type F: the value<T> an attribute
// or block is (whatever its options), or F itself. Fields of one codec type
// share the codec's code.
template <class F, bool = is_schema_field<F>>
struct field_codec {
    using type = F;
};
template <class F>
struct field_codec<F, true> {
    using type = value<typename F::value_type>;
};
template <class F>
using field_codec_t = typename field_codec<F>::type;

// What each option contributes. A type that is not an option contributes
// nothing, so that only the static_assert of the field reports it.
struct option_defaults {
    static constexpr bool is_option = true;
    static constexpr bool for_attributes = true;  // allowed on attributes
    static constexpr bool for_blocks = false;     // allowed on blocks
    static constexpr bool is_deprecated = false;
    static constexpr bool replace_if = false, is_default = false, is_match = false;
    static constexpr std::string_view description{}, markdown{}, deprecation{}, rename{};
    static constexpr std::int64_t min = -1, max = -1;
};
struct any_field_option : option_defaults {
    static constexpr bool for_blocks = true;
};
template <class O>
struct option_info : option_defaults {
    static constexpr bool is_option = false;
};
template <>
struct option_info<sensitive> : option_defaults {};
template <>
struct option_info<use_state_for_unknown> : option_defaults {};
template <>
struct option_info<write_only> : option_defaults {};
template <>
struct option_info<requires_replace> : any_field_option {};
template <>
struct option_info<use_non_null_state_for_unknown> : option_defaults {};
template <auto P>
struct option_info<requires_replace_if<P>> : option_defaults {
    static constexpr bool replace_if = true;
};
template <default_literal V>
struct option_info<default_value<V>> : option_defaults {
    static constexpr bool is_default = true;
};
template <auto F>
struct option_info<default_from<F>> : option_defaults {
    static constexpr bool is_default = true;
};
template <fixed_string... N>
struct option_info<match_by<N...>> : any_field_option {
    static constexpr bool is_match = true;
};
template <fixed_string T>
struct option_info<tfpp::description<T>> : any_field_option {
    static constexpr std::string_view description = T.view();
};
template <fixed_string T>
struct option_info<markdown_description<T>> : any_field_option {
    static constexpr std::string_view markdown = T.view();
};
template <fixed_string T>
struct option_info<deprecated<T>> : any_field_option {
    static constexpr std::string_view deprecation = T.view();
    static constexpr bool is_deprecated = true;
};
template <fixed_string T>
struct option_info<tfpp::name<T>> : any_field_option {
    static constexpr std::string_view rename = T.view();
};
template <std::int64_t N>
struct option_info<min_items<N>> : option_defaults {
    static_assert(N >= 0, "tfpp: tfpp::min_items<N> needs N >= 0.");
    static constexpr bool for_attributes = false, for_blocks = true;
    static constexpr std::int64_t min = N;
};
template <std::int64_t N>
struct option_info<max_items<N>> : option_defaults {
    static_assert(N >= 0, "tfpp: tfpp::max_items<N> needs N >= 0 (leave it out for no limit).");
    static constexpr bool for_attributes = false, for_blocks = true;
    static constexpr std::int64_t max = N;
};

// The first non-empty text that `get` reads from the options' option_info.
template <class... Options, class Get>
consteval std::string_view first_text([[maybe_unused]] Get get) {
    std::string_view r;
    ((r = r.empty() ? get(option_info<Options>{}) : r), ...);
    return r;
}
template <class... Options, class Get>
consteval std::int64_t first_bound([[maybe_unused]] Get get) {
    std::int64_t r = -1;
    ((r = r < 0 ? get(option_info<Options>{}) : r), ...);
    return r;
}

// The first of Options for which Is(option_info<O>{}) holds, or void.
template <auto Is, class... Options>
struct first_option {
    using type = void;
};
template <auto Is, class O, class... Rest>
struct first_option<Is, O, Rest...> {
    using type = std::conditional_t<Is(option_info<O>{}), O, typename first_option<Is, Rest...>::type>;
};
template <auto Is, class... Options>
using first_option_t = typename first_option<Is, Options...>::type;

// What attribute and block fields share: documentation and the name.
template <class... Options>
struct field_options {
    using option_list = types<Options...>;
    template <class O>
    static constexpr bool has = (std::is_same_v<O, Options> || ...);
    static constexpr std::string_view description = first_text<Options...>([](auto o) { return decltype(o)::description; });
    static constexpr std::string_view markdown_description =
        first_text<Options...>([](auto o) { return decltype(o)::markdown; });
    static constexpr bool is_deprecated = (option_info<Options>::is_deprecated || ...);
    static constexpr std::string_view deprecation_message =
        first_text<Options...>([](auto o) { return decltype(o)::deprecation; });
    // Non-empty when tfpp::name<"..."> renames the field.
    static constexpr std::string_view terraform_name = first_text<Options...>([](auto o) { return decltype(o)::rename; });
    // The first option of each kind, or void.
    using replace_if_option = first_option_t<[](auto o) { return decltype(o)::replace_if; }, Options...>;
    using default_option = first_option_t<[](auto o) { return decltype(o)::is_default; }, Options...>;
    using match_option = first_option_t<[](auto o) { return decltype(o)::is_match; }, Options...>;
    static constexpr int default_count = (int{option_info<Options>::is_default} + ... + 0);
};

template <class T>
inline constexpr bool is_computed_attribute = false;

template <attribute_role Role, class T, class... Options>
struct attribute : value<T>, attribute_tag, field_options<Options...> {
    static_assert((option_info<Options>::is_option && ...),
                  "tfpp: an attribute option is not one tfpp knows. Use tfpp::sensitive, tfpp::requires_replace, "
                  "tfpp::use_state_for_unknown, tfpp::write_only, tfpp::description<\"...\">, "
                  "tfpp::markdown_description<\"...\">, tfpp::deprecated<\"...\"> or tfpp::name<\"...\">.");
    static_assert(!(option_info<Options>::is_option && ...) ||
                      !((option_info<Options>::is_option && !option_info<Options>::for_attributes) || ...),
                  "tfpp: tfpp::min_items and tfpp::max_items bound blocks, not attributes. Declare the field as "
                  "tfpp::block_list<S, ...> or tfpp::block_set<S, ...>, or check the length in validate().");
    static_assert(!(is_attribute<T> && Role == attribute_role::required && is_computed_attribute<T>),
                  "tfpp: an attribute cannot be both required and computed: a required value always comes from "
                  "the configuration. Use tfpp::optional_computed<T> for a value the configuration may set and the "
                  "provider fills in otherwise.");
    static_assert(!is_attribute<T> || (Role == attribute_role::required && is_computed_attribute<T>),
                  "tfpp: attribute roles do not nest. Give each field one role: tfpp::required<T>, "
                  "tfpp::optional<T>, tfpp::computed<T> or tfpp::optional_computed<T> (optional and computed).");
    static_assert(!((Role == attribute_role::computed || Role == attribute_role::optional_computed) &&
                    (std::is_same_v<Options, write_only> || ...)),
                  "tfpp: a write-only attribute cannot be computed: Terraform never stores it, so the provider "
                  "cannot return a value for it. Use tfpp::required<T, tfpp::write_only> or "
                  "tfpp::optional<T, tfpp::write_only>.");
    static_assert(Role == attribute_role::computed || Role == attribute_role::optional_computed ||
                      !((std::is_same_v<Options, use_state_for_unknown> ||
                         std::is_same_v<Options, use_non_null_state_for_unknown>) || ...),
                  "tfpp: tfpp::use_state_for_unknown only applies to computed attributes (the provider sets them); "
                  "this attribute's value always comes from the configuration. Remove the option or make the "
                  "attribute tfpp::computed<T> or tfpp::optional_computed<T>.");

    static_assert(Role == attribute_role::computed || Role == attribute_role::optional_computed ||
                      !(option_info<Options>::is_default || ...),
                  "tfpp: a default needs a computed role, because the planned value then differs from the "
                  "configuration's null: declare the attribute tfpp::optional_computed<T, tfpp::default_value<...>>.");

    using value<T>::value;
    constexpr attribute() = default;
    constexpr attribute(const value<T>& v) : value<T>(v) {}
    constexpr attribute(value<T>&& v) : value<T>(std::move(v)) {}

    static constexpr attribute_role role = Role;
};

// The C++ container of a block's value for each nesting mode.
template <nesting Mode, class S>
struct block_container {
    using type = S;  // single, group
};
template <class S>
struct block_container<nesting::list, S> {
    using type = std::vector<S>;
};
template <class S>
struct block_container<nesting::set, S> {
    using type = tfpp::set<S>;
};
template <class S>
struct block_container<nesting::map, S> {
    using type = std::map<std::string, S>;
};

template <nesting Mode, class S, class... Options>
struct block_field : value<typename block_container<Mode, S>::type>, block_tag, field_options<Options...> {
    using container = typename block_container<Mode, S>::type;
    static_assert((option_info<Options>::is_option && ...),
                  "tfpp: a block option is not one tfpp knows. Use tfpp::min_items<N>, tfpp::max_items<N>, "
                  "tfpp::requires_replace, tfpp::description<\"...\">, tfpp::markdown_description<\"...\">, "
                  "tfpp::deprecated<\"...\"> or tfpp::name<\"...\">.");
    static_assert(!(option_info<Options>::is_option && ...) ||
                      !((option_info<Options>::is_option && !option_info<Options>::for_blocks) || ...),
                  "tfpp: tfpp::sensitive, tfpp::write_only and tfpp::use_state_for_unknown apply to attributes, not "
                  "to blocks, and so do validators (tfpp::length, tfpp::size, ...). Put the option on the attributes "
                  "inside the block's struct; bound the number of blocks with tfpp::min_items<N> and tfpp::max_items<N>.");

    using value<container>::value;
    constexpr block_field() = default;
    constexpr block_field(const value<container>& v) : value<container>(v) {}
    constexpr block_field(value<container>&& v) : value<container>(std::move(v)) {}

    using element = S;
    static constexpr nesting mode = Mode;
    static constexpr std::int64_t min_items = first_bound<Options...>([](auto o) { return decltype(o)::min; });
    static constexpr std::int64_t max_items = first_bound<Options...>([](auto o) { return decltype(o)::max; });
};

}  // namespace detail

// --- attribute roles: each is a value<T> (null, unknown or known)

template <class T, class... Options>
struct required : detail::attribute<attribute_role::required, T, Options...> {
    using detail::attribute<attribute_role::required, T, Options...>::attribute;
};
template <class T, class... Options>
struct optional : detail::attribute<attribute_role::optional, T, Options...> {
    using detail::attribute<attribute_role::optional, T, Options...>::attribute;
};
template <class T, class... Options>
struct computed : detail::attribute<attribute_role::computed, T, Options...> {
    using detail::attribute<attribute_role::computed, T, Options...>::attribute;
};
template <class T, class... Options>
struct optional_computed : detail::attribute<attribute_role::optional_computed, T, Options...> {
    using detail::attribute<attribute_role::optional_computed, T, Options...>::attribute;
};

// --- blocks: `name { ... }` in the configuration. S is a struct of attributes
// and blocks, like a model.

// At most one block; null when absent. With tfpp::min_items<1>, exactly one.
template <class S, class... Options>
struct block : detail::block_field<nesting::single, S, Options...> {
    using detail::block_field<nesting::single, S, Options...>::block_field;
};
// Any number of blocks, in order (a std::vector<S>).
template <class S, class... Options>
struct block_list : detail::block_field<nesting::list, S, Options...> {
    using detail::block_field<nesting::list, S, Options...>::block_field;
};
// Any number of distinct blocks, in no order (a tfpp::set<S>).
template <class S, class... Options>
struct block_set : detail::block_field<nesting::set, S, Options...> {
    using detail::block_field<nesting::set, S, Options...>::block_field;
};
// Labelled blocks, `name "label" { ... }` (a std::map<std::string, S>).
template <class S, class... Options>
struct block_map : detail::block_field<nesting::map, S, Options...> {
    using detail::block_field<nesting::map, S, Options...>::block_field;
};
// One block that is always present: when the configuration has none, its
// attributes are null.
template <class S, class... Options>
struct block_group : detail::block_field<nesting::group, S, Options...> {
    using detail::block_field<nesting::group, S, Options...>::block_field;
};

namespace detail {
template <class T, class... O>
inline constexpr bool is_computed_attribute<computed<T, O...>> = true;
template <class T, class... O>
inline constexpr bool is_computed_attribute<optional_computed<T, O...>> = true;
}  // namespace detail

}  // namespace tfpp
