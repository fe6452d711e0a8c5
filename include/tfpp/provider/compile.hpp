// The definitions of tfpp::compiled_resource (tfpp/provider/compiled_resource.hpp):
// included, through <tfpp/compile.hpp>, by the file that compiles a resource
// separately. That file then holds all of the resource's framework code: its
// schema, the codecs of its model, planning and the compile-time checks.
#pragma once

#include <tfpp/provider/compiled_resource.hpp>
#include <tfpp/provider/detail/resource_adapter.hpp>

#include <memory>

namespace tfpp {

template <class P, class R>
std::unique_ptr<detail::resource_handler> compiled_resource<P, R>::make(P& provider) {
    static_assert(detail::is_compiled_separately<R>,
                  "tfpp: tfpp::compiled_resource<P, R> compiles a resource that declares "
                  "`static constexpr bool compiled_separately = true;`; add that to R, or remove this line.");
    // The full checks of R and its model, each failing with its own tfpp:
    // message (the file with main() made only the light ones).
    [[maybe_unused]] constexpr bool checked = detail::resource_check<R, P, true>::ok;
    return std::unique_ptr<detail::resource_handler>(new detail::resource_adapter<R, P>(provider));
}

template <class P, class R>
const block_schema& compiled_resource<P, R>::schema() {
    return detail::resource_schema<R>();
}

template <class P, class R>
const identity_schema* compiled_resource<P, R>::identity() {
    return detail::resource_identity_schema<R>();
}

}  // namespace tfpp
