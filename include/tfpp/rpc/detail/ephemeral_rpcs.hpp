// The ephemeral resource RPCs.
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
void validate_ephemeral_resource_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::ephemeral_resource>(e, req, resp);
}

template <class Response>
void renew_at_to_proto(const context& ctx, Response& resp) {
    if (const auto when = ctx.renew_at()) {
        const auto since_epoch = when->time_since_epoch();
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
        resp.mutable_renew_at()->set_seconds(seconds.count());
        resp.mutable_renew_at()->set_nanos(static_cast<std::int32_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch - seconds).count()));
    }
}

template <class Request, class Response>
void open_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    auto* x = e.find<kind::ephemeral_resource>(req.type_name(), ctx);
    if (x) {
        request_values values(x->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors() && deferred_by_provider(e, ctx)) {
            if (auto result = e.deferred_result(x->schema(), config, ctx))
                resp.mutable_result()->set_msgpack(std::move(*result));
            deferred_to_proto(ctx, resp);
        } else if (!ctx.has_errors()) {
            if (auto result = x->open(config, ctx)) resp.mutable_result()->set_msgpack(std::move(*result));
            if (!ctx.private_state().empty()) resp.set_private_(std::string(ctx.private_state()));
            renew_at_to_proto(ctx, resp);
            deferred_to_proto(ctx, resp);
        }
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Request, class Response>
void renew_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* x = e.find<kind::ephemeral_resource>(req.type_name(), ctx);
    if (x) {
        ctx.set_private_state(req.private_());
        x->renew(ctx);
        if (!ctx.private_state().empty()) resp.set_private_(std::string(ctx.private_state()));
        renew_at_to_proto(ctx, resp);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Request, class Response>
void close_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* x = e.find<kind::ephemeral_resource>(req.type_name(), ctx);
    if (x) {
        ctx.set_private_state(req.private_());
        x->close(ctx);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

}  // namespace tfpp::detail
