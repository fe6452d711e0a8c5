// Attribute roles and options: the field types of a model say how Terraform
// treats each attribute, so the struct is the whole schema.
//
//   struct server {
//       tfpp::required<std::string, tfpp::requires_replace> name;
//       tfpp::optional<std::int64_t> port;
//       tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
//   };
#pragma once

#include <tfpp/fwd.hpp>
#include <tfpp/value/value.hpp>

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace tfpp {

// A string usable as a template argument: tfpp::description<"...">.
template <std::size_t N>
struct fixed_string {
    char chars[N]{};
    constexpr fixed_string(const char (&s)[N]) { std::copy_n(s, N, chars); }
    [[nodiscard]] constexpr std::string_view view() const { return {chars, N - 1}; }
};

// The value is hidden in plan output and logs.
struct sensitive {};
// A change of this attribute replaces the object instead of updating it.
struct requires_replace {};
// When this computed attribute would become unknown in a plan, keep the value
// from the prior state instead (for values that never change, such as ids).
struct use_state_for_unknown {};
// Plain-text documentation of the attribute.
template <fixed_string Text>
struct description {
    static constexpr std::string_view text = Text.view();
};
// Markdown documentation of the attribute.
template <fixed_string Text>
struct markdown_description {
    static constexpr std::string_view text = Text.view();
};
// The attribute still works but should no longer be used; the text says why.
template <fixed_string Message>
struct deprecated {
    static constexpr std::string_view message = Message.view();
};

enum class attribute_role : unsigned char { required, optional, computed, optional_computed };

namespace detail {
// What each option contributes to the schema. A type that is not an option
// contributes nothing, so that only the static_assert below reports it.
struct option_defaults {
    static constexpr bool is_option = true;
    static constexpr bool is_deprecated = false;
    static constexpr std::string_view description{}, markdown{}, deprecation{};
};
template <class O>
struct option_info : option_defaults {
    static constexpr bool is_option = false;
};
template <>
struct option_info<sensitive> : option_defaults {};
template <>
struct option_info<requires_replace> : option_defaults {};
template <>
struct option_info<use_state_for_unknown> : option_defaults {};
template <fixed_string T>
struct option_info<tfpp::description<T>> : option_defaults {
    static constexpr std::string_view description = T.view();
};
template <fixed_string T>
struct option_info<markdown_description<T>> : option_defaults {
    static constexpr std::string_view markdown = T.view();
};
template <fixed_string T>
struct option_info<deprecated<T>> : option_defaults {
    static constexpr std::string_view deprecation = T.view();
    static constexpr bool is_deprecated = true;
};

// The first non-empty text that `get` reads from the options' option_info.
template <class... Options, class Get>
consteval std::string_view first_text([[maybe_unused]] Get get) {
    std::string_view r;
    ((r = r.empty() ? get(option_info<Options>{}) : r), ...);
    return r;
}

template <attribute_role Role, class T, class... Options>
struct attribute : value<T> {
    static_assert((option_info<Options>::is_option && ...),
                  "tfpp: an attribute option is not one tfpp knows. Use tfpp::sensitive, tfpp::requires_replace, "
                  "tfpp::use_state_for_unknown, tfpp::description<\"...\">, tfpp::markdown_description<\"...\"> "
                  "or tfpp::deprecated<\"...\">.");

    using value<T>::value;
    constexpr attribute() = default;
    constexpr attribute(const value<T>& v) : value<T>(v) {}
    constexpr attribute(value<T>&& v) : value<T>(std::move(v)) {}

    static constexpr attribute_role role = Role;
    template <class O>
    static constexpr bool has = (std::is_same_v<O, Options> || ...);
    static constexpr std::string_view description = first_text<Options...>([](auto o) { return decltype(o)::description; });
    static constexpr std::string_view markdown_description =
        first_text<Options...>([](auto o) { return decltype(o)::markdown; });
    static constexpr bool is_deprecated = (option_info<Options>::is_deprecated || ...);
    static constexpr std::string_view deprecation_message =
        first_text<Options...>([](auto o) { return decltype(o)::deprecation; });
};
}  // namespace detail

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

namespace detail {
template <class F>
inline constexpr bool is_attribute = false;
template <class T, class... O>
inline constexpr bool is_attribute<required<T, O...>> = true;
template <class T, class... O>
inline constexpr bool is_attribute<optional<T, O...>> = true;
template <class T, class... O>
inline constexpr bool is_attribute<computed<T, O...>> = true;
template <class T, class... O>
inline constexpr bool is_attribute<optional_computed<T, O...>> = true;
}  // namespace detail

}  // namespace tfpp
