// The go-plugin client side behind tfpp::testing::reference_provider (and
// bench/plugin_client.hpp): starts a provider binary the way Terraform does
// (magic cookie, PLUGIN_PROTOCOL_VERSIONS=6, a private TMPDIR, AutoMTLS with a
// fresh client certificate in PLUGIN_CLIENT_CERT), reads the handshake line,
// dials the unix socket, waits for the health check, asks the provider to
// shut down and reaps it. Works with any go-plugin server: tfpp's or a Go one.
// The system calls are platform/detail/piped_child.hpp's and files.hpp's.
#pragma once

#include <grpc_controller.grpc.pb.h>
#include <tfpp/serve/detail/tls.hpp>

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <tfpp/platform/detail/files.hpp>
#include <tfpp/platform/detail/piped_child.hpp>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

using plugin_clock = std::chrono::steady_clock;

inline constexpr std::string_view plugin_magic_cookie =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

[[noreturn]] inline void plugin_failure(const std::string& what) { throw std::runtime_error("tfpp: " + what); }

inline double ms_since(plugin_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(plugin_clock::now() - t0).count();
}

// A private directory for the provider's TMPDIR (its socket lives there).
struct plugin_temp_dir {
    std::string path;
    plugin_temp_dir() {
        std::string templ = tfpp::detail::temporary_directory() + "/tfpp-plugin-XXXXXX";
        if (const int error = tfpp::detail::make_private_directory(templ.data()); error != 0)
            plugin_failure("mkdtemp: " + std::string(std::strerror(error)));
        path = templ;
    }
    plugin_temp_dir(const plugin_temp_dir&) = delete;
    plugin_temp_dir& operator=(const plugin_temp_dir&) = delete;
    ~plugin_temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

// The provider process: killed and reaped when destroyed unless waited for.
using plugin_child = tfpp::detail::piped_child;

// Whether `path` names a file this process may run.
inline bool is_runnable(const std::string& path) noexcept { return tfpp::detail::is_executable_file(path.c_str()); }

inline void spawn_plugin(plugin_child& c, const std::string& path, const std::map<std::string, std::string>& env,
                         const std::string& stderr_path) {
    std::vector<std::string> env_s;
    for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& e : env_s) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string arg0 = path;
    char* argv[] = {arg0.data(), nullptr};
    if (const int error = tfpp::detail::spawn_with_piped_stdout(c, argv, envp.data(), stderr_path.c_str()); error != 0)
        plugin_failure("cannot start " + path + ": " + std::strerror(error));
}

// The first stdout line (the handshake), within the timeout.
inline std::optional<std::string> read_handshake_line(int fd, std::chrono::milliseconds timeout) {
    return tfpp::detail::read_line_within(fd, timeout);
}

inline std::vector<std::string> split_fields(std::string_view s, char sep) {
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

struct plugin_start {
    std::string binary;
    bool tls = true;
    std::string stderr_path = "/dev/null";
    std::map<std::string, std::string> environment;  // added to the minimal one go-plugin gives
    std::chrono::milliseconds handshake_timeout{60000};
    std::function<void()> before_spawn, after_spawn;  // bench pins CPUs around the spawn
};

// A started, connected, healthy provider process.
struct plugin_process {
    plugin_temp_dir tmp;
    plugin_child proc;
    std::shared_ptr<grpc::Channel> channel;
    int protocol = 0;
    double handshake_ms = 0;  // spawn -> handshake line read
    double ready_ms = 0;      // spawn -> health check answered
    double shutdown_ms = 0;   // Shutdown sent -> reaped (what Terraform waits for at the end of a run)
};

inline std::unique_ptr<plugin_process> start_plugin(const plugin_start& o) {
    auto p = std::make_unique<plugin_process>();
    std::map<std::string, std::string> env{
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"TMPDIR", p->tmp.path},
        {"TF_PLUGIN_MAGIC_COOKIE", std::string(plugin_magic_cookie)},
        {"PLUGIN_PROTOCOL_VERSIONS", "6"},
        {"PLUGIN_MIN_PORT", "10000"},
        {"PLUGIN_MAX_PORT", "25000"},
    };
    // Sanitizer settings pass through: a sanitized provider reports where its tests look.
    for (const char* k : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH"})
        if (const char* v = std::getenv(k)) env[k] = v;
    for (const auto& [k, v] : o.environment) env[k] = v;
    tfpp::detail::server_certificate client_cert;  // go-plugin makes a fresh one per plugin, too
    if (o.tls) {
        client_cert = tfpp::detail::make_server_certificate();
        env["PLUGIN_CLIENT_CERT"] = client_cert.cert_pem;
    }
    if (o.before_spawn) o.before_spawn();
    const auto t_spawn = plugin_clock::now();
    spawn_plugin(p->proc, o.binary, env, o.stderr_path);
    if (o.after_spawn) o.after_spawn();

    const auto line = read_handshake_line(p->proc.out_fd, o.handshake_timeout);
    if (!line)
        plugin_failure("no handshake line from " + o.binary + " within " +
                       std::to_string(o.handshake_timeout.count() / 1000) +
                       " s (is it a provider binary? its stderr: " + o.stderr_path + ")");
    p->handshake_ms = ms_since(t_spawn);
    const auto f = split_fields(*line, '|');
    if (f.size() != 6 || f[0] != "1" || f[2] != "unix" || f[4] != "grpc")
        plugin_failure("not a go-plugin handshake line from " + o.binary + ": " + line->substr(0, 200));
    if (f[1] != "6") plugin_failure(o.binary + " negotiated protocol " + f[1] + ", not 6");
    p->protocol = 6;

    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(256 << 20);
    args.SetMaxSendMessageSize(256 << 20);
    if (o.tls) {
        const std::string root = handshake_cert_pem(f[5]);
        if (root.empty()) plugin_failure("the handshake of " + o.binary + " names no usable server certificate");
        grpc::SslCredentialsOptions tls;
        tls.pem_root_certs = root;
        tls.pem_private_key = client_cert.key_pem;
        tls.pem_cert_chain = client_cert.cert_pem;
        args.SetSslTargetNameOverride("localhost");
        p->channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::SslCredentials(tls), args);
    } else {
        if (!f[5].empty()) plugin_failure(o.binary + " offers TLS although no client certificate was given");
        p->channel = grpc::CreateCustomChannel("unix:" + f[3], grpc::InsecureChannelCredentials(), args);
    }

    // go-plugin's client checks the health service before anything else.
    grpc::GenericStub stub(p->channel);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    grpc::CompletionQueue cq;
    grpc::Slice request_slice(std::string("\x0a\x06plugin"));
    grpc::ByteBuffer request(&request_slice, 1), response;
    grpc::Status health;
    auto rpc = stub.PrepareUnaryCall(&ctx, "/grpc.health.v1.Health/Check", request, &cq);
    rpc->StartCall();
    rpc->Finish(&response, &health, reinterpret_cast<void*>(1));
    void* tag = nullptr;
    bool ok = false;
    const bool done = cq.Next(&tag, &ok) && ok;
    cq.Shutdown();
    while (cq.Next(&tag, &ok)) {}
    std::vector<grpc::Slice> slices;
    std::string answer;
    if (done && response.Dump(&slices).ok())
        for (const auto& s : slices) answer.append(reinterpret_cast<const char*>(s.begin()), s.size());
    if (!done || !health.ok() || answer != std::string("\x08\x01"))
        plugin_failure("the health check of " + o.binary + " failed: " + health.error_message());
    p->ready_ms = ms_since(t_spawn);
    return p;
}

// GRPCController/Shutdown, then reaps the process (its rusage in p.proc).
// go-plugin's Go server stops its gRPC server inside the call, so the call
// may fail with the socket closed; like go-plugin's client, only the exit
// counts. A provider that does not exit in time is killed (false returned).
inline bool stop_plugin(plugin_process& p) {
    if (p.proc.reaped || p.proc.pid <= 0) return true;
    if (p.channel) {
        auto stub = ::plugin::GRPCController::NewStub(p.channel);
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
        ::plugin::Empty req, r;
        (void)stub->Shutdown(&ctx, req, &r);
    }
    p.channel.reset();
    if (p.proc.wait(std::chrono::seconds(10))) return true;
    p.proc.kill();
    p.proc.wait(std::chrono::seconds(10));
    return false;
}

}  // namespace tfpp::testing::detail
