// The data source side of the engine: the handler interface, its model's
// half and the adapter of one data source type.
#pragma once

#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/deadline.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/provider/detail/semantic_equality.hpp>
#include <tfpp/schema/detail/validation.hpp>

#include <string_view>

namespace tfpp::detail {

class data_source_handler {
public:
    virtual ~data_source_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    virtual std::optional<std::string> read(std::string_view config, context& ctx) = 0;

protected:
    data_source_handler(std::string_view type_name, bool has_validate, timeout_defaults timeouts)
        : type_name_(type_name), has_validate_(has_validate), timeouts_(timeouts) {}

    std::string_view type_name_;
    bool has_validate_;
    timeout_defaults timeouts_;  // default_timeouts
};

// A data source's model half, shared by the data sources with model M.
template <class M>
class model_data_source : public data_source_handler {
public:
    void validate(std::string_view config, context& ctx) final {
        check_configuration(schema(), config, {}, {}, ctx);
        M m;
        if (!decode_model(config, m, ctx)) return;
        guarded(ctx, operation_name(type_name_, "validators"), [&] { run_validators(m, ctx.diagnostics()); });
        if (has_validate_)
            guarded(ctx, operation_name(type_name_, "validate"), schema(), [&] { call_validate(m, ctx); });
    }

    std::optional<std::string> read(std::string_view config, context& ctx) final {
        M m;
        if (!decode_model(config, m, ctx)) return std::nullopt;
        std::optional<M> state;
        const std::string operation = operation_name(type_name_, "read");
        start_deadline(m, timed_operation::read, timeouts_, ctx);
        [[maybe_unused]] const semantic_reference<M> config_form(m);
        guarded(ctx, operation, schema(), [&] { state = call_read(std::move(m), ctx); });
        if (!state) {
            if (!ctx.has_errors())
                ctx.error("Provider returned no object", operation + " returned no object and no error");
            return std::nullopt;
        }
        config_form.apply_to(*state);
        settle_unknowns(*state, ctx, operation);
        return outgoing_msgpack(*state, "the state " + operation + " returned", ctx);
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
        : model_data_source<model>(D::type_name, has_validate<D>, default_timeouts_of<D>()),
          impl_(make_handler_object<D>(p)) {}

    const block_schema& schema() const override { return data_source_schema<D>(); }

protected:
    std::optional<model> call_read(model&& config, context& ctx) override { return impl_.read(std::move(config), ctx); }
    void call_validate([[maybe_unused]] const model& config, [[maybe_unused]] context& ctx) override {
        if constexpr (has_validate<D>) impl_.validate(config, ctx);
    }

private:
    D impl_;
};

}  // namespace tfpp::detail
