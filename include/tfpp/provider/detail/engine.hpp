// The engine: runs a provider's handlers on encoded values. It knows nothing
// of gRPC or protobuf; the rpc layer translates messages into these calls,
// the server and the in-process test driver use it too (a seam:
// test/layers/check_layers.py).
#pragma once

#include <tfpp/platform/stop_token.hpp>
#include <tfpp/provider/compiled_resource.hpp>
#include <tfpp/provider/detail/action_handler.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/data_source_handler.hpp>
#include <tfpp/provider/detail/ephemeral_handler.hpp>
#include <tfpp/provider/detail/function_handler.hpp>
#include <tfpp/provider/detail/list_handler.hpp>
#include <tfpp/provider/detail/resource_adapter.hpp>
#include <tfpp/provider/detail/state_store_handler.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>

namespace tfpp::detail {

// A provider instance with its resources and data sources, behind one lock:
// ConfigureProvider runs alone, everything else runs concurrently. The
// provider's own type stays in engine<P>; the protocol services and the
// server see this base only, so they are compiled once, in the tfpp library.
class provider_engine {
public:
    virtual ~provider_engine() = default;
    provider_engine() = default;
    provider_engine(const provider_engine&) = delete;
    provider_engine& operator=(const provider_engine&) = delete;

    [[nodiscard]] virtual std::string_view type_name() const = 0;
    [[nodiscard]] virtual const block_schema& provider_schema() const = 0;
    // nullptr when the provider declares no provider_meta.
    [[nodiscard]] virtual const block_schema* provider_meta_schema() const = 0;
    // The module's provider_meta values (encoded with provider_meta_schema())
    // into ctx, as the provider's provider_meta struct; nothing when null.
    virtual void attach_provider_meta(std::string_view meta, context& ctx) const = 0;
    virtual void validate_provider_config(std::string_view config, context& ctx) = 0;
    // ctx was made before the version was known; the provider's configure()
    // gets a context that knows it, and its diagnostics flow back into ctx.
    virtual void configure(std::string_view config, std::string_view terraform_version, context& ctx) = 0;

    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<resource_handler>>& resources() const {
        return resources_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<data_source_handler>>& data_sources() const {
        return data_sources_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<ephemeral_handler>>& ephemeral_resources() const {
        return ephemerals_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<function_handler>>& functions() const {
        return functions_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<list_handler>>& list_resources() const {
        return lists_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<action_handler>>& actions() const {
        return actions_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<state_store_handler>>& state_stores() const {
        return state_stores_;
    }
    [[nodiscard]] resource_handler* resource(std::string_view name) const { return find(resources_, name); }
    [[nodiscard]] data_source_handler* data_source(std::string_view name) const { return find(data_sources_, name); }
    [[nodiscard]] ephemeral_handler* ephemeral_resource(std::string_view name) const { return find(ephemerals_, name); }
    [[nodiscard]] function_handler* function(std::string_view name) const { return find(functions_, name); }
    [[nodiscard]] list_handler* list_resource(std::string_view name) const { return find(lists_, name); }
    [[nodiscard]] action_handler* action(std::string_view name) const { return find(actions_, name); }
    [[nodiscard]] state_store_handler* state_store(std::string_view name) const { return find(state_stores_, name); }

    // Set when configure() deferred: every later read, plan, import and
    // open is deferred for the same reason, without calling its handler.
    [[nodiscard]] std::optional<deferral_reason> provider_deferred() const noexcept { return provider_deferred_; }

    // What a deferred read or open answers: the configuration with its
    // computed values unknown.
    [[nodiscard]] static std::optional<std::string> deferred_result(const block_schema& schema, std::string_view config,
                                                                    context& ctx) {
        plan_result out;
        if (!plan_resource_change(schema, null_bytes, config, config, out, ctx.diagnostics())) return std::nullopt;
        return std::move(out.planned_state);
    }
    // ... and a deferred import: an object not known yet.
    [[nodiscard]] static std::string deferred_import_state() { return std::string(unknown_value_bytes); }

    // Held by every call except ConfigureProvider and ConfigureStateStore.
    [[nodiscard]] std::shared_lock<std::shared_mutex> shared() { return std::shared_lock(mutex_); }
    [[nodiscard]] std::unique_lock<std::shared_mutex> exclusive() { return std::unique_lock(mutex_); }

    [[nodiscard]] context make_context(bool deferral_allowed = false) const {
        const std::lock_guard guard(context_mutex_);
        return context(stop_.get_token(), terraform_version_, deferral_allowed);
    }
    // StopProvider: the stop token of every call running now fires; later
    // calls get a new one, as in terraform-plugin-go, so a long-lived
    // in-process server outlives a stop.
    void request_stop() {
        const std::lock_guard guard(context_mutex_);
        stop_.request_stop();
        stop_ = stop_source();
    }

protected:
    template <class Handler>
    static Handler* find(const std::map<std::string_view, std::unique_ptr<Handler>>& m, std::string_view name) {
        auto it = m.find(name);
        return it == m.end() ? nullptr : it->second.get();
    }

    std::map<std::string_view, std::unique_ptr<function_handler>> functions_;
    std::map<std::string_view, std::unique_ptr<ephemeral_handler>> ephemerals_;
    std::map<std::string_view, std::unique_ptr<list_handler>> lists_;
    std::map<std::string_view, std::unique_ptr<action_handler>> actions_;
    std::map<std::string_view, std::unique_ptr<state_store_handler>> state_stores_;
    std::map<std::string_view, std::unique_ptr<resource_handler>> resources_;
    std::map<std::string_view, std::unique_ptr<data_source_handler>> data_sources_;
    std::shared_mutex mutex_;
    mutable std::mutex context_mutex_;  // what every context copies: the stop source and Terraform's version
    stop_source stop_;
    std::string terraform_version_;
    std::optional<deferral_reason> provider_deferred_;
};

// Provider P's engine: its handlers, configuration and provider_meta.
template <class P>
class engine final : public provider_engine {
public:
    using config_model = typename config_of<P>::type;

    engine() {
        add_resources(typename resource_list<P>::type{});
        add_typed<data_source_handler, data_source_adapter>(data_sources_, typename data_source_list<P>::type{});
        add_functions(typename function_list<P>::type{});
        add_typed<ephemeral_handler, ephemeral_adapter>(ephemerals_, typename ephemeral_list<P>::type{});
        add_typed<list_handler, list_adapter>(lists_, typename list_resource_list<P>::type{});
        add_typed<action_handler, action_adapter>(actions_, typename action_list<P>::type{});
        add_typed<state_store_handler, state_store_adapter>(state_stores_, typename state_store_list<P>::type{});
    }
    // The handlers hold a reference to the provider: they go first.
    ~engine() override {
        functions_.clear();
        ephemerals_.clear();
        lists_.clear();
        actions_.clear();
        state_stores_.clear();
        resources_.clear();
        data_sources_.clear();
    }

    [[nodiscard]] std::string_view type_name() const override { return P::type_name; }
    [[nodiscard]] const block_schema& provider_schema() const override { return provider_config_schema<P>(); }
    [[nodiscard]] const block_schema* provider_meta_schema() const override {
        return detail::provider_meta_schema<P>();
    }
    void attach_provider_meta([[maybe_unused]] std::string_view meta, [[maybe_unused]] context& ctx) const override {
        if constexpr (has_provider_meta<P>) {
            if (meta.empty() || is_null_value(meta)) return;
            typename P::provider_meta m;
            if (decode_model(meta, m, ctx)) ctx.set_provider_meta(std::move(m));
        }
    }

    void validate_provider_config(std::string_view config, context& ctx) override {
        check_configuration(provider_schema(), config, {}, {}, ctx);
        config_model c;
        if (!decode_model(config, c, ctx)) return;
        guarded(ctx, "provider configuration validators", [&] { run_validators(c, ctx.diagnostics()); });
    }

    void configure(std::string_view config, std::string_view terraform_version, context& ctx) override {
        std::unique_lock lock(mutex_);
        {
            const std::lock_guard guard(context_mutex_);
            terraform_version_.assign(terraform_version);
        }
        provider_deferred_.reset();
        config_model c;
        if (!decode_model(config, c, ctx)) return;
        // The provider's password may reach any later line or diagnostic.
        mask_secrets(c, true);
        if constexpr (has_configure<P, config_model>) {
            context configure_ctx = make_context(ctx.deferral_allowed());
            guarded(configure_ctx, "provider configure", provider_schema(),
                    [&] { provider_.configure(c, configure_ctx); });
            ctx.diagnostics().append(configure_ctx.diagnostics());
            if (!configure_ctx.has_errors()) provider_deferred_ = configure_ctx.deferred();
        }
    }

    P& provider() noexcept { return provider_; }

private:
    // Tables and a loop rather than folds: a provider may list a thousand
    // types (clang limits a fold to 256 operands).
    template <class... R>
    void add_resources(type_list<R...>) {
        if constexpr (sizeof...(R) > 0) {
            using maker = std::unique_ptr<resource_handler> (*)(P&);
            static constexpr maker makers[] = {resource_maker<R>()...};
            for (maker make : makers) {
                std::unique_ptr<resource_handler> h = make(provider_);
                const std::string_view name = h->type_name();
                resources_.emplace(name, std::move(h));
            }
        }
    }
    template <class R>
    static std::unique_ptr<resource_handler> make_resource_handler(P& provider) {
        return std::unique_ptr<resource_handler>(new resource_adapter<R, P>(provider));
    }
    // A separately compiled resource's own make(): no function of its own here.
    template <class R>
    static constexpr auto resource_maker() {
        if constexpr (is_compiled_separately<R>) return &compiled_resource<P, R>::make;
        else return &make_resource_handler<R>;
    }
    // Data sources, ephemeral resources, list resources, actions and state stores: one adapter each, by type name.
    template <class Handler, template <class, class> class Adapter, class... T>
    void add_typed(std::map<std::string_view, std::unique_ptr<Handler>>& to, type_list<T...>) {
        if constexpr (sizeof...(T) > 0) {
            using maker = std::unique_ptr<Handler> (*)(P&);
            static constexpr maker makers[] = {&make_typed<Handler, Adapter<T, P>>...};
            for (maker make : makers) {
                std::unique_ptr<Handler> h = make(provider_);
                const std::string_view name = h->type_name();
                to.emplace(name, std::move(h));
            }
        }
    }
    template <class Handler, class Adapter>
    static std::unique_ptr<Handler> make_typed(P& provider) {
        return std::unique_ptr<Handler>(new Adapter(provider));
    }

    template <class... F>
    void add_functions(type_list<F...>) {
        if constexpr (sizeof...(F) > 0) {
            using maker = std::unique_ptr<function_handler> (*)(P&);
            static constexpr maker makers[] = {&make_function_handler<F>...};
            for (maker make : makers) {
                std::unique_ptr<function_handler> h = make(provider_);
                const std::string_view name = h->name();
                functions_.emplace(name, std::move(h));
            }
        }
    }
    template <class F>
    static std::unique_ptr<function_handler> make_function_handler(P& provider) {
        return std::unique_ptr<function_handler>(new function_adapter<F, P>(provider));
    }

    P provider_{};
};

}  // namespace tfpp::detail
