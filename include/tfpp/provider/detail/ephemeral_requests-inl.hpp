// The ephemeral resource RPCs' whole path, compiled once.
// Compiled once from src/provider/ephemeral_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/ephemeral_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/ephemeral_requests.hpp>

namespace tfpp::detail {

// What the handler left in the context for Terraform to keep.
TFPP_INLINE ephemeral_lease lease_of(const context& ctx) {
    ephemeral_lease lease;
    if (!ctx.private_state().empty()) lease.private_state = std::string(ctx.private_state());
    lease.renew_at = ctx.renew_at();
    return lease;
}

TFPP_INLINE open_ephemeral_resource_answer run(provider_engine& e, const open_ephemeral_resource_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    open_ephemeral_resource_answer a;
    auto* x = e.find<kind::ephemeral_resource>(req.type_name, ctx);
    if (x) {
        request_values values(x->schema(), ctx);
        std::string_view config = values(req.config, "configuration");
        if (!ctx.has_errors() && deferred_by_provider(e, ctx)) {
            a.result = e.deferred_result(x->schema(), config, ctx);
            a.deferred = ctx.deferred();
        } else if (!ctx.has_errors()) {
            a.result = x->open(config, ctx);
            a.lease = lease_of(ctx);
            a.deferred = ctx.deferred();
        }
    }
    finish(a, ctx, x ? &x->schema() : nullptr);
    return a;
}

TFPP_INLINE renew_ephemeral_resource_answer run(provider_engine& e, const renew_ephemeral_resource_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    renew_ephemeral_resource_answer a;
    auto* x = e.find<kind::ephemeral_resource>(req.type_name, ctx);
    if (x) {
        ctx.set_private_state(std::string(req.private_state));
        x->renew(ctx);
        a.lease = lease_of(ctx);
    }
    finish(a, ctx, x ? &x->schema() : nullptr);
    return a;
}

TFPP_INLINE answer run(provider_engine& e, const close_ephemeral_resource_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    answer a;
    auto* x = e.find<kind::ephemeral_resource>(req.type_name, ctx);
    if (x) {
        ctx.set_private_state(std::string(req.private_state));
        x->close(ctx);
    }
    finish(a, ctx, x ? &x->schema() : nullptr);
    return a;
}

}  // namespace tfpp::detail
