// The managed resource RPCs' whole path, compiled once.
// Compiled once from src/provider/resource_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/resource_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/resource_requests.hpp>

namespace tfpp::detail {

TFPP_INLINE upgrade_resource_state_answer run(provider_engine& e, const upgrade_resource_state_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    upgrade_resource_state_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r) a.upgraded_state = r->upgrade(req.version, req.json, req.flatmap, ctx);
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

TFPP_INLINE upgrade_resource_identity_answer run(provider_engine& e, const upgrade_resource_identity_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    upgrade_resource_identity_answer a;
    if (auto* r = e.find<kind::resource>(req.type_name, ctx)) {
        std::optional<std::string> id = r->upgrade_identity(req.version, req.json, ctx);
        if (!ctx.has_errors()) a.upgraded_identity = std::move(id);
    }
    finish(a, ctx, nullptr);
    return a;
}

TFPP_INLINE read_resource_answer run(provider_engine& e, const read_resource_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    take_provider_meta(e, req.provider_meta, ctx);
    read_resource_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        const std::size_t before = ctx.diagnostics().size();  // provider_meta's may be there
        std::string_view current = values.checked(req.current_state, "current state", unknowns::refused);
        const bool state_checked = ctx.diagnostics().size() == before;
        ctx.set_private_state(std::string(req.private_state));
        if (!state_checked) {
            // an undecodable state does not go back: Terraform keeps the one it has
        } else if (ctx.has_errors() || deferred_by_provider(e, ctx)) {
            a.current_stays = true;
            a.deferred = ctx.deferred();
        } else {
            if (auto state = r->read(current, ctx)) {
                a.new_identity = r->identity_for(*state, req.current_identity, "read", ctx);
                a.new_state = std::move(*state);
            }
            a.private_state = std::string(ctx.private_state());
            a.deferred = ctx.deferred();
        }
    }
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

TFPP_INLINE plan_resource_change_answer run(provider_engine& e, const plan_resource_change_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    take_provider_meta(e, req.provider_meta, ctx);
    plan_resource_change_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state, "prior state");
        std::string_view proposed = values(req.proposed_new_state, "proposed new state");
        std::string_view config = values(req.config, "configuration");
        if (!ctx.has_errors()) {
            check_write_only_values(r->schema(), config, ctx);
            if (const identity_schema* id = r->identity(); id && !req.prior_identity.empty())
                check_request_value(req.prior_identity, identity_type(*id), "the prior identity", unknowns::refused,
                                    {}, ctx);
        }
        if (!ctx.has_errors())
            take_plan_private(ctx, req.prior_private, req.planned_private, req.keeps_planned_private);
        const bool provider_deferred = !ctx.has_errors() && deferred_by_provider(e, ctx);
        if (!ctx.has_errors()) {
            plan_result plan;
            r->plan(prior, proposed, config, plan, ctx, /*run_hooks=*/!provider_deferred);
            if (!ctx.has_errors()) {
                a.planned_identity = r->planned_identity(prior, plan, req.prior_identity, ctx);
                a.planned_state = std::move(plan.planned_state);
                a.requires_replace = std::move(plan.requires_replace);
                a.planned_private = planned_private_of(ctx);
                a.deferred = ctx.deferred();
            }
        }
    }
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

TFPP_INLINE apply_resource_change_answer run(provider_engine& e, const apply_resource_change_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    take_provider_meta(e, req.provider_meta, ctx);
    apply_resource_change_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state, "prior state");
        std::string_view planned = values(req.planned_state, "planned state");
        std::string_view config = values(req.config, "configuration");
        if (!ctx.has_errors()) take_apply_private(ctx, req.planned_private);
        if (ctx.has_errors()) {
            a.prior_stays = true;
        } else {
            if (std::optional<std::string> state = r->apply(prior, planned, config, ctx)) {
                const bool create = is_null_value(prior);
                a.new_identity = r->identity_for(*state, create ? std::string_view{} : req.planned_identity,
                                                 create ? "create" : "update", ctx);
                a.new_state = std::move(*state);
            }
            a.private_state = std::string(ctx.private_state());
        }
    } else {
        a.prior_stays = true;
    }
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

TFPP_INLINE import_resource_state_answer run(provider_engine& e, const import_resource_state_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context(req.deferral_allowed);
    import_resource_state_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r && deferred_by_provider(e, ctx)) {
        // the object is not known until the provider is configured
        if (!ctx.has_errors()) a.imported = imported_resource{e.deferred_import_state(), std::nullopt, {}};
        a.deferred = ctx.deferred();
    } else if (r) {
        std::optional<std::string> state =
            req.identity.empty() ? r->import(req.id, ctx) : r->import_by_identity(req.identity, ctx);
        if (state && !ctx.has_errors()) {
            std::optional<std::string> identity = r->identity_for(*state, {}, "import", ctx);
            a.imported = imported_resource{std::move(*state), std::move(identity), std::string(ctx.private_state())};
        }
        a.deferred = ctx.deferred();
    }
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

// The target type builds its state from the source's. A source type of this
// provider's own is first brought to its current schema, so that the target
// sees its typed model.
TFPP_INLINE move_resource_state_answer run(provider_engine& e, const move_resource_state_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    move_resource_state_answer a;
    auto* target = e.find<kind::resource>(req.target_type_name, ctx);
    if (target) {
        const moved_state& from = req.source;
        const std::string_view ours = e.type_name();
        const std::string_view address = from.provider_address;
        const bool same_provider = address.size() > ours.size() && address.ends_with(ours) &&
                                   address[address.size() - ours.size() - 1] == '/';
        std::string source_current;
        if (auto* source = same_provider ? e.resource(from.type_name) : nullptr) {
            context scratch = e.make_context();
            if (auto state = source->upgrade(from.schema_version, from.json, nullptr, scratch))
                source_current = std::move(*state);
            else ctx.diagnostics().append(scratch.diagnostics());
        }
        ctx.set_private_state(std::string(from.private_state));
        if (ctx.has_errors()) {
            // the source state could not be read: say so, nothing to move
        } else if (auto state = target->move(from, source_current, ctx); state && !ctx.has_errors()) {
            a.target_identity = target->identity_for(*state, {}, "move", ctx);
            a.target_state = std::move(*state);
            a.target_private = std::string(ctx.private_state());
        }
    }
    finish(a, ctx, target ? &target->schema() : nullptr);
    return a;
}

TFPP_INLINE generate_resource_config_answer run(provider_engine& e, const generate_resource_config_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    generate_resource_config_answer a;
    auto* r = e.find<kind::resource>(req.type_name, ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view state = values.checked(req.state, "state", unknowns::refused);
        if (!ctx.has_errors()) a.config = r->generate_config(state, ctx);
    }
    finish(a, ctx, r ? &r->schema() : nullptr);
    return a;
}

}  // namespace tfpp::detail
