// Shared helpers for the serve tests: they start the real example provider as
// a child process, the way Terraform's go-plugin client does, read its
// handshake line and talk to it with gRPC over its unix socket, or over TCP
// when TFPP_PLUGIN_TRANSPORT=tcp is set for the tests (the serve_tcp test).
//
// Everything is bounded in time: a provider that hangs makes a test fail, and
// every child is killed and reaped when its owner goes out of scope.
#pragma once

#include <catch2/catch.hpp>

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <grpc_controller.grpc.pb.h>
#include <tfplugin6.grpc.pb.h>
#include <tfpp/serve/detail/tls.hpp>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace test_serve {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

// go-plugin's magic cookie for Terraform and OpenTofu providers.
inline constexpr std::string_view magic_cookie = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

inline std::string provider_path() {
    const char* p = std::getenv("TFPP_EXAMPLE_PROVIDER");
    if (p == nullptr || *p == '\0')
        throw std::runtime_error("TFPP_EXAMPLE_PROVIDER is not set (run the tests through `meson test`)");
    if (::access(p, X_OK) != 0) throw std::runtime_error(std::string("TFPP_EXAMPLE_PROVIDER is not executable: ") + p);
    return p;
}

// A provider of the same local_file resource and data source without
// examples/local's nested attributes, so it can still serve protocol 5
// (test/serve/protocol5_provider.cpp).
inline std::string protocol5_provider_path() {
    const char* p = std::getenv("TFPP_PROTOCOL5_PROVIDER");
    if (p == nullptr || *p == '\0')
        throw std::runtime_error("TFPP_PROTOCOL5_PROVIDER is not set (run the tests through `meson test`)");
    return p;
}

// A message's bytes with map entries in key order: SerializeAsString writes
// maps (the schemas of several resource types) in no fixed order.
inline std::string deterministic_bytes(const google::protobuf::Message& m) {
    std::string out;
    {
        google::protobuf::io::StringOutputStream stream(&out);
        google::protobuf::io::CodedOutputStream coded(&stream);
        coded.SetSerializationDeterministic(true);
        m.SerializeToCodedStream(&coded);
    }
    return out;
}

// ---------------------------------------------------------------- temp dirs

// A private directory, removed with everything in it at scope exit.
class temp_dir {
public:
    temp_dir() {
        std::string base = "/tmp";
        if (const char* t = std::getenv("TMPDIR"); t && *t) base = t;
        std::string templ = base + "/tfpp-serve-XXXXXX";
        if (::mkdtemp(templ.data()) == nullptr)
            throw std::runtime_error("mkdtemp failed: " + std::string(std::strerror(errno)));
        path_ = templ;
    }
    ~temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;

    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    [[nodiscard]] bool empty() const {
        std::error_code ec;
        return std::filesystem::is_empty(path_, ec);
    }

private:
    std::string path_;
};

// ---------------------------------------------------------------- processes

using environment = std::map<std::string, std::string>;

// A child process with its stdout and stderr captured by a reader thread.
// The destructor kills (SIGKILL) and reaps a child that is still running.
class child_process {
public:
    child_process(const std::string& path, const std::vector<std::string>& args, const environment& env) {
        int out[2] = {-1, -1};
        int err[2] = {-1, -1};
        if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
            throw std::runtime_error("pipe2 failed: " + std::string(std::strerror(errno)));

        std::vector<std::string> argv_s{path};
        argv_s.insert(argv_s.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : argv_s) argv.push_back(a.data());
        argv.push_back(nullptr);
        std::vector<std::string> env_s;
        for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
        // A sanitized build's options (scripts/sanitize.sh) reach the provider too.
        for (const char* name : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH"})
            if (const char* v = std::getenv(name); v && !env.contains(name))
                env_s.push_back(std::string(name) + "=" + v);
        std::vector<char*> envp;
        for (auto& e : env_s) envp.push_back(e.data());
        envp.push_back(nullptr);

        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);

        // The child starts with default signal handling and nothing blocked,
        // whatever the test process (or gRPC in it) has set up.
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

        const int rc = ::posix_spawn(&pid_, path.c_str(), &actions, &attr, argv.data(), envp.data());
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        ::close(out[1]);
        ::close(err[1]);
        if (rc != 0) {
            ::close(out[0]);
            ::close(err[0]);
            throw std::runtime_error("posix_spawn " + path + " failed: " + std::strerror(rc));
        }
        fds_[0] = out[0];
        fds_[1] = err[0];
        reader_ = std::thread([this] { read_loop(); });
    }

    ~child_process() {
        if (!reaped_) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {}
            reaped_ = true;
        }
        {
            std::lock_guard lock(m_);
            stop_ = true;
        }
        if (reader_.joinable()) reader_.join();
        for (int fd : fds_)
            if (fd >= 0) ::close(fd);
    }
    child_process(const child_process&) = delete;
    child_process& operator=(const child_process&) = delete;

    [[nodiscard]] pid_t pid() const noexcept { return pid_; }

    // True while the child has not exited (reaps it when it has).
    bool running() {
        if (reaped_) return false;
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            reaped_ = true;
            status_ = status;
            return false;
        }
        return true;
    }

    // The raw wait status once the child has exited, nullopt on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout) {
        const auto deadline = clock_type::now() + timeout;
        while (running()) {
            if (clock_type::now() >= deadline) return std::nullopt;
            std::this_thread::sleep_for(10ms);
        }
        return status_;
    }

    bool signal(int sig) { return !reaped_ && ::kill(pid_, sig) == 0; }

    // First stdout line without its '\n'; nullopt when none came in time
    // (or stdout closed without a newline).
    std::optional<std::string> wait_stdout_line(std::chrono::milliseconds timeout) {
        std::unique_lock lock(m_);
        const bool got = cv_.wait_for(lock, timeout, [&] { return out_.find('\n') != std::string::npos || eof_[0]; });
        const auto nl = out_.find('\n');
        if (!got || nl == std::string::npos) return std::nullopt;
        return out_.substr(0, nl);
    }

    // Waits until pred(stdout so far) holds.
    bool wait_stdout(const std::function<bool(const std::string&)>& pred, std::chrono::milliseconds timeout) {
        std::unique_lock lock(m_);
        return cv_.wait_for(lock, timeout, [&] { return pred(out_) || eof_[0]; }) && pred(out_);
    }

    // Waits until both pipes are closed (the child, and anything it started,
    // has gone); true when they are.
    bool wait_output_closed(std::chrono::milliseconds timeout) {
        std::unique_lock lock(m_);
        return cv_.wait_for(lock, timeout, [&] { return eof_[0] && eof_[1]; });
    }

    std::string stdout_text() {
        std::lock_guard lock(m_);
        return out_;
    }
    std::string stderr_text() {
        std::lock_guard lock(m_);
        return err_;
    }

private:
    void read_loop() {
        char buf[65536];
        for (;;) {
            pollfd p[2] = {{fds_[0], POLLIN, 0}, {fds_[1], POLLIN, 0}};
            {
                std::lock_guard lock(m_);
                if (stop_ || (eof_[0] && eof_[1])) return;
                for (int i = 0; i < 2; ++i)
                    if (eof_[i]) p[i].fd = -1;
            }
            const int n = ::poll(p, 2, 100);
            if (n < 0 && errno != EINTR) return;
            for (int i = 0; i < 2; ++i) {
                if (p[i].fd < 0 || (p[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
                const ssize_t r = ::read(p[i].fd, buf, sizeof buf);
                std::lock_guard lock(m_);
                if (r > 0) (i == 0 ? out_ : err_).append(buf, static_cast<std::size_t>(r));
                else if (r == 0 || (errno != EINTR && errno != EAGAIN)) eof_[i] = true;
                cv_.notify_all();
            }
        }
    }

    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
    int fds_[2] = {-1, -1};
    std::thread reader_;
    std::mutex m_;
    std::condition_variable cv_;
    std::string out_, err_;
    bool eof_[2] = {false, false};
    bool stop_ = false;
};

// WEXITSTATUS for a normal exit, minus the signal number for a killed child.
inline int exit_code(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return -WTERMSIG(status);
    return -1000;
}

// The transport the tests run the provider on: TFPP_PLUGIN_TRANSPORT of the
// test process, passed on to every provider it starts ("" is the default).
inline std::string tested_transport() {
    const char* t = std::getenv("TFPP_PLUGIN_TRANSPORT");
    return t ? t : "";
}

// What go-plugin's client puts in the environment of a plugin it starts
// (less the client certificate), with TMPDIR pointing into the test's own dir.
inline environment managed_environment(const temp_dir& tmp) {
    environment env{
        {"PATH", "/usr/local/bin:/usr/bin:/bin"},
        {"TMPDIR", tmp.path()},
        {"TF_PLUGIN_MAGIC_COOKIE", std::string(magic_cookie)},
        {"PLUGIN_PROTOCOL_VERSIONS", "5,6"},
        {"PLUGIN_MIN_PORT", "10000"},
        {"PLUGIN_MAX_PORT", "25000"},
    };
    if (!tested_transport().empty()) env["TFPP_PLUGIN_TRANSPORT"] = tested_transport();
    return env;
}

inline bool path_exists(const std::string& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0;
}

// Polls until the path is gone.
inline bool wait_path_gone(const std::string& p, std::chrono::milliseconds timeout) {
    const auto deadline = clock_type::now() + timeout;
    while (path_exists(p)) {
        if (clock_type::now() >= deadline) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

// ---------------------------------------------------------------- handshake

// CORE|APP|NETWORK|ADDR|PROTOCOL|CERT
struct handshake {
    std::string core, app, network, address, protocol, cert;
};

inline std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    for (;;) {
        const auto i = s.find(sep);
        out.emplace_back(s.substr(0, i));
        if (i == std::string_view::npos) return out;
        s.remove_prefix(i + 1);
    }
}

inline std::optional<handshake> parse_handshake(std::string_view line) {
    const auto f = split(line, '|');
    if (f.size() != 6) return std::nullopt;
    return handshake{f[0], f[1], f[2], f[3], f[4], f[5]};
}

inline std::string parent_dir(const std::string& p) { return std::filesystem::path(p).parent_path().string(); }

// Strict standard base64 without '=' padding (Go's RawStdEncoding).
inline std::optional<std::string> base64_decode_unpadded(std::string_view s) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    if (s.size() % 4 == 1) return std::nullopt;
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : s) {
        const int v = value(c);
        if (v < 0) return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xff));
        }
    }
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) return std::nullopt;  // non-canonical tail
    return out;
}

// ---------------------------------------------------------------- certificates

// The OpenSSL handles and helpers of the library's own certificate code.
using tfpp::detail::bignum_ptr;
using tfpp::detail::bio_contents;
using tfpp::detail::bio_ptr;
using tfpp::detail::evp_pkey_ptr;
using tfpp::detail::x509_ptr;

struct client_certificate {
    std::string key_pem;
    std::string cert_pem;
};

// go-plugin's generateCert: ECDSA P-521, CN=localhost O=HashiCorp,
// SAN DNS:localhost, CA, the same key usages, client and server auth.
inline client_certificate make_client_certificate() {
    auto fail = [](const char* what) { throw std::runtime_error(std::string("client certificate: ") + what); };
    evp_pkey_ptr key(EVP_EC_gen("P-521"));
    if (!key) fail("key");
    x509_ptr cert(X509_new());
    if (!cert || X509_set_version(cert.get(), X509_VERSION_3) != 1) fail("X509_new");
    bignum_ptr serial(BN_new());
    if (!serial || BN_rand(serial.get(), 128, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) != 1 ||
        !BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get())))
        fail("serial");
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -30);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 262980L * 3600);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("HashiCorp"), -1, -1, 0);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1,
                               0);
    X509_set_issuer_name(cert.get(), name);
    if (X509_set_pubkey(cert.get(), key.get()) != 1) fail("pubkey");
    auto add = [&](int nid, const char* value) { tfpp::detail::add_extension(cert.get(), nid, value); };
    add(NID_basic_constraints, "critical,CA:TRUE");
    add(NID_key_usage, "critical,digitalSignature,keyEncipherment,keyAgreement,keyCertSign");
    add(NID_ext_key_usage, "clientAuth,serverAuth");
    add(NID_subject_alt_name, "DNS:localhost");
    if (X509_sign(cert.get(), key.get(), EVP_sha512()) == 0) fail("sign");

    bio_ptr kb(BIO_new(BIO_s_mem()));
    bio_ptr cb(BIO_new(BIO_s_mem()));
    if (!kb || !cb || PEM_write_bio_PrivateKey(kb.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1 ||
        PEM_write_bio_X509(cb.get(), cert.get()) != 1)
        fail("PEM");
    return {bio_contents(kb.get()), bio_contents(cb.get())};
}

inline x509_ptr parse_der(const std::string& der) {
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    x509_ptr cert(d2i_X509(nullptr, &p, static_cast<long>(der.size())));
    if (cert && p != reinterpret_cast<const unsigned char*>(der.data()) + der.size()) return nullptr;  // trailing bytes
    return cert;
}

// DER to PEM; empty when the bytes are no certificate.
inline std::string der_to_pem(const std::string& der) {
    x509_ptr cert = parse_der(der);
    if (!cert) return {};
    bio_ptr b(BIO_new(BIO_s_mem()));
    if (!b || PEM_write_bio_X509(b.get(), cert.get()) != 1) return {};
    return bio_contents(b.get());
}

// The server certificate named in a handshake's last field, as PEM.
inline std::string server_cert_pem(const handshake& hs) {
    const auto der = base64_decode_unpadded(hs.cert);
    return der ? der_to_pem(*der) : std::string();
}

// ---------------------------------------------------------------- channels

// gRPC's name for an address of the handshake line: a socket's path, or
// 127.0.0.1:PORT.
inline std::string grpc_target(const std::string& address) {
    return (address.starts_with("/") ? "unix:" : "ipv4:") + address;
}

inline grpc::ChannelArguments channel_arguments() {
    grpc::ChannelArguments args;
    // A connection of its own per channel: a refused client must not borrow a
    // good client's connection, nor the other way round.
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetMaxReceiveMessageSize(256 << 20);
    args.SetMaxSendMessageSize(256 << 20);
    return args;
}

// What go-plugin's client does: TLS, the plugin's certificate as the only
// root, our certificate as the client certificate, server name "localhost".
inline std::shared_ptr<grpc::Channel> tls_channel(const std::string& socket, const std::string& root_pem,
                                                  const client_certificate* client) {
    grpc::SslCredentialsOptions o;
    o.pem_root_certs = root_pem;
    if (client != nullptr) {
        o.pem_private_key = client->key_pem;
        o.pem_cert_chain = client->cert_pem;
    }
    grpc::ChannelArguments args = channel_arguments();
    args.SetSslTargetNameOverride("localhost");
    return grpc::CreateCustomChannel(grpc_target(socket), grpc::SslCredentials(o), args);
}

inline std::shared_ptr<grpc::Channel> insecure_channel(const std::string& socket) {
    return grpc::CreateCustomChannel(grpc_target(socket), grpc::InsecureChannelCredentials(), channel_arguments());
}

inline void set_deadline(grpc::ClientContext& ctx, std::chrono::milliseconds timeout = 10s) {
    ctx.set_deadline(std::chrono::system_clock::now() + timeout);
}

// ---------------------------------------------------------------- generic calls

struct generic_result {
    grpc::Status status;
    std::vector<std::string> responses;
};

inline grpc::ByteBuffer to_byte_buffer(const std::string& s) {
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

// Any RPC, by full method name ("/pkg.Service/Method"), on the wire level:
// each request is one message, then the client half-closes and reads every
// response. A unary call is the case of one message each way.
inline generic_result generic_call(const std::shared_ptr<grpc::Channel>& channel, const std::string& method,
                                   const std::vector<std::string>& requests, std::chrono::milliseconds timeout = 10s) {
    grpc::GenericStub stub(channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, timeout);
    grpc::CompletionQueue cq;
    auto next = [&] {
        void* tag = nullptr;
        bool ok = false;
        if (!cq.Next(&tag, &ok)) return false;
        return ok;
    };
    generic_result result;
    auto call = stub.PrepareCall(&ctx, method, &cq);
    call->StartCall(reinterpret_cast<void*>(1));
    if (next()) {
        bool writable = true;
        for (const auto& r : requests) {
            call->Write(to_byte_buffer(r), reinterpret_cast<void*>(2));
            if (!(writable = next())) break;
        }
        if (writable) {
            call->WritesDone(reinterpret_cast<void*>(3));
            next();
        }
        for (;;) {
            grpc::ByteBuffer b;
            call->Read(&b, reinterpret_cast<void*>(4));
            if (!next()) break;
            result.responses.push_back(to_string(b));
        }
    }
    call->Finish(&result.status, reinterpret_cast<void*>(5));
    next();
    cq.Shutdown();
    void* tag;
    bool ok;
    while (cq.Next(&tag, &ok)) {}
    return result;
}

// A map32 header claiming 2^32-1 entries, then `bytes` of a byte MessagePack
// never uses: a large value no provider can decode.
inline std::string junk_msgpack(std::size_t bytes) {
    std::string junk("\xdf\xff\xff\xff\xff", 5);
    junk.append(bytes, '\xc1');
    return junk;
}

// grpc.health.v1.Health/Check for service "plugin", the probe go-plugin's
// client runs: HealthCheckRequest{service: "plugin"} encoded by hand.
inline constexpr std::string_view health_request = "\x0a\x06plugin";
inline constexpr std::string_view health_serving = "\x08\x01";  // HealthCheckResponse{status: SERVING}

inline generic_result health_check(const std::shared_ptr<grpc::Channel>& channel,
                                   std::chrono::milliseconds timeout = 10s) {
    return generic_call(channel, "/grpc.health.v1.Health/Check", {std::string(health_request)}, timeout);
}

inline bool is_serving(const generic_result& r) {
    return r.status.ok() && r.responses.size() == 1 && r.responses[0] == health_serving;
}

inline std::string describe(const grpc::Status& s) {
    return "code " + std::to_string(static_cast<int>(s.error_code())) + ": " + s.error_message();
}

// tfplugin6 GetProviderSchema over the session's channel.
inline grpc::Status get_provider_schema(const std::shared_ptr<grpc::Channel>& channel,
                                        tfplugin6::GetProviderSchema_Response& resp) {
    auto stub = tfplugin6::Provider::NewStub(channel);
    grpc::ClientContext ctx;
    set_deadline(ctx);
    return stub->GetProviderSchema(&ctx, tfplugin6::GetProviderSchema_Request{}, &resp);
}

inline grpc::Status shutdown_provider(const std::shared_ptr<grpc::Channel>& channel) {
    auto stub = plugin::GRPCController::NewStub(channel);
    grpc::ClientContext ctx;
    set_deadline(ctx);
    plugin::Empty req, resp;
    return stub->Shutdown(&ctx, req, &resp);
}

// ---------------------------------------------------------------- a running provider

struct launch_options {
    std::vector<std::string> args;
    environment env;                 // added to (or replacing) the managed environment
    std::vector<std::string> unset;  // removed from it
    bool auto_mtls = true;           // put a client certificate in PLUGIN_CLIENT_CERT
    std::string provider;            // the binary; empty: the example provider
};

// The example provider started as Terraform starts it, handshake read and a
// channel made the way go-plugin makes it.
class provider_session {
public:
    explicit provider_session(const launch_options& opts = {}) {
        environment env = managed_environment(tmp);
        if (opts.auto_mtls) {
            cert = make_client_certificate();
            env["PLUGIN_CLIENT_CERT"] = cert.cert_pem;
        }
        for (const auto& [k, v] : opts.env) env[k] = v;
        for (const auto& k : opts.unset) env.erase(k);
        proc = std::make_unique<child_process>(opts.provider.empty() ? provider_path() : opts.provider, opts.args, env);
        const auto line = proc->wait_stdout_line(10s);
        INFO("stderr: " << proc->stderr_text());
        REQUIRE(line.has_value());
        handshake_line = *line;
        const auto parsed = parse_handshake(handshake_line);
        INFO("handshake line: " << handshake_line);
        REQUIRE(parsed.has_value());
        hs = *parsed;
        // The transport under test is the one served (TFPP_PLUGIN_TRANSPORT=tcp
        // must not quietly fall back to a unix socket).
        if (env.contains("TFPP_PLUGIN_TRANSPORT")) REQUIRE(hs.network == env["TFPP_PLUGIN_TRANSPORT"]);
        if (opts.auto_mtls) {
            root_pem = server_cert_pem(hs);
            REQUIRE_FALSE(root_pem.empty());
            channel = tls_channel(hs.address, root_pem, &cert);
        } else {
            channel = insecure_channel(hs.address);
        }
    }

    [[nodiscard]] std::string socket_dir() const { return parent_dir(hs.address); }

    // What go-plugin's GRPCClient.Close does: GRPCController/Shutdown, then
    // close the connection; waits for the exit. The exit code, or nullopt when
    // the provider did not stop in time (go-plugin's Kill waits 2 s, then
    // kills the process).
    std::optional<int> shutdown(std::chrono::milliseconds timeout = 2s) {
        const grpc::Status s = shutdown_provider(channel);
        INFO("Shutdown: " << describe(s));
        CHECK(s.ok());
        channel.reset();  // the last reference: the connection closes
        const auto status = proc->wait_exit(timeout);
        if (!status) return std::nullopt;
        return exit_code(*status);
    }

    temp_dir tmp;
    client_certificate cert;
    std::unique_ptr<child_process> proc;
    std::string handshake_line;
    handshake hs;
    std::string root_pem;
    std::shared_ptr<grpc::Channel> channel;

    ~provider_session() {
        channel.reset();
        proc.reset();
    }
};

}  // namespace test_serve
