// The engine: runs a provider's handlers on encoded values. It knows nothing
// of gRPC or protobuf; the rpc layer translates messages into these calls, and
// tests can drive it directly.
#pragma once

#include <tfpp/codec/flatmap.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/log/log.hpp>
#include <tfpp/plan/detail/consistency.hpp>
#include <tfpp/plan/plan.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/provider/provider.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/validate/detail/run.hpp>

#include <stop_token>
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

// The resource side of the engine. Values travel encoded; each handler's
// private state travels in its context (set before the call, read after).
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
    // The new state; nullopt: null (destroyed, or nothing was created).
    virtual std::optional<std::string> apply(std::string_view prior, std::string_view planned,
                                             std::string_view config, context& ctx) = 0;
    // The current state; nullopt: the object is gone.
    virtual std::optional<std::string> read(std::string_view current, context& ctx) = 0;
    // Stored state as JSON, or (flatmap non-null) in the flatmap format of
    // Terraform before 0.12, brought to the current schema.
    virtual std::optional<std::string> upgrade(std::int64_t version, std::string_view json,
                                               const std::map<std::string, std::string>* flatmap,
                                               context& ctx) = 0;
    // The state to import for an ID; nullopt on failure (with diagnostics).
    virtual std::optional<std::string> import(std::string_view id, context& ctx) = 0;
    // This resource's state from another type's. source_current is that
    // state already upgraded to its type's current schema, when the type is
    // this provider's own (empty otherwise).
    virtual std::optional<std::string> move(const moved_state& from, std::string_view source_current,
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

// Decodes a configuration, runs the model's validators (tfpp::length, ...,
// and each struct's rules), then the handler's own validate(), if any.
template <class Handler>
void validate_config(Handler& impl, std::string_view config, context& ctx) {
    typename Handler::model m;
    if (!decode_model(config, m, ctx)) return;
    guarded(ctx, operation_name<Handler>("validators"), [&] { run_validators(m, ctx.diagnostics()); });
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
        if (is_null_value(proposed)) {  // destroy
            if constexpr (has_plan_destroy<R>) {
                model state;
                if (decode_model(prior, state, ctx))
                    guarded(ctx, operation_name<R>("plan_destroy"), [&] { impl_.plan_destroy(state, ctx); });
            }
            out.planned_state.assign(null_bytes);
            return;
        }
        if (!plan_resource_change(schema(), prior, proposed, config, out, ctx.diagnostics())) return;
        if constexpr (has_modify_plan<R>) modify_plan(prior, config, out, ctx);
        // Terraform's rules for plans, checked here so that a violation names
        // the attribute and the fix (plan/consistency.hpp; TFPP_CONSISTENCY_CHECK).
        if (!ctx.has_errors()) engine_check_plan(schema(), R::type_name, prior, config, out.planned_state, ctx.diagnostics());
    }

    std::optional<std::string> apply(std::string_view prior_bytes, std::string_view planned_bytes,
                                     std::string_view config_bytes, context& ctx) override {
        const bool destroy = is_null_value(planned_bytes);
        const bool create = is_null_value(prior_bytes);
        // Whatever fails, Terraform must learn what exists: the prior object
        // unless the handler says otherwise.
        const auto unchanged = [&]() -> std::optional<std::string> {
            if (create) return std::nullopt;
            return std::string(prior_bytes);
        };
        model prior, planned;
        if (!create && !decode_model(prior_bytes, prior, ctx)) return unchanged();
        if (destroy) {
            guarded(ctx, operation_name<R>("destroy"), [&] { impl_.destroy(prior, ctx); });
            return ctx.has_errors() ? unchanged() : std::nullopt;  // on failure it still exists
        }
        if (!decode_model(planned_bytes, planned, ctx)) return unchanged();
        if constexpr (has_write_only<model>()) {
            model config;
            if (!decode_model(config_bytes, config, ctx)) return unchanged();
            take_write_only(planned, config);
        }
        std::optional<model> state;
        const std::string operation = operation_name<R>(create ? "create" : "update");
        if (create) guarded(ctx, operation, [&] { state = impl_.create(std::move(planned), ctx); });
        else guarded(ctx, operation, [&] { state = impl_.update(std::move(planned), prior, ctx); });
        if (state) {
            std::string result = finished(*state, ctx, operation);
            // The result against the plan, as Terraform will check it (not
            // after a reported failure, as Terraform does not). A violation
            // still returns the state: Terraform must record what exists.
            if (!ctx.has_errors())
                engine_check_apply(schema(), R::type_name, create ? "create" : "update", planned_bytes, result,
                                   ctx.diagnostics());
            return result;
        }
        if (!ctx.has_errors())
            ctx.error("Provider returned no object",
                      operation + " returned no object and no error; it must return the object's state or report an error.");
        // The handler did not say what exists now: the object as it was
        // before is the best knowledge there is.
        return unchanged();
    }

    std::optional<std::string> read(std::string_view current, context& ctx) override {
        model m;
        if (!decode_model(current, m, ctx)) return std::string(current);
        std::optional<model> state;
        bool threw = false;
        guarded(ctx, operation_name<R>("read"), [&] {
            threw = true;
            state = impl_.read(std::move(m), ctx);
            threw = false;
        });
        // A failed read must not forget the object.
        if (threw || (!state && ctx.has_errors())) return std::string(current);
        if (!state) return std::nullopt;
        return finished(*state, ctx, operation_name<R>("read"));
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
        std::optional<model> m;
        if (version == current) {
            m.emplace();
            if (!decode_stored(json, flatmap, *m, ctx)) return std::nullopt;
        } else {
            m = upgrade_from(version, json, flatmap, ctx);
            if (!m || ctx.has_errors()) {
                if (!ctx.has_errors())
                    ctx.error("Resource state upgrade failed", operation_name<R>("upgrade") +
                                                                   " returned no state and no error");
                return std::nullopt;
            }
        }
        return finished(*m, ctx, operation_name<R>("upgrade"));
    }

    std::optional<std::string> import(std::string_view id, context& ctx) override {
        std::optional<model> m;
        if constexpr (has_import_state<R>) {
            guarded(ctx, operation_name<R>("import_state"), [&] { m = impl_.import_state(id, ctx); });
        } else if constexpr (has_import_id_attribute<R>) {
            m.emplace();
            for_each_index<model>([&]<std::size_t I>() {
                using F = field_t<model, I>;
                if constexpr (is_attribute<F> && kind_of<typename F::value_type> == type_kind::string)
                    if (field_name<model, I>() == R::import_id_attribute) get<I>(*m) = std::string(id);
            });
        } else {
            ctx.error("Resource import not supported",
                      std::string(R::type_name) + " cannot be imported: the provider declares no import for it.");
            return std::nullopt;
        }
        if (!m) {
            if (!ctx.has_errors())
                ctx.error("Cannot import", operation_name<R>("import_state") + " returned no object and no error");
            return std::nullopt;
        }
        return finished(*m, ctx, operation_name<R>("import_state"));
    }

    std::optional<std::string> move(const moved_state& from, std::string_view source_current, context& ctx) override {
        std::optional<model> m;
        bool moved = false;
        if (!source_current.empty()) {
            // The source is one of this provider's resource types: typed, if
            // this resource has a move_from for its model.
            for_each_type<typename resource_list<P>::type>([&]<class S>() {
                if constexpr (has_typed_move<R, typename S::model>) {
                    if (moved || S::type_name != from.type_name) return;
                    moved = true;
                    typename S::model source;
                    if (!decode_model(source_current, source, ctx)) return;
                    guarded(ctx, operation_name<R>("move_from"), [&] { m = call_move_from(impl_, source, ctx); });
                }
            });
        }
        if (!moved) {
            if constexpr (has_raw_move<R>) {
                moved = true;
                guarded(ctx, operation_name<R>("move_from"), [&] { m = impl_.move_from(from, ctx); });
            }
        }
        if (!moved) {
            ctx.error("Move not supported", std::string(R::type_name) + " cannot take the state of " +
                                                std::string(from.type_name) + " (from " +
                                                std::string(from.provider_address) + "): it has no move_from for it.");
            return std::nullopt;
        }
        if (!m) {
            if (!ctx.has_errors())
                ctx.error("Move failed", operation_name<R>("move_from") + " returned no object and no error");
            return std::nullopt;
        }
        return finished(*m, ctx, operation_name<R>("move_from"));
    }

private:
    // A call whose callee depends on the source type, so that clang looks
    // move_from up only for the sources R really takes (in the generic lambda
    // above, impl_.move_from(source, ...) would be looked up eagerly).
    template <class Impl, class Source>
    static std::optional<model> call_move_from(Impl& impl, const Source& source, context& ctx) {
        return impl.move_from(source, ctx);
    }

    // A handler's result as Terraform must receive it: no unknowns, no
    // write-only values.
    std::string finished(model& state, context& ctx, std::string_view operation) {
        settle_unknowns(state, ctx, operation);
        if constexpr (has_write_only<model>()) drop_write_only(state);
        return to_msgpack(state);
    }

    template <class T>
    static bool decode_stored(std::string_view json, const std::map<std::string, std::string>* flatmap, T& out,
                              context& ctx) {
        return flatmap ? decode_flatmap(*flatmap, out, ctx.diagnostics()) : decode_json(json, out, ctx.diagnostics());
    }

    // A stored state of an earlier schema version, through the typed
    // upgrades from prior_models, or the raw upgrade.
    std::optional<model> upgrade_from(std::int64_t version, std::string_view json,
                                      const std::map<std::string, std::string>* flatmap, context& ctx) {
        if constexpr (has_prior_models<R>) {
            using list = typename R::prior_models;
            std::optional<model> m;
            bool typed = false;
            for_each_type_indexed<list>([&]<class V, std::size_t I>() {
                if (static_cast<std::int64_t>(I) != version) return;
                typed = true;
                V old;
                if (!decode_stored(json, flatmap, old, ctx)) return;
                m = upgrade_chain(std::move(old), ctx);
            });
            if (typed) return m;
        }
        if constexpr (has_raw_upgrade<R>) {
            std::optional<model> m;
            guarded(ctx, operation_name<R>("upgrade"), [&] { m = impl_.upgrade(raw_state{version, json, flatmap}, ctx); });
            return m;
        } else {
            ctx.error("Resource state upgrade not supported",
                      "the stored state of " + std::string(R::type_name) + " has schema version " +
                          std::to_string(version) + " and this provider has no upgrade from it to version " +
                          std::to_string(schema().version) + " (declare its model in prior_models with an upgrade(), "
                                                             "or an upgrade(const tfpp::raw_state&, ctx))");
            return std::nullopt;
        }
    }

    template <class T>
    std::optional<model> upgrade_chain(T old, context& ctx) {
        if constexpr (std::is_same_v<T, model>) {
            return old;
        } else {
            using next = typename upgrade_result<R, T>::type;
            std::optional<next> n;
            guarded(ctx, operation_name<R>("upgrade"), [&] { n = impl_.upgrade(std::move(old), ctx); });
            if (!n || ctx.has_errors()) return std::nullopt;
            return upgrade_chain(std::move(*n), ctx);
        }
    }

    // modify_plan: the handler edits the typed plan; attributes it changed
    // replace those of the plan tfpp made, the others stay byte for byte.
    void modify_plan(std::string_view prior_bytes, std::string_view config_bytes, plan_result& out, context& ctx) {
        const bool create = is_null_value(prior_bytes);
        model config, prior, planned;
        if (!decode_model(config_bytes, config, ctx) || (!create && !decode_model(prior_bytes, prior, ctx)) ||
            !decode_model(out.planned_state, planned, ctx))
            return;
        const std::string before = to_msgpack(planned);
        change<model> c(config, create ? nullptr : &prior, std::move(planned));
        guarded(ctx, operation_name<R>("modify_plan"), [&] { impl_.modify_plan(c, ctx); });
        if (ctx.has_errors()) return;
        out.planned_state = merge_changed_attributes(out.planned_state, before, to_msgpack(c.planned));
        for (const attribute_path& p : c.replacements())
            if (std::find(out.requires_replace.begin(), out.requires_replace.end(), p) == out.requires_replace.end())
                out.requires_replace.push_back(p);
    }

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
        if (!decode_model(config, c, ctx)) return;
        guarded(ctx, "provider configuration validators", [&] { run_validators(c, ctx.diagnostics()); });
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

    [[nodiscard]] context make_context(bool deferral_allowed = false) const {
        return context(stop_.get_token(), terraform_version_, deferral_allowed);
    }
    // StopProvider: every handler's stop token fires, now and from now on.
    void request_stop() noexcept { stop_.request_stop(); }
    [[nodiscard]] bool stop_requested() const noexcept { return stop_.stop_requested(); }
    P& provider() noexcept { return provider_; }

private:
    template <class... R>
    void add_resources(types<R...>) {
        (resources_.emplace(R::type_name, make_resource_handler<R>()), ...);
    }
    template <class R>
    std::unique_ptr<resource_handler> make_resource_handler() {
        if constexpr (is_compiled_separately<R>) return compiled_resource<P, R>::make(provider_);
        else return std::make_unique<resource_adapter<R, P>>(provider_);
    }
    template <class... D>
    void add_data_sources(types<D...>) {
        (data_sources_.emplace(D::type_name, std::make_unique<data_source_adapter<D, P>>(provider_)), ...);
    }

    P provider_{};
    std::map<std::string_view, std::unique_ptr<resource_handler>> resources_;
    std::map<std::string_view, std::unique_ptr<data_source_handler>> data_sources_;
    std::shared_mutex mutex_;
    std::stop_source stop_;
    std::string terraform_version_;
};

}  // namespace tfpp::detail
