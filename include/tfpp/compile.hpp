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
// A provider with many resources then compiles them in parallel, each
// compiler holding only its share (tfpp/provider/compiled_resource.hpp).
#pragma once

#include <tfpp/provider/compile.hpp>
