// tfplugin6.Provider, compiled once into the tfpp library (its key function).
#include <tfpp/rpc/detail/service_v6.hpp>

tfpp::detail::provider_service_v6::~provider_service_v6() = default;
