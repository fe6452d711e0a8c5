// The attribute and block fields behind tfpp::required, tfpp::block_list and
// the rest: a value<T> with the field's role or nesting, its options, and one
// static_assert per misuse of them.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/schema/detail/option_info.hpp>
#include <tfpp/value/set.hpp>
#include <tfpp/value/value.hpp>

#include <map>
#include <string>
#include <vector>

namespace tfpp::detail {

// An attribute's misuses, one static_assert each, in a class of their own
// that attribute's body instantiates: a failed static_assert in attribute
// itself makes it invalid under clang, and so the struct that holds the
// field, which Boost.PFR then reports as well (one more error).
template <attribute_role Role, class T, class... Options>
struct attribute_checks {
    static_assert((option_info<Options>::is_option && ...),
                  "tfpp: an attribute option is not one tfpp knows (the note below names it). Attributes "
                  "take:" TFPP_ATTRIBUTE_OPTIONS_TEXT);
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
                         std::is_same_v<Options, use_non_null_state_for_unknown>) ||
                        ...),
                  "tfpp: tfpp::use_state_for_unknown only applies to computed attributes (the provider sets them); "
                  "this attribute's value always comes from the configuration. Remove the option or make the "
                  "attribute tfpp::computed<T> or tfpp::optional_computed<T>.");

    static_assert(Role == attribute_role::computed || Role == attribute_role::optional_computed ||
                      !(option_info<Options>::is_default || ...),
                  "tfpp: a default needs a computed role, because the planned value then differs from the "
                  "configuration's null: declare the attribute tfpp::optional_computed<T, tfpp::default_value<...>>.");
};

template <attribute_role Role, class T, class... Options>
struct attribute : value<T>, attribute_tag, field_options<Options...> {
    static_assert(sizeof(attribute_checks<Role, T, Options...>) > 0);

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
    static_assert(
        (option_info<Options>::is_option && ...),
        "tfpp: a block option is not one tfpp knows (the note below names it). Blocks take:" TFPP_BLOCK_OPTIONS_TEXT);
    static_assert(
        !(option_info<Options>::is_option && ...) ||
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

}  // namespace tfpp::detail
