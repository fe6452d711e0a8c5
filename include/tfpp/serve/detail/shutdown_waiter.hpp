// Waits for Shutdown, a signal that ends the provider, or for the parent to
// go away without saying so.
#pragma once

#include <tfpp/serve/detail/handshake.hpp>

#include <tfpp/platform/detail/wakeup.hpp>

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <initializer_list>
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
inline void on_ignored_signal(int) {}

// Signals are caught, never blocked or ignored: a blocked mask and an ignored
// signal pass on to every process a handler starts, while a caught signal is
// back to its default in the new program.
inline void catch_signal(int signal, void (*handler)(int)) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(signal, &action, nullptr);
}

// SIGINT (managed by Terraform, which sends StopProvider instead) and
// SIGPIPE (a write to a closed socket fails with EPIPE) do nothing.
inline void ignore_until_exec(int signal) { catch_signal(signal, on_ignored_signal); }

// Waits for Shutdown, SIGTERM, SIGHUP or SIGQUIT (and SIGINT in debug mode),
// or for the parent to go away without saying so.
class shutdown_waiter {
public:
    explicit shutdown_waiter(bool debug) : parent_(::getppid()), watch_parent_(!debug) {
        if (!ok()) return;
        signal_received.store(0);
        signal_event_fd.store(wake_.write_fd());
        for (const int s : {SIGTERM, SIGHUP, SIGQUIT}) catch_signal(s, on_ending_signal);
        if (debug) catch_signal(SIGINT, on_ending_signal);
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
        pollfd fd{wake_.read_fd(), POLLIN, 0};
        for (;;) {
            if (::poll(&fd, 1, 1000) > 0 && (fd.revents & POLLIN)) {
                const int signal = signal_received.load();
                return signal == 0 ? "shutdown requested" : signal_name(signal);
            }
            if (watch_parent_ && ::getppid() != parent_) return "parent process exited";
        }
    }

private:
    static std::string_view signal_name(int signal) noexcept {
        switch (signal) {
        case SIGTERM: return "SIGTERM received";
        case SIGHUP: return "SIGHUP received";
        case SIGQUIT: return "SIGQUIT received";
        case SIGINT: return "SIGINT received";
        default: return "signal received";
        }
    }

    pid_t parent_;
    bool watch_parent_;
    wakeup wake_;  // notified by request() and by the signal handler
};

}  // namespace tfpp::detail
