// The function side of the engine: arguments decoded into the parameters
// struct, call() run guarded, the result encoded with the return type, and
// every failure a function error (with the argument at fault where there is
// one), never a crash.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/function_check.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/function.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp::detail {

// Why a call failed: FunctionError's text and, when one argument is at fault,
// its position.
struct function_error {
    std::string text;
    std::optional<std::int64_t> argument;
};

class function_handler {
public:
    virtual ~function_handler() = default;
    [[nodiscard]] virtual std::string_view name() const = 0;
    [[nodiscard]] virtual const function_schema& schema() const = 0;
    // The encoded result, or nullopt with `error` filled in.
    virtual std::optional<std::string> call(std::span<const std::string_view> arguments, context& ctx,
                                            function_error& error) = 0;
};

// The diagnostics of a failed call as one text, and the argument the first
// error's path names (a parameter, or an element of the variadic one).
inline function_error function_error_from(const diagnostics& diags, const function_schema& s) {
    function_error e;
    for (const diagnostic& d : diags) {
        if (d.severity != severity::error) continue;
        if (!e.text.empty()) e.text += "\n";
        e.text += d.detail.empty() ? d.summary : d.summary.empty() ? d.detail : d.summary + ": " + d.detail;
        if (e.argument || d.path.empty()) continue;
        const auto& first = d.path.steps().front();
        for (std::size_t i = 0; i < s.parameters.size(); ++i)
            if (first.name == s.parameters[i].name) e.argument = static_cast<std::int64_t>(i);
        if (!e.argument && s.variadic && first.name == s.variadic->name) {
            std::int64_t at = 0;
            if (d.path.steps().size() > 1 && d.path.steps()[1].kind == attribute_path::step::kind::index)
                at = d.path.steps()[1].position;
            e.argument = static_cast<std::int64_t>(s.parameters.size()) + at;
        }
    }
    if (e.text.empty()) e.text = "the function failed without saying why";
    return e;
}

template <class F, class P>
class function_adapter final : public function_handler {
public:
    explicit function_adapter(P& provider) : impl_(make_handler_object<F>(provider)) {}

    [[nodiscard]] std::string_view name() const override { return F::name; }
    [[nodiscard]] const function_schema& schema() const override { return function_schema_of<F>(); }

    std::optional<std::string> call(std::span<const std::string_view> arguments, context& ctx,
                                    function_error& error) override {
        using parameters = typename F::parameters;
        const function_schema& s = schema();
        const std::size_t fixed = s.parameters.size();
        if (arguments.size() < fixed || (!s.variadic && arguments.size() > fixed)) {
            error.text = std::string(F::name) + " takes " + (s.variadic ? "at least " : "") + std::to_string(fixed) +
                         (fixed == 1 ? " argument" : " arguments") + ", got " + std::to_string(arguments.size());
            return std::nullopt;
        }
        parameters args{};
        if (!decode_arguments(arguments, args, error)) return std::nullopt;
        std::optional<call_result_t<F>> result;
        guarded(ctx, std::string(F::name) + " function", [&] { result.emplace(impl_.call(args, ctx)); });
        if (ctx.has_errors() || !result) {
            error = function_error_from(ctx.diagnostics(), s);
            return std::nullopt;
        }
        std::optional<std::string> bytes = outgoing_msgpack(*result, "the function's result", ctx);
        if (!bytes) error = {.text = ctx.diagnostics()[ctx.diagnostics().size() - 1].detail, .argument = std::nullopt};
        return bytes;
    }

private:
    // Each argument into its field (the variadic ones into its vector); a
    // value that does not fit names its argument.
    static bool decode_arguments(std::span<const std::string_view> arguments, typename F::parameters& args,
                                 function_error& error) {
        using parameters = typename F::parameters;
        bool ok = true;
        const auto fail = [&](std::size_t at, const diagnostics& d) {
            error = function_error_from(d, function_schema_of<F>());
            error.argument = static_cast<std::int64_t>(at);
            ok = false;
        };
        for_each_index<parameters>([&]<std::size_t I>() {
            if (!ok) return;
            auto& field = get<I>(args);
            using field_type = std::remove_cvref_t<decltype(field)>;
            diagnostics d;
            if constexpr (parameter_traits<field_type>::is_variadic) {
                for (std::size_t at = I; at < arguments.size() && ok; ++at) {
                    typename field_type::value_type element{};
                    if (!decode_msgpack(arguments[at], element, d)) return fail(at, d);
                    field.push_back(std::move(element));
                }
            } else {
                if (!decode_msgpack(arguments[I], field, d)) return fail(I, d);
            }
        });
        return ok;
    }

    F impl_;
};

}  // namespace tfpp::detail
