// The ephemeral side of the engine: validate, open (checked as Terraform
// checks an opened value: AssertPlanValid with no prior state), renew and
// close, with the private data carried as JSON from open to the others.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/detail/checker.hpp>
#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/schema/detail/validation.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

class ephemeral_handler {
public:
    virtual ~ephemeral_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    // The opened value; the private data and renew_at are left in ctx.
    virtual std::optional<std::string> open(std::string_view config, context& ctx) = 0;
    // ctx carries the private data in and out.
    virtual void renew(context& ctx) = 0;
    virtual void close(context& ctx) = 0;

protected:
    explicit ephemeral_handler(std::string_view type_name) : type_name_(type_name) {}
    std::string_view type_name_;
};

template <class E, class P>
class ephemeral_adapter final : public ephemeral_handler {
public:
    using model = typename E::model;
    using private_data = typename private_data_of<E>::type;

    explicit ephemeral_adapter(P& p) : ephemeral_handler(E::type_name), impl_(make_handler_object<E>(p)) {}

    [[nodiscard]] const block_schema& schema() const override { return data_source_schema<E>(); }

    void validate(std::string_view config, context& ctx) override {
        check_configuration(schema(), config, {}, {}, ctx);
        model m;
        if (!decode_model(config, m, ctx)) return;
        guarded(ctx, operation_name(E::type_name, "validators"), [&] { run_validators(m, ctx.diagnostics()); });
        if constexpr (has_validate<E, model>)
            guarded(ctx, operation_name(E::type_name, "validate"), schema(), [&] { impl_.validate(m, ctx); });
    }

    std::optional<std::string> open(std::string_view config, context& ctx) override {
        model m;
        if (!decode_model(config, m, ctx)) return std::nullopt;
        const std::string operation = operation_name(E::type_name, "open");
        std::optional<model> result;
        if constexpr (has_private_data<E>) {
            private_data data{};
            guarded(ctx, operation, schema(), [&] { result = impl_.open(std::move(m), data, ctx); });
            if (result && !ctx.has_errors()) store(data, ctx);
        } else {
            guarded(ctx, operation, schema(), [&] { result = impl_.open(std::move(m), ctx); });
        }
        if (!result) {
            if (!ctx.has_errors() && !ctx.deferred())
                ctx.error("Provider returned no value", operation + " returned no value and no error");
            return std::nullopt;
        }
        settle_unknowns(*result, ctx, operation);
        std::optional<std::string> bytes = outgoing_msgpack(*result, "the value " + operation + " returned", ctx);
        if (bytes) engine_check_plan(schema(), E::type_name, null_bytes, config, *bytes, ctx.diagnostics());
        return bytes;
    }

    void renew(context& ctx) override {
        if constexpr (has_renew<E>) {
            const std::string operation = operation_name(E::type_name, "renew");
            if constexpr (has_private_data<E>) {
                std::optional<private_data> data = load(ctx);
                if (!data) return;
                guarded(ctx, operation, schema(), [&] { impl_.renew(*data, ctx); });
                if (!ctx.has_errors()) store(*data, ctx);
            } else {
                guarded(ctx, operation, schema(), [&] { impl_.renew(ctx); });
            }
        }
    }

    void close(context& ctx) override {
        if constexpr (has_close<E>) {
            const std::string operation = operation_name(E::type_name, "close");
            if constexpr (has_private_data<E>) {
                const std::optional<private_data> data = load(ctx);
                if (!data) return;
                guarded(ctx, operation, schema(), [&] { impl_.close(*data, ctx); });
            } else {
                guarded(ctx, operation, schema(), [&] { impl_.close(ctx); });
            }
        }
    }

private:
    static void store(const private_data& data, context& ctx) {
        std::string out;
        diagnostics d;
        if (encode_json(data, out, d)) ctx.set_private_state(std::move(out));
        else
            ctx.error("Could not store the private data of " + std::string(E::type_name), d.empty() ? "" : d[0].detail);
    }
    static std::optional<private_data> load(context& ctx) {
        private_data data{};
        diagnostics d;
        if (decode_json(ctx.private_state(), data, d)) return data;
        ctx.error("Unreadable private data", "the private data Terraform handed back for " + std::string(E::type_name) +
                                                 " is not what open() stored" +
                                                 (d.empty() ? std::string() : ": " + d[0].detail));
        return std::nullopt;
    }

    E impl_;
};

}  // namespace tfpp::detail
