// Compiles the handler code of resources in a file of their own.
//
// A resource that declares `static constexpr bool compiled_separately = true;`
// is not compiled where main() is: one source file of the provider (usually
// the one with its create/read/update/destroy) includes this header and names
// it once,
//
//     #include <tfpp/compile.hpp>
//     template struct tfpp::compiled_resource<my::provider, my::resource>;
//
// That file then holds all of the resource's framework code: its schema, the
// codecs of its model, planning and the compile-time checks. A provider with
// many resources compiles them in parallel, each compiler holding only its
// share, and main.cpp stays the same size however many there are. Forgetting
// the line above is a link error naming tfpp::compiled_resource<...>::make.
#pragma once

#include <tfpp/provider/detail/engine.hpp>

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
