// local_command: runs a program in a process group of its own, each line it
// writes (stdout and stderr) a progress message.
#include "command.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace local {

namespace {

// What waitpid() said, as an error; empty for status 0.
std::string failure(const std::string& program, int status) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
    if (WIFEXITED(status)) return program + " exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return program + " was killed by signal " + std::to_string(WTERMSIG(status));
    return program + " ended with status " + std::to_string(status);
}

}  // namespace

void command_action::invoke(const command_config& c, tfpp::action_progress& progress, tfpp::context& ctx) {
    std::vector<std::string> args = *c.command;
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const auto command_path = tfpp::path_of(&command_config::command);

    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ctx.error("Cannot run the command", std::string("pipe: ") + std::strerror(errno));
        return;
    }
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&files);
    ::posix_spawn_file_actions_adddup2(&files, out[1], STDOUT_FILENO);
    ::posix_spawn_file_actions_adddup2(&files, out[1], STDERR_FILENO);
    ::posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    const std::string dir = c.working_dir.is_known() ? p.resolve(*c.working_dir) : std::string();
    if (!dir.empty()) ::posix_spawn_file_actions_addchdir_np(&files, dir.c_str());
    // Its own process group: a stop terminates what it started too.
    ::posix_spawnattr_init(&attributes);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    ::posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = 0;
    const int spawned = ::posix_spawnp(&pid, argv[0], &files, &attributes, argv.data(), environ);
    ::posix_spawn_file_actions_destroy(&files);
    ::posix_spawnattr_destroy(&attributes);
    ::close(out[1]);
    if (spawned != 0) {
        ::close(out[0]);
        ctx.error("Cannot run the command", args[0] + (dir.empty() ? "" : " in " + dir) + ": " + std::strerror(spawned),
                  command_path);
        return;
    }

    bool stopped = false;
    const auto stop = [&] {
        stopped = true;
        ::kill(-pid, SIGTERM);
    };
    {
        const auto cancel = ctx.on_cancel([pid] { ::kill(-pid, SIGTERM); });  // StopProvider
        std::string pending;
        char buffer[4096];
        for (;;) {
            const ssize_t n = ::read(out[0], buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            pending.append(buffer, static_cast<std::size_t>(n));
            for (std::size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1))
                if (!stopped && !progress.report(pending.substr(0, end))) stop();  // the client is gone
        }
        if (!pending.empty() && !stopped) progress.report(pending);
    }
    ::close(out[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (stopped || (ctx.stop_requested() && status != 0))
        ctx.error("Command stopped", args[0] + " was terminated: Terraform stopped the run.", command_path);
    else if (const std::string why = failure(args[0], status); !why.empty())
        ctx.error("Command failed", why, command_path);
}

}  // namespace local
