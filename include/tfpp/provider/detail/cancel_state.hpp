// context::on_cancel's machinery: a callback run at most once, from another
// thread, when Terraform asks to stop or the operation's deadline passes.
#pragma once

#include <tfpp/platform/stop_token.hpp>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace tfpp::detail {

struct cancel_state {
    std::mutex m;
    std::condition_variable cv;
    std::function<void()> fn;
    bool done = false;
    bool fired = false;

    // Runs fn at most once, under the lock, so that finish() waits for it.
    void fire(std::unique_lock<std::mutex>&) {
        if (done || fired) return;
        fired = true;
        try {
            fn();
        } catch (...) {  // a callback that throws must not end the process
        }
    }
};

// What a live cancel_callback holds: the state, the stop callback and the
// timer thread for the deadline.
struct cancel_watch {
    std::shared_ptr<cancel_state> state = std::make_shared<cancel_state>();
    std::unique_ptr<stop_callback<std::function<void()>>> on_stop;
    jthread timer;

    cancel_watch(stop_token stop, std::optional<std::chrono::steady_clock::time_point> deadline,
                 std::function<void()> fn) {
        state->fn = std::move(fn);
        if (deadline)
            timer = jthread([s = state, when = *deadline] {
                std::unique_lock lock(s->m);
                if (!s->cv.wait_until(lock, when, [&] { return s->done; })) s->fire(lock);
            });
        if (stop.stop_possible())
            on_stop = std::make_unique<stop_callback<std::function<void()>>>(std::move(stop),
                                                                                  std::function<void()>([s = state] {
                                                                                      std::unique_lock lock(s->m);
                                                                                      s->fire(lock);
                                                                                  }));
    }
    ~cancel_watch() {
        {
            std::lock_guard lock(state->m);
            state->done = true;
        }
        state->cv.notify_all();
        on_stop.reset();  // waits for a callback in progress
        if (timer.joinable()) timer.join();
    }
    cancel_watch(const cancel_watch&) = delete;
    cancel_watch& operator=(const cancel_watch&) = delete;

    [[nodiscard]] bool fired() const {
        std::lock_guard lock(state->m);
        return state->fired;
    }
};

}  // namespace tfpp::detail
