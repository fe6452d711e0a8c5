// What tfpp requires of a provider function at compile time (a name, a
// parameters struct, a call() it can invoke with a result it can encode),
// each mistake stated in one tfpp: line, and the function's schema.
#pragma once

#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/hook_spelling.hpp>
#include <tfpp/schema/function.hpp>
#include <tfpp/schema/parameters_of.hpp>
#include <tfpp/schema/schema_of.hpp>
#include <tfpp/value/type_of.hpp>

#include <concepts>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tfpp::detail {

template <class F>
concept has_function_name = requires {
    { F::name } -> std::convertible_to<std::string_view>;
};
template <class F>
concept has_parameters = requires {
    typename F::parameters;
};
template <class F>
concept has_call = requires(F& f, const typename F::parameters& args, context& ctx) {
    f.call(args, ctx);
};

template <class F>
using call_result_t = std::remove_cvref_t<decltype(std::declval<F&>().call(
    std::declval<const typename F::parameters&>(), std::declval<context&>()))>;

// What call() returns, without the std::optional or tfpp::value around it.
template <class F>
using function_result_t = strip_nullable_t<call_result_t<F>>;

enum class function_problem { none, misspelled, no_name, bad_name, no_parameters, no_call, call_signature, result_type };

template <class F>
consteval function_problem check_function() {
    if constexpr (!has_function_name<F>) return function_problem::no_name;
    else if (!is_identifier(F::name)) return function_problem::bad_name;
    else if constexpr (!has_parameters<F>) return function_problem::no_parameters;
    else if constexpr (!has_call<F>) return names_call<F> ? function_problem::call_signature : function_problem::no_call;
    else if constexpr (std::is_void_v<call_result_t<F>> || is_schema_field<call_result_t<F>>) {
        return function_problem::result_type;
    } else {
        path_buffer ignored;
        return check_value_type<call_result_t<F>>(ignored) == model_problem::none ? function_problem::none
                                                                                  : function_problem::result_type;
    }
}

// One error for a call() whose result has no Terraform type: the
// function_result_type<F, R> line the compiler prints above it names R.
template <class F, class Result>
struct function_result_type {
    static_assert(sizeof(F*) == 0,
                  "tfpp: a function's call() must return a type with a Terraform equivalent (std::string, bool, "
                  "std::int64_t, double, tfpp::number, std::vector<T>, tfpp::set<T>, std::map<std::string, T>, "
                  "std::tuple<T...>, tfpp::dynamic or a struct of these), or tfpp::value<T> to return null or "
                  "unknown; the function_result_type<function, result> line above names the type it returns.");
    static constexpr bool ok = false;
};

// The message's class for a result without a Terraform type; naming its
// result type only then (call_result_t needs a call to look at).
template <bool Bad, class F>
struct result_report {
    using type = result_report;
};
template <class F>
struct result_report<true, F> {
    using type = function_result_type<F, call_result_t<F>>;
};

template <class F>
struct function_check {
    static constexpr function_problem problem =
        spelled_well<kind::function, F> ? check_function<F>() : function_problem::misspelled;
    static_assert(problem != function_problem::no_name,
                  "tfpp: a function needs `static constexpr std::string_view name = \"...\";`, the name after "
                  "provider::<provider>:: in a configuration.");
    static_assert(problem != function_problem::bad_name,
                  "tfpp: a function's name must be lowercase letters, digits and underscores, not starting with a "
                  "digit.");
    static_assert(problem != function_problem::no_parameters,
                  "tfpp: a function needs `struct parameters { ... };` whose fields are its parameters, in order "
                  "(an empty struct for none).");
    static_assert(problem != function_problem::no_call,
                  "tfpp: a function needs `R call(const parameters& args, tfpp::context& ctx);`, R being the type of "
                  "its result.");
    static_assert(problem != function_problem::call_signature,
                  "tfpp: a function needs `R call(const parameters& args, tfpp::context& ctx);`, R being the type of "
                  "its result; its call has a signature tfpp cannot call.");
    // As in spelling (hook_spelling.hpp): the message's class instantiated by the body.
    static_assert(sizeof(typename result_report<problem == function_problem::result_type, F>::type) > 0);
    static constexpr bool ok = [] {
        if constexpr (problem == function_problem::none) return parameters_check<typename F::parameters>::ok;
        else return false;
    }();
};

template <class F>
function_schema derive_function() {
    function_schema s = parameters_schema_of<typename F::parameters>();
    s.return_type = type_of<function_result_t<F>>();
    if constexpr (requires { F::doc; }) {
        constexpr doc d = F::doc;
        s.description_is_markdown = !d.markdown.empty();
        s.description = s.description_is_markdown ? d.markdown : d.description;
        s.summary = d.summary;
        s.deprecation_message = d.deprecated;
    }
    return s;
}

}  // namespace tfpp::detail
