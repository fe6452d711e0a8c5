// A function's parameters struct: what each field says about its parameter
// (type, null and unknown values, variadic), the compile-time checks, and
// the parameters part of the function's schema.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/schema/detail/checks.hpp>
#include <tfpp/schema/detail/docs.hpp>
#include <tfpp/schema/function.hpp>
#include <tfpp/value/type_of.hpp>
#include <tfpp/value/value.hpp>

#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

// What the field type of one parameter says: T, std::optional<T> (null
// allowed), tfpp::value<T> (null and unknown allowed), each alone or as the
// element of tfpp::variadic<...>.
template <class T>
struct parameter_traits {
    using value_type = T;
    static constexpr bool is_variadic = false, allow_null = false, allow_unknown = false;
};
template <class T>
struct parameter_traits<std::optional<T>> : parameter_traits<T> {
    using value_type = T;
    static constexpr bool allow_null = true, allow_unknown = false;
};
template <class T>
struct parameter_traits<value<T>> : parameter_traits<T> {
    using value_type = T;
    static constexpr bool allow_null = true, allow_unknown = true;
};
template <class T>
struct parameter_traits<variadic<T>> : parameter_traits<T> {
    using element = T;
    static constexpr bool is_variadic = true;
};

enum class parameter_problem {
    none,
    not_reflectable,
    bad_name,
    type,
    role,
    variadic_not_last,
    bad_docs,
};

// The parameters struct P: reflectable, every field a parameter of a type
// tfpp encodes, at most one variadic and only last; `at` names the field.
template <class P>
constexpr parameter_problem check_parameters(path_buffer& at) {
    if constexpr (!is_reflectable<P>) {
        return parameter_problem::not_reflectable;
    } else {
        parameter_problem p = parameter_problem::none;
        constexpr std::size_t n = field_count<P>();
        for_each_index<P>([&]<std::size_t I>() {
            if (p != parameter_problem::none) return;
            using F = field_t<P, I>;
            using traits = parameter_traits<F>;
            using V = typename traits::value_type;
            if (!is_identifier(field_name<P, I>())) p = parameter_problem::bad_name;
            else if constexpr (is_schema_field<V> || is_schema_field<F>) p = parameter_problem::role;
            else if (traits::is_variadic && I + 1 != n) p = parameter_problem::variadic_not_last;
            else if constexpr (parameter_traits<V>::is_variadic) p = parameter_problem::variadic_not_last;
            else if (check_value_type<V>(at) != model_problem::none) p = parameter_problem::type;
            if (p != parameter_problem::none) at.prepend(field_name<P, I>());
        });
        if (p == parameter_problem::none && check_docs<P>(at) != model_problem::none) p = parameter_problem::bad_docs;
        return p;
    }
}

struct parameters_finding {
    parameter_problem problem = parameter_problem::none;
    path_buffer field{};
};

template <class P>
constexpr parameters_finding find_parameter_problem() {
    parameters_finding f;
    f.problem = check_parameters<P>(f.field);
    return f;
}

// One static_assert per problem; the field_path in the compiler's "In
// instantiation of 'in_parameter<field_path<5>{"mode"}, ...>'" line names the
// parameter.
template <field_path Field, parameter_problem problem>
struct in_parameter {
    static_assert(problem != parameter_problem::not_reflectable,
                  "tfpp: a function's parameters struct must be a plain aggregate at namespace scope (or described "
                  "with BOOST_DESCRIBE_STRUCT); its fields are the parameters, in order.");
    static_assert(problem != parameter_problem::bad_name,
                  "tfpp: a function parameter's name breaks Terraform's naming rule: lowercase letters, digits and "
                  "underscores, not starting with a digit. The field_path just above names the parameter.");
    static_assert(problem != parameter_problem::type,
                  "tfpp: a function parameter's C++ type has no Terraform equivalent. Use std::string, bool, "
                  "std::int64_t, double, tfpp::number, std::vector<T>, tfpp::set<T>, std::map<std::string, T>, "
                  "std::tuple<T...>, tfpp::dynamic or a struct of these, optionally as std::optional<T> (null allowed) "
                  "or tfpp::value<T> (null and unknown allowed). The field_path just above names the parameter.");
    static_assert(problem != parameter_problem::role,
                  "tfpp: a function parameter is a plain value, not an attribute: write T, std::optional<T> or "
                  "tfpp::value<T> instead of tfpp::required<T> and the other roles. The field_path just above names "
                  "the parameter.");
    static_assert(problem != parameter_problem::variadic_not_last,
                  "tfpp: only the last parameter of a function may be tfpp::variadic<T>, and only one. The field_path "
                  "just above names the parameter.");
    static_assert(problem != parameter_problem::bad_docs,
                  "tfpp: a parameters struct's `struct docs` must mirror its fields, each a tfpp::doc. The field_path "
                  "just above names the member at fault.");
    static constexpr bool ok = problem == parameter_problem::none;
};

template <class P>
struct parameters_check {
    static constexpr parameters_finding found = find_parameter_problem<P>();
    // As in model_check: the message's class instantiated by the body.
    static_assert(sizeof(in_parameter<shown_path<found.field>(), found.problem>) > 0);
    static constexpr bool ok = found.problem == parameter_problem::none;
};

// The parameters part of a function's schema.
template <class P, std::size_t I>
function_parameter_schema parameter_schema() {
    using traits = parameter_traits<field_t<P, I>>;
    function_parameter_schema s;
    s.name = field_name<P, I>();
    s.type = type_of<typename traits::value_type>();
    s.allow_null = traits::allow_null;
    s.allow_unknown = traits::allow_unknown;
    if constexpr (has_docs<P>) {
        constexpr auto& names = cpp_field_names<typename P::docs>;
        for (std::size_t j = 0; j < names.size(); ++j) {
            if (names[j] != cpp_field_name<P, I>()) continue;
            const doc& d = docs_entries<typename P::docs>[j];
            s.description_is_markdown = !d.markdown.empty();
            s.description = s.description_is_markdown ? d.markdown : d.description;
        }
    }
    return s;
}

template <class P>
void derive_parameters(function_schema& out) {
    for_each_index<P>([&]<std::size_t I>() {
        if constexpr (parameter_traits<field_t<P, I>>::is_variadic) out.variadic = parameter_schema<P, I>();
        else out.parameters.push_back(parameter_schema<P, I>());
    });
}

}  // namespace tfpp::detail
