// The list resource RPCs: conversions around the engine's requests
// (provider/detail/list_requests.hpp).
#pragma once

#include <tfpp/provider/detail/list_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

template <class Request, class Response>
void validate_list_resource_config(provider_engine& e, const Request& req, Response& resp) {
    validate_list_resource_config_request r{validate_request(req.type_name(), req), std::nullopt, std::nullopt};
    if (req.has_include_resource_object()) r.include_resource_object = req.include_resource_object().msgpack();
    if (req.has_limit()) r.limit = req.limit().msgpack();
    const validate_list_resource_config_answer a = run(e, r);
    answer_to_proto(a, resp);
    diagnostics_to_proto(a.arguments, resp.mutable_diagnostics());
}

// ListResource: each result is written to the stream as the handler pushes
// it; the diagnostics, if any, follow in one last event.
template <class Event, class Request, class Writer>
void list_resource(provider_engine& e, const Request& req, Writer& writer) {
    struct event_sink final : list_sink {
        Writer& writer;
        explicit event_sink(Writer& w) : writer(w) {}
        bool send(std::string identity, std::string display_name, std::optional<std::string> object) override {
            Event ev;
            ev.mutable_identity()->mutable_identity_data()->set_msgpack(std::move(identity));
            ev.set_display_name(to_valid_utf8(std::move(display_name)));
            if (object) ev.mutable_resource_object()->set_msgpack(std::move(*object));
            return writer.Write(ev);
        }
    };
    event_sink results(writer);
    const answer a = run(e, list_resource_request{req.type_name(), sent(req.config()), req.include_resource_object(),
                                                  req.limit(), results});
    if (a.diagnostics.empty()) return;
    Event last;
    diagnostics_to_proto(a.diagnostics, last.mutable_diagnostic(), a.schema, a.block);
    writer.Write(last);
}

}  // namespace tfpp::detail
