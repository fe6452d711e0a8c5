// The platform layer's functions do what serve() and the acceptance harness
// rely on, on the machine the tests run on (a port runs the same cases).
#include <tfpp/platform/detail/clock.hpp>
#include <tfpp/platform/detail/command_line.hpp>
#include <tfpp/platform/detail/files.hpp>
#include <tfpp/platform/detail/output.hpp>
#include <tfpp/platform/detail/piped_child.hpp>
#include <tfpp/platform/detail/process.hpp>
#include <tfpp/platform/detail/signals.hpp>
#include <tfpp/platform/detail/unix_socket.hpp>
#include <tfpp/platform/detail/wakeup.hpp>

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

std::string contents(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct scratch_dir {
    std::string path = tfpp::detail::temporary_directory() + "/tfpp-platform-test-XXXXXX";
    scratch_dir() { REQUIRE(tfpp::detail::make_private_directory(path.data()) == 0); }
    ~scratch_dir() { fs::remove_all(path); }
};

std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (std::string& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// Runs a shell script in a process group of its own until it ends; past `limit`, kills the group (or fails).
tfpp::detail::child_state run(const std::string& script, const scratch_dir& dir, std::chrono::milliseconds limit,
                               bool kill_at_limit) {
    std::vector<std::string> argv{"/bin/sh", "-c", script};
    std::vector<std::string> env = tfpp::detail::environment_entries();
    std::vector<char*> c_argv = c_strings(argv);
    std::vector<char*> c_env = c_strings(env);
    tfpp::detail::process_id pid = -1;
    const std::string out = dir.path + "/out", err = dir.path + "/err";
    REQUIRE(tfpp::detail::spawn_in_new_process_group(pid, c_argv.data(), c_env.data(), out.c_str(), err.c_str()) ==
            0);
    REQUIRE(pid > 0);
    CHECK(::getpgid(static_cast<pid_t>(pid)) == pid);  // a process group of its own, led by the child
    auto deadline = std::chrono::steady_clock::now() + limit;
    bool killed = false;
    for (;;) {
        const tfpp::detail::child_state s = tfpp::detail::look_at_child(pid);
        REQUIRE(s.error == 0);
        if (s.ended) return s;
        if (std::chrono::steady_clock::now() > deadline) {
            if (!kill_at_limit || killed) FAIL("the child did not end");
            tfpp::detail::kill_process_group(pid);
            killed = true;
            deadline = std::chrono::steady_clock::now() + 10s;  // for the killed group to end
        }
        std::this_thread::sleep_for(2ms);
    }
}

// Starts a shell script with its stdout piped here and its stderr into dir/err; REQUIREs the start.
void start_piped(tfpp::detail::piped_child& c, const std::string& script, const scratch_dir& dir) {
    std::vector<std::string> argv{"/bin/sh", "-c", script};
    std::vector<std::string> env{"PATH=/usr/bin:/bin"};
    std::vector<char*> c_argv = c_strings(argv);
    std::vector<char*> c_env = c_strings(env);
    const std::string err = dir.path + "/err";
    REQUIRE(tfpp::detail::spawn_with_piped_stdout(c, c_argv.data(), c_env.data(), err.c_str()) == 0);
    REQUIRE(c.pid > 0);
    REQUIRE(c.out_fd >= 0);
}

}  // namespace

TEST_CASE("write_all writes all of a string larger than a pipe holds, and stops on a closed pipe") {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const std::string text(256 * 1024, 'x');
    std::string read_back;
    std::thread reader([&] {
        char buf[4096];
        for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) read_back.append(buf, static_cast<std::size_t>(n));
    });
    tfpp::detail::write_all(fds[1], text);
    ::close(fds[1]);
    reader.join();
    ::close(fds[0]);
    CHECK(read_back == text);

    REQUIRE(::pipe(fds) == 0);
    ::close(fds[0]);
    tfpp::detail::ignore_broken_pipes_until_exec();
    tfpp::detail::write_all(fds[1], "nobody reads this");  // returns (EPIPE), no signal ends the test
    ::close(fds[1]);
    CHECK(tfpp::detail::standard_output_fd == 1);
    CHECK(tfpp::detail::standard_error_fd == 2);
}

TEST_CASE("a wakeup is seen once notified, from another thread too, and not before") {
    tfpp::detail::wakeup w;
    REQUIRE(w.ok());
    CHECK_FALSE(w.wait_for_notify(10ms));
    std::thread t([&] { tfpp::detail::wakeup::notify(w.write_fd()); });
    CHECK(w.wait_for_notify(5s));
    t.join();
    CHECK(w.wait_for_notify(0ms));  // it stays readable
}

TEST_CASE("a private directory is new and its owner's alone; a missing parent gives its errno") {
    scratch_dir dir;
    CHECK(dir.path.find("XXXXXX") == std::string::npos);
    struct stat st{};
    REQUIRE(::stat(dir.path.c_str(), &st) == 0);
    CHECK(S_ISDIR(st.st_mode));
    CHECK((st.st_mode & 0777) == 0700);

    std::string missing = dir.path + "/no/such/dir-XXXXXX";
    CHECK(tfpp::detail::make_private_directory(missing.data()) == ENOENT);
}

TEST_CASE("share_with_group gives a directory and its entry to a group with modes 0750 and 0660") {
    scratch_dir dir;
    const std::string entry = dir.path + "/provider.sock";
    std::ofstream(entry) << "x";
    CHECK(tfpp::detail::share_with_group(dir.path, "provider.sock", ::getegid()) == 0);
    struct stat st{};
    REQUIRE(::stat(dir.path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0750);
    CHECK(st.st_gid == ::getegid());
    REQUIRE(::stat(entry.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0660);

    CHECK(tfpp::detail::share_with_group(dir.path, "missing", ::getegid()) == ENOENT);
    CHECK(tfpp::detail::share_with_group(dir.path + "/missing", "provider.sock", ::getegid()) == ENOENT);
    tfpp::detail::remove_file(entry);
    CHECK_FALSE(fs::exists(entry));
    tfpp::detail::remove_empty_directory(dir.path);
    CHECK_FALSE(fs::exists(dir.path));
}

TEST_CASE("group_named finds the group with id 0 by its name and no group for a made-up name") {
    CHECK(tfpp::detail::group_named("root") == 0ul);
    CHECK_FALSE(tfpp::detail::group_named("tfpp-no-such-group").has_value());
}

TEST_CASE("is_executable_file tells a program from a plain file and a missing path") {
    scratch_dir dir;
    const std::string plain = dir.path + "/plain";
    std::ofstream(plain) << "x";
    CHECK(tfpp::detail::is_executable_file("/bin/sh"));
    CHECK_FALSE(tfpp::detail::is_executable_file(plain.c_str()));
    CHECK_FALSE(tfpp::detail::is_executable_file((dir.path + "/missing").c_str()));
}

TEST_CASE("a spawned command gets no stdin, writes stdout and stderr into its files, and reports its exit code") {
    scratch_dir dir;
    const tfpp::detail::child_state s =
        run("cat; echo out; echo err >&2; test \"$TFPP_PLATFORM_TEST\" = 1 && exit 3; exit 4", dir, 20s, false);
    CHECK(s.ended);
    CHECK(s.exit_code == 4);  // the test's variable is not set here
    CHECK(contents(dir.path + "/out") == "out\n");
    CHECK(contents(dir.path + "/err") == "err\n");
}

TEST_CASE("the environment is this process's, and reaches a spawned command") {
    REQUIRE(::setenv("TFPP_PLATFORM_TEST", "1", 1) == 0);
    const std::vector<std::string> env = tfpp::detail::environment_entries();
    CHECK(std::find(env.begin(), env.end(), "TFPP_PLATFORM_TEST=1") != env.end());
    scratch_dir dir;
    CHECK(run("test \"$TFPP_PLATFORM_TEST\" = 1 && exit 3; exit 4", dir, 20s, false).exit_code == 3);
    ::unsetenv("TFPP_PLATFORM_TEST");
}

TEST_CASE("killing a command's process group ends it and what it started; a signal's end is exit code -1") {
    scratch_dir dir;
    const auto start = std::chrono::steady_clock::now();
    const std::string marker = dir.path + "/marker";
    const tfpp::detail::child_state s =
        run("(sleep 1; echo alive > '" + marker + "') & sleep 30; wait", dir, 200ms, true);
    CHECK(s.ended);
    CHECK(s.exit_code == -1);
    CHECK(std::chrono::steady_clock::now() - start < 10s);
    std::this_thread::sleep_for(1500ms);  // past the second the grandchild would have lived
    CHECK_FALSE(fs::exists(marker));
}

TEST_CASE("this process's id and its parent's") {
    CHECK(tfpp::detail::current_process_id() == ::getpid());
    CHECK(tfpp::detail::parent_process_id() == ::getppid());
    (void)tfpp::detail::runs_on_one_cpu();  // either answer is right; it must not fail to build or crash
}

TEST_CASE("parse_long_options: names, unambiguous prefixes, an optional value, unknown options and operands") {
    static constexpr tfpp::detail::long_option options[] = {{"debug", false, 'd'}, {"docs", true, 'D'},
                                                            {"version", false, 'v'}};
    auto parse = [&](std::vector<std::string> args) {
        std::vector<char*> argv = c_strings(args);
        std::vector<std::string> seen;
        const int operand =
            tfpp::detail::parse_long_options(static_cast<int>(args.size()), argv.data(), "h", options,
                                             [&](int id, const char* value, int next) {
                                                 seen.push_back(std::string(1, static_cast<char>(id)) + "=" +
                                                                (value ? value : "") + "@" + std::to_string(next));
                                             });
        seen.push_back("operand@" + std::to_string(operand));
        return seen;
    };
    CHECK(parse({"p", "--debug", "--docs=dir", "--vers"}) ==
          std::vector<std::string>{"d=@2", "D=dir@3", "v=@4", "operand@4"});
    CHECK(parse({"p", "--docs", "-h"}) == std::vector<std::string>{"D=@2", "h=@3", "operand@3"});
    CHECK(parse({"p", "--nope", "x"}) == std::vector<std::string>{"?=@2", "operand@2"});
    CHECK(parse({"p", "--d"}) == std::vector<std::string>{"?=@2", "operand@2"});  // ambiguous: debug or docs
}

TEST_CASE("the ending signals' names, and the calendar time in UTC") {
    CHECK(tfpp::detail::ending_signal_name(SIGTERM) == "SIGTERM received");
    CHECK(tfpp::detail::ending_signal_name(SIGINT) == "SIGINT received");
    CHECK(tfpp::detail::ending_signal_name(SIGUSR1) == "signal received");
    const std::tm tm = tfpp::detail::utc_calendar_time(86400 * 365 + 3661);
    CHECK(tm.tm_year == 71);
    CHECK(tm.tm_yday == 0);
    CHECK(tm.tm_hour == 1);
    CHECK(tm.tm_min == 1);
    CHECK(tm.tm_sec == 1);
}

TEST_CASE("a unix socket's path limit is the system's sun_path") {
    CHECK(tfpp::detail::unix_socket_path_limit >= 100);
    CHECK(tfpp::detail::unix_socket_path_limit <= 108);
}

TEST_CASE("all_signals_blocked blocks every signal on its thread while it lives, then restores the mask") {
    int term_inside = -1, hup_inside = -1, term_after = -1;  // asserted here: Catch2 asserts on one thread
    std::thread([&] {
        sigset_t now;
        {
            const tfpp::detail::all_signals_blocked blocked;
            pthread_sigmask(SIG_SETMASK, nullptr, &now);
            term_inside = sigismember(&now, SIGTERM);
            hup_inside = sigismember(&now, SIGHUP);
        }
        pthread_sigmask(SIG_SETMASK, nullptr, &now);
        term_after = sigismember(&now, SIGTERM);
    }).join();
    CHECK(term_inside == 1);
    CHECK(hup_inside == 1);
    CHECK(term_after == 0);
}

TEST_CASE("a piped child's first stdout line is read within the deadline; its stderr goes into its file") {
    scratch_dir dir;
    tfpp::detail::piped_child c;
    start_piped(c, "read x; echo \"[$x]\" >&2; echo first; echo second; exit 7", dir);
    CHECK(tfpp::detail::read_line_within(c.out_fd, 20s) == std::optional<std::string>("first"));
    REQUIRE(c.wait(20s));
    CHECK(c.reaped);
    CHECK(c.exit_code() == 7);
    CHECK(contents(dir.path + "/err") == "[]\n");  // stdin is the null device
    CHECK(c.usage.max_rss_kb > 0);
    CHECK(c.cpu_ms() >= 0);
}

TEST_CASE("reading a piped child's line gives up at the deadline and at the end of its output") {
    scratch_dir dir;
    {
        tfpp::detail::piped_child silent;
        start_piped(silent, "exec sleep 30", dir);
        const auto start = std::chrono::steady_clock::now();
        CHECK_FALSE(tfpp::detail::read_line_within(silent.out_fd, 200ms));
        const auto waited = std::chrono::steady_clock::now() - start;
        CHECK(waited >= 150ms);
        CHECK(waited < 10s);
        CHECK_FALSE(silent.wait(10ms));  // still running
    }  // the destructor kills and reaps it: no hang here
    tfpp::detail::piped_child partial;
    start_piped(partial, "printf 'no newline'", dir);
    CHECK_FALSE(tfpp::detail::read_line_within(partial.out_fd, 20s));
    REQUIRE(partial.wait(20s));
    CHECK(partial.exit_code() == 0);
}

TEST_CASE("a killed piped child's exit code is minus SIGKILL; a missing program is an errno") {
    scratch_dir dir;
    tfpp::detail::piped_child c;
    start_piped(c, "echo up; exec sleep 30", dir);
    REQUIRE(tfpp::detail::read_line_within(c.out_fd, 20s) == std::optional<std::string>("up"));
    const auto start = std::chrono::steady_clock::now();
    c.kill();
    REQUIRE(c.wait(20s));
    CHECK(c.exit_code() == -SIGKILL);
    CHECK(std::chrono::steady_clock::now() - start < 10s);

    tfpp::detail::piped_child missing;
    std::vector<std::string> argv{dir.path + "/missing"};
    std::vector<std::string> env;
    std::vector<char*> c_argv = c_strings(argv);
    std::vector<char*> c_env = c_strings(env);
    CHECK(tfpp::detail::spawn_with_piped_stdout(missing, c_argv.data(), c_env.data(), "/dev/null") == ENOENT);
    CHECK(missing.pid == -1);
    CHECK(missing.out_fd == -1);
    CHECK_FALSE(missing.wait(10ms));  // no wait4(-1): that would reap any child
}
