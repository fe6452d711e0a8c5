// The provider configuration RPCs' whole path, compiled once.
// Compiled once from src/provider/provider_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/provider_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/provider_requests.hpp>

namespace tfpp::detail {

TFPP_INLINE answer run(provider_engine& e, const validate_provider_config_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    request_values values(e.provider_schema(), ctx);
    std::string_view config = values(req.config, "provider configuration");
    if (!ctx.has_errors()) e.validate_provider_config(config, ctx);
    answer a;
    finish(a, ctx, &e.provider_schema());
    return a;
}

TFPP_INLINE answer run(provider_engine& e, const configure_provider_request& req) {
    context ctx = e.make_context(req.deferral_allowed);
    request_values values(e.provider_schema(), ctx);
    std::string_view config = values(req.config, "provider configuration");
    if (!ctx.has_errors()) e.configure(config, req.terraform_version, ctx);  // takes the exclusive lock
    answer a;
    a.deferred = ctx.deferred();
    finish(a, ctx, &e.provider_schema());
    return a;
}

}  // namespace tfpp::detail
