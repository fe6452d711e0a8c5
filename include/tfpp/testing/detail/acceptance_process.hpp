// Running a CLI command for the acceptance harness: its own environment, no
// stdin, stdout and stderr captured apart, a time limit. posix_spawn rather
// than fork, because the test process runs gRPC threads.
#pragma once

#include <tfpp/platform/detail/files.hpp>
#include <tfpp/platform/detail/process.hpp>

#include <algorithm>
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
#include <utility>
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
    for (std::string& entry : tfpp::detail::environment_entries())
        if (kept(entry)) env.push_back(std::move(entry));
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

    // Default signal handling and its own process group: a command past its
    // time limit is killed with whatever it started.
    std::vector<char*> c_argv = c_strings(argv);
    std::vector<char*> c_env = c_strings(env);
    const auto start = std::chrono::steady_clock::now();
    tfpp::detail::process_id pid = -1;
    if (const int spawn_error = tfpp::detail::spawn_in_new_process_group(pid, c_argv.data(), c_env.data(),
                                                                         out_path.c_str(), err_path.c_str());
        spawn_error != 0)
        throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(spawn_error));

    command_result result;
    tfpp::detail::child_state child;
    auto pause = std::chrono::microseconds(500);
    for (;;) {
        child = tfpp::detail::look_at_child(pid);
        if (child.ended) break;
        if (child.error != 0) throw std::runtime_error(std::string("waitpid: ") + std::strerror(child.error));
        if (!result.timed_out && std::chrono::steady_clock::now() - start > time_limit) {
            result.timed_out = true;
            tfpp::detail::kill_process_group(pid);
        }
        std::this_thread::sleep_for(pause);
        pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(10));
    }
    result.elapsed = std::chrono::steady_clock::now() - start;
    result.exit_code = child.exit_code;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::filesystem::remove(out_path);
    std::filesystem::remove(err_path);
    return result;
}

// A fresh directory under TMPDIR (or /tmp).
inline std::filesystem::path make_temp_directory(std::string_view prefix) {
    std::string templ = tfpp::detail::temporary_directory() + "/" + std::string(prefix) + "XXXXXX";
    if (const int error = tfpp::detail::make_private_directory(templ.data()); error != 0)
        throw std::runtime_error("cannot create a directory from " + templ + ": " + std::strerror(error));
    return templ;
}

}  // namespace tfpp::testing::detail
