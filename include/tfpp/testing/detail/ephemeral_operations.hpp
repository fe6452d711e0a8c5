// provider_under_test's operations on an ephemeral resource, as Terraform
// runs them: open (validated first; not opened while its configuration is
// not wholly known), renew and close with the private data open() left.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>
#include <tfpp/testing/steps.hpp>

#include <optional>
#include <string>

namespace tfpp::testing::detail::ephemeral_ops {

template <class E, class P>
tfpp::detail::ephemeral_handler& ephemeral_of(driver_engine<P>& d) {
    static_assert(tfpp::detail::listed<E, typename tfpp::detail::ephemeral_list<P>::type>,
                  "tfpp: provider_under_test<P>::open_ephemeral_resource<E> and the other ephemeral calls take one of P's "
                  "ephemeral resources; list E in P::ephemeral_resources");
    return *d.engine().ephemeral_resource(E::type_name);
}

template <class E, class P>
ephemeral<typename E::model> open_ephemeral_resource(driver_engine<P>& d, const typename E::model& config) {
    ephemeral<typename E::model> out;
    tfpp::detail::ephemeral_handler& h = ephemeral_of<E>(d);
    const std::string bytes = to_msgpack(config);
    tfpp::context ctx = d.make_context();
    h.validate(bytes, ctx);
    out.diagnostics = ctx.diagnostics();
    if (out.diagnostics.has_errors()) return out;
    if (holds_unknown(bytes, h.schema().value_type)) {
        out.deferred = true;
        return out;
    }
    tfpp::context open_ctx = d.make_context();
    const std::optional<std::string> result = h.open(bytes, open_ctx);
    out.diagnostics.append(open_ctx.diagnostics());
    if (result) out.result = decoded<typename E::model>(*result, out.diagnostics);
    out.private_state = std::string(open_ctx.private_state());
    out.renew_at = open_ctx.renew_at();
    return out;
}

template <class E, class P>
ephemeral<typename E::model> renew_ephemeral_resource(driver_engine<P>& d, const ephemeral<typename E::model>& opened) {
    ephemeral<typename E::model> out = opened;
    tfpp::context ctx = d.make_context();
    ctx.set_private_state(opened.private_state);
    ephemeral_of<E>(d).renew(ctx);
    out.diagnostics = ctx.diagnostics();
    out.private_state = std::string(ctx.private_state());
    out.renew_at = ctx.renew_at();
    return out;
}

template <class E, class P>
tfpp::diagnostics close_ephemeral_resource(driver_engine<P>& d, const ephemeral<typename E::model>& opened) {
    tfpp::context ctx = d.make_context();
    ctx.set_private_state(opened.private_state);
    ephemeral_of<E>(d).close(ctx);
    return ctx.diagnostics();
}

}  // namespace tfpp::testing::detail::ephemeral_ops
