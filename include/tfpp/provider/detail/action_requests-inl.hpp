// The action RPCs' whole path, compiled once.
// Compiled once from src/provider/action_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/action_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/action_requests.hpp>

namespace tfpp::detail {

TFPP_INLINE answer run(provider_engine& e, const plan_action_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    answer a;
    action_handler* h = e.find<kind::action>(req.action_type, ctx);
    if (h) {
        request_values values(h->schema(), ctx);
        std::string_view config = values.checked(req.config, "configuration", unknowns::allowed);
        if (!ctx.has_errors() && validated_again(e, *h, config, ctx) && !deferred_by_provider(e, ctx))
            h->plan(config, ctx);
    }
    a.deferred = ctx.deferred();
    finish(a, ctx, h ? &h->schema() : nullptr);
    return a;
}

TFPP_INLINE answer run(provider_engine& e, const invoke_action_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    answer a;
    action_handler* h = e.find<kind::action>(req.action_type, ctx);
    if (h) {
        request_values values(h->schema(), ctx);
        std::string_view config = values.checked(req.config, "configuration", unknowns::refused);
        if (!ctx.has_errors() && validated_again(e, *h, config, ctx)) h->invoke(config, req.progress, ctx);
    }
    finish(a, ctx, h ? &h->schema() : nullptr);
    return a;
}

}  // namespace tfpp::detail
