// The resource side of the engine, the part that does not depend on the
// model: planning and the consistency checks on encoded values, version
// checks, and the errors for what a handler does not offer.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/flatmap.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/diag/log.hpp>
#include <tfpp/plan/detail/checker.hpp>
#include <tfpp/plan/detail/planner.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/deadline.hpp>
#include <tfpp/provider/detail/generated_config.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/schema/schema.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

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
    bool generate_config = false;
    timeout_defaults timeouts{};  // default_timeouts
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
    f.generate_config = has_generate_config<R>;
    f.timeouts = default_timeouts_of<R>();
    return f;
}

// Stored state may predate a schema change: attributes the model no longer
// has are dropped, as the Go framework drops them.
inline constexpr decode_options stored_options{.extra = extra_attributes::ignore};

// A stored state on its way into a model: parsed JSON, or (state of
// Terraform before 0.12) a flatmap; for the current model, the flatmap
// already encoded against the schema's type.
struct stored_value {
    const json_document* json = nullptr;
    const std::map<std::string, std::string>* flatmap = nullptr;
    std::string_view msgpack{};
};

// Whether every attribute of an encoded identity is set.
inline bool complete_identity(std::string_view id) {
    value_parts parts;
    if (!split_value(id, parts) || parts.kind != value_parts::shape::map) return false;
    for (std::string_view v : parts.elements)
        if (is_null_value(v) || !bytes_wholly_known(v)) return false;
    return true;
}

// The names of the attributes in which two encoded identities differ.
inline std::string changed_identity_attributes(std::string_view before, std::string_view after) {
    value_parts a, b;
    std::string names;
    if (!split_value(before, a) || !split_value(after, b) || a.kind != value_parts::shape::map ||
        b.kind != value_parts::shape::map)
        return "the identity";
    for (std::size_t i = 0; i < a.keys.size(); ++i) {
        const std::size_t j = find_key(b.keys, a.keys[i]);
        if (j != std::string_view::npos && b.elements[j] == a.elements[i]) continue;
        names += (names.empty() ? "" : ", ") + std::string(a.keys[i]);
    }
    return names.empty() ? "the identity" : "changed: " + names;
}

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
    // Before that, a warning for each deprecated attribute or block it sets,
    // and for a client that cannot take write-only attributes (before
    // Terraform and OpenTofu 1.11) an error for each one it sets.
    void validate(std::string_view config, context& ctx, bool write_only_allowed = true) {
        check_configuration(schema(), config, {}, {.write_only_allowed = write_only_allowed}, ctx);
        validate_model(config, ctx);
    }

    // run_hooks false (the provider's configuration was deferred): tfpp's own
    // planning only, not the handler's plan_destroy or modify_plan.
    void plan(std::string_view prior, std::string_view proposed, std::string_view config, plan_result& out,
              context& ctx, bool run_hooks = true) {
        if (is_null_value(proposed)) {  // destroy
            if (features_.plan_destroy && run_hooks) plan_destroy_model(prior, ctx);
            out.planned_state.assign(null_bytes);
            return;
        }
        if (!plan_resource_change(schema(), prior, proposed, config, out, ctx.diagnostics())) return;
        if (features_.modify_plan && run_hooks) {
            // The handler edits the typed plan; attributes it changed replace
            // those of the plan tfpp made, the others stay byte for byte.
            modified_plan m;
            if (modify_plan_model(prior, config, out.planned_state, m, ctx)) {
                out.planned_state = merge_changed_attributes(out.planned_state, m.before, m.after);
                for (attribute_path& p : m.replacements)
                    if (std::find(out.requires_replace.begin(), out.requires_replace.end(), p) ==
                        out.requires_replace.end())
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

    // A stored state or identity of a version this provider does not know yet.
    std::nullopt_t newer_than_provider(std::string_view what, std::string_view version_name, std::int64_t version,
                                       std::int64_t known, context& ctx) const {
        std::string summary = "Resource ";
        summary.append(what).append(" is newer than the provider");
        ctx.error(std::move(summary), "the stored " + std::string(what) + " of " + std::string(type_name_) + " has " +
                                          std::string(version_name) + " " + std::to_string(version) +
                                          ", but this provider only knows versions up to " + std::to_string(known) +
                                          ". Use a newer provider release.");
        return std::nullopt;
    }

    // The current state; nullopt: the object is gone.
    std::optional<std::string> read(std::string_view current, context& ctx) { return read_model(current, ctx); }

    // Stored state as JSON, or (flatmap non-null) in the flatmap format of
    // Terraform before 0.12, brought to the current schema.
    std::optional<std::string> upgrade(std::int64_t version, std::string_view json,
                                       const std::map<std::string, std::string>* flatmap, context& ctx) {
        const std::int64_t current = schema().version;
        if (version > current) return newer_than_provider("state", "schema version", version, current, ctx);
        if (version == current) {
            std::optional<json_document> tree;
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
                tree = json_document::parse(json, ctx.diagnostics());
                if (!tree) return std::nullopt;
                s.json = &*tree;
            }
            return stored_model(s, ctx);
        }
        std::optional<std::string> state;
        if (upgrades_typed(version)) {
            std::optional<json_document> tree;
            stored_value s;
            s.flatmap = flatmap;
            if (!flatmap) {
                tree = json_document::parse(json, ctx.diagnostics());
                if (tree) s.json = &*tree;
            }
            if (flatmap || tree) state = upgrade_model(version, s, ctx);
        } else if (features_.raw_upgrade) {
            state = upgrade_raw_model(raw_state{version, json, flatmap}, ctx);
        } else {
            ctx.error("Resource state upgrade not supported",
                      "the stored state of " + std::string(type_name_) + " has schema version " +
                          std::to_string(version) + " and this provider has no upgrade from it to version " +
                          std::to_string(current) +
                          " (declare its model in prior_models with an upgrade(), "
                          "or an upgrade(const tfpp::raw_state&, ctx))");
            return std::nullopt;
        }
        if (!state && !ctx.has_errors())
            ctx.error("Resource state upgrade failed",
                      operation_name(type_name_, "upgrade") + " returned no state and no error");
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

    // The configuration to write for an object that exists: its state's
    // configurable attributes (without defaults), then the resource's
    // generate_config, if any; nullopt with errors.
    std::optional<std::string> generate_config(std::string_view state, context& ctx) {
        if (is_null_value(state)) {
            ctx.error("Cannot generate configuration",
                      "there is no object of " + std::string(type_name_) + " to generate a configuration for.");
            return std::nullopt;
        }
        std::string config = default_generated_config(schema(), state);
        if (!features_.generate_config) return config;
        std::optional<std::string> edited = generate_config_model(state, config, ctx);
        if (!edited || ctx.has_errors()) return std::nullopt;
        check_configuration(schema(), *edited, {}, {.generated = true}, ctx);
        if (ctx.has_errors()) return std::nullopt;
        return edited;
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

    // --- identity (identity() non-null). Values travel encoded as msgpack.

    // The identity of the object in `state`; nullopt when the resource has
    // none, the state is null, or with errors. `prior` (empty: none) is the
    // identity stored for the object: a different one is an error, as an
    // object's identity cannot change. A prior identity with null attributes
    // (an import by ID, state from before identities) is completed instead.
    std::optional<std::string> identity_for(std::string_view state, std::string_view prior, std::string_view operation,
                                            context& ctx) {
        if (!identity() || is_null_value(state)) return std::nullopt;
        std::optional<std::string> id = identity_of_state(state, ctx);
        if (!id || prior.empty() || is_null_value(prior)) return id;
        std::optional<std::string> stored = canonical_identity(prior, ctx);
        if (!stored || !complete_identity(*stored) || *stored == *id) return id;
        ctx.error("Unexpected Identity Change",
                  "During " + std::string(operation) + ", " + std::string(type_name_) +
                      " returned an identity that differs from the one stored for this object (" +
                      changed_identity_attributes(*stored, *id) +
                      "). An object's identity cannot change; this is a bug in the provider.");
        return id;
    }

    // An existing object keeps the identity stored for it; a new one (or a
    // replacement) gets its planned state's once that is wholly known
    // (OpenTofu cannot store an unknown identity in a plan; the apply gives it).
    std::optional<std::string> planned_identity(std::string_view prior, const plan_result& plan,
                                                std::string_view prior_identity, context& ctx) {
        if (!identity() || is_null_value(plan.planned_state)) return std::nullopt;
        const bool replaced = is_null_value(prior) || !plan.requires_replace.empty();
        if (!replaced && !prior_identity.empty() && !is_null_value(prior_identity)) return std::string(prior_identity);
        std::optional<std::string> id = identity_for(plan.planned_state, {}, "planning", ctx);
        if (id && !bytes_wholly_known(*id)) return std::nullopt;
        return id;
    }

    // The state to import for an identity (an import block's `identity`).
    std::optional<std::string> import_by_identity(std::string_view id, context& ctx) {
        std::optional<std::string> state = import_identity_model(id, ctx);
        if (!state && !ctx.has_errors())
            ctx.error("Cannot import",
                      operation_name(type_name_, "import_identity") + " returned no object and no error");
        return state;
    }

    // A stored identity (JSON) of an earlier identity version, brought to the current one.
    // No JSON at all is no identity yet (Terraform >= 1.12 asks with version 0
    // for state written before identities): none, and no error, so that the
    // next read or apply completes it.
    std::optional<std::string> upgrade_identity(std::int64_t version, std::string_view json, context& ctx) {
        const identity_schema* id = identity();
        if (!id) {
            ctx.error("Resource identity not supported", std::string(type_name_) + " has no identity to upgrade.");
            return std::nullopt;
        }
        if (json.empty()) return std::nullopt;
        if (version > id->version) return newer_than_provider("identity", "version", version, id->version, ctx);
        std::optional<json_document> tree = json_document::parse(json, ctx.diagnostics());
        if (!tree) return std::nullopt;
        return upgrade_identity_model(version, *tree, ctx);
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
    virtual applied apply_model(std::string_view prior, std::string_view planned, std::string_view config, bool create,
                                context& ctx) = 0;
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
    // The resource's generate_config on tfpp's configuration for a state.
    virtual std::optional<std::string> generate_config_model(std::string_view state, std::string_view config,
                                                             context& ctx) = 0;
    // Identity: of a state, a stored one re-encoded as tfpp encodes it, the
    // state for an import by identity, an upgrade to the current version.
    virtual std::optional<std::string> identity_of_state(std::string_view state, context& ctx) = 0;
    virtual std::optional<std::string> canonical_identity(std::string_view id, context& ctx) = 0;
    virtual std::optional<std::string> import_identity_model(std::string_view id, context& ctx) = 0;
    virtual std::optional<std::string> upgrade_identity_model(std::int64_t version, const json_document& stored,
                                                              context& ctx) = 0;
    // moved: a move_from took the state (typed when source_current is set
    // and one fits, else the raw one).
    virtual std::optional<std::string> move_model(const moved_state& from, std::string_view source_current, bool& moved,
                                                  context& ctx) = 0;

    std::string_view type_name_;
    resource_features features_;
};

}  // namespace tfpp::detail
