// Waits for Shutdown, a signal that ends the provider, or for the parent to
// go away without saying so.
#pragma once

#include <tfpp/serve/detail/handshake.hpp>

#include <tfpp/platform/detail/process.hpp>
#include <tfpp/platform/detail/signals.hpp>
#include <tfpp/platform/detail/wakeup.hpp>

#include <atomic>
#include <chrono>
#include <string_view>

namespace tfpp::detail {

// Where the signal handler reports to (the waiter's wakeup descriptor; -1 when no
// waiter listens), and the signal it saw.
inline std::atomic<int> signal_event_fd{-1};
inline std::atomic<int> signal_received{0};

inline void on_ending_signal(int signal) {
    signal_received.store(signal);
    if (const int fd = signal_event_fd.load(); fd >= 0) wakeup::notify(fd);
}

// Waits for Shutdown, SIGTERM, SIGHUP or SIGQUIT (and SIGINT in debug mode),
// or for the parent to go away without saying so.
class shutdown_waiter {
public:
    explicit shutdown_waiter(bool debug) : parent_(parent_process_id()), watch_parent_(!debug) {
        if (!ok()) return;
        signal_received.store(0);
        signal_event_fd.store(wake_.write_fd());
        catch_ending_signals(debug, on_ending_signal);
    }
    ~shutdown_waiter() {
        signal_event_fd.store(-1);
    }
    shutdown_waiter(const shutdown_waiter&) = delete;
    shutdown_waiter& operator=(const shutdown_waiter&) = delete;

    [[nodiscard]] bool ok() const noexcept { return wake_.ok(); }

    void request() noexcept {
        wakeup::notify(wake_.write_fd());
    }

    // Returns why it stopped waiting.
    std::string_view wait() {
        for (;;) {
            if (wake_.wait_for_notify(std::chrono::seconds(1))) {
                const int signal = signal_received.load();
                return signal == 0 ? "shutdown requested" : ending_signal_name(signal);
            }
            if (watch_parent_ && parent_process_id() != parent_) return "parent process exited";
        }
    }

private:
    process_id parent_;
    bool watch_parent_;
    wakeup wake_;  // notified by request() and by the signal handler
};

}  // namespace tfpp::detail
