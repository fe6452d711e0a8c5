// The ephemeral resource RPCs: conversions around the engine's requests
// (provider/detail/ephemeral_requests.hpp).
#pragma once

#include <tfpp/provider/detail/ephemeral_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <chrono>
#include <cstdint>

namespace tfpp::detail {

template <class Request, class Response>
void validate_ephemeral_resource_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(validate_config<kind::ephemeral_resource>(e, validate_request(req.type_name(), req)), resp);
}

template <class Response>
void lease_to_proto(ephemeral_lease lease, Response& resp) {
    if (lease.private_state) resp.set_private_(std::move(*lease.private_state));
    if (const auto when = lease.renew_at) {
        const auto since_epoch = when->time_since_epoch();
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
        resp.mutable_renew_at()->set_seconds(seconds.count());
        resp.mutable_renew_at()->set_nanos(static_cast<std::int32_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch - seconds).count()));
    }
}

template <class Request, class Response>
void open_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    open_ephemeral_resource_answer a =
        run(e, open_ephemeral_resource_request{req.type_name(), sent(req.config()), deferral_allowed(req)});
    if (a.result) resp.mutable_result()->set_msgpack(std::move(*a.result));
    lease_to_proto(std::move(a.lease), resp);
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void renew_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    renew_ephemeral_resource_answer a = run(e, renew_ephemeral_resource_request{req.type_name(), req.private_()});
    lease_to_proto(std::move(a.lease), resp);
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void close_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(run(e, close_ephemeral_resource_request{req.type_name(), req.private_()}), resp);
}

}  // namespace tfpp::detail
