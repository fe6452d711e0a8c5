// The ephemeral resource RPCs, as the engine answers them.
#pragma once

#include <tfpp/provider/detail/requests.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

// What an open or a renew hands Terraform to keep until the next call.
struct ephemeral_lease {
    std::optional<std::string> private_state;  // none: the handler keeps nothing
    std::optional<std::chrono::system_clock::time_point> renew_at;
};

struct open_ephemeral_resource_request {
    std::string_view type_name;
    sent_value config;
    bool deferral_allowed = false;
};
struct open_ephemeral_resource_answer : answer {
    std::optional<std::string> result;
    ephemeral_lease lease;
};

struct renew_ephemeral_resource_request {
    std::string_view type_name;
    std::string_view private_state;
};
struct renew_ephemeral_resource_answer : answer {
    ephemeral_lease lease;
};

struct close_ephemeral_resource_request {
    std::string_view type_name;
    std::string_view private_state;
};

open_ephemeral_resource_answer run(provider_engine& e, const open_ephemeral_resource_request& req);
renew_ephemeral_resource_answer run(provider_engine& e, const renew_ephemeral_resource_request& req);
answer run(provider_engine& e, const close_ephemeral_resource_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/ephemeral_requests-inl.hpp>
#endif
