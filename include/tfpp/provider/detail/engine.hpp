// The engine: runs a provider's handlers on encoded values. It knows nothing
// of gRPC or protobuf; the rpc layer translates messages into these calls, and
// tests can drive it directly.
#pragma once

#include <tfpp/codec/flatmap.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/log/log.hpp>
#include <tfpp/plan/plan.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/provider/provider.hpp>
#include <tfpp/schema/schema.hpp>

#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// Runs a user handler; an exception becomes an error diagnostic instead of
// taking the provider process down.
template <class F>
void guarded(context& ctx, std::string_view what, F&& f) {
    try {
        f();
    } catch (const value_access_error& e) {
        ctx.error("Provider bug: " + std::string(what) + " read a value that is not known",
                  std::string(e.what()) +
                      ". Check is_null() / is_unknown() before reading an attribute that may be null or unknown.");
    } catch (const std::exception& e) {
        ctx.error("Unexpected error in " + std::string(what), e.what());
    } catch (...) {
        ctx.error("Unexpected error in " + std::string(what), "an exception of unknown type was thrown");
    }
}

// Whether a handler's result still holds an unknown anywhere (checked
// through nested attributes, blocks, collections and objects).
template <class T>
bool holds_unknown(const T& v) {
    if constexpr (is_schema_field<T>) {
        return holds_unknown(static_cast<const value<typename T::value_type>&>(v));
    } else if constexpr (is_value_v<T>) {
        return v.is_unknown() || (v.is_known() && holds_unknown(*v));
    } else if constexpr (is_optional_v<T>) {
        return v && holds_unknown(*v);
    } else if constexpr (std::is_same_v<T, dynamic>) {
        return !v.is_null() && !v.is_wholly_known();
    } else {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::list || k == type_kind::set) {
            return std::any_of(v.begin(), v.end(), [](const auto& e) { return holds_unknown(e); });
        } else if constexpr (k == type_kind::map) {
            return std::any_of(v.begin(), v.end(), [](const auto& e) { return holds_unknown(e.second); });
        } else if constexpr (k == type_kind::tuple) {
            return std::apply([](const auto&... e) { return (holds_unknown(e) || ...); }, v);
        } else if constexpr (k == type_kind::object) {
            bool any = false;
            for_each_index<T>([&]<std::size_t I>() { any = any || holds_unknown(get<I>(v)); });
            return any;
        } else {
            return false;
        }
    }
}

// Turns leftover unknowns into nulls, so that the state Terraform stores is
// valid, and reports each as an error at its attribute path. Descends into
// nested attributes and blocks; any other value that still holds an unknown
// is reported and nulled as a whole.
template <class T>
void settle_unknowns(T& v, attribute_path& path, context& ctx, std::string_view what) {
    if constexpr (is_schema_field<T>) {
        settle_unknowns(static_cast<value<typename T::value_type>&>(v), path, ctx, what);
    } else if constexpr (is_value_v<T>) {
        using V = typename T::value_type;
        if (v.is_known()) {
            constexpr nested_form form = nested_form_of<V>();
            if constexpr (form != nested_form::none && form != nested_form::set) {
                return settle_unknowns(*v, path, ctx, what);
            } else if constexpr (kind_of<V> == type_kind::object && classify<strip_nullable_t<V>>() != struct_kind::plain) {
                return settle_unknowns(*v, path, ctx, what);
            } else if constexpr (kind_of<V> == type_kind::list || kind_of<V> == type_kind::map) {
                using E = strip_nullable_t<typename type_info<V>::element>;
                if constexpr (kind_of<E> == type_kind::object && classify<E>() != struct_kind::plain)
                    return settle_unknowns(*v, path, ctx, what);
            }
        }
        if (!holds_unknown(v)) return;
        v.set_null();
        ctx.error("Provider returned an unknown value",
                  std::string(what) + " left \"" + path.to_string() +
                      "\" unknown (or holding an unknown); it must set a value (or tfpp::null) before returning.",
                  path);
    } else {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::object) {
            for_each_index<T>([&]<std::size_t I>() {
                path.push(attribute_path::attribute(field_name<T, I>()));
                settle_unknowns(get<I>(v), path, ctx, what);
                path.pop();
            });
        } else if constexpr (k == type_kind::list) {
            for (std::size_t i = 0; i < v.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                settle_unknowns(v[i], path, ctx, what);
                path.pop();
            }
        } else if constexpr (k == type_kind::map) {
            for (auto& [key, e] : v) {
                path.push(attribute_path::key(key));
                settle_unknowns(e, path, ctx, what);
                path.pop();
            }
        }
    }
}

template <class M>
void settle_unknowns(M& m, context& ctx, std::string_view what) {
    attribute_path path;
    settle_unknowns(m, path, ctx, what);
}

// Write-only attributes, anywhere in a model: Terraform plans and stores
// them null, so a handler finds their values only in the configuration.
template <class T>
consteval bool has_write_only() {
    using U = strip_nullable_t<T>;
    if constexpr (kind_of<U> == type_kind::list || kind_of<U> == type_kind::set || kind_of<U> == type_kind::map) {
        return has_write_only<typename type_info<U>::element>();
    } else if constexpr (kind_of<U> == type_kind::object && classify<U>() != struct_kind::plain) {
        bool any = false;
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_attribute<F>) any = any || F::template has<write_only> || has_write_only<typename F::value_type>();
            else if constexpr (is_block<F>) any = any || has_write_only<typename F::value_type>();
        });
        return any;
    } else {
        return false;
    }
}

template <class T>
bool has_value(const T& v) {
    if constexpr (is_value_v<T>) return v.is_known();
    else return v.has_value();
}

// Calls f(field, counterpart) for each write-only attribute of v, where the
// counterpart is the same attribute in *config (paired through nested
// attributes and blocks by index and by key), or nullptr.
template <class T, class F>
void for_write_only(T& v, T* config, F&& f) {
    using U = std::remove_const_t<T>;
    if constexpr (is_schema_field<U>) {
        if constexpr (is_attribute<U> && U::template has<write_only>) {
            f(v, config);
        } else if constexpr (has_write_only<typename U::value_type>()) {
            auto& inner = static_cast<value<typename U::value_type>&>(v);
            if (!inner.is_known()) return;
            auto* other = config && config->is_known() ? &**config : nullptr;
            for_write_only(*inner, other, f);
        }
    } else if constexpr (is_value_v<U> || is_optional_v<U>) {
        if (!has_value(v)) return;
        for_write_only(*v, config && has_value(*config) ? &**config : nullptr, f);
    } else if constexpr (kind_of<U> == type_kind::object) {
        for_each_index<U>([&]<std::size_t I>() { for_write_only(get<I>(v), config ? &get<I>(*config) : nullptr, f); });
    } else if constexpr (kind_of<U> == type_kind::list) {
        for (std::size_t i = 0; i < v.size(); ++i)
            for_write_only(v[i], config && config->size() == v.size() ? &(*config)[i] : nullptr, f);
    } else if constexpr (kind_of<U> == type_kind::map) {
        for (auto& [key, e] : v) {
            decltype(&e) other = nullptr;
            if (config)
                if (auto it = config->find(key); it != config->end()) other = &it->second;
            for_write_only(e, other, f);
        }
    }
    // sets cannot hold write-only attributes (a compile-time rule)
}

// The planned model gets the configuration's write-only values.
template <class M>
void take_write_only(M& planned, M& config) {
    for_write_only(planned, &config, [](auto& field, auto* from) {
        if (from) field = *from;
    });
}
// A result never holds write-only values: Terraform refuses to store them.
template <class M>
void drop_write_only(M& state) {
    for_write_only(state, static_cast<M*>(nullptr), [](auto& field, auto*) { field.set_null(); });
}

template <class M>
bool decode_model(std::string_view bytes, M& out, context& ctx) {
    return decode_msgpack(bytes.empty() ? null_bytes : bytes, out, ctx.diagnostics());
}

struct apply_result {
    std::optional<std::string> new_state;  // nullopt: null (destroyed or never created)
    std::string private_state;
};

struct read_result {
    std::optional<std::string> new_state;  // nullopt: the object is gone
    std::string private_state;
};

class resource_handler {
public:
    virtual ~resource_handler() = default;
    [[nodiscard]] virtual std::string_view type_name() const = 0;
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    // nullptr when the resource declares no identity.
    [[nodiscard]] virtual const identity_schema* identity() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    virtual void plan(std::string_view prior, std::string_view proposed, std::string_view config, plan_result& out,
                      context& ctx) = 0;
    virtual apply_result apply(std::string_view prior, std::string_view planned, std::string_view config,
                               std::string_view planned_private, context& ctx) = 0;
    virtual read_result read(std::string_view current, std::string_view private_state, context& ctx) = 0;
    // Stored state as JSON, or (flatmap non-null) in the flatmap format of Terraform before 0.12.
    virtual std::optional<std::string> upgrade(std::int64_t version, std::string_view json,
                                               const std::map<std::string, std::string>* flatmap,
                                               context& ctx) = 0;
};

class data_source_handler {
public:
    virtual ~data_source_handler() = default;
    [[nodiscard]] virtual std::string_view type_name() const = 0;
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    virtual std::optional<std::string> read(std::string_view config, context& ctx) = 0;
};

// "local_file create": how diagnostics name the handler at fault.
template <class Handler>
std::string operation_name(std::string_view operation) {
    return std::string(Handler::type_name) + " " + std::string(operation);
}

// Decodes a configuration and runs the handler's own validate(), if any.
template <class Handler>
void validate_config(Handler& impl, std::string_view config, context& ctx) {
    typename Handler::model m;
    if (!decode_model(config, m, ctx)) return;
    if constexpr (has_validate<Handler>)
        guarded(ctx, operation_name<Handler>("validate"), [&] { impl.validate(m, ctx); });
}

template <class T, class P>
T make_handler_object(P& provider) {
    if constexpr (requires { T{provider}; }) return T{provider};
    else return T{};
}

template <class R, class P>
class resource_adapter final : public resource_handler {
public:
    using model = typename R::model;
    explicit resource_adapter(P& p) : impl_(make_handler_object<R>(p)) {}

    std::string_view type_name() const override { return R::type_name; }
    const block_schema& schema() const override { return resource_schema<R>(); }
    const identity_schema* identity() const override { return resource_identity_schema<R>(); }

    void validate(std::string_view config, context& ctx) override { validate_config(impl_, config, ctx); }

    void plan(std::string_view prior, std::string_view proposed, std::string_view config, plan_result& out,
              context& ctx) override {
        plan_resource_change(schema(), prior, proposed, config, out, ctx.diagnostics());
    }

    apply_result apply(std::string_view prior_bytes, std::string_view planned_bytes, std::string_view config_bytes,
                       std::string_view planned_private, context& ctx) override {
        apply_result result;
        result.private_state.assign(planned_private);
        const bool destroy = is_null_value(planned_bytes);
        const bool create = is_null_value(prior_bytes);
        model prior, planned;
        if (!create && !decode_model(prior_bytes, prior, ctx)) {
            // Keep what Terraform knows about the object rather than losing it.
            result.new_state.emplace(prior_bytes);
            return result;
        }
        if (destroy) {
            guarded(ctx, operation_name<R>("destroy"), [&] { impl_.destroy(prior, ctx); });
            if (ctx.has_errors()) result.new_state.emplace(prior_bytes);  // still exists
            return result;
        }
        if (!decode_model(planned_bytes, planned, ctx)) {
            if (!create) result.new_state.emplace(prior_bytes);
            return result;
        }
        if constexpr (has_write_only<model>()) {
            model config;
            if (!decode_model(config_bytes, config, ctx)) {
                if (!create) result.new_state.emplace(prior_bytes);
                return result;
            }
            take_write_only(planned, config);
        }
        std::optional<model> state;
        if (create) {
            guarded(ctx, operation_name<R>("create"), [&] { state = impl_.create(std::move(planned), ctx); });
        } else {
            guarded(ctx, operation_name<R>("update"), [&] { state = impl_.update(std::move(planned), prior, ctx); });
        }
        if (state) {
            settle_unknowns(*state, ctx, operation_name<R>(create ? "create" : "update"));
            if constexpr (has_write_only<model>()) drop_write_only(*state);
            result.new_state.emplace(to_msgpack(*state));
        } else if (!ctx.has_errors()) {
            ctx.error("Provider returned no object",
                      operation_name<R>(create ? "create" : "update") +
                          " returned no object and no error; it must return the object's state or report an error.");
            if (!create) result.new_state.emplace(prior_bytes);
        } else if (!create) {
            // The update failed and the handler did not say what exists now:
            // the object as it was before is the best knowledge there is.
            result.new_state.emplace(prior_bytes);
        }
        return result;
    }

    read_result read(std::string_view current, std::string_view private_state, context& ctx) override {
        read_result result;
        result.private_state.assign(private_state);
        model m;
        if (!decode_model(current, m, ctx)) {
            result.new_state.emplace(current);
            return result;
        }
        std::optional<model> state;
        bool threw = false;
        guarded(ctx, operation_name<R>("read"), [&] {
            threw = true;
            state = impl_.read(std::move(m), ctx);
            threw = false;
        });
        if (threw || (!state && ctx.has_errors())) {
            result.new_state.emplace(current);  // unchanged: a failed read must not forget the object
        } else if (state) {
            settle_unknowns(*state, ctx, operation_name<R>("read"));
            if constexpr (has_write_only<model>()) drop_write_only(*state);
            result.new_state.emplace(to_msgpack(*state));
        }
        return result;
    }

    std::optional<std::string> upgrade(std::int64_t version, std::string_view json,
                                       const std::map<std::string, std::string>* flatmap, context& ctx) override {
        const std::int64_t current = schema().version;
        if (version > current) {
            ctx.error("Resource state is newer than the provider",
                      "the stored state of " + std::string(R::type_name) + " has schema version " +
                          std::to_string(version) + ", but this provider only knows versions up to " +
                          std::to_string(current) + ". Use a newer provider release.");
            return std::nullopt;
        }
        if (version < current) {
            ctx.error("Resource state upgrade not supported",
                      "the stored state of " + std::string(R::type_name) + " has schema version " +
                          std::to_string(version) + " and this provider has no upgrade to version " +
                          std::to_string(current));
            return std::nullopt;
        }
        model m;
        if (flatmap ? !decode_flatmap(*flatmap, m, ctx.diagnostics()) : !decode_json(json, m, ctx.diagnostics()))
            return std::nullopt;
        return to_msgpack(m);
    }

private:
    R impl_;
};

template <class D, class P>
class data_source_adapter final : public data_source_handler {
public:
    using model = typename D::model;
    explicit data_source_adapter(P& p) : impl_(make_handler_object<D>(p)) {}

    std::string_view type_name() const override { return D::type_name; }
    const block_schema& schema() const override { return data_source_schema<D>(); }

    void validate(std::string_view config, context& ctx) override { validate_config(impl_, config, ctx); }

    std::optional<std::string> read(std::string_view config, context& ctx) override {
        model m;
        if (!decode_model(config, m, ctx)) return std::nullopt;
        std::optional<model> state;
        guarded(ctx, operation_name<D>("read"), [&] { state = impl_.read(std::move(m), ctx); });
        if (!state) {
            if (!ctx.has_errors())
                ctx.error("Provider returned no object", operation_name<D>("read") + " returned no object and no error");
            return std::nullopt;
        }
        settle_unknowns(*state, ctx, operation_name<D>("read"));
        return to_msgpack(*state);
    }

private:
    D impl_;
};

// A provider instance with its resources and data sources, behind one lock:
// ConfigureProvider runs alone, everything else runs concurrently.
template <class P>
class engine {
public:
    using config_model = typename config_of<P>::type;

    engine() {
        add_resources(typename resource_list<P>::type{});
        add_data_sources(typename data_source_list<P>::type{});
    }

    [[nodiscard]] static constexpr std::string_view type_name() { return P::type_name; }
    [[nodiscard]] const block_schema& provider_schema() const { return provider_config_schema<P>(); }
    // nullptr when the provider declares no provider_meta.
    [[nodiscard]] const block_schema* provider_meta_schema() const { return detail::provider_meta_schema<P>(); }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<resource_handler>>& resources() const {
        return resources_;
    }
    [[nodiscard]] const std::map<std::string_view, std::unique_ptr<data_source_handler>>& data_sources() const {
        return data_sources_;
    }
    [[nodiscard]] resource_handler* resource(std::string_view name) const {
        auto it = resources_.find(name);
        return it == resources_.end() ? nullptr : it->second.get();
    }
    [[nodiscard]] data_source_handler* data_source(std::string_view name) const {
        auto it = data_sources_.find(name);
        return it == data_sources_.end() ? nullptr : it->second.get();
    }

    void validate_provider_config(std::string_view config, context& ctx) {
        config_model c;
        decode_model(config, c, ctx);
    }

    // ctx was made before the version was known; the provider's configure()
    // gets a context that knows it, and its diagnostics flow back into ctx.
    void configure(std::string_view config, std::string_view terraform_version, context& ctx) {
        std::unique_lock lock(mutex_);
        terraform_version_.assign(terraform_version);
        config_model c;
        if (!decode_model(config, c, ctx)) return;
        if constexpr (has_configure<P, config_model>) {
            context configure_ctx = make_context();
            guarded(configure_ctx, "provider configure", [&] { provider_.configure(c, configure_ctx); });
            ctx.diagnostics().append(configure_ctx.diagnostics());
        }
    }

    // Held by every call except ConfigureProvider.
    [[nodiscard]] std::shared_lock<std::shared_mutex> shared() { return std::shared_lock(mutex_); }

    [[nodiscard]] context make_context() const { return context(&stop_requested_, terraform_version_); }
    void request_stop() noexcept { stop_requested_.store(true, std::memory_order_relaxed); }
    [[nodiscard]] bool stop_requested() const noexcept { return stop_requested_.load(std::memory_order_relaxed); }
    P& provider() noexcept { return provider_; }

private:
    template <class... R>
    void add_resources(types<R...>) {
        (resources_.emplace(R::type_name, std::make_unique<resource_adapter<R, P>>(provider_)), ...);
    }
    template <class... D>
    void add_data_sources(types<D...>) {
        (data_sources_.emplace(D::type_name, std::make_unique<data_source_adapter<D, P>>(provider_)), ...);
    }

    P provider_{};
    std::map<std::string_view, std::unique_ptr<resource_handler>> resources_;
    std::map<std::string_view, std::unique_ptr<data_source_handler>> data_sources_;
    std::shared_mutex mutex_;
    std::atomic<bool> stop_requested_{false};
    std::string terraform_version_;
};

}  // namespace tfpp::detail
