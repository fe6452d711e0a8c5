// provider_under_test's operation on a list resource, as `terraform query`
// runs it: the configuration validated, then every result the handler pushes.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/steps.hpp>

#include <optional>
#include <string>
#include <utility>

namespace tfpp::testing::detail::list_ops {

// Validates the list block's configuration, then lists as `terraform
// query` does, keeping each result the handler pushes.
template <class L, class P>
list_outcome<typename L::resource> list_resource(driver_engine<P>& d, const typename L::config& config,
                                        list_options options = {}) {
    using R = typename L::resource;
    static_assert(tfpp::detail::listed<L, typename tfpp::detail::list_resource_list<P>::type>,
                  "tfpp: provider_under_test<P>::list_resource<L> takes one of P's list resources; list L in "
                  "P::list_resources");
    struct collect final : tfpp::detail::list_sink {
        list_outcome<R>& out;
        explicit collect(list_outcome<R>& o) : out(o) {}
        bool send(std::string identity, std::string display_name, std::optional<std::string> object) override {
            listed_object<R> r;
            r.display_name = std::move(display_name);
            if (!decode_msgpack(identity, r.identity, out.diagnostics)) return false;
            if (object) {
                typename R::model m;
                if (!decode_msgpack(*object, m, out.diagnostics)) return false;
                r.object = std::move(m);
            }
            out.results.push_back(std::move(r));
            return true;
        }
    };
    list_outcome<R> out;
    tfpp::detail::list_handler& h = *d.engine().list_resource(R::type_name);
    const std::string bytes = to_msgpack(config);
    tfpp::context validate_ctx = d.make_context();
    h.validate(bytes, validate_ctx);
    out.diagnostics = validate_ctx.diagnostics();
    if (out.diagnostics.has_errors()) return out;
    collect sink(out);
    tfpp::context ctx = d.make_context();
    h.list(bytes, options.include_resource, options.limit, sink, ctx);
    out.diagnostics.append(ctx.diagnostics());
    return out;
}

}  // namespace tfpp::testing::detail::list_ops
