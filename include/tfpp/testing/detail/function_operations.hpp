// provider_under_test's operation on a provider function, as Terraform calls
// it: each argument encoded with its parameter's type (the variadic ones one
// by one); the result, or the error text and the argument it names.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/steps.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::testing::detail::function_ops {

template <class F, class P>
function_call<tfpp::detail::call_result_t<F>> call_function(driver_engine<P>& d, const typename F::parameters& args) {
    static_assert(tfpp::detail::listed<F, typename tfpp::detail::function_list<P>::type>,
                  "tfpp: provider_under_test<P>::call_function<F> takes one of P's functions; list F in "
                  "P::functions");
    using R = tfpp::detail::call_result_t<F>;
    function_call<R> out;
    std::vector<std::string> encoded;
    tfpp::detail::for_each_field(args, [&](std::string_view, const auto& field) {
        using field_type = std::remove_cvref_t<decltype(field)>;
        if constexpr (tfpp::detail::parameter_traits<field_type>::is_variadic)
            for (const auto& e : field) encoded.push_back(to_msgpack(e));
        else encoded.push_back(to_msgpack(field));
    });
    const std::vector<std::string_view> arguments(encoded.begin(), encoded.end());
    tfpp::context ctx = d.make_context();
    tfpp::detail::function_error error;
    const std::optional<std::string> bytes = d.engine().function(F::name)->call(arguments, ctx, error);
    if (!bytes) {
        out.error = error.text;
        out.argument = error.argument;
        return out;
    }
    R value{};
    tfpp::diagnostics diags;
    if (!decode_msgpack(*bytes, value, diags)) throw std::logic_error("tfpp: a function result does not decode");
    out.result = std::move(value);
    return out;
}

}  // namespace tfpp::testing::detail::function_ops
