// The schema of a model, derived from its fields at compile time and checked
// by the compiler: the struct is the schema.
#pragma once

#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/detail/reflect.hpp>
#include <tfpp/schema/types.hpp>
#include <tfpp/value/type.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tfpp {

// One attribute of a block, as Terraform sees it.
struct attribute_schema {
    std::string_view name;
    tfpp::type type;  // type constraint
    attribute_role role = attribute_role::optional;
    bool sensitive = false;
    bool requires_replace = false;
    bool use_state_for_unknown = false;
    bool deprecated = false;
    std::string_view deprecation_message;
    std::string_view description;
    bool description_is_markdown = false;

    [[nodiscard]] bool is_computed() const noexcept {
        return role == attribute_role::computed || role == attribute_role::optional_computed;
    }
};

// The attributes of a resource, data source or provider configuration.
struct block_schema {
    std::int64_t version = 0;
    std::vector<attribute_schema> attributes;  // sorted by name, as go-cty orders object attributes
    std::string_view description;

    [[nodiscard]] const attribute_schema* find(std::string_view name) const noexcept {
        for (const auto& a : attributes)
            if (a.name == name) return &a;
        return nullptr;
    }
};

namespace detail {

template <class T>
inline constexpr bool is_reflectable = std::is_class_v<T> && (is_described<T> || std::is_aggregate_v<T>);

consteval bool is_identifier(std::string_view name) {
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

// Names Terraform gives a meaning of its own inside resource blocks.
consteval bool is_reserved(std::string_view name) {
    for (std::string_view r : {"count", "for_each", "provider", "lifecycle", "depends_on", "connection", "provisioner"})
        if (name == r) return true;
    return false;
}

enum class model_problem {
    none,
    not_reflectable,
    not_an_attribute,
    unsupported_type,
    bad_name,
    reserved_name,
};

template <class T>
consteval model_problem check_value_type();

// Fields of a nested object: plain types or value<T>, no roles.
template <class S>
consteval model_problem check_object_fields() {
    if constexpr (!is_reflectable<S>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = model_problem::none;
        for_each_index<S>([&]<std::size_t I>() {
            if (p != model_problem::none) return;
            if (!is_identifier(field_name<S, I>()))
                p = model_problem::bad_name;
            else
                p = check_value_type<field_t<S, I>>();
        });
        return p;
    }
}

template <class T>
consteval model_problem check_value_type() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::unsupported)
        return model_problem::unsupported_type;
    else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map)
        return check_value_type<typename type_info<U>::element>();
    else if constexpr (k == type_kind::object)
        return check_object_fields<U>();
    else
        return model_problem::none;
}

template <class M>
consteval model_problem check_model() {
    if constexpr (!is_reflectable<M>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = model_problem::none;
        for_each_index<M>([&]<std::size_t I>() {
            using F = field_t<M, I>;
            if (p != model_problem::none) return;
            // field_name is called directly: clang 14 refuses a constexpr
            // local of a generic lambda here.
            if constexpr (!is_attribute<F>)
                p = model_problem::not_an_attribute;
            else if (!is_identifier(field_name<M, I>()))
                p = model_problem::bad_name;
            else if (is_reserved(field_name<M, I>()))
                p = model_problem::reserved_name;
            else
                p = check_value_type<typename F::value_type>();
        });
        return p;
    }
}

// Instantiating this states every rule a model breaks, one message each time.
template <class M>
struct model_check {
    static constexpr model_problem problem = check_model<M>();
    static_assert(problem != model_problem::not_reflectable,
                  "tfpp: a model (and every struct inside one) must be a plain aggregate at namespace scope: no "
                  "constructors, base classes, virtual functions or private fields. For other classes, list the "
                  "fields with BOOST_DESCRIBE_STRUCT.");
    static_assert(problem != model_problem::not_an_attribute,
                  "tfpp: every field of a model must be an attribute. Declare it as tfpp::required<T>, "
                  "tfpp::optional<T>, tfpp::computed<T> or tfpp::optional_computed<T>.");
    static_assert(problem != model_problem::unsupported_type,
                  "tfpp: a field's C++ type has no Terraform equivalent. Use std::string, bool, std::int64_t, double, "
                  "std::vector<T>, std::set<T>, std::map<std::string, T>, tfpp::value<T> or a struct of these.");
    static_assert(problem != model_problem::bad_name,
                  "tfpp: a field name breaks Terraform's naming rule: use lowercase letters, digits and underscores, "
                  "not starting with a digit.");
    static_assert(problem != model_problem::reserved_name,
                  "tfpp: a field is named after a Terraform meta-argument (count, for_each, provider, lifecycle, "
                  "depends_on, connection or provisioner). Rename the field.");
    static constexpr bool ok = problem == model_problem::none;
};

template <class T>
type make_type() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::string) {
        return type::string();
    } else if constexpr (k == type_kind::number) {
        return type::number();
    } else if constexpr (k == type_kind::boolean) {
        return type::boolean();
    } else if constexpr (k == type_kind::dynamic) {
        return type::dynamic();
    } else if constexpr (k == type_kind::list) {
        return type::list(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::set) {
        return type::set(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::map) {
        return type::map(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            return type::tuple({make_type<E>()...});
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        std::vector<type::attribute> attrs;
        attrs.reserve(field_count<U>());
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_attribute<F>) attrs.push_back({std::string(field_name<U, I>()), make_type<typename F::value_type>(), false});
            else attrs.push_back({std::string(field_name<U, I>()), make_type<F>(), false});
        });
        return type::object(std::move(attrs));
    } else {
        static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        return type::dynamic();
    }
}

template <class M>
block_schema derive_block_schema() {
    block_schema block;
    for_each_index<M>([&]<std::size_t J>() {
        constexpr std::size_t I = sorted_fields<M>[J];
        using F = field_t<M, I>;
        attribute_schema a;
        a.name = field_name<M, I>();
        a.type = make_type<typename F::value_type>();
        a.role = F::role;
        a.sensitive = F::template has<sensitive>;
        a.requires_replace = F::template has<requires_replace>;
        a.use_state_for_unknown = F::template has<use_state_for_unknown>;
        a.deprecated = F::is_deprecated;
        a.deprecation_message = F::deprecation_message;
        a.description_is_markdown = F::description.empty() && !F::markdown_description.empty();
        a.description = a.description_is_markdown ? F::markdown_description : F::description;
        block.attributes.push_back(std::move(a));
    });
    return block;
}

}  // namespace detail

// The Terraform type of a C++ type (a model field's type, or a whole model).
template <class T>
type type_of() {
    return detail::make_type<T>();
}

// The schema of a model; built on first use and kept.
template <class M>
const block_schema& schema_of() {
    if constexpr (detail::model_check<M>::ok) {
        static const block_schema block = detail::derive_block_schema<M>();
        return block;
    } else {
        static const block_schema invalid;  // not reached: model_check stopped the build
        return invalid;
    }
}

}  // namespace tfpp
