// The action RPCs: conversions around the engine's requests
// (provider/detail/action_requests.hpp).
#pragma once

#include <tfpp/provider/detail/action_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <string>

namespace tfpp::detail {

template <class Request, class Response>
void validate_action_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(validate_config<kind::action>(e, validate_request(req.type_name(), req)), resp);
}

template <class Request, class Response>
void plan_action(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(run(e, plan_action_request{req.action_type(), sent(req.config()), deferral_allowed(req)}), resp);
}

// InvokeAction: each progress message is written to the stream as the
// handler reports it; the completed event, with the diagnostics, ends it.
template <class Event, class Request, class Writer>
void invoke_action(provider_engine& e, const Request& req, Writer& writer) {
    struct event_sink final : action_sink {
        Writer& writer;
        explicit event_sink(Writer& w) : writer(w) {}
        bool send(std::string message) override {
            Event ev;
            ev.mutable_progress()->set_message(to_valid_utf8(std::move(message)));
            return writer.Write(ev);
        }
    };
    event_sink progress(writer);
    const answer a = run(e, invoke_action_request{req.action_type(), sent(req.config()), progress});
    Event last;
    answer_to_proto(a, *last.mutable_completed());
    writer.Write(last);
}

}  // namespace tfpp::detail
