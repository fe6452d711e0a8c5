// The action RPCs.
#pragma once

#include <tfpp/rpc/detail/request_support.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

template <class Request, class Response>
void validate_action_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::action>(e, req, resp);
}

// PlanAction: the action's plan hook, before the apply that invokes it.
template <class Request, class Response>
void plan_action(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    action_handler* a = e.find<kind::action>(req.action_type(), ctx);
    if (a) {
        request_values values(a->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::allowed);
        if (!ctx.has_errors() && validated_again(e, *a, config, ctx) && !deferred_by_provider(e, ctx))
            a->plan(config, ctx);
    }
    deferred_to_proto(ctx, resp);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), a ? &a->schema() : nullptr);
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
    auto lock = e.shared();
    context ctx = e.make_context();
    action_handler* a = e.find<kind::action>(req.action_type(), ctx);
    if (a) {
        request_values values(a->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::refused);
        event_sink sink(writer);
        if (!ctx.has_errors() && validated_again(e, *a, config, ctx)) a->invoke(config, sink, ctx);
    }
    Event last;
    diagnostics_to_proto(ctx.diagnostics(), last.mutable_completed()->mutable_diagnostics(),
                         a ? &a->schema() : nullptr);
    writer.Write(last);
}

}  // namespace tfpp::detail
