// tfpp::compiled_resource<P, R>: the handler code of a resource that declares
// `static constexpr bool compiled_separately = true;`, compiled in a file of
// its own instead of the file with main(). That file includes
// <tfpp/compile.hpp> and names it once:
//
//     template struct tfpp::compiled_resource<my::provider, my::resource>;
//
// A provider's resources then compile in parallel, each compiler holding only
// its own, and main.cpp stays the same size however many there are.
// Forgetting the line is a link error naming tfpp::compiled_resource<...>::make.
#pragma once

#include <tfpp/schema/schema.hpp>

#include <memory>

namespace tfpp {

namespace detail {
class resource_handler;
}  // namespace detail

template <class P, class R>
struct compiled_resource {
    static std::unique_ptr<detail::resource_handler> make(P& provider);
    static const block_schema& schema();
    static const identity_schema* identity();
};

}  // namespace tfpp
