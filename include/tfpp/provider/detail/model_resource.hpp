// The model's half of a resource handler: decoding, encoding, validators
// and settling, the same code for every resource type with model M.
#pragma once

#include <tfpp/provider/detail/resource_handler.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/provider/detail/semantic_equality.hpp>
#include <tfpp/schema/detail/validation.hpp>

#include <string>
#include <string_view>

namespace tfpp::detail {

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
    // write-only values, only UTF-8 text (else nullopt, with an error).
    std::optional<std::string> finished(M& state, context& ctx, std::string_view operation) {
        settle_unknowns(state, ctx, operation);
        if constexpr (has_write_only<M>()) drop_write_only(state);
        return outgoing_msgpack(state, "the state " + std::string(operation) + " returned", ctx);
    }

    void validate_model(std::string_view config, context& ctx) final {
        M m;
        if (!decode_model(config, m, ctx)) return;
        guarded(ctx, op("validators"), [&] { run_validators(m, ctx.diagnostics()); });
        if (this->features_.validate) guarded(ctx, op("validate"), this->schema(), [&] { call_validate(m, ctx); });
    }

    // The parts for what only some resources offer: instantiated for a
    // model only when a resource with that model has the function (each
    // takes it as `call`, a function of resource_adapter<R, P>).
    template <class Self>
    void plan_destroy_impl(std::string_view prior, context& ctx, Self* self, void (*call)(Self*, const M&, context&)) {
        M state;
        if (decode_model(prior, state, ctx))
            guarded(ctx, op("plan_destroy"), this->schema(), [&] { call(self, state, ctx); });
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
        guarded(ctx, op("modify_plan"), this->schema(), [&] { call(self, c, ctx); });
        if (ctx.has_errors()) return false;
        auto after = outgoing_msgpack(c.planned, "the plan " + op("modify_plan") + " made", ctx);
        if (!after) return false;
        out.after = std::move(*after);
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
            start_deadline(prior, timed_operation::destroy, this->features_.timeouts, ctx);
            guarded(ctx, op("destroy"), this->schema(), [&] { call_destroy(prior, ctx); });
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
        start_deadline(planned, create ? timed_operation::create : timed_operation::update, this->features_.timeouts,
                       ctx);
        [[maybe_unused]] const semantic_reference<M> plan_form(planned);
        if (create) guarded(ctx, operation, this->schema(), [&] { state = call_create(std::move(planned), ctx); });
        else guarded(ctx, operation, this->schema(), [&] { state = call_update(std::move(planned), prior, ctx); });
        if (state) {
            plan_form.apply_to(*state);
            if (auto bytes = finished(*state, ctx, operation)) return {std::move(bytes), true};
            return unchanged();  // not sent as it is, not lost
        }
        if (!ctx.has_errors())
            ctx.error(
                "Provider returned no object",
                operation + " returned no object and no error; it must return the object's state or report an error.");
        // The handler did not say what exists now: the object as it was
        // before is the best knowledge there is.
        return unchanged();
    }

    std::optional<std::string> read_model(std::string_view current, context& ctx) final {
        M m;
        if (!decode_model(current, m, ctx)) return std::nullopt;  // never the undecodable bytes back
        start_deadline(m, timed_operation::read, this->features_.timeouts, ctx);
        [[maybe_unused]] const semantic_reference<M> prior_form(m);
        std::optional<M> state;
        bool threw = false;
        guarded(ctx, op("read"), this->schema(), [&] {
            threw = true;
            state = call_read(std::move(m), ctx);
            threw = false;
        });
        // A failed read must not forget the object.
        if (threw || (!state && ctx.has_errors())) return std::string(current);
        if (!state) return std::nullopt;
        prior_form.apply_to(*state);
        return finished(*state, ctx, op("read"));
    }

    std::optional<std::string> stored_model(const stored_value& s, context& ctx) final {
        M m;
        const bool ok = s.json ? s.json->decode(m, ctx.diagnostics(), stored_options) : decode_model(s.msgpack, m, ctx);
        if (!ok) return std::nullopt;
        return finished(m, ctx, op("upgrade_state"));
    }

    // An upgraded model, or nullopt (no state, or errors).
    std::optional<std::string> upgraded(std::optional<M>& m, context& ctx) {
        if (!m || ctx.has_errors()) return std::nullopt;
        return finished(*m, ctx, op("upgrade_state"));
    }

    template <class Self>
    std::optional<std::string> upgrade_raw_impl(const raw_state& old, context& ctx, Self* self,
                                                std::optional<M> (*call)(Self*, const raw_state&, context&)) {
        std::optional<M> m;
        guarded(ctx, op("upgrade_state"), this->schema(), [&] { m = call(self, old, ctx); });
        return upgraded(m, ctx);
    }

    template <class Self>
    std::optional<std::string> import_impl(std::string_view id, context& ctx, Self* self,
                                           std::optional<M> (*call)(Self*, std::string_view, context&)) {
        std::optional<M> m;
        guarded(ctx, op("import_state"), this->schema(), [&] { m = call(self, id, ctx); });
        if (!m) return std::nullopt;
        return finished(*m, ctx, op("import_state"));
    }

    // The resource's edit of tfpp's configuration for a state.
    template <class Self>
    std::optional<std::string> generate_config_impl(std::string_view state_bytes, std::string_view config_bytes,
                                                    context& ctx, Self* self,
                                                    void (*call)(Self*, const M&, M&, context&)) {
        M state, config;
        if (!decode_model(state_bytes, state, ctx) || !decode_model(config_bytes, config, ctx)) return std::nullopt;
        guarded(ctx, op("generate_config"), this->schema(), [&] { call(self, state, config, ctx); });
        if (ctx.has_errors()) return std::nullopt;
        return outgoing_msgpack(config, "the configuration " + op("generate_config") + " made", ctx);
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

}  // namespace tfpp::detail
