// Stopping: GRPCController/Shutdown, SIGTERM, SIGHUP and SIGQUIT end the
// process with exit code 0 and remove the socket directory; SIGINT is ignored
// (Terraform passes Ctrl-C on as StopProvider instead), in a way no process a
// handler starts inherits.
#include "harness.hpp"

#include <tfplugin5.grpc.pb.h>

#include <sys/prctl.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace test_shutdown {

using namespace test_serve;

inline void check_stopped_cleanly(provider_session& s, const std::string& dir, std::chrono::milliseconds limit) {
    const auto status = s.proc->wait_exit(limit);
    INFO("stderr: " << s.proc->stderr_text());
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    if (s.hs.network == "unix") {
        CHECK_FALSE(path_exists(s.hs.address));
        CHECK_FALSE(path_exists(dir));
    }
    CHECK(s.tmp.empty());
}

// go-plugin's Shutdown (waiting up to `wait` for the exit): exit 0, well
// within go-plugin's 2 s.
inline void check_quick_shutdown(provider_session& s, std::chrono::milliseconds wait) {
    const auto start = clock_type::now();
    const auto code = s.shutdown(wait);
    const auto took = clock_type::now() - start;
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(took < 1500ms);
}

// A signal mask from a /proc status file ("SigBlk:\t0000000000004000").
inline std::uint64_t signal_mask(const std::filesystem::path& status, std::string_view field) {
    std::ifstream in(status);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(field)) return std::stoull(line.substr(field.size() + 1), nullptr, 16);
    return 0;
}

inline std::uint64_t bit(int signal) { return std::uint64_t{1} << (signal - 1); }

}  // namespace test_shutdown

using namespace test_shutdown;

TEST_CASE("GRPCController/Shutdown answers OK, then the process exits 0 within 3 s", "[serve][transport]") {
    // The client keeps its connection open after the call.
    provider_session s;
    const std::string dir = s.socket_dir();
    if (s.hs.network == "unix") REQUIRE(path_exists(dir));
    REQUIRE(is_serving(health_check(s.channel)));
    const auto start = clock_type::now();
    const grpc::Status st = shutdown_provider(s.channel);
    INFO(describe(st));
    CHECK(st.ok());
    check_stopped_cleanly(s, dir, 3s);
    CHECK(clock_type::now() - start < 3s);
}

TEST_CASE("Shutdown then closing the connection, as go-plugin does: exit 0 well within go-plugin's 2 s", "[serve][transport]") {
    provider_session s;
    const std::string dir = s.socket_dir();
    REQUIRE(is_serving(health_check(s.channel)));
    check_quick_shutdown(s, 2s);
    CHECK_FALSE(path_exists(dir));
    CHECK(s.tmp.empty());
}

TEST_CASE("SIGTERM makes the provider exit 0 and clean up", "[serve][transport]") {
    provider_session s;
    const std::string dir = s.socket_dir();
    REQUIRE(is_serving(health_check(s.channel)));
    REQUIRE(s.proc->signal(SIGTERM));
    check_stopped_cleanly(s, dir, 3s);
}

TEST_CASE("SIGHUP and SIGQUIT also make the provider exit 0 and clean up", "[serve][transport]") {
    for (const int signal : {SIGHUP, SIGQUIT}) {
        provider_session s;
        const std::string dir = s.socket_dir();
        REQUIRE(is_serving(health_check(s.channel)));
        REQUIRE(s.proc->signal(signal));
        check_stopped_cleanly(s, dir, 3s);
    }
}

// A process a handler starts inherits the starting thread's blocked signals
// and the provider's ignored ones; Terraform's Ctrl-C and SIGTERM must reach
// it, and a pipe it writes to must be able to end it.
TEST_CASE("no thread of the provider blocks or ignores a signal a handler's child would inherit", "[serve]") {
    provider_session s;
    REQUIRE(is_serving(health_check(s.channel)));
    const std::filesystem::path proc = "/proc/" + std::to_string(s.proc->pid());
    const std::uint64_t ignored = signal_mask(proc / "status", "SigIgn:");
    INFO("SigIgn " << std::hex << ignored);
    CHECK((ignored & (bit(SIGINT) | bit(SIGPIPE) | bit(SIGTERM) | bit(SIGHUP) | bit(SIGQUIT))) == 0);
    int threads = 0;
    for (const auto& task : std::filesystem::directory_iterator(proc / "task")) {
        const std::uint64_t blocked = signal_mask(task.path() / "status", "SigBlk:");
        const std::uint64_t unrelated = bit(SIGUSR1) | bit(SIGUSR2) | bit(SIGALRM);
        if ((blocked & unrelated) == unrelated)
            continue;  // AutoMTLS's certificate thread blocks all and starts nothing
        ++threads;
        INFO("thread " << task.path().filename().string() << " SigBlk " << std::hex << blocked);
        CHECK((blocked & (bit(SIGINT) | bit(SIGTERM) | bit(SIGHUP) | bit(SIGQUIT) | bit(SIGPIPE))) == 0);
    }
    CHECK(threads > 1);
}

TEST_CASE("SIGTERM right after the handshake, before any connection, also exits 0", "[serve][transport]") {
    provider_session s;
    const std::string dir = s.socket_dir();
    REQUIRE(s.proc->signal(SIGTERM));
    check_stopped_cleanly(s, dir, 3s);
}

TEST_CASE("SIGINT is ignored by a provider that Terraform manages", "[serve]") {
    provider_session s;
    REQUIRE(is_serving(health_check(s.channel)));
    REQUIRE(s.proc->signal(SIGINT));
    std::this_thread::sleep_for(500ms);
    CHECK(s.proc->running());
    const generic_result r = health_check(s.channel);
    INFO(describe(r.status));
    CHECK(is_serving(r));
    // A second Ctrl-C changes nothing either.
    REQUIRE(s.proc->signal(SIGINT));
    std::this_thread::sleep_for(200ms);
    CHECK(s.proc->running());
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("the provider exits by itself when the process that started it goes away", "[serve]") {
    // go-plugin's client may die without calling Shutdown. Started through an
    // intermediate shell that then exits, the provider is reparented and must
    // notice. This process becomes a child subreaper for the test, so the
    // orphan is reparented to it and can be reaped here.
    REQUIRE(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
    struct subreaper_off {
        ~subreaper_off() { ::prctl(PR_SET_CHILD_SUBREAPER, 0); }
    } off;

    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    env["PROVIDER"] = provider_path();
    // The shell starts the provider in the background, prints its pid and
    // exits a little later; the provider's stdout still goes to our pipe.
    child_process shell("/bin/sh", {"-c", "\"$PROVIDER\" & echo $!; sleep 1"}, env);
    const auto pid_line = shell.wait_stdout_line(10s);
    REQUIRE(pid_line.has_value());
    const pid_t provider_pid = static_cast<pid_t>(std::stol(*pid_line));
    REQUIRE(provider_pid > 0);
    struct reaper {
        pid_t pid;
        bool reaped = false;
        ~reaper() {
            if (!reaped) {
                ::kill(pid, SIGKILL);
                ::waitpid(pid, nullptr, 0);
            }
        }
    } guard{provider_pid};

    // The handshake arrives as the second line.
    const bool handshake =
        shell.wait_stdout([](const std::string& out) { return std::count(out.begin(), out.end(), '\n') >= 2; }, 10s);
    INFO("stdout: " << shell.stdout_text());
    CHECK(handshake);
    const auto shell_status = shell.wait_exit(10s);
    REQUIRE(shell_status.has_value());

    // Orphaned, it notices within a few seconds and exits 0.
    std::optional<int> status;
    for (const auto deadline = clock_type::now() + 5s; clock_type::now() < deadline;) {
        int st = 0;
        const pid_t r = ::waitpid(provider_pid, &st, WNOHANG);
        if (r == provider_pid) {
            status = st;
            guard.reaped = true;
            break;
        }
        std::this_thread::sleep_for(20ms);
    }
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    CHECK(shell.wait_output_closed(5s));
    CHECK(tmp.empty());  // the socket directory is removed on this path too
}

TEST_CASE("after a session of large answers, Shutdown still ends the process well within go-plugin's 2 s", "[serve][transport]") {
    // gRPC's own teardown could wait up to ten seconds for an executor
    // thread's poll after a session like this one; the process must not.
    // tfplugin5's PrepareProviderConfig answers with the config it was sent.
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();
    provider_session s(o);
    auto stub = tfplugin5::Provider::NewStub(s.channel);
    tfplugin5::PrepareProviderConfig_Request req;
    req.mutable_config()->set_msgpack(junk_msgpack(640u << 10));
    for (int i = 0; i < 10; ++i) {
        grpc::ClientContext ctx;
        set_deadline(ctx, 30s);
        tfplugin5::PrepareProviderConfig_Response resp;
        const grpc::Status st = stub->PrepareProviderConfig(&ctx, req, &resp);
        INFO(describe(st));
        REQUIRE(st.ok());
    }
    check_quick_shutdown(s, 5s);
}
