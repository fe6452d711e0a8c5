// What every operation of provider_under_test shares: the engine that also
// serves the real protocol, the provider configured on it, the contexts
// handlers get, and the client's settings (the Terraform version, whether
// it keeps planned private bytes). The operations themselves are by kind
// (<kind>_operations.hpp), the workflows in scenarios.hpp.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/provider/detail/engine.hpp>

#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp::testing::detail {

// The consistency checker as errors, unless the engine already ran it so.
inline bool engine_checks() { return consistency_check_mode() == consistency_check::on; }

template <class P>
class driver_engine {
public:
    using provider_type = P;
    using config_model = typename tfpp::detail::config_of<P>::type;

    // Configures the provider with an empty configuration (every attribute null).
    driver_engine() { configure_bytes(to_msgpack(config_model{})); }
    // Configures it with a typed configuration.
    explicit driver_engine(const config_model& config) { configure_bytes(to_msgpack(config)); }

    driver_engine(const driver_engine&) = delete;
    driver_engine& operator=(const driver_engine&) = delete;

    [[nodiscard]] const tfpp::diagnostics& configure_diagnostics() const noexcept { return configure_diagnostics_; }
    [[nodiscard]] P& provider() noexcept { return engine_.provider(); }
    std::string terraform_version = "1.12.6";
    // Whether the client keeps the planned private bytes and sends them back
    // when it plans again at apply, as Terraform 1.16+ does (store_planned_private);
    // false: OpenTofu, older Terraform, protocol 5.
    bool store_planned_private = false;

    // What the calling module's provider_meta block says, from now on (as
    // Terraform sends it with every read, plan, apply and data source read).
    template <class Meta>
    void set_provider_meta(const Meta& meta) {
        static_assert(tfpp::detail::has_provider_meta<P> && std::is_same_v<Meta, typename P::provider_meta>,
                      "tfpp: provider_under_test<P>::set_provider_meta takes P's provider_meta struct; declare "
                      "`struct provider_meta { ... };` (or a using alias) in P");
        provider_meta_ = to_msgpack(meta);
    }

    [[nodiscard]] tfpp::detail::engine<P>& engine() noexcept { return engine_; }
    [[nodiscard]] tfpp::context make_context() { return engine_.make_context(); }

    // A context for a handler Terraform sends provider_meta to.
    tfpp::context handler_context() {
        tfpp::context ctx = engine_.make_context();
        engine_.attach_provider_meta(provider_meta_, ctx);
        return ctx;
    }

private:
    void configure_bytes(const std::string& config) {
        tfpp::context validate_ctx = engine_.make_context();
        engine_.validate_provider_config(config, validate_ctx);
        configure_diagnostics_ = validate_ctx.diagnostics();
        if (configure_diagnostics_.has_errors()) return;
        tfpp::context ctx = engine_.make_context();
        engine_.configure(config, terraform_version, ctx);
        configure_diagnostics_.append(ctx.diagnostics());
    }

    tfpp::detail::engine<P> engine_;
    tfpp::diagnostics configure_diagnostics_;
    std::string provider_meta_;  // encoded; empty: the module sets none
};

}  // namespace tfpp::testing::detail
