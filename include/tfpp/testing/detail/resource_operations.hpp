// provider_under_test's operations on a resource, as Terraform core runs
// them: validate, the proposed new state, plan (and the plan again at apply,
// checked against the first), apply, read, import, upgrade, the generated
// configuration; every plan and result checked with the consistency checker.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/detail/proposed_new.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>
#include <tfpp/testing/steps.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp::testing::detail::resource_ops {

template <class R, class P>
tfpp::detail::resource_handler& handler(driver_engine<P>& d) {
    static_assert(tfpp::detail::listed<R, typename tfpp::detail::resource_list<P>::type>,
                  "tfpp: provider_under_test<P>::plan<R> and the other resource calls take one of P's resources; "
                  "list R in P::resources");
    tfpp::detail::resource_handler* h = d.engine().resource(R::type_name);
    if (!h) throw std::logic_error("tfpp: " + std::string(R::type_name) + " is not a resource of this provider");
    return *h;
}

template <class R, class P>
result<typename R::model> read_bytes(driver_engine<P>& d, const std::string& state, std::string private_state,
                                     const std::string& identity) {
    result<typename R::model> r;
    tfpp::context ctx = d.handler_context();
    ctx.set_private_state(std::move(private_state));
    const std::optional<std::string> current = handler<R>(d).read(state, ctx);
    if (current) r.identity = handler<R>(d).identity_for(*current, identity, "read", ctx).value_or(std::string());
    r.diagnostics = ctx.diagnostics();
    r.private_state = std::string(ctx.private_state());
    if (current) r.state = decoded<typename R::model>(*current, r.diagnostics);
    return r;
}

// Import's second half, as Core does it: the imported object is read,
// with the identity the import gave it.
template <class R, class P>
result<typename R::model> import_then_read(driver_engine<P>& d, const std::optional<std::string>& imported,
                                           tfpp::context& ctx, const std::string& by) {
    result<typename R::model> r;
    r.diagnostics = ctx.diagnostics();
    if (!imported || r.diagnostics.has_errors()) return r;
    tfpp::context id_ctx = d.make_context();
    const std::string identity = handler<R>(d).identity_for(*imported, {}, "import", id_ctx).value_or(std::string());
    r.diagnostics.append(id_ctx.diagnostics());
    result<typename R::model> refreshed = read_bytes<R>(d, *imported, std::string(ctx.private_state()), identity);
    for (const auto& d : refreshed.diagnostics) r.diagnostics.add(d);
    r.state = std::move(refreshed.state);
    r.private_state = std::move(refreshed.private_state);
    r.identity = std::move(refreshed.identity);
    if (!r.state && !r.diagnostics.has_errors())
        r.diagnostics.error("Cannot import non-existent remote object",
                            std::string(R::type_name) + " read returned no object for the imported " + by);
    return r;
}

// ProposedNew, PlanResourceChange and the plan checks, once.
// `planned_private`: what the client kept from the plan, in the plan at apply.
template <class R, class P>
bool plan_once(driver_engine<P>& d, std::string_view prior, std::string_view prior_private,
               std::string_view planned_private, plan_step<R>& step, tfpp::detail::plan_result& out) {
    tfpp::detail::resource_handler& h = handler<R>(d);
    std::string proposed;
    if (!proposed_new_state(h.schema(), prior, step.config_bytes, proposed, step.diagnostics)) return false;
    tfpp::context ctx = d.handler_context();
    if (tfpp::detail::take_plan_private(ctx, prior_private, d.store_planned_private ? planned_private : "",
                                        d.store_planned_private))
        h.plan(prior, proposed, step.config_bytes, out, ctx);
    step.diagnostics.append(ctx.diagnostics());
    step.planned_private = tfpp::detail::planned_private_of(ctx);
    if (step.diagnostics.has_errors()) return false;
    if (!engine_checks()) {
        consistency_options o;
        o.resource_type = R::type_name;
        (void)check_plan_consistency(h.schema(), prior, step.config_bytes, out.planned_state, step.diagnostics, o);
    }
    return !step.diagnostics.has_errors();
}

template <class R, class P>
plan_step<R> plan_from(driver_engine<P>& d, std::string config_bytes, std::string prior_bytes,
                       std::string prior_private, bool tainted, std::string prior_identity = {}) {
    plan_step<R> step;
    tfpp::detail::resource_handler& h = handler<R>(d);
    step.prior_identity = std::move(prior_identity);
    step.config_bytes = std::move(config_bytes);
    step.prior_bytes = std::move(prior_bytes);
    step.prior_private = std::move(prior_private);
    step.prior_tainted = tainted;
    step.config = decoded<typename R::model>(step.config_bytes, step.diagnostics);
    const bool create = tfpp::detail::is_null_value(step.prior_bytes);
    if (!create) step.prior = decoded<typename R::model>(step.prior_bytes, step.diagnostics);

    tfpp::context validate_ctx = d.make_context();
    h.validate(step.config_bytes, validate_ctx);
    step.diagnostics.append(validate_ctx.diagnostics());
    if (step.diagnostics.has_errors()) return step;

    // A tainted object is replaced: Core plans its successor from nothing.
    const std::string_view plan_prior = tainted ? tfpp::detail::null_bytes : std::string_view(step.prior_bytes);
    tfpp::detail::plan_result out;
    if (!plan_once<R>(d, plan_prior, step.prior_private, {}, step, out)) return step;
    step.requires_replace = std::move(out.requires_replace);
    if (tainted) {
        step.action = action::replace;
    } else if (create) {
        step.action = action::create;
    } else if (!step.requires_replace.empty()) {
        // Core plans the replacement object again as a create, its prior
        // private bytes the first call's planned ones.
        step.action = action::replace;
        tfpp::detail::plan_result fresh;
        const std::string first_private = step.planned_private;
        if (!plan_once<R>(d, tfpp::detail::null_bytes, first_private, {}, step, fresh)) return step;
        out.planned_state = std::move(fresh.planned_state);
    } else {
        step.action =
            same_value(out.planned_state, step.prior_bytes, h.schema().value_type) ? action::no_op : action::update;
    }
    out.requires_replace = step.requires_replace;
    tfpp::context ctx = d.make_context();
    step.planned_identity = h.planned_identity(plan_prior, out, step.prior_identity, ctx).value_or(std::string());
    step.diagnostics.append(ctx.diagnostics());
    step.planned_bytes = std::move(out.planned_state);
    step.planned = decoded<typename R::model>(step.planned_bytes, step.diagnostics);
    return step;
}

// Plans again with the final configuration, checks it against the first
// plan ("Provider produced inconsistent final plan"), applies it, as Core
// does for every create, update and replace.
template <class R, class P>
result<typename R::model> apply_change(driver_engine<P>& d, const plan_step<R>& step, std::string_view prior,
                                       const std::string& final_config, result<typename R::model>& r,
                                       bool replacing = false) {
    tfpp::detail::resource_handler& h = handler<R>(d);
    const bool create = tfpp::detail::is_null_value(prior);
    std::string planned = step.planned_bytes, planned_private = step.planned_private;
    {
        plan_step<R> final_step;
        final_step.config_bytes = final_config;
        tfpp::detail::plan_result out;
        // A replacement is planned again as a create: its object is gone
        // (or deposed) by now, and with it the prior private bytes.
        const bool planned_again = plan_once<R>(d, prior, replacing ? std::string() : step.prior_private,
                                                step.planned_private, final_step, out);
        if (!planned_again) {
            r.diagnostics.append(final_step.diagnostics);
            if (!create) r.state = step.prior;
            return std::move(r);
        }
        const type& t = h.schema().value_type;
        dynamic first, now;
        tfpp::diagnostics ignored;
        std::string mismatches;
        attribute_path path;
        if (decode_msgpack(step.planned_bytes, t, first, ignored) && decode_msgpack(out.planned_state, t, now, ignored))
            final_plan_mismatches(first, now, path, mismatches, schema_place::of(h.schema()));
        if (!mismatches.empty()) {
            r.diagnostics.error("Provider produced inconsistent final plan",
                                std::string(R::type_name) +
                                    ": planned again with the final configuration, the plan changed values the "
                                    "first plan already knew:\n" +
                                    mismatches);
            if (!create) r.state = step.prior;
            return std::move(r);
        }
        planned = std::move(out.planned_state);
        planned_private = final_step.planned_private;
    }
    tfpp::context ctx = d.handler_context();
    std::optional<std::string> state;
    if (tfpp::detail::take_apply_private(ctx, planned_private)) state = h.apply(prior, planned, final_config, ctx);
    r.diagnostics.append(ctx.diagnostics());
    r.private_state = std::string(ctx.private_state());
    if (state) {
        if (!engine_checks() && !r.diagnostics.has_errors()) {
            consistency_options o;
            o.resource_type = R::type_name;
            o.operation = create ? "create" : "update";
            (void)check_apply_consistency(h.schema(), planned, *state, r.diagnostics, o);
        }
        r.state = decoded<typename R::model>(*state, r.diagnostics);
        tfpp::context id_ctx = d.make_context();
        r.identity = h.identity_for(*state, create ? std::string_view() : std::string_view(step.planned_identity),
                                    create ? "create" : "update", id_ctx)
                         .value_or(std::string());
        r.diagnostics.append(id_ctx.diagnostics());
        // Core taints an object whose create reported errors.
        r.tainted = create && r.diagnostics.has_errors();
    }
    return std::move(r);
}

template <class R, class P>
result<typename R::model> apply_final(driver_engine<P>& d, const plan_step<R>& step, const std::string& final_config) {
    using model = typename R::model;
    result<model> r;
    tfpp::detail::resource_handler& h = handler<R>(d);
    const auto keep_prior = [&] {
        if (step.prior) r.state = step.prior;
        r.private_state = step.prior_private;
        r.identity = step.prior_identity;
        r.tainted = step.prior_tainted;
    };
    if (!step.ok()) {
        keep_prior();
        r.diagnostics = step.diagnostics;
        r.diagnostics.error("Plan has errors", "tfpp::testing: a plan with errors cannot be applied");
        return r;
    }
    switch (step.action) {
    case action::no_op: keep_prior(); return r;
    case action::destroy: {
        tfpp::context ctx = d.handler_context();
        ctx.set_private_state(step.prior_private);
        const auto state = h.apply(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, ctx);
        r.diagnostics = ctx.diagnostics();
        if (state) keep_prior();  // it still exists
        return r;
    }
    case action::replace: {
        // Destroy first (create_before_destroy is a configuration choice this driver does not model).
        tfpp::context ctx = d.handler_context();
        ctx.set_private_state(step.prior_private);
        const auto left = h.apply(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, ctx);
        r.diagnostics = ctx.diagnostics();
        if (left || r.diagnostics.has_errors()) {
            keep_prior();
            return r;
        }
        return apply_change<R>(d, step, tfpp::detail::null_bytes, final_config, r, /*replacing=*/true);
    }
    case action::create:
    case action::update: return apply_change<R>(d, step, step.prior_bytes, final_config, r);
    }
    return r;
}

template <class R, class P>
tfpp::diagnostics validate(driver_engine<P>& d, const typename R::model& config) {
    tfpp::context ctx = d.make_context();
    handler<R>(d).validate(to_msgpack(config), ctx);
    return ctx.diagnostics();
}

template <class R, class P>
const block_schema& schema(driver_engine<P>& d) {
    return handler<R>(d).schema();
}

template <class R, class P>
plan_step<R> plan(driver_engine<P>& d, const typename R::model& config, const std::optional<typename R::model>& prior) {
    return plan_from<R>(d, to_msgpack(config), prior ? to_msgpack(*prior) : std::string(tfpp::detail::null_bytes), {},
                        false);
}
template <class R, class P>
plan_step<R> plan(driver_engine<P>& d, const typename R::model& config, no_state_t) {
    return plan<R>(d, config, std::optional<typename R::model>());
}
template <class R, class P>
plan_step<R> plan(driver_engine<P>& d, const typename R::model& config, const typename R::model& prior) {
    return plan<R>(d, config, std::optional<typename R::model>(prior));
}
template <class R, class P>
plan_step<R> plan(driver_engine<P>& d, const typename R::model& config, const result<typename R::model>& prior) {
    return plan_from<R>(d, to_msgpack(config),
                        prior.state ? to_msgpack(*prior.state) : std::string(tfpp::detail::null_bytes),
                        prior.private_state, prior.tainted, prior.identity);
}

template <class R, class P>
plan_step<R> plan_destroy(driver_engine<P>& d, const typename R::model& state) {
    plan_step<R> step;
    step.action = action::destroy;
    step.prior = state;
    step.prior_bytes = to_msgpack(state);
    step.config_bytes = step.planned_bytes = std::string(tfpp::detail::null_bytes);
    tfpp::context ctx = d.make_context();
    tfpp::detail::plan_result out;
    handler<R>(d).plan(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, out, ctx);
    step.diagnostics = ctx.diagnostics();
    return step;
}

template <class R, class P>
result<typename R::model> apply(driver_engine<P>& d, const plan_step<R>& step) {
    return apply_final<R>(d, step, step.config_bytes);
}
template <class R, class P>
result<typename R::model> apply(driver_engine<P>& d, const plan_step<R>& step, const typename R::model& final_config) {
    return apply_final<R>(d, step, to_msgpack(final_config));
}

template <class R, class P>
result<typename R::model> read(driver_engine<P>& d, const typename R::model& state) {
    return read_bytes<R>(d, to_msgpack(state), {}, {});
}
template <class R, class P>
result<typename R::model> read(driver_engine<P>& d, const result<typename R::model>& state) {
    if (!state.state) return state;
    auto r = read_bytes<R>(d, to_msgpack(*state.state), state.private_state, state.identity);
    r.tainted = state.tainted && r.state.has_value();
    return r;
}

template <class R, class P>
result<typename R::model> import(driver_engine<P>& d, std::string_view id) {
    tfpp::context ctx = d.make_context();
    const std::optional<std::string> imported = handler<R>(d).import(id, ctx);
    return import_then_read<R>(d, imported, ctx, "ID \"" + std::string(id) + "\"");
}

template <class R, class P>
result<typename R::model> import_by_identity(driver_engine<P>& d, const typename R::identity& identity) {
    tfpp::context ctx = d.make_context();
    const std::optional<std::string> imported = handler<R>(d).import_by_identity(to_msgpack(identity), ctx);
    return import_then_read<R>(d, imported, ctx, "identity");
}

template <class R, class P>
generated_config<typename R::model> generate_config(driver_engine<P>& d, const typename R::model& state) {
    generated_config<typename R::model> out;
    tfpp::context ctx = d.make_context();
    const std::optional<std::string> config = handler<R>(d).generate_config(to_msgpack(state), ctx);
    out.diagnostics = ctx.diagnostics();
    if (config) out.config = decoded<typename R::model>(*config, out.diagnostics);
    return out;
}

template <class R, class P>
std::optional<typename R::identity> identity(driver_engine<P>&, const result<typename R::model>& r) {
    if (r.identity.empty()) return std::nullopt;
    typename R::identity id;
    tfpp::diagnostics ignored;
    if (!decode_msgpack(r.identity, id, ignored)) return std::nullopt;
    return id;
}

template <class R, class P>
result<typename R::model> upgrade_state(driver_engine<P>& d, std::int64_t version, std::string_view json) {
    result<typename R::model> r;
    tfpp::context ctx = d.make_context();
    const std::optional<std::string> upgraded = handler<R>(d).upgrade(version, json, nullptr, ctx);
    r.diagnostics = ctx.diagnostics();
    if (upgraded) r.state = decoded<typename R::model>(*upgraded, r.diagnostics);
    return r;
}

}  // namespace tfpp::testing::detail::resource_ops
