// tfplugin5.Provider, compiled once into the tfpp library (its key function).
#include <tfpp/rpc/detail/service_v5.hpp>

tfpp::detail::provider_service_v5::~provider_service_v5() = default;
