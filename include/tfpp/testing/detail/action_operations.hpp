// provider_under_test's operation on an action, as `terraform apply -invoke`
// runs it: validated, planned, invoked, each progress message kept.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/steps.hpp>

#include <string>
#include <utility>
#include <vector>

namespace tfpp::testing::detail::action_ops {

// Validates, plans and invokes an action as Terraform does, keeping each
// progress message it reports.
template <class A, class P>
action_outcome invoke_action(driver_engine<P>& d, const typename A::config& config) {
    static_assert(tfpp::detail::listed<A, typename tfpp::detail::action_list<P>::type>,
                  "tfpp: provider_under_test<P>::invoke_action<A> takes one of P's actions; list A in P::actions");
    struct collect final : tfpp::detail::action_sink {
        std::vector<std::string>& progress;
        explicit collect(std::vector<std::string>& p) : progress(p) {}
        bool send(std::string message) override {
            progress.push_back(std::move(message));
            return true;
        }
    };
    action_outcome out;
    tfpp::detail::action_handler& h = *d.engine().action(A::type_name);
    const std::string bytes = to_msgpack(config);
    tfpp::context ctx = d.make_context();
    h.validate(bytes, ctx);
    if (!ctx.has_errors()) h.plan(bytes, ctx);
    out.diagnostics = ctx.diagnostics();
    if (out.diagnostics.has_errors()) return out;
    collect sink(out.progress);
    tfpp::context invoke_ctx = d.make_context();
    h.invoke(bytes, sink, invoke_ctx);
    out.diagnostics.append(invoke_ctx.diagnostics());
    out.invoked = true;
    return out;
}

}  // namespace tfpp::testing::detail::action_ops
