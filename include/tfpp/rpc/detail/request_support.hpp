// What the RPC functions of every kind share: the client's capabilities,
// values and identities as sent, the answer written back, the answer to an
// unsupported RPC. The RPC functions only convert: the engine answers each
// request (provider/detail/*_requests.hpp).
#pragma once

#include <tfpp/provider/detail/requests.hpp>
#include <tfpp/rpc/detail/convert.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

// The answer to an RPC for a feature tfpp does not offer yet: an error the
// user can read, never a silent success or a bare UNIMPLEMENTED status.
inline diagnostics not_supported(std::string_view rpc, std::string_view what) {
    diagnostics d;
    d.error("Unsupported provider operation",
            std::string(rpc) + ": " + std::string(what) + " is not supported by this provider (built with tfpp).");
    return d;
}

// Whether the client accepts deferred answers (Terraform 1.9+ with -allow-deferral).
template <class Request>
bool deferral_allowed(const Request& req) {
    if constexpr (requires { req.client_capabilities().deferral_allowed(); })
        return req.client_capabilities().deferral_allowed();
    else return false;
}

// Whether the client accepts write-only attributes (Terraform and OpenTofu 1.11+).
template <class Request>
bool write_only_allowed(const Request& req) {
    return req.client_capabilities().write_only_attributes_allowed();
}

// Whether the client keeps PlanResourceChange's planned_private and sends it
// back when it plans again at apply (Terraform 1.16+, protocol 6.11).
template <class Request>
bool keeps_planned_private(const Request& req) {
    if constexpr (requires { req.client_capabilities().store_planned_private(); })
        return req.client_capabilities().store_planned_private();
    else return false;
}

// What the client kept from the plan, in the plan it makes again at apply.
template <class Request>
std::string_view planned_private(const Request& req) {
    if constexpr (requires { req.planned_private(); }) return req.planned_private();
    else return {};
}

// A DynamicValue's bytes, as the engine reads them.
template <class DynamicValue>
sent_value sent(const DynamicValue& v) {
    return {v.msgpack(), v.json()};
}

// The msgpack of an identity the request carries; empty when it has none.
template <class IdentityData>
std::string_view sent_identity(bool has, const IdentityData& id) {
    return has ? std::string_view(id.identity_data().msgpack()) : std::string_view{};
}
// Sets the identity field that `field()` makes, when there is an identity.
template <class Field>
void put_identity(std::optional<std::string> id, Field&& field) {
    if (id) field()->mutable_identity_data()->set_msgpack(std::move(*id));
}

template <class Response>
void deferred_to_proto(std::optional<deferral_reason> why, Response& resp) {
    if constexpr (requires { resp.mutable_deferred(); }) {
        if (why) {
            using reason = decltype(resp.deferred().reason());
            resp.mutable_deferred()->set_reason(static_cast<reason>(static_cast<int>(*why)));
        }
    }
}

// What every answer carries: its deferral, where the response has one, and
// its diagnostics at their paths.
template <class Response>
void answer_to_proto(const answer& a, Response& resp) {
    deferred_to_proto(a.deferred, resp);
    diagnostics_to_proto(a.diagnostics, resp.mutable_diagnostics(), a.schema, a.block);
}

// A Validate*Config request of any kind, as the engine's one validate shell takes it.
template <class Request>
validate_config_request validate_request(std::string_view type_name, const Request& req) {
    validate_config_request out{type_name, sent(req.config())};
    if constexpr (requires { req.client_capabilities().write_only_attributes_allowed(); })
        out.write_only_allowed = write_only_allowed(req);
    return out;
}

template <class Response>
void answer_not_supported(Response& resp, std::string_view rpc, std::string_view what) {
    diagnostics_to_proto(not_supported(rpc, what), resp.mutable_diagnostics());
}

}  // namespace tfpp::detail
