// The managed resource RPCs.
#pragma once

#include <tfpp/rpc/detail/request_support.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

template <class Request, class Response>
void validate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::resource>(e, req, resp);
}

template <class Request, class Response>
void upgrade_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        const auto& raw = req.raw_state();
        std::optional<std::map<std::string, std::string>> flatmap;
        if (raw.json().empty() && !raw.flatmap().empty()) flatmap.emplace(raw.flatmap().begin(), raw.flatmap().end());
        if (auto state = r->upgrade(req.version(), raw.json(), flatmap ? &*flatmap : nullptr, ctx))
            resp.mutable_upgraded_state()->set_msgpack(std::move(*state));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void upgrade_resource_identity(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        std::optional<std::string> id = r->upgrade_identity(req.version(), req.raw_identity().json(), ctx);
        if (!ctx.has_errors()) put_identity(std::move(id), [&] { return resp.mutable_upgraded_identity(); });
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

template <class Request, class Response>
void read_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        const std::size_t before = ctx.diagnostics().size();  // provider_meta's may be there
        std::string_view current = values.checked(req.current_state(), "current state", unknowns::refused);
        const bool state_checked = ctx.diagnostics().size() == before;
        ctx.set_private_state(req.private_());
        const std::string_view current_identity = sent_identity(req.has_current_identity(), req.current_identity());
        if (!state_checked) {
            // an undecodable state does not go back: Terraform keeps the one it has
        } else if (ctx.has_errors() || deferred_by_provider(e, ctx)) {
            resp.mutable_new_state()->CopyFrom(req.current_state());
            resp.set_private_(req.private_());
            if (req.has_current_identity()) resp.mutable_new_identity()->CopyFrom(req.current_identity());
            deferred_to_proto(ctx, resp);
        } else {
            if (auto state = r->read(current, ctx)) {
                put_identity(r->identity_for(*state, current_identity, "read", ctx),
                             [&] { return resp.mutable_new_identity(); });
                resp.mutable_new_state()->set_msgpack(std::move(*state));
            }
            resp.set_private_(std::string(ctx.private_state()));
            deferred_to_proto(ctx, resp);
        }
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void plan_resource_change(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state(), "prior state");
        std::string_view proposed = values(req.proposed_new_state(), "proposed new state");
        std::string_view config = values(req.config(), "configuration");
        const std::string_view prior_identity = sent_identity(req.has_prior_identity(), req.prior_identity());
        if (!ctx.has_errors()) {
            check_write_only_values(r->schema(), config, ctx);
            if (const identity_schema* id = r->identity(); id && !prior_identity.empty())
                check_request_value(prior_identity, identity_type(*id), "the prior identity", unknowns::refused, {},
                                    ctx);
        }
        if (!ctx.has_errors()) take_plan_private(ctx, req.prior_private(), planned_private(req), keeps_planned_private(req));
        const bool provider_deferred = !ctx.has_errors() && deferred_by_provider(e, ctx);
        if (!ctx.has_errors()) {
            plan_result plan;
            r->plan(prior, proposed, config, plan, ctx, /*run_hooks=*/!provider_deferred);
            if (!ctx.has_errors()) {
                put_identity(r->planned_identity(prior, plan, prior_identity, ctx),
                             [&] { return resp.mutable_planned_identity(); });
                resp.mutable_planned_state()->set_msgpack(std::move(plan.planned_state));
                for (const auto& path : plan.requires_replace) path_to_proto(path, *resp.add_requires_replace());
                resp.set_planned_private(planned_private_of(ctx));
                deferred_to_proto(ctx, resp);
            }
        }
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void apply_resource_change(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    take_provider_meta(e, req, ctx);
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state(), "prior state");
        std::string_view planned = values(req.planned_state(), "planned state");
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) take_apply_private(ctx, req.planned_private());
        if (ctx.has_errors()) {
            resp.mutable_new_state()->CopyFrom(req.prior_state());
        } else {
            std::optional<std::string> state = r->apply(prior, planned, config, ctx);
            if (state) {
                const bool create = is_null_value(prior);
                put_identity(r->identity_for(*state,
                                             create ? std::string_view{}
                                                    : sent_identity(req.has_planned_identity(), req.planned_identity()),
                                             create ? "create" : "update", ctx),
                             [&] { return resp.mutable_new_identity(); });
                resp.mutable_new_state()->set_msgpack(std::move(*state));
            }
            resp.set_private_(std::string(ctx.private_state()));
        }
    } else {
        resp.mutable_new_state()->CopyFrom(req.prior_state());
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void import_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r && deferred_by_provider(e, ctx)) {
        if (!ctx.has_errors()) {  // the object is not known until the provider is configured
            auto* imported = resp.add_imported_resources();
            imported->set_type_name(req.type_name());
            imported->mutable_state()->set_msgpack(e.deferred_import_state());
        }
        deferred_to_proto(ctx, resp);
    } else if (r) {
        const std::string_view identity = sent_identity(req.has_identity(), req.identity());
        std::optional<std::string> state =
            identity.empty() ? r->import(req.id(), ctx) : r->import_by_identity(identity, ctx);
        if (state && !ctx.has_errors()) {
            auto* imported = resp.add_imported_resources();
            imported->set_type_name(req.type_name());
            put_identity(r->identity_for(*state, {}, "import", ctx), [&] { return imported->mutable_identity(); });
            imported->mutable_state()->set_msgpack(std::move(*state));
            imported->set_private_(std::string(ctx.private_state()));
        }
        deferred_to_proto(ctx, resp);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

// `moved { from = a_type.x  to = b_type.x }`: the target type builds its
// state from the source's. A source type of this provider's own is first
// brought to its current schema, so that the target sees its typed model.
template <class Request, class Response>
void move_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* target = e.find<kind::resource>(req.target_type_name(), ctx);
    if (target) {
        const std::string_view address = req.source_provider_address();
        const bool ours = address.size() > e.type_name().size() &&
                          address.substr(address.size() - e.type_name().size()) == e.type_name() &&
                          address[address.size() - e.type_name().size() - 1] == '/';
        std::string source_current;
        if (auto* source = ours ? e.resource(req.source_type_name()) : nullptr) {
            context scratch = e.make_context();
            if (auto state = source->upgrade(req.source_schema_version(), req.source_state().json(), nullptr, scratch))
                source_current = std::move(*state);
            else ctx.diagnostics().append(scratch.diagnostics());
        }
        const moved_state from{address, req.source_type_name(), req.source_schema_version(), req.source_state().json(),
                               req.source_private()};
        ctx.set_private_state(req.source_private());
        if (ctx.has_errors()) {
            // the source state could not be read: say so, nothing to move
        } else if (auto state = target->move(from, source_current, ctx);
                   state && !ctx.has_errors()) {
            put_identity(target->identity_for(*state, {}, "move", ctx), [&] { return resp.mutable_target_identity(); });
            resp.mutable_target_state()->set_msgpack(std::move(*state));
            resp.set_target_private(std::string(ctx.private_state()));
        }
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), target ? &target->schema() : nullptr);
}

// `-generate-config-out`: the configuration to write for an imported or
// listed object.
template <class Request, class Response>
void generate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.find<kind::resource>(req.type_name(), ctx);
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view state = values.checked(req.state(), "state", unknowns::refused);
        if (!ctx.has_errors())
            if (auto config = r->generate_config(state, ctx)) resp.mutable_config()->set_msgpack(std::move(*config));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

}  // namespace tfpp::detail
