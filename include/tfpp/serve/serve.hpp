// tfpp::serve<Provider>(argc, argv): the whole main() of a provider binary.
//
// Started by Terraform or OpenTofu it checks the magic cookie, agrees on
// protocol 5 or 6, listens on a private unix socket (with AutoMTLS when the
// client asks for it), prints the go-plugin handshake line and serves until
// told to shut down. Started by hand with --debug it serves without the
// handshake and prints the TF_REATTACH_PROVIDERS value to use. With
// --schema-json it prints its schemas as `tofu providers schema -json` would,
// and exits. tfpp::serve_in_process<Provider>() serves on threads of the
// calling process instead (tests, debuggers).
#pragma once

#include <tfpp/log/log.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/provider/provider.hpp>
#include <tfpp/rpc/detail/plugin_services.hpp>
#include <tfpp/rpc/detail/service_v5.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>
#include <tfpp/serve/detail/handshake.hpp>
#include <tfpp/serve/detail/hclog.hpp>
#include <tfpp/serve/detail/socket_dir.hpp>
#include <tfpp/serve/detail/tls.hpp>
#include <tfpp/serve/provider_schema_json.hpp>

#include <grpc/grpc.h>
#include <grpc/grpc_security.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/version_info.h>
#include <openssl/crypto.h>

#include <getopt.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tfpp {

struct serve_options {
    // Protocol majors this binary offers; the client picks the highest it
    // knows. The environment variable TFPP_PROTOCOL_VERSIONS (e.g. "5") narrows
    // the set at run time, to test a provider under one major.
    std::vector<int> protocols{6, 5};
    // Registry address printed for --debug, e.g. "tfpp/local" (listed for
    // both registry.terraform.io and registry.opentofu.org) or a full
    // "host/namespace/type". Empty: the provider's type name alone, which
    // Terraform reads as hashicorp/<type>. --schema-json names the provider
    // as OpenTofu does: registry.opentofu.org/tfpp/local.
    std::string address{};
    // tfpp checks its planned and applied values against Terraform's rules
    // before answering (docs/planning.md). Unset: the environment variable
    // TFPP_CONSISTENCY_CHECK (on, warn, off) decides, on by default.
    std::optional<tfpp::consistency_check> consistency_check{};
};

namespace detail {

struct run_mode {
    bool debug = false;
    bool help = false;
    bool schema_json = false;
    std::string bad_argument;
};

inline run_mode parse_arguments(int argc, char** argv) {
    run_mode mode;
    static const option long_options[] = {
        {"debug", no_argument, nullptr, 'd'},
        {"help", no_argument, nullptr, 'h'},
        {"schema-json", no_argument, nullptr, 's'},
        {nullptr, 0, nullptr, 0}};
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_options, nullptr)) != -1) {
        if (c == 'd') mode.debug = true;
        else if (c == 'h') mode.help = true;
        else if (c == 's') mode.schema_json = true;
        else mode.bad_argument = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    }
    if (mode.bad_argument.empty() && optind < argc) mode.bad_argument = argv[optind];
    return mode;
}

inline void write_all(int fd, std::string_view s) {
    while (!s.empty()) {
        const ssize_t w = ::write(fd, s.data(), s.size());
        if (w <= 0) return;
        s.remove_prefix(static_cast<std::size_t>(w));
    }
}

// A failure before the handshake. go-plugin clients show a first stdout line
// without enough '|' fields to the user ("Unrecognized remote plugin
// message"), so the reason reaches the person running terraform.
inline int startup_failure(std::string_view reason, bool managed) {
    const std::string line = "tfpp: the provider could not start: " + std::string(reason) + "\n";
    write_all(STDERR_FILENO, line);
    if (managed) write_all(STDOUT_FILENO, line);
    log::write(log::level::error, sdk_module, "provider could not start", {{"error", reason}});
    return 1;
}

// Waits for Shutdown, SIGTERM (and SIGINT in debug mode), or for the parent
// to go away without saying so.
class shutdown_waiter {
public:
    explicit shutdown_waiter(bool debug) : parent_(::getppid()), watch_parent_(!debug) {
        sigemptyset(&signals_);
        sigaddset(&signals_, SIGTERM);
        if (debug) sigaddset(&signals_, SIGINT);
        // Blocked before gRPC starts its threads, so only the signalfd sees them.
        pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
        signal_fd_ = ::signalfd(-1, &signals_, SFD_CLOEXEC);
        event_fd_ = ::eventfd(0, EFD_CLOEXEC);
    }
    ~shutdown_waiter() {
        if (signal_fd_ >= 0) ::close(signal_fd_);
        if (event_fd_ >= 0) ::close(event_fd_);
    }
    shutdown_waiter(const shutdown_waiter&) = delete;
    shutdown_waiter& operator=(const shutdown_waiter&) = delete;

    [[nodiscard]] bool ok() const noexcept { return signal_fd_ >= 0 && event_fd_ >= 0; }

    void request() noexcept {
        const std::uint64_t one = 1;
        (void)!::write(event_fd_, &one, sizeof one);
    }

    // Returns why it stopped waiting.
    std::string_view wait() {
        pollfd fds[2] = {{signal_fd_, POLLIN, 0}, {event_fd_, POLLIN, 0}};
        for (;;) {
            const int n = ::poll(fds, 2, 1000);
            if (n > 0 && (fds[1].revents & POLLIN)) return "shutdown requested";
            if (n > 0 && (fds[0].revents & POLLIN)) return "signal received";
            if (watch_parent_ && ::getppid() != parent_) return "parent process exited";
        }
    }

private:
    sigset_t signals_{};
    pid_t parent_;
    bool watch_parent_;
    int signal_fd_ = -1;
    int event_fd_ = -1;
};

// The path of the first nested attribute in b, at any depth ("files",
// "rule.ports"); empty when there is none.
inline std::string first_nested_attribute(const block_schema& b) {
    for (const attribute_schema& a : b.attributes)
        if (a.nested) return std::string(a.name);
    for (const nested_block_schema& nb : b.blocks)
        if (std::string inner = first_nested_attribute(nb.block); !inner.empty()) return std::string(nb.name) + "." + inner;
    return {};
}

inline std::string nested_attribute_reason(std::string_view where, const block_schema* b) {
    const std::string path = b ? first_nested_attribute(*b) : std::string();
    if (path.empty()) return {};
    return std::string(where) + ": attribute \"" + path + "\" is a nested attribute";
}

template <class P, class... R>
std::string nested_attribute_in_resources(types<R...>) {
    std::string r;
    ((r = r.empty() ? nested_attribute_reason("resource " + std::string(R::type_name), &schema_of_resource<P, R>())
                    : r),
     ...);
    return r;
}
template <class... D>
std::string nested_attribute_in_data_sources(types<D...>) {
    std::string r;
    ((r = r.empty() ? nested_attribute_reason("data source " + std::string(D::type_name), &data_source_schema<D>()) : r),
     ...);
    return r;
}

// Protocol 5 cannot describe nested attributes: why a provider needs protocol
// 6 ("resource local_directory: attribute \"files\" is a nested attribute"),
// or empty when protocol 5 can serve it.
template <class Provider>
std::string protocol_6_only_reason() {
    std::string r = nested_attribute_reason("provider configuration", &provider_config_schema<Provider>());
    if (r.empty()) r = nested_attribute_reason("provider_meta", provider_meta_schema<Provider>());
    if (r.empty()) r = nested_attribute_in_resources<Provider>(typename resource_list<Provider>::type{});
    if (r.empty()) r = nested_attribute_in_data_sources(typename data_source_list<Provider>::type{});
    return r;
}

// The protocol majors a provider may offer, after TFPP_PROTOCOL_VERSIONS and
// the rule that nested attributes need protocol 6, or why it cannot start.
struct protocol_offer {
    std::vector<int> versions;
    std::string needs_6;   // why protocol 5 cannot serve this provider; empty when it can
    std::string failure;   // set when nothing is left to offer
};

template <class Provider>
protocol_offer offer_protocols(const serve_options& options) {
    protocol_offer offer;
    offer.versions = options.protocols;
    if (const char* only = std::getenv("TFPP_PROTOCOL_VERSIONS"); only && *only) {
        const std::vector<int> allowed = parse_versions(only);
        std::erase_if(offer.versions,
                      [&](int v) { return std::find(allowed.begin(), allowed.end(), v) == allowed.end(); });
    }
    std::erase_if(offer.versions, [](int v) { return v != 5 && v != 6; });
    if (offer.versions.empty()) {
        offer.failure = "no protocol version left to offer (only 5 and 6 exist)";
        return offer;
    }
    // Nested attributes exist in protocol 6 only: then 5 is not offered.
    offer.needs_6 = protocol_6_only_reason<Provider>();
    if (!offer.needs_6.empty() && std::erase(offer.versions, 5) > 0 && offer.versions.empty()) {
        const bool six_configured = std::find(options.protocols.begin(), options.protocols.end(), 6) !=
                                    options.protocols.end();
        offer.failure = offer.needs_6 + ", which needs protocol 6; " +
                        (six_configured ? "TFPP_PROTOCOL_VERSIONS allows only protocol 5"
                                        : "serve_options::protocols offers only protocol 5");
    }
    return offer;
}

#if GRPC_CPP_VERSION_MAJOR == 1 && GRPC_CPP_VERSION_MINOR <= 51
// AutoMTLS credentials whose certificate may still be in the making. gRPC
// wants the key and certificate only when the server adds its listening port,
// after it has set itself up, so the server's set-up and the certificate
// overlap. If the certificate failed, no port is added and the server does
// not start; serve() then reports the certificate's failure. This relies on
// grpc++ 1.51's ServerCredentials (a private virtual AddPortToServer, which
// SslServerCredentials implements in the same two calls); later versions take
// the path below.
class automtls_credentials final : public grpc::ServerCredentials {
public:
    automtls_credentials(std::string client_cert, std::shared_future<server_certificate> certificate)
        : client_cert_(std::move(client_cert)), certificate_(std::move(certificate)) {}

    void SetAuthMetadataProcessor(const std::shared_ptr<grpc::AuthMetadataProcessor>&) override {}

private:
    int AddPortToServer(const std::string& addr, grpc_server* server) override {
        const server_certificate* cert = nullptr;
        try {
            cert = &certificate_.get();
        } catch (...) {
            return 0;
        }
        grpc_ssl_pem_key_cert_pair pair{cert->key_pem.c_str(), cert->cert_pem.c_str()};
        grpc_server_credentials* creds = grpc_ssl_server_credentials_create_ex(
            client_cert_.c_str(), &pair, 1, GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY, nullptr);
        if (creds == nullptr) return 0;
        const int port = grpc_server_add_http2_port(server, addr.c_str(), creds);
        grpc_server_credentials_release(creds);
        return port;
    }

    std::string client_cert_;
    std::shared_future<server_certificate> certificate_;
};

inline std::shared_ptr<grpc::ServerCredentials> automtls(const char* client_cert,
                                                         const std::shared_future<server_certificate>& certificate) {
    return std::make_shared<automtls_credentials>(client_cert, certificate);
}
#else
// gRPC's own SSL credentials, once the certificate is made.
inline std::shared_ptr<grpc::ServerCredentials> automtls(const char* client_cert,
                                                         const std::shared_future<server_certificate>& certificate) {
    const server_certificate& cert = certificate.get();
    grpc::SslServerCredentialsOptions ssl(GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
    ssl.pem_root_certs = client_cert;
    ssl.pem_key_cert_pairs.push_back({cert.key_pem, cert.cert_pem});
    return grpc::SslServerCredentials(ssl);
}
#endif

// How the certificate is made: on a thread of its own when the process may
// run on more than one CPU (or on the calling thread when no thread can be
// started); with one CPU, where a second thread only adds its own cost, by
// the first thread that asks for it.
inline std::launch certificate_launch() {
    cpu_set_t cpus;
    if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) == 1) return std::launch::deferred;
    return std::launch::async | std::launch::deferred;
}

// The AutoMTLS certificate, made on a thread of its own from the time the
// process starts when the environment shows a go-plugin client asking for
// AutoMTLS (the magic cookie and PLUGIN_CLIENT_CERT): it is the longest part
// of start-up and needs nothing from main(). Invalid when not asked for.
inline const std::shared_future<server_certificate>& automtls_certificate() {
    static const std::shared_future<server_certificate> certificate = [] {
        const char* cookie = std::getenv(magic_cookie_key.data());
        const char* client_cert = std::getenv("PLUGIN_CLIENT_CERT");
        if (cookie == nullptr || magic_cookie_value != cookie || client_cert == nullptr || *client_cert == '\0')
            return std::shared_future<server_certificate>();
        // OpenSSL without its exit-time clean-up: when main() returns before
        // serve() has taken the certificate, exit() would tear OpenSSL down
        // under the thread (seen as hangs and crashes on startup failures).
        OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr);
        // The thread takes no signals: serve() decides which it waits for.
        sigset_t all, before;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &before);
        std::shared_future<server_certificate> f = std::async(certificate_launch(), make_server_certificate).share();
        pthread_sigmask(SIG_SETMASK, &before, nullptr);
        return f;
    }();
    return certificate;
}

// Starts automtls_certificate() during static initialization, in the file
// with main(), ahead of the other initializers (gRPC's, protobuf's).
struct automtls_certificate_starter {
    automtls_certificate_starter() { (void)automtls_certificate(); }
};

// A running provider, whatever its type: what in_process_server holds.
class running_provider {
public:
    virtual ~running_provider() = default;
    virtual void stop() = 0;
};

// One provider instance behind a gRPC server on a private unix socket, with
// every service Terraform and OpenTofu expect: what serve() runs as a plugin
// process and serve_in_process() runs on threads of the caller's process.
template <class Provider>
class provider_server final : public running_provider {
public:
    // Throws std::runtime_error when the server cannot listen.
    provider_server(int version, const std::shared_ptr<grpc::ServerCredentials>& credentials,
                    std::function<void()> on_shutdown_request)
        : version_(version), controller_(std::move(on_shutdown_request)) {
        grpc::EnableDefaultHealthCheckService(false);  // health_service instead
        grpc::ServerBuilder builder;
        builder.AddListeningPort("unix:" + dir_.socket_path(), credentials);
        builder.SetMaxReceiveMessageSize(256 << 20);
        builder.SetMaxSendMessageSize(256 << 20);
        if (version == 6) {
            builder.RegisterService(&v6_);
        } else {
            builder.RegisterService(&v5_);
            builder.RegisterService(&provisioner_);
        }
        builder.RegisterService(&health_);
        builder.RegisterService(&controller_);
        builder.RegisterService(&stdio_);
        builder.RegisterService(&broker_);
        server_ = builder.BuildAndStart();
        if (!server_) throw std::runtime_error("cannot listen on " + dir_.socket_path());
        try {
            dir_.apply_group_from_environment();
        } catch (...) {
            stop();
            throw;
        }
    }
    provider_server(const provider_server&) = delete;
    provider_server& operator=(const provider_server&) = delete;
    ~provider_server() override { stop(); }

    [[nodiscard]] const std::string& socket_path() const noexcept { return dir_.socket_path(); }

    // Terraform's first call is GetProviderSchema. Its bytes are built on a
    // thread started once the handshake line is out, while the client
    // connects, so that call finds them ready (or waits for the rest; a
    // failure here is left for that call to report).
    void warm_up_schema() {
        if (schema_warmup_.joinable()) return;
        schema_warmup_ = std::jthread([this] {
            try {
                if (version_ == 6) (void)v6_.schema_response_bytes();
                else (void)v5_.schema_response_bytes();
            } catch (...) {
            }
        });
    }

    // Handlers see their stop token fire, open streams end, and calls still
    // running get a second to finish. Safe to call more than once.
    void stop() override {
        if (!server_) return;
        eng_.request_stop();
        stopping_.trigger();
        server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
        server_->Wait();
        server_.reset();
    }

private:
    int version_;
    socket_dir dir_;
    engine<Provider> eng_;
    stop_signal stopping_;
    provider_service_v6<engine<Provider>> v6_{eng_};
    provider_service_v5<engine<Provider>> v5_{eng_};
    provisioner_service_v5 provisioner_;
    health_service health_{stopping_};
    controller_service controller_;
    stdio_service stdio_{stopping_};
    broker_service broker_;
    std::unique_ptr<grpc::Server> server_;
    std::jthread schema_warmup_;  // last: joined before the services it uses are destroyed
};

// Waits, on every return of serve(), for a certificate started before it
// (automtls_certificate), so that no thread of tfpp's is still at work while
// the process exits.
struct started_certificate_wait {
    started_certificate_wait() = default;
    started_certificate_wait(const started_certificate_wait&) = delete;
    started_certificate_wait& operator=(const started_certificate_wait&) = delete;
    ~started_certificate_wait() {
        // A deferred one (one CPU) was never started: nothing to wait for.
        if (const auto& certificate = automtls_certificate();
            certificate.valid() && certificate.wait_for(std::chrono::seconds(0)) != std::future_status::deferred)
            certificate.wait();
    }
};

template <class Provider>
int serve_provider(int argc, char** argv, const serve_options& options) {
    const started_certificate_wait certificate_wait;
    const run_mode mode = parse_arguments(argc, argv);
    if (mode.help || !mode.bad_argument.empty()) {
        if (!mode.bad_argument.empty()) write_all(STDERR_FILENO, "unknown argument: " + mode.bad_argument + "\n");
        write_all(mode.help ? STDOUT_FILENO : STDERR_FILENO,
                  std::string("Usage: ") + (argc > 0 ? argv[0] : "provider") +
                      " [--debug | --schema-json]\n\n"
                      "  --debug        serve without the handshake and print the TF_REATTACH_PROVIDERS value\n"
                      "  --schema-json  print the provider's schemas as `tofu providers schema -json` does, and exit\n\n" +
                      std::string(not_a_program_message));
        return mode.help ? 0 : 2;
    }
    if (mode.schema_json) {
        try {
            write_all(STDOUT_FILENO, provider_schema_json<Provider>(options.address) + "\n");
            return 0;
        } catch (const std::exception& e) {
            write_all(STDERR_FILENO, std::string("tfpp: cannot print the schema: ") + e.what() + "\n");
            return 1;
        }
    }
    const bool managed = !mode.debug;
    install_hclog();
    if (options.consistency_check) set_consistency_check(options.consistency_check);

    if (managed) {
        const char* cookie = std::getenv(std::string(magic_cookie_key).c_str());
        if (cookie == nullptr || magic_cookie_value != cookie) {
            write_all(STDERR_FILENO, not_a_program_message);
            return 1;
        }
        ::signal(SIGINT, SIG_IGN);  // Terraform sends StopProvider instead
    }
    ::signal(SIGPIPE, SIG_IGN);

    const protocol_offer offer = offer_protocols<Provider>(options);
    if (!offer.failure.empty()) return startup_failure(offer.failure, managed);
    const char* client_versions = std::getenv("PLUGIN_PROTOCOL_VERSIONS");
    const std::vector<int> client = managed && client_versions ? parse_versions(client_versions) : std::vector<int>{};
    auto lists = [](const std::vector<int>& versions, int v) {
        return std::find(versions.begin(), versions.end(), v) != versions.end();
    };
    // go-plugin's fallback (our lowest version, for the client to refuse)
    // would hide the reason from the user.
    if (!offer.needs_6.empty() && lists(client, 5) && std::none_of(offer.versions.begin(), offer.versions.end(), [&](int v) {
            return lists(client, v);
        }))
        return startup_failure(offer.needs_6 + ", which needs protocol 6; this client offers only protocol 5", managed);
    const int version = negotiate_version(offer.versions, client);

    shutdown_waiter waiter(mode.debug);
    if (!waiter.ok()) return startup_failure("cannot set up signal handling", managed);

    // AutoMTLS. The server's certificate is made on a second thread while this
    // one starts gRPC and sets the server up (see automtls_credentials). The
    // client's certificate is not parsed here: gRPC parses it when it adds the
    // port, as the only root a client's certificate is verified against. When
    // the server cannot start, the certificate's failure is reported, or the
    // client's certificate is looked at to say whether it was the reason.
    const char* client_cert = managed ? std::getenv("PLUGIN_CLIENT_CERT") : nullptr;
    const bool tls = client_cert != nullptr && *client_cert != '\0';
    std::shared_future<server_certificate> certificate;
    try {
        if (tls) certificate = automtls_certificate();
        if (tls && !certificate.valid())  // the magic cookie checked above
            certificate = std::async(certificate_launch(), make_server_certificate).share();
        // gRPC is started here, while the certificate is made; left to the
        // first credentials or the server builder, it would start later. It
        // is never shut down: the process ends once serve() returns, and
        // grpc_shutdown() joins gRPC's executor threads, one of which can sit
        // in a poll for up to ten seconds after a busy session, while
        // go-plugin kills a plugin that has not exited two seconds after
        // Shutdown.
        grpc_init();
        const std::shared_ptr<grpc::ServerCredentials> credentials =
            tls ? automtls(client_cert, certificate) : grpc::InsecureServerCredentials();
        provider_server<Provider> server(version, credentials, [&] { waiter.request(); });
        if (managed) {
            const std::string cert_base64 = tls ? base64_unpadded(certificate.get().cert_der) : std::string();
            write_all(STDOUT_FILENO, handshake_line(version, server.socket_path(), cert_base64));
        } else {
            const std::string address = options.address.empty() ? std::string(Provider::type_name) : options.address;
            const std::string config = reattach_config(address, version, static_cast<long>(::getpid()),
                                                       server.socket_path());
            write_all(STDOUT_FILENO,
                      "Provider started. To attach Terraform or OpenTofu, set the TF_REATTACH_PROVIDERS environment "
                      "variable with the following:\n\n\tTF_REATTACH_PROVIDERS=" +
                          shell_quote(config) + "\n\n");
        }
        server.warm_up_schema();
        log::write(log::level::info, sdk_module, "provider serving",
                   {{"tf_proto_version", std::to_string(version)}, {"address", server.socket_path()}});

        const std::string_view why = waiter.wait();
        log::write(log::level::info, sdk_module, "provider stopping", {{"reason", why}});
        server.stop();
        return 0;
    } catch (const std::exception& e) {
        if (tls) {
            try {
                if (certificate.valid()) (void)certificate.get();
            } catch (const std::exception& cert_failure) {
                return startup_failure(cert_failure.what(), managed);
            }
            if (!is_pem_certificate(client_cert))
                return startup_failure("PLUGIN_CLIENT_CERT does not hold a PEM certificate", managed);
        }
        return startup_failure(e.what(), managed);
    }
}

}  // namespace detail

// The whole main() of a provider binary:
//
//   int main(int argc, char** argv) { return tfpp::serve<my_provider>(argc, argv); }
template <class Provider>
int serve(int argc, char** argv, const serve_options& options = {}) {
    if constexpr (!detail::provider_check<Provider>::ok) {
        return 1;  // provider_check has stated the problem at compile time
    } else {
        return detail::serve_provider<Provider>(argc, argv, options);
    }
}

class in_process_server;
template <class Provider>
in_process_server serve_in_process(const serve_options& options = {});

// A provider served on threads of this process, as --debug serves it but
// without printing anything or touching signal handlers: for test harnesses
// (tfpp::testing::acceptance) and for running a provider under a debugger
// from a program of one's own. Terraform and OpenTofu attach to it through
// TF_REATTACH_PROVIDERS=<reattach_config()>; one server may serve any number
// of CLI runs, one after another or at the same time. Stops when stop() is
// called or the object is destroyed; a client's Shutdown request is answered
// and otherwise ignored, since the owner decides how long the server lives.
class in_process_server {
public:
    // The JSON value of TF_REATTACH_PROVIDERS, naming this server under the
    // address of serve_options (under both registries' hosts when it has no host).
    [[nodiscard]] const std::string& reattach_config() const noexcept { return reattach_config_; }
    [[nodiscard]] const std::string& socket_path() const noexcept { return socket_path_; }
    [[nodiscard]] int protocol_version() const noexcept { return protocol_version_; }
    [[nodiscard]] bool running() const noexcept { return server_ != nullptr; }

    void stop() {
        if (server_) server_->stop();
        server_.reset();
    }

private:
    template <class Provider>
    friend in_process_server serve_in_process(const serve_options& options);

    in_process_server(std::unique_ptr<detail::running_provider> server, std::string reattach_config,
                      std::string socket_path, int protocol_version)
        : server_(std::move(server)), reattach_config_(std::move(reattach_config)),
          socket_path_(std::move(socket_path)), protocol_version_(protocol_version) {}

    std::unique_ptr<detail::running_provider> server_;
    std::string reattach_config_;
    std::string socket_path_;
    int protocol_version_;
};

// Starts Provider on threads of this process; throws std::runtime_error when
// it cannot (no protocol left to offer, no socket). serve_options::protocols,
// TFPP_PROTOCOL_VERSIONS and consistency_check apply as for serve().
template <class Provider>
in_process_server serve_in_process(const serve_options& options) {
    if constexpr (!detail::provider_check<Provider>::ok) {
        throw std::logic_error("tfpp: not a valid provider");  // provider_check has stated the problem at compile time
    } else {
        if (options.consistency_check) set_consistency_check(options.consistency_check);
        const detail::protocol_offer offer = detail::offer_protocols<Provider>(options);
        if (!offer.failure.empty()) throw std::runtime_error("tfpp: the provider could not start: " + offer.failure);
        const int version = detail::negotiate_version(offer.versions, {});
        auto server = std::make_unique<detail::provider_server<Provider>>(
            version, grpc::InsecureServerCredentials(), [] {});
        server->warm_up_schema();
        std::string socket_path = server->socket_path();
        const std::string address = options.address.empty() ? std::string(Provider::type_name) : options.address;
        std::string config = detail::reattach_config(address, version, static_cast<long>(::getpid()), socket_path);
        return in_process_server(std::move(server), std::move(config), std::move(socket_path), version);
    }
}

namespace detail {
[[maybe_unused]] __attribute__((init_priority(101))) inline const automtls_certificate_starter start_automtls_certificate;
}  // namespace detail

}  // namespace tfpp
