// The action RPCs, as the engine answers them.
#pragma once

#include <tfpp/provider/detail/action_sink.hpp>
#include <tfpp/provider/detail/requests.hpp>

#include <string_view>

namespace tfpp::detail {

// PlanAction: the action's plan hook, before the apply that invokes it.
struct plan_action_request {
    std::string_view action_type;
    sent_value config;
    bool deferral_allowed = false;
};

// InvokeAction: each progress message goes to `progress` as the handler
// reports it; the answer ends the stream.
struct invoke_action_request {
    std::string_view action_type;
    sent_value config;
    action_sink& progress;
};

answer run(provider_engine& e, const plan_action_request& req);
answer run(provider_engine& e, const invoke_action_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/action_requests-inl.hpp>
#endif
