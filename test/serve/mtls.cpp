// AutoMTLS: only the client whose certificate came in PLUGIN_CLIENT_CERT gets
// through; refused clients do not disturb the provider.
#include "harness.hpp"

namespace test_mtls {

using namespace test_serve;

inline void check_refused(provider_session& s, const std::shared_ptr<grpc::Channel>& bad, const char* who) {
    INFO("client: " << who);
    const generic_result r = health_check(bad, 5s);
    INFO("status: " << describe(r.status));
    INFO("provider stderr: " << s.proc->stderr_text());
    CHECK_FALSE(r.status.ok());
    // Refused at the transport: the call never reached a service.
    CHECK((r.status.error_code() == grpc::StatusCode::UNAVAILABLE ||
           r.status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED));
    CHECK(r.responses.empty());

    // Still running, and the right client still gets through.
    CHECK(s.proc->running());
    const generic_result good = health_check(s.channel);
    INFO("good client after the refusal: " << describe(good.status));
    CHECK(is_serving(good));
}

}  // namespace test_mtls

using namespace test_mtls;

TEST_CASE("mTLS: the client holding the certificate from PLUGIN_CLIENT_CERT is served", "[serve][transport]") {
    provider_session s;
    const generic_result r = health_check(s.channel);
    INFO(describe(r.status));
    REQUIRE(r.status.ok());
    REQUIRE(r.responses.size() == 1);
    CHECK(r.responses[0] == health_serving);

    // A second connection with the same certificate works as well.
    auto again = tls_channel(s.hs.address, s.root_pem, &s.cert);
    CHECK(is_serving(health_check(again)));
}

TEST_CASE("mTLS: a TLS client without a certificate is refused", "[serve][transport]") {
    provider_session s;
    check_refused(s, tls_channel(s.hs.address, s.root_pem, nullptr), "no client certificate");
}

TEST_CASE("mTLS: a client with another self-signed certificate is refused", "[serve][transport]") {
    provider_session s;
    const client_certificate other = make_client_certificate();
    check_refused(s, tls_channel(s.hs.address, s.root_pem, &other), "other certificate");
}

TEST_CASE("mTLS: a plaintext client is refused", "[serve][transport]") {
    provider_session s;
    check_refused(s, insecure_channel(s.hs.address), "plaintext");
}

TEST_CASE("mTLS: the client refuses a server certificate other than the handshake's", "[serve][transport]") {
    // The client side of the check: trusting only an unrelated certificate,
    // the handshake fails, so the handshake's certificate really is the one
    // the server presents.
    provider_session s;
    const client_certificate unrelated = make_client_certificate();
    const generic_result r = health_check(tls_channel(s.hs.address, unrelated.cert_pem, &s.cert), 5s);
    INFO(describe(r.status));
    CHECK_FALSE(r.status.ok());
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("mTLS: refusals one after another leave the provider serving, and it shuts down cleanly", "[serve][transport]") {
    provider_session s;
    const client_certificate other = make_client_certificate();
    for (int i = 0; i < 3; ++i) {
        check_refused(s, insecure_channel(s.hs.address), "plaintext");
        check_refused(s, tls_channel(s.hs.address, s.root_pem, &other), "other certificate");
    }
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}
