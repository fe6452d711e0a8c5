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

#include <algorithm>
#include <array>
#include <exception>
#include <stop_token>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// guarded()'s try and catch, compiled once rather than at every call site.
inline void guarded_call(context& ctx, std::string_view what, void (*call)(void*), void* f) {
    try {
        call(f);
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

// Runs a user handler; an exception becomes an error diagnostic instead of
// taking the provider process down.
template <class F>
void guarded(context& ctx, std::string_view what, F&& f) {
    using Fn = std::remove_reference_t<F>;
    guarded_call(ctx, what, [](void* p) { (*static_cast<Fn*>(p))(); },
                 const_cast<void*>(static_cast<const void*>(std::addressof(f))));
}

template <class T>
bool holds_unknown(const T& v);
template <class F>
bool holds_unknown_at(const void* field) {
    return holds_unknown(*static_cast<const F*>(field));
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
            static constexpr auto checks = []<std::size_t... I>(std::index_sequence<I...>) {
                return std::array<bool (*)(const void*), sizeof...(I)>{&holds_unknown_at<field_codec_t<field_t<T, I>>>...};
            }(std::make_index_sequence<field_count<T>()>{});
            const auto offsets = field_offsets(v);
            for (std::size_t i = 0; i < checks.size(); ++i)
                if (checks[i](field_at(&v, offsets[i]))) return true;
            return false;
        } else {
            return false;
        }
    }
}

template <class T>
void settle_unknowns(T& v, attribute_path& path, context& ctx, std::string_view what);
using settle_function = void (*)(void*, attribute_path&, context&, std::string_view);
template <class F>
void settle_unknowns_at(void* field, attribute_path& path, context& ctx, std::string_view what) {
    settle_unknowns(*static_cast<F*>(field), path, ctx, what);
}
// The fields of a struct, each at its path: one loop for every struct.
inline void settle_fields(void* object, std::size_t n, const std::string_view* names, const settle_function* settle,
                          const std::size_t* offsets, attribute_path& path, context& ctx, std::string_view what) {
    for (std::size_t i = 0; i < n; ++i) {
        path.push(attribute_path::attribute(names[i]));
        settle[i](field_at(object, offsets[i]), path, ctx, what);
        path.pop();
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
            static constexpr auto settles = []<std::size_t... I>(std::index_sequence<I...>) {
                return std::array<settle_function, sizeof...(I)>{&settle_unknowns_at<field_codec_t<field_t<T, I>>>...};
            }(std::make_index_sequence<field_count<T>()>{});
            const auto offsets = field_offsets(v);
            settle_fields(&v, settles.size(), field_names<T>.data(), settles.data(), offsets.data(), path, ctx, what);
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

// "local_file create": how diagnostics name the handler at fault.
inline std::string operation_name(std::string_view type_name, std::string_view operation) {
    std::string s;
    s.reserve(type_name.size() + 1 + operation.size());
    s.append(type_name).append(" ").append(operation);
    return s;
}

template <class T, class P>
T make_handler_object(P& provider) {
    if constexpr (requires { T{provider}; }) return T{provider};
    else return T{};
}

// What a resource offers beyond create, read, update and destroy: found at
// compile time, kept at run time so that the code around the handler's
// calls is shared by every resource type.
struct resource_features {
    bool validate = false;
    bool plan_destroy = false;
    bool modify_plan = false;
    bool import_state = false;
    std::string_view import_id_attribute{};  // empty: none
    bool raw_upgrade = false;
};

template <class R>
constexpr resource_features features_of() {
    resource_features f;
    f.validate = has_validate<R>;
    f.plan_destroy = has_plan_destroy<R>;
    f.modify_plan = has_modify_plan<R>;
    f.import_state = has_import_state<R>;
    if constexpr (has_import_id_attribute<R>) f.import_id_attribute = R::import_id_attribute;
    f.raw_upgrade = has_raw_upgrade<R>;
    return f;
}

// A stored state on its way into a model: parsed JSON, or (state of
// Terraform before 0.12) a flatmap; for the current model, the flatmap
// already encoded against the schema's type.
struct stored_value {
    const json_node* json = nullptr;
    const std::map<std::string, std::string>* flatmap = nullptr;
    std::string_view msgpack{};
};

// The resource side of the engine. Values travel encoded; each handler's
// private state travels in its context (set before the call, read after).
//
// Its code is in three layers, so that a provider with many resource types
// compiles each part once: this class holds what does not depend on the
// model (planning and the consistency checks run on the encoded values and
// the runtime schema; version checks; the errors for what a handler does not
// offer), and is compiled only where the engine is (the file with main(),
// or a test); model_resource<M> decodes, encodes, validates and settles a
// model, once per model in each file; resource_adapter<R, P> only forwards to
// the resource's own functions.
class resource_handler {
public:
    virtual ~resource_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    // nullptr when the resource declares no identity.
    [[nodiscard]] virtual const identity_schema* identity() const = 0;

    // Decodes a configuration, runs the model's validators (tfpp::length, ...,
    // and each struct's rules), then the handler's own validate(), if any.
    void validate(std::string_view config, context& ctx) { validate_model(config, ctx); }

    void plan(std::string_view prior, std::string_view proposed, std::string_view config, plan_result& out,
              context& ctx) {
        if (is_null_value(proposed)) {  // destroy
            if (features_.plan_destroy) plan_destroy_model(prior, ctx);
            out.planned_state.assign(null_bytes);
            return;
        }
        if (!plan_resource_change(schema(), prior, proposed, config, out, ctx.diagnostics())) return;
        if (features_.modify_plan) {
            // The handler edits the typed plan; attributes it changed replace
            // those of the plan tfpp made, the others stay byte for byte.
            modified_plan m;
            if (modify_plan_model(prior, config, out.planned_state, m, ctx)) {
                out.planned_state = merge_changed_attributes(out.planned_state, m.before, m.after);
                for (attribute_path& p : m.replacements)
                    if (std::find(out.requires_replace.begin(), out.requires_replace.end(), p) == out.requires_replace.end())
                        out.requires_replace.push_back(std::move(p));
            }
        }
        // Terraform's rules for plans, checked here so that a violation names
        // the attribute and the fix (plan/consistency.hpp; TFPP_CONSISTENCY_CHECK).
        if (!ctx.has_errors())
            engine_check_plan(schema(), type_name_, prior, config, out.planned_state, ctx.diagnostics());
    }

    // The new state; nullopt: null (destroyed, or nothing was created).
    std::optional<std::string> apply(std::string_view prior, std::string_view planned, std::string_view config,
                                     context& ctx) {
        const bool create = is_null_value(prior);
        applied r = apply_model(prior, planned, config, create, ctx);
        // The result against the plan, as Terraform will check it (not after
        // a reported failure, as Terraform does not). A violation still
        // returns the state: Terraform must record what exists.
        if (r.returned && !ctx.has_errors())
            engine_check_apply(schema(), type_name_, create ? "create" : "update", planned, *r.state,
                               ctx.diagnostics());
        return std::move(r.state);
    }

    // The current state; nullopt: the object is gone.
    std::optional<std::string> read(std::string_view current, context& ctx) { return read_model(current, ctx); }

    // Stored state as JSON, or (flatmap non-null) in the flatmap format of
    // Terraform before 0.12, brought to the current schema.
    std::optional<std::string> upgrade(std::int64_t version, std::string_view json,
                                       const std::map<std::string, std::string>* flatmap, context& ctx) {
        const std::int64_t current = schema().version;
        if (version > current) {
            ctx.error("Resource state is newer than the provider",
                      "the stored state of " + std::string(type_name_) + " has schema version " +
                          std::to_string(version) + ", but this provider only knows versions up to " +
                          std::to_string(current) + ". Use a newer provider release.");
            return std::nullopt;
        }
        if (version == current) {
            std::optional<json_node> tree;
            std::string bytes;
            stored_value s;
            if (flatmap) {
                // The flatmap read against the schema's type, then decoded as
                // any encoded value (decode_flatmap<M> does the same).
                const type& t = schema().value_type;
                dynamic v;
                if (!decode_flatmap(*flatmap, t, v, ctx.diagnostics())) return std::nullopt;
                bytes = to_msgpack(v, t);
                s.msgpack = bytes;
            } else {
                tree = parse_json_tree(json, ctx.diagnostics(), decode_limits{}, "the JSON value");
                if (!tree) return std::nullopt;
                s.json = &*tree;
            }
            return stored_model(s, ctx);
        }
        std::optional<std::string> state;
        if (upgrades_typed(version)) {
            std::optional<json_node> tree;
            stored_value s;
            s.flatmap = flatmap;
            if (!flatmap) {
                tree = parse_json_tree(json, ctx.diagnostics(), decode_limits{}, "the JSON value");
                if (tree) s.json = &*tree;
            }
            if (flatmap || tree) state = upgrade_model(version, s, ctx);
        } else if (features_.raw_upgrade) {
            state = upgrade_raw_model(raw_state{version, json, flatmap}, ctx);
        } else {
            ctx.error("Resource state upgrade not supported",
                      "the stored state of " + std::string(type_name_) + " has schema version " +
                          std::to_string(version) + " and this provider has no upgrade from it to version " +
                          std::to_string(current) + " (declare its model in prior_models with an upgrade(), "
                                                    "or an upgrade(const tfpp::raw_state&, ctx))");
            return std::nullopt;
        }
        if (!state && !ctx.has_errors())
            ctx.error("Resource state upgrade failed", operation_name(type_name_, "upgrade") +
                                                           " returned no state and no error");
        return state;
    }

    // The state to import for an ID; nullopt on failure (with diagnostics).
    std::optional<std::string> import(std::string_view id, context& ctx) {
        if (!features_.import_state && features_.import_id_attribute.empty()) {
            ctx.error("Resource import not supported",
                      std::string(type_name_) + " cannot be imported: the provider declares no import for it.");
            return std::nullopt;
        }
        std::optional<std::string> state = import_model(id, ctx);
        if (!state && !ctx.has_errors())
            ctx.error("Cannot import", operation_name(type_name_, "import_state") + " returned no object and no error");
        return state;
    }

    // This resource's state from another type's. source_current is that
    // state already upgraded to its type's current schema, when the type is
    // this provider's own (empty otherwise).
    std::optional<std::string> move(const moved_state& from, std::string_view source_current, context& ctx) {
        bool moved = false;
        std::optional<std::string> state = move_model(from, source_current, moved, ctx);
        if (!moved) {
            ctx.error("Move not supported", std::string(type_name_) + " cannot take the state of " +
                                                std::string(from.type_name) + " (from " +
                                                std::string(from.provider_address) + "): it has no move_from for it.");
            return std::nullopt;
        }
        if (!state && !ctx.has_errors())
            ctx.error("Move failed", operation_name(type_name_, "move_from") + " returned no object and no error");
        return state;
    }

protected:
    resource_handler(std::string_view type_name, resource_features features)
        : type_name_(type_name), features_(features) {}

    // What modify_plan_model hands back: the plan decoded and encoded again,
    // before and after the handler's edits, and the paths it said replace.
    struct modified_plan {
        std::string before, after;
        std::vector<attribute_path> replacements;
    };
    // What apply_model hands back: the state to return, and whether it is
    // the handler's result (to be checked against the plan).
    struct applied {
        std::optional<std::string> state;
        bool returned = false;
    };

    // The typed half (model_resource<M>).
    virtual void validate_model(std::string_view config, context& ctx) = 0;
    virtual void plan_destroy_model(std::string_view prior, context& ctx) = 0;
    // False when the plan stays as it was (a decoding error, or an error
    // the handler reported).
    virtual bool modify_plan_model(std::string_view prior, std::string_view config, std::string_view planned,
                                   modified_plan& out, context& ctx) = 0;
    virtual applied apply_model(std::string_view prior, std::string_view planned, std::string_view config,
                                bool create, context& ctx) = 0;
    virtual std::optional<std::string> read_model(std::string_view current, context& ctx) = 0;
    // A stored state of the current version (json or msgpack set).
    virtual std::optional<std::string> stored_model(const stored_value& s, context& ctx) = 0;
    // Whether prior_models holds the model of this version.
    [[nodiscard]] virtual bool upgrades_typed(std::int64_t version) const = 0;
    // The stored state of an earlier version (json or flatmap set), through
    // the typed upgrades.
    virtual std::optional<std::string> upgrade_model(std::int64_t version, const stored_value& s, context& ctx) = 0;
    virtual std::optional<std::string> upgrade_raw_model(const raw_state& old, context& ctx) = 0;
    virtual std::optional<std::string> import_model(std::string_view id, context& ctx) = 0;
    // moved: a move_from took the state (typed when source_current is set
    // and one fits, else the raw one).
    virtual std::optional<std::string> move_model(const moved_state& from, std::string_view source_current,
                                                  bool& moved, context& ctx) = 0;

    std::string_view type_name_;
    resource_features features_;
};

// The model's half of a resource handler: the same code for every resource
// type with model M. It reaches the resource's functions through the
// call_* functions, which resource_adapter<R, P> implements.
template <class M>
class model_resource : public resource_handler {
protected:
    using resource_handler::resource_handler;

    virtual std::optional<M> call_create(M&& plan, context& ctx) = 0;
    virtual std::optional<M> call_read(M&& state, context& ctx) = 0;
    virtual std::optional<M> call_update(M&& plan, const M& prior, context& ctx) = 0;
    virtual void call_destroy(const M& state, context& ctx) = 0;
    // Called only when features_ says the resource has a validate().
    virtual void call_validate(const M& config, context& ctx) = 0;

    std::string op(std::string_view operation) const { return operation_name(this->type_name_, operation); }

    // A handler's result as Terraform must receive it: no unknowns, no
    // write-only values.
    std::string finished(M& state, context& ctx, std::string_view operation) {
        settle_unknowns(state, ctx, operation);
        if constexpr (has_write_only<M>()) drop_write_only(state);
        return to_msgpack(state);
    }

    void validate_model(std::string_view config, context& ctx) final {
        M m;
        if (!decode_model(config, m, ctx)) return;
        guarded(ctx, op("validators"), [&] { run_validators(m, ctx.diagnostics()); });
        if (this->features_.validate) guarded(ctx, op("validate"), [&] { call_validate(m, ctx); });
    }

    // The parts for what only some resources offer: instantiated for a
    // model only when a resource with that model has the function (each
    // takes it as `call`, a function of resource_adapter<R, P>).
    template <class Self>
    void plan_destroy_impl(std::string_view prior, context& ctx, Self* self, void (*call)(Self*, const M&, context&)) {
        M state;
        if (decode_model(prior, state, ctx)) guarded(ctx, op("plan_destroy"), [&] { call(self, state, ctx); });
    }

    template <class Self>
    bool modify_plan_impl(std::string_view prior_bytes, std::string_view config_bytes, std::string_view planned_bytes,
                          resource_handler::modified_plan& out, context& ctx, Self* self,
                          void (*call)(Self*, change<M>&, context&)) {
        const bool create = is_null_value(prior_bytes);
        M config, prior, planned;
        if (!decode_model(config_bytes, config, ctx) || (!create && !decode_model(prior_bytes, prior, ctx)) ||
            !decode_model(planned_bytes, planned, ctx))
            return false;
        out.before = to_msgpack(planned);
        change<M> c(config, create ? nullptr : &prior, std::move(planned));
        guarded(ctx, op("modify_plan"), [&] { call(self, c, ctx); });
        if (ctx.has_errors()) return false;
        out.after = to_msgpack(c.planned);
        out.replacements = c.replacements();
        return true;
    }

    resource_handler::applied apply_model(std::string_view prior_bytes, std::string_view planned_bytes,
                                          std::string_view config_bytes, bool create, context& ctx) final {
        const bool destroy = is_null_value(planned_bytes);
        // Whatever fails, Terraform must learn what exists: the prior object
        // unless the handler says otherwise.
        const auto unchanged = [&]() -> resource_handler::applied {
            if (create) return {};
            return {std::string(prior_bytes), false};
        };
        M prior, planned;
        if (!create && !decode_model(prior_bytes, prior, ctx)) return unchanged();
        if (destroy) {
            guarded(ctx, op("destroy"), [&] { call_destroy(prior, ctx); });
            if (ctx.has_errors()) return unchanged();  // on failure it still exists
            return {};
        }
        if (!decode_model(planned_bytes, planned, ctx)) return unchanged();
        if constexpr (has_write_only<M>()) {
            M config;
            if (!decode_model(config_bytes, config, ctx)) return unchanged();
            take_write_only(planned, config);
        }
        std::optional<M> state;
        const std::string operation = op(create ? "create" : "update");
        if (create) guarded(ctx, operation, [&] { state = call_create(std::move(planned), ctx); });
        else guarded(ctx, operation, [&] { state = call_update(std::move(planned), prior, ctx); });
        if (state) return {finished(*state, ctx, operation), true};
        if (!ctx.has_errors())
            ctx.error("Provider returned no object",
                      operation + " returned no object and no error; it must return the object's state or report an error.");
        // The handler did not say what exists now: the object as it was
        // before is the best knowledge there is.
        return unchanged();
    }

    std::optional<std::string> read_model(std::string_view current, context& ctx) final {
        M m;
        if (!decode_model(current, m, ctx)) return std::string(current);
        std::optional<M> state;
        bool threw = false;
        guarded(ctx, op("read"), [&] {
            threw = true;
            state = call_read(std::move(m), ctx);
            threw = false;
        });
        // A failed read must not forget the object.
        if (threw || (!state && ctx.has_errors())) return std::string(current);
        if (!state) return std::nullopt;
        return finished(*state, ctx, op("read"));
    }

    std::optional<std::string> stored_model(const stored_value& s, context& ctx) final {
        M m;
        const bool ok = s.json ? json_decoder(ctx.diagnostics(), unknown_attributes::ignore).decode(*s.json, m)
                               : decode_model(s.msgpack, m, ctx);
        if (!ok) return std::nullopt;
        return finished(m, ctx, op("upgrade"));
    }

    // An upgraded model, or nullopt (no state, or errors).
    std::optional<std::string> upgraded(std::optional<M>& m, context& ctx) {
        if (!m || ctx.has_errors()) return std::nullopt;
        return finished(*m, ctx, op("upgrade"));
    }

    template <class Self>
    std::optional<std::string> upgrade_raw_impl(const raw_state& old, context& ctx, Self* self,
                                                std::optional<M> (*call)(Self*, const raw_state&, context&)) {
        std::optional<M> m;
        guarded(ctx, op("upgrade"), [&] { m = call(self, old, ctx); });
        return upgraded(m, ctx);
    }

    template <class Self>
    std::optional<std::string> import_impl(std::string_view id, context& ctx, Self* self,
                                           std::optional<M> (*call)(Self*, std::string_view, context&)) {
        std::optional<M> m;
        guarded(ctx, op("import_state"), [&] { m = call(self, id, ctx); });
        if (!m) return std::nullopt;
        return finished(*m, ctx, op("import_state"));
    }

    // The ID in the string attribute `name` (import_id_attribute).
    std::optional<std::string> import_into_attribute(std::string_view name, std::string_view id, context& ctx) {
        M m;
        for_each_index<M>([&]<std::size_t I>() {
            using F = field_t<M, I>;
            if constexpr (is_attribute<F> && kind_of<typename F::value_type> == type_kind::string)
                if (field_name<M, I>() == name) get<I>(m) = std::string(id);
        });
        return finished(m, ctx, op("import_state"));
    }

    // A move_from's result (moved: one took the state).
    std::optional<std::string> moved_result(std::optional<M>& m, context& ctx) {
        if (!m) return std::nullopt;
        return finished(*m, ctx, op("move_from"));
    }
};

// Whether R has a typed move_from for any of the models of the resource
// types in List (an array, not a fold: a provider may list a thousand).
template <class R, class List>
struct typed_moves;
template <class R, class... S>
struct typed_moves<R, types<S...>> {
    static constexpr bool from[] = {false, has_typed_move<R, typename S::model>...};
    static constexpr bool any = [] {
        for (bool b : from)
            if (b) return true;
        return false;
    }();
};

// One resource type: forwards to the resource's own functions; everything
// else is its model's (model_resource<M>) or the engine's (resource_handler).
template <class R, class P>
class resource_adapter final : public model_resource<typename R::model> {
public:
    using model = typename R::model;
    explicit resource_adapter(P& p)
        : model_resource<model>(R::type_name, features_of<R>()), impl_(make_handler_object<R>(p)) {}

    const block_schema& schema() const override { return resource_schema<R>(); }
    const identity_schema* identity() const override { return resource_identity_schema<R>(); }

protected:
    std::optional<model> call_create(model&& plan, context& ctx) override { return impl_.create(std::move(plan), ctx); }
    std::optional<model> call_read(model&& state, context& ctx) override { return impl_.read(std::move(state), ctx); }
    std::optional<model> call_update(model&& plan, const model& prior, context& ctx) override {
        return impl_.update(std::move(plan), prior, ctx);
    }
    void call_destroy(const model& state, context& ctx) override { impl_.destroy(state, ctx); }
    void call_validate([[maybe_unused]] const model& config, [[maybe_unused]] context& ctx) override {
        if constexpr (has_validate<R>) impl_.validate(config, ctx);
    }

    // What only some resources have: the model's code for it is
    // instantiated only for them. (resource_handler calls none of these
    // unless features_ says the resource has it.)
    void plan_destroy_model([[maybe_unused]] std::string_view prior, [[maybe_unused]] context& ctx) override {
        if constexpr (has_plan_destroy<R>)
            this->plan_destroy_impl(prior, ctx, this, +[](resource_adapter* self, const model& state, context& c) {
                self->impl_.plan_destroy(state, c);
            });
    }
    bool modify_plan_model([[maybe_unused]] std::string_view prior, [[maybe_unused]] std::string_view config,
                           [[maybe_unused]] std::string_view planned, [[maybe_unused]] resource_handler::modified_plan& out,
                           [[maybe_unused]] context& ctx) override {
        if constexpr (has_modify_plan<R>)
            return this->modify_plan_impl(prior, config, planned, out, ctx, this,
                                          +[](resource_adapter* self, change<model>& c, context& cx) {
                                              self->impl_.modify_plan(c, cx);
                                          });
        else return false;
    }
    std::optional<std::string> import_model([[maybe_unused]] std::string_view id,
                                            [[maybe_unused]] context& ctx) override {
        if constexpr (has_import_state<R>)
            return this->import_impl(id, ctx, this, +[](resource_adapter* self, std::string_view i, context& c) {
                return self->impl_.import_state(i, c);
            });
        else if constexpr (has_import_id_attribute<R>)
            return this->import_into_attribute(R::import_id_attribute, id, ctx);
        else return std::nullopt;
    }
    std::optional<std::string> upgrade_raw_model([[maybe_unused]] const raw_state& old,
                                                 [[maybe_unused]] context& ctx) override {
        if constexpr (has_raw_upgrade<R>)
            return this->upgrade_raw_impl(old, ctx, this, +[](resource_adapter* self, const raw_state& o, context& c) {
                return self->impl_.upgrade(o, c);
            });
        else return std::nullopt;
    }

    std::optional<std::string> move_model([[maybe_unused]] const moved_state& from,
                                          [[maybe_unused]] std::string_view source_current, [[maybe_unused]] bool& moved,
                                          [[maybe_unused]] context& ctx) override {
        using list = typename resource_list<P>::type;
        if constexpr (typed_moves<R, list>::any || has_raw_move<R>) {
            std::optional<model> m;
            // The source is one of this provider's resource types: typed, if
            // R has a move_from for its model (the first type with that name).
            if constexpr (typed_moves<R, list>::any) {
                static constexpr auto table = []<class... S>(types<S...>) {
                    return std::array<move_entry, sizeof...(S)>{
                        move_entry{S::type_name, move_via<typename S::model>()}...};
                }(list{});
                if (!source_current.empty()) {
                    for (const move_entry& e : table) {
                        if (!e.move || e.type_name != from.type_name) continue;
                        moved = true;
                        e.move(impl_, source_current, m, ctx);
                        break;
                    }
                }
            }
            if constexpr (has_raw_move<R>) {
                if (!moved) {
                    moved = true;
                    guarded(ctx, operation_name(R::type_name, "move_from"), [&] { m = impl_.move_from(from, ctx); });
                }
            }
            if (!moved) return std::nullopt;
            return this->moved_result(m, ctx);
        } else {
            return std::nullopt;
        }
    }

    bool upgrades_typed([[maybe_unused]] std::int64_t version) const override {
        if constexpr (has_prior_models<R>) {
            using list = typename R::prior_models;
            constexpr std::size_t count = []<class... V>(types<V...>) { return sizeof...(V); }(list{});
            return version >= 0 && static_cast<std::uint64_t>(version) < count;
        } else {
            return false;
        }
    }

    std::optional<std::string> upgrade_model([[maybe_unused]] std::int64_t version,
                                             [[maybe_unused]] const stored_value& s,
                                             [[maybe_unused]] context& ctx) override {
        if constexpr (has_prior_models<R>) {
            std::optional<model> m;
            for_each_type_indexed<typename R::prior_models>([&]<class V, std::size_t I>() {
                if (static_cast<std::int64_t>(I) != version) return;
                V old;
                const bool ok = s.json ? json_decoder(ctx.diagnostics(), unknown_attributes::ignore).decode(*s.json, old)
                                       : decode_flatmap(*s.flatmap, old, ctx.diagnostics());
                if (!ok) return;
                m = upgrade_chain(std::move(old), ctx);
            });
            return this->upgraded(m, ctx);
        } else {
            return std::nullopt;
        }
    }

private:
    using move_function = void (*)(R&, std::string_view, std::optional<model>&, context&);
    struct move_entry {
        std::string_view type_name;
        move_function move;
    };
    template <class SM>
    static constexpr move_function move_via() {
        if constexpr (has_typed_move<R, SM>) {
            return +[](R& impl, std::string_view bytes, std::optional<model>& m, context& ctx) {
                SM source;
                if (!decode_model(bytes, source, ctx)) return;
                guarded(ctx, operation_name(R::type_name, "move_from"), [&] { m = call_move_from(impl, source, ctx); });
            };
        } else {
            return nullptr;
        }
    }
    // A call whose callee depends on the source type, so that clang looks
    // move_from up only for the sources R really takes.
    template <class Impl, class Source>
    static std::optional<model> call_move_from(Impl& impl, const Source& source, context& ctx) {
        return impl.move_from(source, ctx);
    }

    template <class T>
    std::optional<model> upgrade_chain(T old, context& ctx) {
        if constexpr (std::is_same_v<T, model>) {
            return old;
        } else {
            using next = typename upgrade_result<R, T>::type;
            std::optional<next> n;
            guarded(ctx, operation_name(R::type_name, "upgrade"), [&] { n = impl_.upgrade(std::move(old), ctx); });
            if (!n || ctx.has_errors()) return std::nullopt;
            return upgrade_chain(std::move(*n), ctx);
        }
    }

    R impl_;
};

class data_source_handler {
public:
    virtual ~data_source_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    virtual std::optional<std::string> read(std::string_view config, context& ctx) = 0;

protected:
    explicit data_source_handler(std::string_view type_name, bool has_validate)
        : type_name_(type_name), has_validate_(has_validate) {}

    std::string_view type_name_;
    bool has_validate_;
};

// A data source's model half, shared by the data sources with model M.
template <class M>
class model_data_source : public data_source_handler {
public:
    void validate(std::string_view config, context& ctx) final {
        M m;
        if (!decode_model(config, m, ctx)) return;
        guarded(ctx, operation_name(type_name_, "validators"), [&] { run_validators(m, ctx.diagnostics()); });
        if (has_validate_) guarded(ctx, operation_name(type_name_, "validate"), [&] { call_validate(m, ctx); });
    }

    std::optional<std::string> read(std::string_view config, context& ctx) final {
        M m;
        if (!decode_model(config, m, ctx)) return std::nullopt;
        std::optional<M> state;
        const std::string operation = operation_name(type_name_, "read");
        guarded(ctx, operation, [&] { state = call_read(std::move(m), ctx); });
        if (!state) {
            if (!ctx.has_errors())
                ctx.error("Provider returned no object", operation + " returned no object and no error");
            return std::nullopt;
        }
        settle_unknowns(*state, ctx, operation);
        return to_msgpack(*state);
    }

protected:
    using data_source_handler::data_source_handler;
    virtual std::optional<M> call_read(M&& config, context& ctx) = 0;
    virtual void call_validate(const M& config, context& ctx) = 0;
};

template <class D, class P>
class data_source_adapter final : public model_data_source<typename D::model> {
public:
    using model = typename D::model;
    explicit data_source_adapter(P& p)
        : model_data_source<model>(D::type_name, has_validate<D>), impl_(make_handler_object<D>(p)) {}

    const block_schema& schema() const override { return data_source_schema<D>(); }

protected:
    std::optional<model> call_read(model&& config, context& ctx) override { return impl_.read(std::move(config), ctx); }
    void call_validate([[maybe_unused]] const model& config, [[maybe_unused]] context& ctx) override {
        if constexpr (has_validate<D>) impl_.validate(config, ctx);
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
    // Tables and a loop rather than folds: a provider may list a thousand
    // types (clang limits a fold to 256 operands).
    template <class... R>
    void add_resources(types<R...>) {
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
    template <class... D>
    void add_data_sources(types<D...>) {
        if constexpr (sizeof...(D) > 0) {
            using maker = std::unique_ptr<data_source_handler> (*)(P&);
            static constexpr maker makers[] = {&make_data_source_handler<D>...};
            for (maker make : makers) {
                std::unique_ptr<data_source_handler> h = make(provider_);
                const std::string_view name = h->type_name();
                data_sources_.emplace(name, std::move(h));
            }
        }
    }
    template <class D>
    static std::unique_ptr<data_source_handler> make_data_source_handler(P& provider) {
        return std::unique_ptr<data_source_handler>(new data_source_adapter<D, P>(provider));
    }

    P provider_{};
    std::map<std::string_view, std::unique_ptr<resource_handler>> resources_;
    std::map<std::string_view, std::unique_ptr<data_source_handler>> data_sources_;
    std::shared_mutex mutex_;
    std::stop_source stop_;
    std::string terraform_version_;
};

}  // namespace tfpp::detail
