// provider_under_test's operation on a data source, as Terraform runs it:
// validated, then read (not while its configuration is not wholly known:
// Core reads it during apply).
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>
#include <tfpp/testing/steps.hpp>

#include <optional>
#include <stdexcept>
#include <string>

namespace tfpp::testing::detail::data_source_ops {

template <class D, class P>
result<typename D::model> read_data_source(driver_engine<P>& d, const typename D::model& config) {
    static_assert(
        tfpp::detail::listed<D, typename tfpp::detail::data_source_list<P>::type>,
        "tfpp: provider_under_test<P>::read_data_source<D> takes one of P's data sources; list D in P::data_sources");
    result<typename D::model> r;
    tfpp::detail::data_source_handler* h = d.engine().data_source(D::type_name);
    if (!h) throw std::logic_error("tfpp: " + std::string(D::type_name) + " is not a data source of this provider");
    const std::string bytes = to_msgpack(config);
    tfpp::context ctx = d.make_context();
    h->validate(bytes, ctx);
    r.diagnostics = ctx.diagnostics();
    if (r.diagnostics.has_errors()) return r;
    if (holds_unknown(bytes, h->schema().value_type)) {
        r.deferred = true;
        return r;
    }
    tfpp::context read_ctx = d.handler_context();
    const std::optional<std::string> state = h->read(bytes, read_ctx);
    r.diagnostics.append(read_ctx.diagnostics());
    if (state) r.state = decoded<typename D::model>(*state, r.diagnostics);
    return r;
}

}  // namespace tfpp::testing::detail::data_source_ops
