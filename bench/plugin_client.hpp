// The go-plugin client side shared by the benchmark clients
// (bench/schema/schema_client.cpp, bench/anchor/harness.cpp,
// bench/memory/memory_bench.cpp): tfpp::testing's (reference_provider.hpp,
// testing/detail/plugin_process.hpp) starts a provider binary the way
// Terraform does; this adds what only the benchmarks need: CPU pinning
// around the spawn, the provider's debug log, /proc readings, unary calls on
// raw bytes, a stop that fails loudly. Works with any go-plugin server:
// tfpp's or a Go one.
#pragma once

#include <tfpp/testing/detail/plugin_process.hpp>

#include <dirent.h>
#include <sched.h>

#include <cstdio>
#include <fstream>

namespace bench::plugin {

using clock_type = tfpp::testing::detail::plugin_clock;
using namespace std::chrono_literals;

inline constexpr std::string_view magic_cookie = tfpp::testing::detail::plugin_magic_cookie;

// Set by the program: the prefix of its error messages.
inline const char* program_name = "bench";

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "%s: %s\n", program_name, what.c_str());
    std::exit(1);
}

using tfpp::testing::detail::ms_since;

inline bool pin_self(int cpu) {
    if (cpu < 0) return true;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

using temp_dir = tfpp::testing::detail::plugin_temp_dir;
using child = tfpp::testing::detail::plugin_child;
using tfpp::testing::detail::handshake_cert_pem;

// kB from a "Key:   123 kB" line of /proc/PID/status; -1 when missing.
inline long proc_status_kb(long pid, std::string_view key) {
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
inline double threads_cpu_ms(long pid) {
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

// A started, connected, healthy provider process (tmp, proc, channel,
// handshake_ms, ready_ms).
using process = tfpp::testing::detail::plugin_process;

inline std::unique_ptr<process> start(const start_options& o) {
    tfpp::testing::detail::plugin_start s;
    s.binary = o.provider;
    s.tls = o.tls;
    if (!o.log_file.empty()) {
        s.environment["TF_LOG_PROVIDER"] = "DEBUG";
        s.stderr_path = o.log_file;
    }
    // glibc's malloc tunables pass through, for bench/memory's comparisons.
    for (const char* k : {"MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "GLIBC_TUNABLES"})
        if (const char* v = std::getenv(k)) s.environment[k] = v;
    // The provider inherits the CPU it is started on; then the client moves.
    s.before_spawn = [&] {
        if (!pin_self(o.provider_cpu)) fail("cannot pin to CPU " + std::to_string(o.provider_cpu));
    };
    s.after_spawn = [&] {
        if (!pin_self(o.client_cpu)) fail("cannot pin to CPU " + std::to_string(o.client_cpu));
    };
    try {
        return tfpp::testing::detail::start_plugin(s);
    } catch (const std::exception& e) {
        fail(e.what());
    }
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
    p.proc.kill();
    p.proc.wait(10s);
    return false;
}

}  // namespace bench::plugin
