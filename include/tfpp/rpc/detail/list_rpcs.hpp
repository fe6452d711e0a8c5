// The list resource RPCs.
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

// A list block's own arguments next to its `config` block: Terraform sends
// them as values of their types (bool, number); anything else is refused.
template <class Request>
void check_list_arguments(const Request& req, context& ctx) {
    if (req.has_include_resource_object())
        check_request_value(req.include_resource_object().msgpack(), type::boolean(), "include_resource",
                            unknowns::allowed, attribute_path("include_resource"), ctx);
    if (req.has_limit())
        check_request_value(req.limit().msgpack(), type::number(), "limit", unknowns::allowed, attribute_path("limit"),
                            ctx);
}

template <class Request, class Response>
void validate_list_resource_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::list_resource>(e, req, resp);
    context arguments = e.make_context();  // the list block's own, beside `config`: no prefix
    check_list_arguments(req, arguments);
    diagnostics_to_proto(arguments.diagnostics(), resp.mutable_diagnostics());
}

// ListResource: each result is written to the stream as the handler pushes
// it; the diagnostics, if any, follow in one last event.
template <class Event, class Request, class Writer>
void list_resource(provider_engine& e, const Request& req, Writer& writer) {
    struct event_sink final : list_sink {
        Writer& writer;
        const resource_handler* listed;  // the resource type listed, for the types of what is sent
        context& ctx;
        event_sink(Writer& w, const resource_handler* r, context& c) : writer(w), listed(r), ctx(c) {}
        bool send(std::string identity, std::string display_name, std::optional<std::string> object) override {
            Event ev;
            ev.mutable_identity()->mutable_identity_data()->set_msgpack(std::move(identity));
            ev.set_display_name(to_valid_utf8(std::move(display_name)));
            if (object) ev.mutable_resource_object()->set_msgpack(std::move(*object));
            return writer.Write(ev);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    list_handler* l = e.find<kind::list_resource>(req.type_name(), ctx);
    if (l) {
        request_values values(l->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::refused);
        event_sink sink(writer, e.resource(req.type_name()), ctx);
        if (!ctx.has_errors() && validated_again(e, *l, config, ctx))
            l->list(config, req.include_resource_object(), req.limit(), sink, ctx);
    }
    if (ctx.diagnostics().empty()) return;
    Event last;
    diagnostics_to_proto(ctx.diagnostics(), last.mutable_diagnostic(), l ? &l->schema() : nullptr, "config");
    writer.Write(last);
}

}  // namespace tfpp::detail
