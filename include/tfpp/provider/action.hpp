// Actions: an `action "local_command" "greet" { config { ... } }` block that
// Terraform runs on request (`terraform apply -invoke=action.local_command.greet`)
// or when a resource's lifecycle triggers it (`action_trigger`), Terraform 1.14+.
//
//   struct command_action {
//       static constexpr std::string_view type_name = "local_command";
//       using config = command_config;    // the action block's `config { ... }`
//       void invoke(const command_config& c, tfpp::action_progress& progress, tfpp::context& ctx);
//   };
//
//   struct local_provider { ...  using actions = tfpp::type_list<command_action>; };
//
// invoke() reports progress as it goes: Terraform shows each message at once.
// Optional: `void validate(const config&, ctx)` and `void plan(const config&,
// ctx)` (checks before the apply; the configuration may hold unknowns then).
#pragma once

#include <tfpp/provider/context.hpp>

#include <cstddef>
#include <string>

namespace tfpp {

namespace detail {
struct action_sink;
}

class action_progress {
public:
    // Sends one message; false once Terraform wants no more (the run was
    // stopped, or the client went away): stop the work and return then.
    bool report(std::string message);
    // How many messages were sent.
    [[nodiscard]] std::size_t count() const noexcept { return count_; }

    // Made by tfpp for each InvokeAction call.
    action_progress(detail::action_sink& sink, const context& ctx) : sink_(sink), ctx_(ctx) {}

private:
    detail::action_sink& sink_;
    const context& ctx_;
    std::size_t count_ = 0;
};

}  // namespace tfpp

#include <tfpp/provider/detail/action_sink.hpp>

namespace tfpp {

inline bool action_progress::report(std::string message) {
    if (ctx_.stop_requested() || !sink_.send(std::move(message))) return false;
    ++count_;
    return !ctx_.stop_requested();
}

}  // namespace tfpp
