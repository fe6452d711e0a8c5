// A child process whose stdout is a pipe to this one (a go-plugin server
// writes its handshake line there): started, read a line at a time with a
// deadline, waited for with the resources it used, killed.
#pragma once

#include <tfpp/platform/detail/process.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

namespace tfpp::detail {

// What a child used until it was reaped.
struct child_usage {
    double cpu_ms = 0;    // user and system time
    long max_rss_kb = 0;  // its peak resident set
};

inline child_usage usage_of(const rusage& u) noexcept {
    child_usage out;
    out.cpu_ms = static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
                 static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
#if defined(__APPLE__)
    out.max_rss_kb = static_cast<long>(u.ru_maxrss / 1024);  // bytes on macOS, kB elsewhere
#else
    out.max_rss_kb = static_cast<long>(u.ru_maxrss);
#endif
    return out;
}

// Killed and reaped when destroyed unless waited for; its pipe closed.
struct piped_child {
    process_id pid = -1;
    int out_fd = -1;  // the read end of its stdout
    bool reaped = false;
    int status = 0;  // waitpid's, once reaped
    child_usage usage{};

    piped_child() = default;
    piped_child(const piped_child&) = delete;
    piped_child& operator=(const piped_child&) = delete;
    ~piped_child() {
        if (pid > 0 && !reaped) {
            kill();
            rusage u{};
            while (::wait4(static_cast<pid_t>(pid), &status, 0, &u) < 0 && errno == EINTR) {}
            usage = usage_of(u);
        }
        if (out_fd >= 0) ::close(out_fd);
    }

    // Reaps the child, waiting at most `timeout`; false on timeout, and when
    // none was started (wait4(-1) would reap any child of this process).
    bool wait(std::chrono::milliseconds timeout) noexcept {
        if (pid <= 0) return reaped;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!reaped) {
            rusage u{};
            const pid_t r = ::wait4(static_cast<pid_t>(pid), &status, WNOHANG, &u);
            if (r == pid) {
                reaped = true;
                usage = usage_of(u);
            } else if (r < 0 && errno != EINTR) {
                return false;
            } else if (std::chrono::steady_clock::now() >= deadline) {
                return false;
            } else {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        }
        return true;
    }

    // SIGKILL, the child alone (not its process group).
    void kill() const noexcept {
        if (pid > 0) ::kill(static_cast<pid_t>(pid), SIGKILL);
    }

    [[nodiscard]] double cpu_ms() const noexcept { return usage.cpu_ms; }
    // Its exit status, or minus the signal that ended it.
    [[nodiscard]] int exit_code() const noexcept {
        return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }
};

// A pipe whose two ends are closed on exec: the child gets its end by dup2.
inline int close_on_exec_pipe(int (&fds)[2]) noexcept {
#if defined(__linux__)
    return ::pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
#else
    if (::pipe(fds) != 0) return errno;
    if (::fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || ::fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        const int error = errno;
        ::close(fds[0]);
        ::close(fds[1]);
        return error;
    }
    return 0;
#endif
}

// Starts argv[0] (a path; argv and env end with a null pointer) with `env`:
// stdin from the null device, stdout into a pipe (c.out_fd), stderr into a
// file (created or truncated, mode 0644), no signal blocked and SIGINT,
// SIGTERM, SIGPIPE, SIGHUP and SIGQUIT at their defaults. posix_spawn, not
// fork: the caller runs gRPC threads. Returns 0 or an errno value.
inline int spawn_with_piped_stdout(piped_child& c, char* const* argv, char* const* env,
                                   const char* stderr_path) noexcept {
    int out[2];
    if (const int error = close_on_exec_pipe(out); error != 0) return error;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaddset(&defaults, s);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t child = -1;
    const int error = ::posix_spawn(&child, argv[0], &actions, &attributes, argv, env);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(out[1]);
    if (error != 0) {
        ::close(out[0]);
        c.pid = -1;
        return error;
    }
    c.pid = child;
    c.out_fd = out[0];
    return 0;
}

// The first line from `fd` (without its newline) within `timeout`; none on
// timeout, end of file or a read error. What follows the line is dropped.
inline std::optional<std::string> read_line_within(int fd, std::chrono::milliseconds timeout) {
    std::string buf;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (const auto nl = buf.find('\n'); nl != std::string::npos) return buf.substr(0, nl);
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) return std::nullopt;
        pollfd p{fd, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(left));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        char chunk[4096];
        const ssize_t r = ::read(fd, chunk, sizeof chunk);
        if (r <= 0) return std::nullopt;
        buf.append(chunk, static_cast<std::size_t>(r));
    }
}

}  // namespace tfpp::detail
