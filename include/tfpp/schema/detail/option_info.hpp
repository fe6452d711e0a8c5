// What each option of an attribute or block contributes, and what a field's
// options add up to (its documentation, name, default and plan modifiers).
#pragma once

#include <tfpp/core/fixed_string.hpp>
#include <tfpp/core/type_list.hpp>
#include <tfpp/schema/attribute_options.hpp>

#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

// Every option of attributes and blocks, once: its name, its spelling in
// messages, and what it applies to. Which types are options and the lists
// that the "unknown option" errors print are both generated from it, so
// neither can leave one out.
#define TFPP_FIELD_OPTIONS(X)                                                                 \
    X(sensitive, "tfpp::sensitive", attributes)                                               \
    X(write_only, "tfpp::write_only", attributes)                                             \
    X(requires_replace, "tfpp::requires_replace", both)                                       \
    X(requires_replace_if, "tfpp::requires_replace_if<&f>", attributes)                       \
    X(use_state_for_unknown, "tfpp::use_state_for_unknown", attributes)                       \
    X(use_non_null_state_for_unknown, "tfpp::use_non_null_state_for_unknown", attributes)     \
    X(default_value, "tfpp::default_value<V>", attributes)                                    \
    X(default_from, "tfpp::default_from<&f>", attributes)                                     \
    X(match_by, "tfpp::match_by<\"name\", ...>", both)                                        \
    X(semantic_equal, "tfpp::semantic_equal<&f>", attributes)                                 \
    X(semantic_equal_elements, "tfpp::semantic_equal_elements<&f>", attributes)               \
    X(normalized_json, "tfpp::normalized_json", attributes)                                   \
    X(rfc3339, "tfpp::rfc3339", attributes)                                                   \
    X(min_items, "tfpp::min_items<N>", blocks)                                                \
    X(max_items, "tfpp::max_items<N>", blocks)                                                \
    X(description, "tfpp::description<\"...\">", both)                                        \
    X(markdown_description, "tfpp::markdown_description<\"...\">", both)                      \
    X(deprecated, "tfpp::deprecated<\"...\">", both)                                          \
    X(terraform_name, "tfpp::terraform_name<\"...\">", both)                                  \
    X(length, "tfpp::length<Min, Max>, tfpp::min_length<N>, tfpp::max_length<N>", attributes) \
    X(range, "tfpp::range<Min, Max>, tfpp::at_least<N>, tfpp::at_most<N>", attributes)        \
    X(one_of, "tfpp::one_of<...>", attributes)                                                \
    X(regex, "tfpp::regex<\"...\">", attributes)                                              \
    X(size, "tfpp::size<Min, Max>, tfpp::min_size<N>, tfpp::max_size<N>", attributes)         \
    X(unique, "tfpp::unique", attributes)                                                     \
    X(each, "tfpp::each<validators...>", attributes)                                          \
    X(check, "tfpp::check<&f, \"...\">, tfpp::check<&named_check>", attributes)

// The list of the options that apply to attributes, and to blocks, one per
// line, for the messages of tfpp/schema/detail/field.hpp.
#define TFPP_OPTION_LINE_attributes_attributes(spelling) "\n    " spelling
#define TFPP_OPTION_LINE_attributes_both(spelling) "\n    " spelling
#define TFPP_OPTION_LINE_attributes_blocks(spelling)
#define TFPP_OPTION_LINE_blocks_attributes(spelling)
#define TFPP_OPTION_LINE_blocks_both(spelling) "\n    " spelling
#define TFPP_OPTION_LINE_blocks_blocks(spelling) "\n    " spelling
#define TFPP_ATTRIBUTE_OPTION_LINE(kind, spelling, where) TFPP_OPTION_LINE_attributes_##where(spelling)
#define TFPP_BLOCK_OPTION_LINE(kind, spelling, where) TFPP_OPTION_LINE_blocks_##where(spelling)
#define TFPP_ATTRIBUTE_OPTIONS_TEXT TFPP_FIELD_OPTIONS(TFPP_ATTRIBUTE_OPTION_LINE)
#define TFPP_BLOCK_OPTIONS_TEXT TFPP_FIELD_OPTIONS(TFPP_BLOCK_OPTION_LINE)

enum class option_kind : unsigned char {
    none,
#define TFPP_OPTION_KIND(kind, spelling, where) kind,
    TFPP_FIELD_OPTIONS(TFPP_OPTION_KIND)
#undef TFPP_OPTION_KIND
};

enum class option_target : unsigned char { none, attributes, blocks, both };
constexpr option_target target_of(option_kind k) {
    switch (k) {
#define TFPP_OPTION_TARGET(kind, spelling, where) \
    case option_kind::kind: return option_target::where;
        TFPP_FIELD_OPTIONS(TFPP_OPTION_TARGET)
#undef TFPP_OPTION_TARGET
    case option_kind::none: break;
    }
    return option_target::none;
}

// What each option contributes. A type that is not an option contributes
// nothing, so that only the static_assert of the field reports it.
template <option_kind Kind>
struct option_defaults {
    static constexpr option_kind kind = Kind;
    static constexpr bool is_option = Kind != option_kind::none;
    static constexpr bool for_attributes =
        target_of(Kind) == option_target::attributes || target_of(Kind) == option_target::both;
    static constexpr bool for_blocks =
        target_of(Kind) == option_target::blocks || target_of(Kind) == option_target::both;
    static constexpr bool is_deprecated = false;
    static constexpr bool replace_if = false, is_default = false, is_match = false, is_semantic = false;
    static constexpr std::string_view description{}, markdown{}, deprecation{}, rename{};
    static constexpr std::int64_t min = -1, max = -1;
};
template <class O>
struct option_info : option_defaults<option_kind::none> {
    static constexpr bool is_option = false;  // declared here, so that the note names O
};
template <>
struct option_info<sensitive> : option_defaults<option_kind::sensitive> {};
template <>
struct option_info<use_state_for_unknown> : option_defaults<option_kind::use_state_for_unknown> {};
template <>
struct option_info<write_only> : option_defaults<option_kind::write_only> {};
template <>
struct option_info<requires_replace> : option_defaults<option_kind::requires_replace> {};
template <>
struct option_info<use_non_null_state_for_unknown> : option_defaults<option_kind::use_non_null_state_for_unknown> {};
template <auto P>
struct option_info<requires_replace_if<P>> : option_defaults<option_kind::requires_replace_if> {
    static constexpr bool replace_if = true;
};
template <auto P>
struct option_info<semantic_equal<P>> : option_defaults<option_kind::semantic_equal> {
    static constexpr bool is_semantic = true;
};
template <auto P>
struct option_info<semantic_equal_elements<P>> : option_defaults<option_kind::semantic_equal_elements> {
    static constexpr bool is_semantic = true;
};
template <>
struct option_info<normalized_json> : option_defaults<option_kind::normalized_json> {
    static constexpr bool is_semantic = true;
};
template <>
struct option_info<rfc3339> : option_defaults<option_kind::rfc3339> {
    static constexpr bool is_semantic = true;
};
template <default_literal V>
struct option_info<default_value<V>> : option_defaults<option_kind::default_value> {
    static constexpr bool is_default = true;
};
template <auto F>
struct option_info<default_from<F>> : option_defaults<option_kind::default_from> {
    static constexpr bool is_default = true;
};
template <fixed_string... N>
struct option_info<match_by<N...>> : option_defaults<option_kind::match_by> {
    static constexpr bool is_match = true;
};
template <fixed_string T>
struct option_info<tfpp::description<T>> : option_defaults<option_kind::description> {
    static constexpr std::string_view description = T.view();
};
template <fixed_string T>
struct option_info<markdown_description<T>> : option_defaults<option_kind::markdown_description> {
    static constexpr std::string_view markdown = T.view();
};
template <fixed_string T>
struct option_info<deprecated<T>> : option_defaults<option_kind::deprecated> {
    static constexpr std::string_view deprecation = T.view();
    static constexpr bool is_deprecated = true;
};
template <fixed_string T>
struct option_info<tfpp::terraform_name<T>> : option_defaults<option_kind::terraform_name> {
    static constexpr std::string_view rename = T.view();
};
template <std::int64_t N>
struct option_info<min_items<N>> : option_defaults<option_kind::min_items> {
    static_assert(N >= 0, "tfpp: tfpp::min_items<N> needs N >= 0.");
    static constexpr std::int64_t min = N;
};
template <std::int64_t N>
struct option_info<max_items<N>> : option_defaults<option_kind::max_items> {
    static_assert(N >= 0, "tfpp: tfpp::max_items<N> needs N >= 0 (leave it out for no limit).");
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

// An option's arguments checked; validator_info.hpp specializes it.
template <class O>
struct option_bounds {};

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
    // A validator's arguments (validator_info.hpp says why not in option_info).
    static_assert(((sizeof(option_bounds<Options>) > 0) && ...));
    using option_list = type_list<Options...>;
    template <class O>
    static constexpr bool has = (std::is_same_v<O, Options> || ...);
    static constexpr std::string_view description =
        first_text<Options...>([](auto o) { return decltype(o)::description; });
    static constexpr std::string_view markdown_description =
        first_text<Options...>([](auto o) { return decltype(o)::markdown; });
    static constexpr bool is_deprecated = (option_info<Options>::is_deprecated || ...);
    static constexpr std::string_view deprecation_message =
        first_text<Options...>([](auto o) { return decltype(o)::deprecation; });
    // Non-empty when tfpp::terraform_name<"..."> renames the field.
    static constexpr std::string_view terraform_name =
        first_text<Options...>([](auto o) { return decltype(o)::rename; });
    // The first option of each kind, or void.
    using replace_if_option = first_option_t<[](auto o) { return decltype(o)::replace_if; }, Options...>;
    using default_option = first_option_t<[](auto o) { return decltype(o)::is_default; }, Options...>;
    using match_option = first_option_t<[](auto o) { return decltype(o)::is_match; }, Options...>;
    using semantic_option = first_option_t<[](auto o) { return decltype(o)::is_semantic; }, Options...>;
    static constexpr int default_count = (int{option_info<Options>::is_default} + ... + 0);
    static constexpr int semantic_count = (int{option_info<Options>::is_semantic} + ... + 0);
};

template <class T>
inline constexpr bool is_computed_attribute = false;

}  // namespace tfpp::detail
