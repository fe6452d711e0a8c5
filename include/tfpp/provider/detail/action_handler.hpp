// The action side of the engine: validate an action block's configuration,
// plan it (the configuration may hold unknowns), and invoke it, streaming
// each progress message to a sink as the handler reports it.
#pragma once

#include <tfpp/provider/action.hpp>
#include <tfpp/provider/detail/block_validation.hpp>
#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/schemas.hpp>

#include <string_view>

namespace tfpp::detail {

class action_handler {
public:
    virtual ~action_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    // The schema of the action block's `config { ... }`.
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    virtual void plan(std::string_view config, context& ctx) = 0;
    virtual void invoke(std::string_view config, action_sink& sink, context& ctx) = 0;

protected:
    explicit action_handler(std::string_view type_name) : type_name_(type_name) {}
    std::string_view type_name_;
};

template <class A>
const block_schema& action_config_schema() {
    static const block_schema s = handler_block<A, typename A::config>();
    return s;
}

template <class A, class P>
class action_adapter final : public action_handler {
public:
    using config = typename A::config;

    explicit action_adapter(P& p) : action_handler(A::type_name), impl_(make_handler_object<A>(p)) {}

    [[nodiscard]] const block_schema& schema() const override { return action_config_schema<A>(); }

    void validate(std::string_view bytes, context& ctx) override {
        validate_block_config<config>(impl_, schema(), bytes, type_name_, "", ctx);
    }

    void plan(std::string_view bytes, context& ctx) override {
        if constexpr (has_action_plan<A>) {
            config c;
            if (!decode_model(bytes, c, ctx)) return;
            guarded(ctx, operation_name(type_name_, "plan"), schema(), [&] { impl_.plan(c, ctx); });
        }
    }

    void invoke(std::string_view bytes, action_sink& sink, context& ctx) override {
        config c;
        if (!decode_model(bytes, c, ctx)) return;
        action_progress progress(sink, ctx);
        guarded(ctx, operation_name(type_name_, "invoke"), schema(), [&] { impl_.invoke(c, progress, ctx); });
    }

private:
    A impl_;
};

}  // namespace tfpp::detail
