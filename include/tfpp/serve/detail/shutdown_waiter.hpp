// Waits for Shutdown, SIGTERM (and SIGINT in debug mode), or for the parent
// to go away without saying so.
#pragma once

#include <tfpp/serve/detail/handshake.hpp>

#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <chrono>

namespace tfpp::detail {

// Waits for Shutdown, SIGTERM (and SIGINT in debug mode), or for the parent
// to go away without saying so.
class shutdown_waiter {
public:
    explicit shutdown_waiter(bool debug) : parent_(::getppid()), watch_parent_(!debug) {
        sigemptyset(&signals_);
        sigaddset(&signals_, SIGTERM);
        if (debug) sigaddset(&signals_, SIGINT);
        // Blocked before gRPC starts its threads, so only the signalfd sees them.
        pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
        signal_fd_ = ::signalfd(-1, &signals_, SFD_CLOEXEC);
        event_fd_ = ::eventfd(0, EFD_CLOEXEC);
    }
    ~shutdown_waiter() {
        if (signal_fd_ >= 0) ::close(signal_fd_);
        if (event_fd_ >= 0) ::close(event_fd_);
    }
    shutdown_waiter(const shutdown_waiter&) = delete;
    shutdown_waiter& operator=(const shutdown_waiter&) = delete;

    [[nodiscard]] bool ok() const noexcept { return signal_fd_ >= 0 && event_fd_ >= 0; }

    void request() noexcept {
        const std::uint64_t one = 1;
        (void)!::write(event_fd_, &one, sizeof one);
    }

    // Returns why it stopped waiting.
    std::string_view wait() {
        pollfd fds[2] = {{signal_fd_, POLLIN, 0}, {event_fd_, POLLIN, 0}};
        for (;;) {
            const int n = ::poll(fds, 2, 1000);
            if (n > 0 && (fds[1].revents & POLLIN)) return "shutdown requested";
            if (n > 0 && (fds[0].revents & POLLIN)) return "signal received";
            if (watch_parent_ && ::getppid() != parent_) return "parent process exited";
        }
    }

private:
    sigset_t signals_{};
    pid_t parent_;
    bool watch_parent_;
    int signal_fd_ = -1;
    int event_fd_ = -1;
};

}  // namespace tfpp::detail
