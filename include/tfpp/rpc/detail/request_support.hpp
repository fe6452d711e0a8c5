// What the RPC functions of every kind share: the client's capabilities,
// deferral, identities, provider_meta, the validate RPC shell, the answer to
// an unsupported RPC.
#pragma once

#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/rpc/detail/convert.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

template <class Response>
void deferred_to_proto(const context& ctx, Response& resp) {
    if constexpr (requires { resp.mutable_deferred(); }) {
        if (const auto why = ctx.deferred()) {
            using reason = decltype(resp.deferred().reason());
            resp.mutable_deferred()->set_reason(static_cast<reason>(static_cast<int>(*why)));
        }
    }
}

// After configure() deferred, every read, plan, import and open is deferred
// for its reason without calling the handler (true); ctx carries the reason,
// or an error for a request that does not allow deferral.
inline bool deferred_by_provider(const provider_engine& e, context& ctx) {
    const std::optional<deferral_reason> why = e.provider_deferred();
    if (!why) return false;
    ctx.defer(*why,
              "the provider's configuration was deferred to a later run, and this request does not allow "
              "deferral");
    return true;
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

// Before a handler acts on a configuration (PlanAction, InvokeAction,
// ListResource): the checks of its Validate RPC once more, since a client
// need not have made that call and the handler relies on them. Their
// warnings were Validate's to give; only a failure is reported here.
template <class Handler>
bool validated_again(const provider_engine& e, Handler& h, std::string_view config, context& ctx) {
    context check = e.make_context();
    h.validate(config, check);
    if (!check.has_errors()) return true;
    ctx.diagnostics().append(check.diagnostics());
    return false;
}

// The Validate*Config RPC of every kind (kinds.hpp): the type's handler or
// the unknown-type error, the configuration held to its schema (before
// validate, for the kinds whose validate_holds_config_to_schema), and the
// handler's validate.
template <kind K, class Request, class Response>
void validate_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* h = e.find<K>(req.type_name(), ctx);
    if (h) {
        request_values values(h->schema(), ctx);
        std::string_view config = kind_traits<K>::validate_holds_config_to_schema
                                      ? values.checked(req.config(), "configuration", unknowns::allowed)
                                      : values(req.config(), "configuration");
        if (!ctx.has_errors()) {
            if constexpr (K == kind::resource) h->validate(config, ctx, write_only_allowed(req));
            else h->validate(config, ctx);
        }
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), h ? &h->schema() : nullptr,
                         kind_traits<K>::config_block);
}

// The calling module's provider_meta values, for this call's handlers.
template <class Request>
void take_provider_meta(provider_engine& e, const Request& req, context& ctx) {
    if (const block_schema* meta = e.provider_meta_schema()) {
        request_values values(*meta, ctx);
        std::string_view bytes = values(req.provider_meta(), "provider_meta");
        if (!ctx.has_errors()) e.attach_provider_meta(bytes, ctx);
    }
}

template <class Response>
void answer_not_supported(Response& resp, std::string_view rpc, std::string_view what) {
    diagnostics_to_proto(not_supported(rpc, what), resp.mutable_diagnostics());
}

}  // namespace tfpp::detail
