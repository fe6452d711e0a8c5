// The client of the schema benchmark (bench/schema/run.py drives it).
//
//   tfpp_schema_client --provider PATH [--calls K] [--no-tls] [--log FILE]
//                      [--client-cpu C --provider-cpu P] [--expect-types N]
//
// Starts one provider binary the way Terraform's go-plugin client does (magic
// cookie, PLUGIN_PROTOCOL_VERSIONS=6, a private TMPDIR, AutoMTLS with a client
// certificate in PLUGIN_CLIENT_CERT unless --no-tls), reads the handshake
// line, dials the unix socket, waits for the health check, and then:
//
//   1. reads the idle RSS (VmRSS in /proc/PID/status);
//   2. calls GetProviderSchema once (cold: the provider builds and serializes
//      the response), then K more times (warm), timing each call on the
//      client, from the request to the last byte of the response; the
//      responses stay raw bytes (gRPC's generic stub), so the client does not
//      time its own protobuf parsing; the first response is parsed once,
//      afterwards, to check it holds the expected number of resource types;
//   3. times K GetMetadata calls;
//   4. reads VmRSS and VmHWM, calls GRPCController/Shutdown, reaps the
//      provider with wait4 and reads its ru_maxrss and CPU time.
//
// With --log FILE the provider runs with TF_LOG_PROVIDER=DEBUG and its stderr
// (hclog JSON, one "Served request" line with tf_req_duration_ms per RPC) goes
// to FILE; without it, stderr goes to /dev/null and logging stays off.
//
// Prints one JSON object on stdout. Exit code 0 when every step worked.
#include <grpc_controller.grpc.pb.h>
#include <tfplugin6.pb.h>
#include <tfpp/serve/detail/tls.hpp>

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using clock_type = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr std::string_view magic_cookie = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "tfpp_schema_client: %s\n", what.c_str());
    std::exit(1);
}

double ms_since(clock_type::time_point t0) {
    return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

struct options {
    std::string provider;
    int calls = 30;
    bool tls = true;
    std::string log_file;
    int client_cpu = -1;
    int provider_cpu = -1;
    long expect_types = -1;
};

options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) fail("missing value after " + a);
            return argv[++i];
        };
        if (a == "--provider") o.provider = next();
        else if (a == "--calls") o.calls = std::stoi(next());
        else if (a == "--no-tls") o.tls = false;
        else if (a == "--log") o.log_file = next();
        else if (a == "--client-cpu") o.client_cpu = std::stoi(next());
        else if (a == "--provider-cpu") o.provider_cpu = std::stoi(next());
        else if (a == "--expect-types") o.expect_types = std::stol(next());
        else fail("unknown argument " + a);
    }
    if (o.provider.empty()) fail("--provider PATH is required");
    if (o.calls < 1) fail("--calls must be at least 1");
    return o;
}

bool pin_self(int cpu) {
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
        std::string templ = base + "/tfpp-schema-bench-XXXXXX";
        if (::mkdtemp(templ.data()) == nullptr) fail("mkdtemp: " + std::string(std::strerror(errno)));
        path = templ;
    }
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

    ~child() {
        if (pid > 0 && !reaped) {
            ::kill(pid, SIGKILL);
            while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
            }
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
};

void spawn(child& c, const std::string& path, const std::map<std::string, std::string>& env,
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
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
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
std::optional<std::string> read_line(int fd, std::chrono::milliseconds timeout) {
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

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    for (;;) {
        const auto i = s.find(sep);
        out.emplace_back(s.substr(0, i));
        if (i == std::string_view::npos) return out;
        s.remove_prefix(i + 1);
    }
}

std::optional<std::string> base64_decode_unpadded(std::string_view s) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char ch : s) {
        const int v = value(ch);
        if (v < 0) return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xff));
        }
    }
    return out;
}

std::string der_to_pem(const std::string& der) {
    using namespace tfpp::detail;
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    x509_ptr cert(d2i_X509(nullptr, &p, static_cast<long>(der.size())));
    if (!cert) return {};
    bio_ptr b(BIO_new(BIO_s_mem()));
    if (!b || PEM_write_bio_X509(b.get(), cert.get()) != 1) return {};
    return bio_contents(b.get());
}

// kB from a "Key:   123 kB" line of /proc/PID/status; -1 when missing.
long proc_status_kb(pid_t pid, std::string_view key) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() > key.size() && line.compare(0, key.size(), key) == 0 && line[key.size()] == ':')
            return std::strtol(line.c_str() + key.size() + 1, nullptr, 10);
    }
    return -1;
}

grpc::ByteBuffer to_buffer(const std::string& s) {
    grpc::Slice slice(s);
    return grpc::ByteBuffer(&slice, 1);
}

std::string to_string(const grpc::ByteBuffer& b) {
    std::vector<grpc::Slice> slices;
    std::string out;
    if (!b.Dump(&slices).ok()) return out;
    for (const auto& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
    return out;
}

// Unary calls on raw bytes over one completion queue.
class raw_caller {
public:
    explicit raw_caller(std::shared_ptr<grpc::Channel> ch) : stub_(std::move(ch)) {}
    ~raw_caller() {
        cq_.Shutdown();
        void* tag;
        bool ok;
        while (cq_.Next(&tag, &ok)) {
        }
    }

    // The status; the response in `resp`.
    grpc::Status call(const std::string& method, const grpc::ByteBuffer& req, grpc::ByteBuffer& resp) {
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + 60s);
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

std::string json_list(const std::vector<double>& v) {
    std::ostringstream s;
    s.precision(6);
    s << '[';
    for (std::size_t i = 0; i < v.size(); ++i) s << (i ? "," : "") << std::fixed << v[i];
    s << ']';
    return s.str();
}

std::string json_string(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else out += c;
    }
    return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
    const options o = parse(argc, argv);
    ::signal(SIGPIPE, SIG_IGN);
    temp_dir tmp;

    std::map<std::string, std::string> env{
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"TMPDIR", tmp.path},
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

    // The provider inherits the CPU it is started on; then the client moves.
    if (!pin_self(o.provider_cpu)) fail("cannot pin to CPU " + std::to_string(o.provider_cpu));
    child c;
    const auto t_spawn = clock_type::now();
    spawn(c, o.provider, env, o.log_file.empty() ? "/dev/null" : o.log_file);
    if (!pin_self(o.client_cpu)) fail("cannot pin to CPU " + std::to_string(o.client_cpu));

    const auto line = read_line(c.out_fd, 60s);
    if (!line) fail("no handshake line within 60 s");
    const double handshake_ms = ms_since(t_spawn);
    const auto f = split(*line, '|');
    if (f.size() != 6 || f[0] != "1" || f[2] != "unix" || f[4] != "grpc") fail("bad handshake line: " + *line);
    if (f[1] != "6") fail("provider negotiated protocol " + f[1] + ", not 6");

    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(256 << 20);
    args.SetMaxSendMessageSize(256 << 20);
    std::shared_ptr<grpc::Channel> channel;
    if (o.tls) {
        const auto der = base64_decode_unpadded(f[5]);
        const std::string root = der ? der_to_pem(*der) : std::string();
        if (root.empty()) fail("the handshake names no usable server certificate");
        grpc::SslCredentialsOptions tls;
        tls.pem_root_certs = root;
        tls.pem_private_key = client_cert.key_pem;
        tls.pem_cert_chain = client_cert.cert_pem;
        args.SetSslTargetNameOverride("localhost");
        channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::SslCredentials(tls), args);
    } else {
        if (!f[5].empty()) fail("provider offers TLS although no client certificate was given");
        channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::InsecureChannelCredentials(), args);
    }
    raw_caller caller(channel);

    // go-plugin's client checks the health service before anything else.
    grpc::ByteBuffer resp;
    const grpc::Status health = caller.call("/grpc.health.v1.Health/Check", to_buffer(std::string("\x0a\x06plugin")), resp);
    if (!health.ok() || to_string(resp) != std::string("\x08\x01")) fail("health check failed: " + health.error_message());
    const double ready_ms = ms_since(t_spawn);
    std::this_thread::sleep_for(50ms);  // let startup settle before reading the idle RSS
    const long idle_rss_kb = proc_status_kb(c.pid, "VmRSS");

    tfplugin6::GetProviderSchema_Request schema_req_msg;
    const grpc::ByteBuffer schema_req = to_buffer(schema_req_msg.SerializeAsString());
    std::vector<double> schema_ms;
    std::string first_response;
    std::size_t response_bytes = 0;
    for (int i = 0; i <= o.calls; ++i) {
        grpc::ByteBuffer r;
        const auto t0 = clock_type::now();
        const grpc::Status s = caller.call("/tfplugin6.Provider/GetProviderSchema", schema_req, r);
        const double ms = ms_since(t0);
        if (!s.ok()) fail("GetProviderSchema failed: " + s.error_message());
        schema_ms.push_back(ms);
        if (i == 0) {
            first_response = to_string(r);
            response_bytes = first_response.size();
        } else if (r.Length() != response_bytes) {
            fail("GetProviderSchema answered with a different size on call " + std::to_string(i));
        }
    }
    const long rss_after_schema_kb = proc_status_kb(c.pid, "VmRSS");

    tfplugin6::GetMetadataMsg_Request meta_req_msg;
    const grpc::ByteBuffer meta_req = to_buffer(meta_req_msg.SerializeAsString());
    std::vector<double> metadata_ms;
    for (int i = 0; i < o.calls; ++i) {
        grpc::ByteBuffer r;
        const auto t0 = clock_type::now();
        const grpc::Status s = caller.call("/tfplugin6.Provider/GetMetadata", meta_req, r);
        metadata_ms.push_back(ms_since(t0));
        if (!s.ok()) fail("GetMetadata failed: " + s.error_message());
    }

    const long vm_hwm_kb = proc_status_kb(c.pid, "VmHWM");
    const long rss_end_kb = proc_status_kb(c.pid, "VmRSS");

    // Checked after the timed calls: the response is what was asked for.
    tfplugin6::GetProviderSchema_Response parsed;
    if (!parsed.ParseFromString(first_response)) fail("the GetProviderSchema response does not parse");
    for (const auto& d : parsed.diagnostics())
        if (d.severity() == tfplugin6::Diagnostic::ERROR) fail("GetProviderSchema error: " + d.summary() + ": " + d.detail());
    const long types = static_cast<long>(parsed.resource_schemas_size());
    if (o.expect_types >= 0 && types != o.expect_types)
        fail("GetProviderSchema lists " + std::to_string(types) + " resource types, expected " +
             std::to_string(o.expect_types));
    long top_attributes = -1, top_blocks = -1;
    if (types > 0) {
        const auto& first = parsed.resource_schemas().begin()->second.block();
        top_attributes = first.attributes_size();
        top_blocks = first.block_types_size();
    }

    {
        auto stub = plugin::GRPCController::NewStub(channel);
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + 5s);
        plugin::Empty req, r;
        const grpc::Status s = stub->Shutdown(&ctx, req, &r);
        if (!s.ok()) fail("Shutdown failed: " + s.error_message());
    }
    channel.reset();
    if (!c.wait(10s)) fail("the provider did not exit within 10 s of Shutdown");
    const int code = WIFEXITED(c.status) ? WEXITSTATUS(c.status) : -WTERMSIG(c.status);

    const double cpu_ms = (c.usage.ru_utime.tv_sec + c.usage.ru_stime.tv_sec) * 1e3 +
                          (c.usage.ru_utime.tv_usec + c.usage.ru_stime.tv_usec) / 1e3;
    std::printf(
        "{\"provider\": %s, \"tls\": %s, \"handshake_ms\": %.4f, \"ready_ms\": %.4f, \"idle_rss_kb\": %ld, "
        "\"schema_ms\": %s, \"response_bytes\": %zu, \"resource_types\": %ld, \"first_type_attributes\": %ld, "
        "\"first_type_blocks\": %ld, \"rss_after_schema_kb\": %ld, \"metadata_ms\": %s, \"vm_hwm_kb\": %ld, "
        "\"rss_end_kb\": %ld, \"ru_maxrss_kb\": %ld, \"provider_cpu_ms\": %.3f, \"exit_code\": %d}\n",
        json_string(o.provider).c_str(), o.tls ? "true" : "false", handshake_ms, ready_ms, idle_rss_kb,
        json_list(schema_ms).c_str(), response_bytes, types, top_attributes, top_blocks, rss_after_schema_kb,
        json_list(metadata_ms).c_str(), vm_hwm_kb, rss_end_kb, static_cast<long>(c.usage.ru_maxrss), cpu_ms, code);
    return code == 0 ? 0 : 1;
}
