// tfplugin6.Provider, compiled once into the tfpp library (its key function).
// Compiled once from src/rpc/provider_service_v6.cpp, or inline in every file that includes
// <tfpp/rpc/detail/service_v6.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>

namespace tfpp::detail {

// The key function: the vtable is emitted where this is compiled (inline: in each file, merged).
TFPP_INLINE provider_service_v6::~provider_service_v6() = default;

}  // namespace tfpp::detail
