// Provider functions: `provider::local::file_mode("0640")` in a
// configuration. A function is a type with a name, a struct of parameters
// and call(), listed in the provider's `using functions = tfpp::type_list<...>;`.
//
//   struct file_mode {
//       static constexpr std::string_view name = "file_mode";
//       static constexpr tfpp::doc doc{.description = "The mode bits of octal text.", .summary = "Octal to number"};
//       struct parameters {
//           std::string mode;                          // one argument: a known string, never null
//           struct docs {
//               tfpp::doc mode{"Permission bits in octal, such as \"0640\"."};
//           };
//       };
//       std::int64_t call(const parameters& args, tfpp::context& ctx);
//   };
//
// The parameters are the struct's fields, in order, named after them. A field
// of a plain type takes known values that are not null; std::optional<T>
// also takes null; tfpp::value<T> also takes unknown values (call() then
// usually returns tfpp::unknown). The last field may be tfpp::variadic<T>:
// any number of further arguments of type T. The result type is what call()
// returns (tfpp::value<T> to return null or unknown).
//
// An error reported at a parameter's path points the user at that argument:
//   return ctx.error("Invalid mode", "not octal", tfpp::path_of(&parameters::mode));
// Terraform calls functions on a provider that was never configured; a
// function that has a constructor from the provider gets the instance, as
// resources do, but must not rely on its configuration.
#pragma once

#include <tfpp/provider/context.hpp>
#include <tfpp/schema/function.hpp>
#include <tfpp/schema/parameters_of.hpp>

#include <tfpp/provider/detail/function_check.hpp>

namespace tfpp {

// The signature of function F as Terraform sees it, checked at compile time.
template <class F>
const function_schema& function_schema_of() {
    if constexpr (detail::function_check<F>::ok) {
        static const function_schema schema = detail::derive_function<F>();
        return schema;
    } else {
        static const function_schema invalid;  // not reached: function_check stopped the build
        return invalid;
    }
}

}  // namespace tfpp
