// The data source RPCs' whole path, compiled once.
// Compiled once from src/provider/data_source_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/data_source_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/data_source_requests.hpp>

namespace tfpp::detail {

TFPP_INLINE read_data_source_answer run(provider_engine& e, const read_data_source_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    take_provider_meta(e, req.provider_meta, ctx);
    read_data_source_answer a;
    auto* d = e.find<kind::data_source>(req.type_name, ctx);
    if (d) {
        request_values values(d->schema(), ctx);
        std::string_view config = values(req.config, "configuration");
        if (!ctx.has_errors())
            a.state = deferred_by_provider(e, ctx) ? e.deferred_result(d->schema(), config, ctx) : d->read(config, ctx);
        a.deferred = ctx.deferred();
    }
    finish(a, ctx, d ? &d->schema() : nullptr);
    return a;
}

}  // namespace tfpp::detail
