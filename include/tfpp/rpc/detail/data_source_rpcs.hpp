// The data source RPCs.
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
void validate_data_source_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::data_source>(e, req, resp);
}

template <class Request, class Response>
void read_data_source(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* d = e.find<kind::data_source>(req.type_name(), ctx);
    if (d) {
        request_values values(d->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) {
            std::optional<std::string> state =
                deferred_by_provider(e, ctx) ? e.deferred_result(d->schema(), config, ctx) : d->read(config, ctx);
            if (state) resp.mutable_state()->set_msgpack(std::move(*state));
        }
        deferred_to_proto(ctx, resp);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), d ? &d->schema() : nullptr);
}

}  // namespace tfpp::detail
