// Signals: the ones that end a provider, the ones it ignores, and a thread
// that takes none.
#pragma once

#include <signal.h>

#include <string_view>

namespace tfpp::detail {

using signal_handler = void (*)(int);

// Signals are caught, never blocked or ignored: a blocked mask and an ignored
// signal pass on to every process a handler starts, while a caught signal is
// back to its default in the new program.
inline void catch_signal(int signal, signal_handler handler) noexcept {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(signal, &action, nullptr);
}

inline void on_ignored_signal(int) {}

// What ends a provider: SIGTERM, SIGHUP and SIGQUIT, and SIGINT too when asked
// (in --debug, where no CLI sends StopProvider).
inline void catch_ending_signals(bool interrupt_too, signal_handler handler) noexcept {
    for (const int s : {SIGTERM, SIGHUP, SIGQUIT}) catch_signal(s, handler);
    if (interrupt_too) catch_signal(SIGINT, handler);
}

inline std::string_view ending_signal_name(int signal) noexcept {
    switch (signal) {
    case SIGTERM: return "SIGTERM received";
    case SIGHUP: return "SIGHUP received";
    case SIGQUIT: return "SIGQUIT received";
    case SIGINT: return "SIGINT received";
    default: return "signal received";
    }
}

// SIGINT does nothing: Terraform sends StopProvider instead.
inline void ignore_interrupts_until_exec() noexcept { catch_signal(SIGINT, on_ignored_signal); }

// SIGPIPE does nothing: a write to a closed socket fails with EPIPE instead.
inline void ignore_broken_pipes_until_exec() noexcept { catch_signal(SIGPIPE, on_ignored_signal); }

// Blocks every signal on the calling thread while it lives, so that the
// threads it starts take none; then the thread's mask is as before.
class all_signals_blocked {
public:
    all_signals_blocked() noexcept {
        sigset_t all;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &before_);
    }
    ~all_signals_blocked() { pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
    all_signals_blocked(const all_signals_blocked&) = delete;
    all_signals_blocked& operator=(const all_signals_blocked&) = delete;

private:
    sigset_t before_;
};

}  // namespace tfpp::detail
