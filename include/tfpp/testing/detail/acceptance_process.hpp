// Running a CLI command for the acceptance harness: its own environment, no
// stdin, stdout and stderr captured apart, a time limit. posix_spawn rather
// than fork, because the test process runs gRPC threads.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tfpp::testing::detail {

struct command_result {
    int exit_code = -1;  // -1: killed by a signal, or by the time limit
    bool timed_out = false;
    std::string out;  // stdout
    std::string err;  // stderr
    std::chrono::duration<double> elapsed{};

    [[nodiscard]] std::string output() const { return err.empty() ? out : out + err; }
};

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_file(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// This process's environment without what would change how the CLI behaves
// behind the harness's back (TF_CLI_ARGS*, TF_DATA_DIR, TF_REATTACH_PROVIDERS,
// TF_PLUGIN_CACHE_DIR, go-plugin's PLUGIN_* and the like); the TF_LOG*
// variables stay, to debug a failing test. `extra` is added ("NAME=value").
inline std::vector<std::string> cli_environment(const std::vector<std::string>& extra) {
    auto kept = [](std::string_view entry) {
        const std::string_view name = entry.substr(0, entry.find('='));
        if (name.starts_with("TF_LOG")) return true;
        return !name.starts_with("TF_") && !name.starts_with("PLUGIN_") && !name.starts_with("CHECKPOINT_");
    };
    std::vector<std::string> env;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e)
        if (kept(*e)) env.emplace_back(*e);
    env.insert(env.end(), extra.begin(), extra.end());
    return env;
}

inline std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (std::string& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// Runs argv[0] (a path) with `env`; its output goes through two files in
// `scratch_dir`, which never fill up the way pipes do.
inline command_result run_command(std::vector<std::string> argv, std::vector<std::string> env,
                                  const std::filesystem::path& scratch_dir, std::chrono::seconds time_limit) {
    const std::string out_path = (scratch_dir / "command.stdout").string();
    const std::string err_path = (scratch_dir / "command.stderr").string();

    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    // Default signal handling and its own process group: a command past its
    // time limit is killed with whatever it started.
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

    std::vector<char*> c_argv = c_strings(argv);
    std::vector<char*> c_env = c_strings(env);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = -1;
    const int spawn_error = ::posix_spawn(&pid, c_argv[0], &files, &attributes, c_argv.data(), c_env.data());
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attributes);
    if (spawn_error != 0) throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(spawn_error));

    command_result result;
    int status = 0;
    auto pause = std::chrono::microseconds(500);
    for (;;) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
        if (!result.timed_out && std::chrono::steady_clock::now() - start > time_limit) {
            result.timed_out = true;
            ::kill(-pid, SIGKILL);
        }
        std::this_thread::sleep_for(pause);
        pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(10));
    }
    result.elapsed = std::chrono::steady_clock::now() - start;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::filesystem::remove(out_path);
    std::filesystem::remove(err_path);
    return result;
}

// A fresh directory under TMPDIR (or /tmp).
inline std::filesystem::path make_temp_directory(std::string_view prefix) {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + std::string(prefix) + "XXXXXX";
    if (::mkdtemp(templ.data()) == nullptr)
        throw std::runtime_error("cannot create a directory from " + templ + ": " + std::strerror(errno));
    return templ;
}

}  // namespace tfpp::testing::detail
