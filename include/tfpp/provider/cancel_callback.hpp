// What context::on_cancel returns: while it lives, its callback runs once,
// from another thread, when Terraform asks to stop or the deadline passes.
// Its destructor waits for a run in progress, so the callback may use what
// the handler owns.
#pragma once

#include <tfpp/platform/stop_token.hpp>
#include <tfpp/provider/detail/cancel_state.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace tfpp {

class cancel_callback {
public:
    cancel_callback() = default;
    cancel_callback(tfpp::stop_token stop, std::optional<std::chrono::steady_clock::time_point> deadline,
                    std::function<void()> fn)
        : watch_(std::make_unique<detail::cancel_watch>(std::move(stop), deadline, std::move(fn))) {}

    // Whether the callback ran (or runs now).
    [[nodiscard]] bool fired() const { return watch_ && watch_->fired(); }

private:
    std::unique_ptr<detail::cancel_watch> watch_;
};

}  // namespace tfpp
