// The provider's own configuration RPCs, as the engine answers them.
#pragma once

#include <tfpp/provider/detail/requests.hpp>

#include <string_view>

namespace tfpp::detail {

struct validate_provider_config_request {
    sent_value config;
};

// ConfigureProvider runs alone: no other call sees a half-made configuration.
struct configure_provider_request {
    sent_value config;
    std::string_view terraform_version;
    bool deferral_allowed = false;
};

answer run(provider_engine& e, const validate_provider_config_request& req);
answer run(provider_engine& e, const configure_provider_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/provider_requests-inl.hpp>
#endif
