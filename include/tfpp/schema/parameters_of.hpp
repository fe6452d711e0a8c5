// tfpp::parameters_schema_of<P>(): the parameters of a provider function,
// derived from its parameters struct P and checked at compile time: each
// field is a parameter, in order (tfpp/provider/function.hpp).
#pragma once

#include <tfpp/schema/function.hpp>

#include <tfpp/schema/detail/function.hpp>

namespace tfpp {

// A function_schema whose parameters (and variadic parameter) are P's.
template <class P>
function_schema parameters_schema_of() {
    function_schema s;
    if constexpr (detail::parameters_check<P>::ok) detail::derive_parameters<P>(s);
    return s;
}

}  // namespace tfpp
