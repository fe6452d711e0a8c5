// The go-plugin client side shared by the benchmark clients
// (bench/schema/schema_client.cpp, bench/anchor/harness.cpp): starts a
// provider binary the way Terraform does (magic cookie,
// PLUGIN_PROTOCOL_VERSIONS=6, a private TMPDIR, AutoMTLS with a fresh client
// certificate in PLUGIN_CLIENT_CERT), reads the handshake line, dials the
// unix socket, waits for the health check; unary calls on raw bytes; asks
// the provider to shut down and reaps it with wait4 for its CPU time and
// peak RSS. Works with any go-plugin server: tfpp's or a Go one.
#pragma once

#include <grpc_controller.grpc.pb.h>
#include <tfpp/serve/detail/tls.hpp>

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace bench::plugin {

using clock_type = std::chrono::steady_clock;
using namespace std::chrono_literals;

inline constexpr std::string_view magic_cookie = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

// Set by the program: the prefix of its error messages.
inline const char* program_name = "bench";

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "%s: %s\n", program_name, what.c_str());
    std::exit(1);
}

inline double ms_since(clock_type::time_point t0) {
    return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

inline bool pin_self(int cpu) {
    if (cpu < 0) return true;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

// A private directory for the provider's TMPDIR (its socket lives there).
struct temp_dir {
    std::string path;
    temp_dir() {
        std::string base = "/tmp";
        if (const char* t = std::getenv("TMPDIR"); t && *t) base = t;
        std::string templ = base + "/tfpp-bench-XXXXXX";
        if (::mkdtemp(templ.data()) == nullptr) fail("mkdtemp: " + std::string(std::strerror(errno)));
        path = templ;
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;
    ~temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

struct child {
    pid_t pid = -1;
    int out_fd = -1;
    bool reaped = false;
    int status = 0;
    rusage usage{};

    child() = default;
    child(const child&) = delete;
    child& operator=(const child&) = delete;
    ~child() {
        if (pid > 0 && !reaped) {
            ::kill(pid, SIGKILL);
            while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {}
        }
        if (out_fd >= 0) ::close(out_fd);
    }

    // Reaps the child, waiting at most `timeout`; false on timeout.
    bool wait(std::chrono::milliseconds timeout) {
        const auto deadline = clock_type::now() + timeout;
        while (!reaped) {
            const pid_t r = ::wait4(pid, &status, WNOHANG, &usage);
            if (r == pid) reaped = true;
            else if (r < 0 && errno != EINTR) return false;
            else if (clock_type::now() >= deadline) return false;
            else std::this_thread::sleep_for(1ms);
        }
        return true;
    }

    [[nodiscard]] double cpu_ms() const {
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
               (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    }
    [[nodiscard]] int exit_code() const { return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status); }
};

inline void spawn(child& c, const std::string& path, const std::map<std::string, std::string>& env,
                  const std::string& stderr_path) {
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) fail("pipe2");
    std::vector<std::string> env_s;
    for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& e : env_s) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string arg0 = path;
    char* argv[] = {arg0.data(), nullptr};

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaddset(&defaults, s);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    const int rc = ::posix_spawn(&c.pid, path.c_str(), &actions, &attr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(out[1]);
    if (rc != 0) {
        ::close(out[0]);
        c.pid = -1;
        fail("posix_spawn " + path + ": " + std::strerror(rc));
    }
    c.out_fd = out[0];
}

// The first stdout line (the handshake), within the timeout.
inline std::optional<std::string> read_line(int fd, std::chrono::milliseconds timeout) {
    std::string buf;
    const auto deadline = clock_type::now() + timeout;
    for (;;) {
        if (const auto nl = buf.find('\n'); nl != std::string::npos) return buf.substr(0, nl);
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()).count();
        if (left <= 0) return std::nullopt;
        pollfd p{fd, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(left));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        char tmp[4096];
        const ssize_t r = ::read(fd, tmp, sizeof tmp);
        if (r <= 0) return std::nullopt;
        buf.append(tmp, static_cast<std::size_t>(r));
    }
}

inline std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    for (;;) {
        const auto i = s.find(sep);
        out.emplace_back(s.substr(0, i));
        if (i == std::string_view::npos) return out;
        s.remove_prefix(i + 1);
    }
}

// The handshake's certificate (unpadded base64 DER) as PEM; empty when unusable.
inline std::string handshake_cert_pem(std::string b64) {
    while (b64.size() % 4 != 0) b64 += '=';
    std::string der(b64.size() / 4 * 3, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(der.data()),
                                  reinterpret_cast<const unsigned char*>(b64.data()), static_cast<int>(b64.size()));
    if (n < 0) return {};
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    tfpp::detail::x509_ptr cert(d2i_X509(nullptr, &p, n));  // DER ignores the decoder's padding zeros
    if (!cert) return {};
    tfpp::detail::bio_ptr b(BIO_new(BIO_s_mem()));
    if (!b || PEM_write_bio_X509(b.get(), cert.get()) != 1) return {};
    return tfpp::detail::bio_contents(b.get());
}

// kB from a "Key:   123 kB" line of /proc/PID/status; -1 when missing.
inline long proc_status_kb(pid_t pid, std::string_view key) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() > key.size() && line.compare(0, key.size(), key) == 0 && line[key.size()] == ':')
            return std::strtol(line.c_str() + key.size() + 1, nullptr, 10);
    }
    return -1;
}

// CPU time of every thread of the process so far, in ms (scheduler
// nanoseconds, much finer than the 10 ms ticks of /proc/PID/stat). Threads
// that already exited are not counted; wait4's total is, at the end.
inline double threads_cpu_ms(pid_t pid) {
    const std::string dir = "/proc/" + std::to_string(pid) + "/task";
    double ns = 0;
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) return -1;
    while (const dirent* e = ::readdir(d)) {
        if (e->d_name[0] == '.') continue;
        std::ifstream in(dir + "/" + e->d_name + "/schedstat");
        double on_cpu = 0;
        if (in >> on_cpu) ns += on_cpu;
    }
    ::closedir(d);
    return ns / 1e6;
}

inline grpc::ByteBuffer to_buffer(const std::string& s) {
    grpc::Slice slice(s);
    return grpc::ByteBuffer(&slice, 1);
}

inline std::string to_string(const grpc::ByteBuffer& b) {
    std::vector<grpc::Slice> slices;
    std::string out;
    if (!b.Dump(&slices).ok()) return out;
    for (const auto& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
    return out;
}

// Unary calls on raw bytes (gRPC's generic stub, so that the client does not
// time its own protobuf work), one completion queue per caller.
class raw_caller {
public:
    explicit raw_caller(std::shared_ptr<grpc::Channel> ch) : stub_(std::move(ch)) {}
    raw_caller(const raw_caller&) = delete;
    raw_caller& operator=(const raw_caller&) = delete;
    ~raw_caller() {
        cq_.Shutdown();
        void* tag;
        bool ok;
        while (cq_.Next(&tag, &ok)) {}
    }

    // The status; the response in `resp`.
    grpc::Status call(const std::string& method, const grpc::ByteBuffer& req, grpc::ByteBuffer& resp,
                      std::chrono::milliseconds timeout = 600s) {
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + timeout);
        grpc::Status status;
        auto rpc = stub_.PrepareUnaryCall(&ctx, method, req, &cq_);
        rpc->StartCall();
        rpc->Finish(&resp, &status, reinterpret_cast<void*>(1));
        void* tag = nullptr;
        bool ok = false;
        if (!cq_.Next(&tag, &ok) || !ok) return grpc::Status(grpc::StatusCode::UNKNOWN, "completion queue failed");
        return status;
    }

private:
    grpc::GenericStub stub_;
    grpc::CompletionQueue cq_;
};

struct start_options {
    std::string provider;
    bool tls = true;
    std::string log_file;  // non-empty: TF_LOG_PROVIDER=DEBUG, stderr there
    int client_cpu = -1;
    int provider_cpu = -1;
};

// A started, connected, healthy provider process.
struct process {
    temp_dir tmp;
    child proc;
    std::shared_ptr<grpc::Channel> channel;
    double handshake_ms = 0;  // spawn -> handshake line read
    double ready_ms = 0;      // spawn -> health check answered
    double shutdown_ms = 0;   // Shutdown sent -> process reaped (what Terraform waits for at the end of a run)
};

inline std::unique_ptr<process> start(const start_options& o) {
    auto p = std::make_unique<process>();
    std::map<std::string, std::string> env{
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"TMPDIR", p->tmp.path},
        {"TF_PLUGIN_MAGIC_COOKIE", std::string(magic_cookie)},
        {"PLUGIN_PROTOCOL_VERSIONS", "6"},
        {"PLUGIN_MIN_PORT", "10000"},
        {"PLUGIN_MAX_PORT", "25000"},
    };
    tfpp::detail::server_certificate client_cert;  // go-plugin makes a fresh one per plugin, too
    if (o.tls) {
        client_cert = tfpp::detail::make_server_certificate();
        env["PLUGIN_CLIENT_CERT"] = client_cert.cert_pem;
    }
    if (!o.log_file.empty()) env["TF_LOG_PROVIDER"] = "DEBUG";
    // glibc's malloc tunables pass through, for bench/memory's comparisons.
    for (const char* k : {"MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"})
        if (const char* v = std::getenv(k)) env[k] = v;

    // The provider inherits the CPU it is started on; then the client moves.
    if (!pin_self(o.provider_cpu)) fail("cannot pin to CPU " + std::to_string(o.provider_cpu));
    const auto t_spawn = clock_type::now();
    spawn(p->proc, o.provider, env, o.log_file.empty() ? "/dev/null" : o.log_file);
    if (!pin_self(o.client_cpu)) fail("cannot pin to CPU " + std::to_string(o.client_cpu));

    const auto line = read_line(p->proc.out_fd, 60s);
    if (!line) fail("no handshake line from " + o.provider + " within 60 s");
    p->handshake_ms = ms_since(t_spawn);
    const auto f = split(*line, '|');
    if (f.size() != 6 || f[0] != "1" || f[2] != "unix" || f[4] != "grpc") fail("bad handshake line: " + *line);
    if (f[1] != "6") fail("provider negotiated protocol " + f[1] + ", not 6");

    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(256 << 20);
    args.SetMaxSendMessageSize(256 << 20);
    if (o.tls) {
        const std::string root = handshake_cert_pem(f[5]);
        if (root.empty()) fail("the handshake names no usable server certificate");
        grpc::SslCredentialsOptions tls;
        tls.pem_root_certs = root;
        tls.pem_private_key = client_cert.key_pem;
        tls.pem_cert_chain = client_cert.cert_pem;
        args.SetSslTargetNameOverride("localhost");
        p->channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::SslCredentials(tls), args);
    } else {
        if (!f[5].empty()) fail("provider offers TLS although no client certificate was given");
        p->channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::InsecureChannelCredentials(), args);
    }

    // go-plugin's client checks the health service before anything else.
    raw_caller caller(p->channel);
    grpc::ByteBuffer resp;
    const grpc::Status health =
        caller.call("/grpc.health.v1.Health/Check", to_buffer(std::string("\x0a\x06plugin")), resp);
    if (!health.ok() || to_string(resp) != std::string("\x08\x01"))
        fail("health check failed: " + health.error_message());
    p->ready_ms = ms_since(t_spawn);
    return p;
}

// GRPCController/Shutdown, then reaps the process (its rusage in p.proc).
// go-plugin's Go server stops its gRPC server inside the call, so the call
// may fail with the socket closed; like go-plugin's client, only the exit
// counts. A provider still busy with a call the client gave up on may not
// exit in time: with `kill_late` it is killed (false returned), otherwise
// that is a failure.
inline bool stop(process& p, bool kill_late = false) {
    const auto t0 = clock_type::now();
    {
        auto stub = ::plugin::GRPCController::NewStub(p.channel);
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + 5s);
        ::plugin::Empty req, r;
        const grpc::Status s = stub->Shutdown(&ctx, req, &r);
        if (!s.ok() && s.error_code() != grpc::StatusCode::UNAVAILABLE) fail("Shutdown failed: " + s.error_message());
    }
    p.channel.reset();
    if (p.proc.wait(10s)) {
        p.shutdown_ms = ms_since(t0);
        return true;
    }
    if (!kill_late) fail("the provider did not exit within 10 s of Shutdown");
    ::kill(p.proc.pid, SIGKILL);
    p.proc.wait(10s);
    return false;
}

}  // namespace bench::plugin
