// AutoMTLS: the server certificate, started as early as the environment
// shows a go-plugin client asking for it (it is the longest part of
// start-up), and credentials that let gRPC set itself up meanwhile.
#pragma once

#include <tfpp/platform/detail/process.hpp>
#include <tfpp/platform/detail/signals.hpp>
#include <tfpp/serve/detail/tls.hpp>

#include <grpc/grpc_security.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/version_info.h>
#include <openssl/crypto.h>
#include <cstdlib>
#include <future>
#include <memory>
#include <thread>

namespace tfpp::detail {

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
    return runs_on_one_cpu() ? std::launch::deferred : std::launch::async | std::launch::deferred;
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
        const all_signals_blocked on_the_new_thread;
        return std::async(certificate_launch(), make_server_certificate).share();
    }();
    return certificate;
}

// Starts automtls_certificate() during static initialization, in the file
// with main(), ahead of the other initializers (gRPC's, protobuf's).
struct automtls_certificate_starter {
    automtls_certificate_starter() { (void)automtls_certificate(); }
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

}  // namespace tfpp::detail
