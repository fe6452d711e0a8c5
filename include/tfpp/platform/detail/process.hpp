// Processes: this one's id and its parent's, the CPUs it may run on, and
// commands started in a process group of their own (the acceptance harness),
// waited for and killed with whatever they started.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__APPLE__)
#include <crt_externs.h>
#endif

#include <cerrno>
#include <string>
#include <thread>
#include <vector>

namespace tfpp::detail {

#if !defined(__APPLE__)
// POSIX leaves its declaration to the program (glibc's <unistd.h> has one
// under _GNU_SOURCE only); with C linkage it is ::environ, in any namespace.
extern "C" char** environ;
#endif

using process_id = long;

inline process_id current_process_id() noexcept { return static_cast<process_id>(::getpid()); }

// Changes when the parent exits without waiting for this process (it gets a
// new parent, the init process or a subreaper).
inline process_id parent_process_id() noexcept { return static_cast<process_id>(::getppid()); }

// True when the process may run on one CPU only (its affinity mask on Linux,
// the machine's CPUs elsewhere): a second thread then only adds its own cost.
inline bool runs_on_one_cpu() noexcept {
#if defined(__linux__)
    cpu_set_t cpus;
    return sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) == 1;
#else
    return std::thread::hardware_concurrency() == 1;
#endif
}

// This process's environment, "NAME=value" each.
inline std::vector<std::string> environment_entries() {
#if defined(__APPLE__)
    char** const entries = *_NSGetEnviron();  // a shared library on macOS cannot link `environ`
#else
    char** const entries = environ;
#endif
    std::vector<std::string> out;
    for (char** e = entries; e != nullptr && *e != nullptr; ++e) out.emplace_back(*e);
    return out;
}

// Starts argv[0] (a path; argv and env end with a null pointer) with `env`:
// stdin from the null device, stdout and stderr into two files (created or
// truncated, mode 0600), every signal at its default and unblocked, in a
// process group of its own whose id is `pid`. Returns 0 or an errno value.
inline int spawn_in_new_process_group(process_id& pid, char* const* argv, char* const* env, const char* stdout_path,
                                      const char* stderr_path) noexcept {
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigset_t all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    pid_t child = -1;
    const int error = ::posix_spawn(&child, argv[0], &files, &attributes, argv, env);
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attributes);
    pid = child;
    return error;
}

// A look at a child started above, without waiting.
struct child_state {
    bool ended = false;
    int exit_code = -1;  // once ended: -1 when a signal ended it
    int error = 0;       // an errno value when the look failed
};

inline child_state look_at_child(process_id pid) noexcept {
    int status = 0;
    const pid_t done = ::waitpid(static_cast<pid_t>(pid), &status, WNOHANG);
    if (done == pid) return {true, WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0};
    if (done < 0 && errno != EINTR) return {false, -1, errno};
    return {};
}

// Kills the child's process group: the child and whatever it started.
inline void kill_process_group(process_id leader) noexcept { ::kill(-static_cast<pid_t>(leader), SIGKILL); }

}  // namespace tfpp::detail
