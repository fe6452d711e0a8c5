// The engine: runs a provider's handlers on encoded values. It knows nothing
// of gRPC or protobuf; the rpc layer translates messages into these calls,
// the server and the in-process test driver use it too (a seam:
// test/layers/check_layers.py).
#pragma once

#include <tfpp/core/utf8.hpp>
#include <tfpp/platform/stop_token.hpp>
#include <tfpp/provider/compiled_resource.hpp>
#include <tfpp/provider/detail/action_handler.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/data_source_handler.hpp>
#include <tfpp/provider/detail/ephemeral_handler.hpp>
#include <tfpp/provider/detail/function_handler.hpp>
#include <tfpp/provider/detail/list_handler.hpp>
#include <tfpp/provider/detail/planned_private.hpp>
#include <tfpp/provider/detail/resource_adapter.hpp>
#include <tfpp/provider/detail/state_store_handler.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

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

    // Kind K's handlers by type name (kinds.hpp names the handler class).
    template <kind K>
    using handler_map = std::map<std::string_view, std::unique_ptr<typename kind_traits<K>::handler>>;
    template <kind K>
    [[nodiscard]] const handler_map<K>& handlers() const {
        return std::get<kind_index(K)>(handlers_);
    }
    template <kind K>
    [[nodiscard]] typename kind_traits<K>::handler* find(std::string_view name) const {
        const handler_map<K>& m = handlers<K>();
        auto it = m.find(name);
        return it == m.end() ? nullptr : it->second.get();
    }
    // ... or, when P has no such type, the one diagnostic every kind gives.
    template <kind K>
    [[nodiscard]] typename kind_traits<K>::handler* find(std::string_view name, context& ctx) const {
        auto* h = find<K>(name);
        if (!h) ctx.error("Unknown " + std::string(kind_traits<K>::unknown), unknown_type_detail<K>(name));
        return h;
    }
    template <kind K>
    [[nodiscard]] static std::string unknown_type_detail(std::string_view name) {
        return "this provider has no " + std::string(kind_traits<K>::unknown) + " named " + tfpp::quoted(name);
    }

    [[nodiscard]] const handler_map<kind::resource>& resources() const { return handlers<kind::resource>(); }
    [[nodiscard]] const handler_map<kind::data_source>& data_sources() const { return handlers<kind::data_source>(); }
    [[nodiscard]] const handler_map<kind::ephemeral_resource>& ephemeral_resources() const {
        return handlers<kind::ephemeral_resource>();
    }
    [[nodiscard]] const handler_map<kind::function>& functions() const { return handlers<kind::function>(); }
    [[nodiscard]] const handler_map<kind::list_resource>& list_resources() const {
        return handlers<kind::list_resource>();
    }
    [[nodiscard]] const handler_map<kind::action>& actions() const { return handlers<kind::action>(); }
    [[nodiscard]] const handler_map<kind::state_store>& state_stores() const { return handlers<kind::state_store>(); }
    [[nodiscard]] resource_handler* resource(std::string_view name) const { return find<kind::resource>(name); }
    [[nodiscard]] data_source_handler* data_source(std::string_view name) const {
        return find<kind::data_source>(name);
    }
    [[nodiscard]] ephemeral_handler* ephemeral_resource(std::string_view name) const {
        return find<kind::ephemeral_resource>(name);
    }
    [[nodiscard]] function_handler* function(std::string_view name) const { return find<kind::function>(name); }
    [[nodiscard]] list_handler* list_resource(std::string_view name) const { return find<kind::list_resource>(name); }
    [[nodiscard]] action_handler* action(std::string_view name) const { return find<kind::action>(name); }
    [[nodiscard]] state_store_handler* state_store(std::string_view name) const {
        return find<kind::state_store>(name);
    }

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
    static constexpr std::size_t kind_index(kind k) {
        for (std::size_t i = 0; i < std::size(listed_kinds); ++i)
            if (listed_kinds[i] == k) return i;
        return std::size(listed_kinds);
    }
    template <std::size_t... I>
    static auto all_maps(std::index_sequence<I...>) -> std::tuple<handler_map<listed_kinds[I]>...>;
    template <kind K>
    handler_map<K>& mutable_handlers() {
        return std::get<kind_index(K)>(handlers_);
    }

    decltype(all_maps(std::make_index_sequence<std::size(listed_kinds)>{})) handlers_;
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
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (add<listed_kinds[I]>(kind_list_t<listed_kinds[I], P>{}), ...);
        }(std::make_index_sequence<std::size(listed_kinds)>{});
    }
    // The handlers hold a reference to the provider: they go first.
    ~engine() override {
        std::apply([](auto&... maps) { (maps.clear(), ...); }, handlers_);
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
    template <kind K, class... T>
    void add(type_list<T...>) {
        if constexpr (sizeof...(T) > 0) {
            using handler = typename kind_traits<K>::handler;
            using maker = std::unique_ptr<handler> (*)(P&);
            static constexpr maker makers[] = {maker_of<K, T>()...};
            for (maker make : makers) {
                std::unique_ptr<handler> h = make(provider_);
                const std::string_view name = kind_traits<K>::key(*h);
                mutable_handlers<K>().emplace(name, std::move(h));
            }
        }
    }
    template <kind K, class T>
    static std::unique_ptr<typename kind_traits<K>::handler> make_handler(P& provider) {
        return std::unique_ptr<typename kind_traits<K>::handler>(
            new typename kind_traits<K>::template adapter<T, P>(provider));
    }
    // A separately compiled resource's own make(): no function of its own here.
    template <kind K, class T>
    static constexpr auto maker_of() {
        if constexpr (K == kind::resource && is_compiled_separately<T>) return &compiled_resource<P, T>::make;
        else return &make_handler<K, T>;
    }

    P provider_{};
};

}  // namespace tfpp::detail
