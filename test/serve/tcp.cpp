// The TCP transport (TFPP_PLUGIN_TRANSPORT=tcp, go-plugin's on Windows): the
// handshake names 127.0.0.1:PORT, the port comes from PLUGIN_MIN_PORT and
// PLUGIN_MAX_PORT as go-plugin's server picks it, and AutoMTLS still holds.
#include "harness.hpp"

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace test_tcp {

using namespace test_serve;

inline int port_of(const handshake& hs) {
    const auto colon = hs.address.rfind(':');
    REQUIRE(colon != std::string::npos);
    CHECK(hs.address.substr(0, colon) == "127.0.0.1");
    return std::stoi(hs.address.substr(colon + 1));
}

// A loopback port this test listens on, so the provider cannot have it.
class held_port {
public:
    held_port() {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        REQUIRE(fd_ >= 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        REQUIRE(::listen(fd_, 1) == 0);
        socklen_t len = sizeof a;
        REQUIRE(::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0);
        port_ = ntohs(a.sin_port);
    }
    ~held_port() { ::close(fd_); }
    held_port(const held_port&) = delete;
    held_port& operator=(const held_port&) = delete;
    [[nodiscard]] int port() const noexcept { return port_; }

private:
    int fd_ = -1;
    int port_ = 0;
};

inline launch_options tcp(environment env = {}) {
    env["TFPP_PLUGIN_TRANSPORT"] = "tcp";
    launch_options o;
    o.env = std::move(env);
    return o;
}

// Runs the provider to its end and checks a startup failure that mentions `what`.
inline void check_startup_failure(const environment& extra, const std::string& what) {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["TFPP_PLUGIN_TRANSPORT"] = "tcp";
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    for (const auto& [k, v] : extra) env[k] = v;
    child_process p(provider_path(), {}, env);
    const auto status = p.wait_exit(10s);
    REQUIRE(status.has_value());
    p.wait_output_closed(5s);
    const std::string out = p.stdout_text();
    INFO("stdout: " << out);
    INFO("stderr: " << p.stderr_text());
    CHECK(exit_code(*status) == 1);
    const std::string first = out.substr(0, out.find('\n'));
    CHECK(first.find('|') == std::string::npos);  // no handshake line
    CHECK(first.find(what) != std::string::npos);
    CHECK(tmp.empty());  // no socket directory either
}

}  // namespace test_tcp

using namespace test_tcp;

TEST_CASE("TCP: handshake line 1|6|tcp|127.0.0.1:PORT|grpc|<certificate>, PORT within PLUGIN_MIN_PORT..MAX_PORT",
          "[serve][tcp]") {
    provider_session s(tcp());
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.core == "1");
    CHECK(s.hs.app == "6");
    CHECK(s.hs.network == "tcp");
    CHECK(s.hs.protocol == "grpc");
    CHECK_FALSE(s.hs.cert.empty());
    const int port = port_of(s.hs);
    CHECK(port >= 10000);
    CHECK(port <= 25000);
    CHECK(s.tmp.empty());  // no socket directory
    CHECK(is_serving(health_check(s.channel)));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("TCP: a port taken by another process is passed over, as go-plugin's server does", "[serve][tcp]") {
    const held_port taken;
    const std::string first = std::to_string(taken.port());
    const std::string last = std::to_string(taken.port() + 20);
    provider_session a(tcp({{"PLUGIN_MIN_PORT", first}, {"PLUGIN_MAX_PORT", last}}));
    const int port_a = port_of(a.hs);
    CHECK(port_a > taken.port());
    CHECK(port_a <= taken.port() + 20);
    // A second provider with the same range does not share the first one's port.
    provider_session b(tcp({{"PLUGIN_MIN_PORT", first}, {"PLUGIN_MAX_PORT", last}}));
    const int port_b = port_of(b.hs);
    CHECK(port_b > taken.port());
    CHECK(port_b != port_a);
    CHECK(is_serving(health_check(a.channel)));
    CHECK(is_serving(health_check(b.channel)));
}

TEST_CASE("TCP: without PLUGIN_MIN_PORT and PLUGIN_MAX_PORT the system picks the port", "[serve][tcp]") {
    launch_options o = tcp();
    o.unset = {"PLUGIN_MIN_PORT", "PLUGIN_MAX_PORT"};
    provider_session s(o);
    CHECK(port_of(s.hs) > 0);
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("TCP: AutoMTLS refuses a plaintext client and one with another certificate", "[serve][tcp]") {
    provider_session s(tcp());
    const client_certificate other = make_client_certificate();
    for (const auto& bad : {insecure_channel(s.hs.address), tls_channel(s.hs.address, s.root_pem, &other),
                            tls_channel(s.hs.address, s.root_pem, nullptr)}) {
        const generic_result r = health_check(bad, 5s);
        INFO("status: " << describe(r.status));
        CHECK((r.status.error_code() == grpc::StatusCode::UNAVAILABLE ||
               r.status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED));
        CHECK(r.responses.empty());
    }
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("TCP: a range with no free port is a readable startup failure", "[serve][tcp]") {
    const held_port taken;
    const std::string p = std::to_string(taken.port());
    check_startup_failure({{"PLUGIN_MIN_PORT", p}, {"PLUGIN_MAX_PORT", p}}, "no free TCP port on 127.0.0.1 from " + p);
}

TEST_CASE("TCP: PLUGIN_MIN_PORT and PLUGIN_MAX_PORT that are no port numbers, or the wrong way round, are refused",
          "[serve][tcp]") {
    check_startup_failure({{"PLUGIN_MIN_PORT", "ten"}}, "PLUGIN_MIN_PORT is \"ten\"");
    check_startup_failure({{"PLUGIN_MAX_PORT", "70000"}}, "PLUGIN_MAX_PORT is \"70000\"");
    check_startup_failure({{"PLUGIN_MIN_PORT", "20000"}, {"PLUGIN_MAX_PORT", "10000"}},
                          "PLUGIN_MIN_PORT (20000) is greater than PLUGIN_MAX_PORT (10000)");
}

TEST_CASE("an unknown TFPP_PLUGIN_TRANSPORT is a startup failure naming the values it takes", "[serve][tcp]") {
    check_startup_failure({{"TFPP_PLUGIN_TRANSPORT", "udp"}}, "TFPP_PLUGIN_TRANSPORT is \"udp\"; it takes unix or tcp");
}

TEST_CASE("TCP: --debug names a tcp address in TF_REATTACH_PROVIDERS", "[serve][tcp]") {
    temp_dir tmp;
    const environment env{
        {"PATH", "/usr/bin:/bin"}, {"TMPDIR", tmp.path()}, {"TFPP_PLUGIN_TRANSPORT", "tcp"}};
    child_process p(provider_path(), {"--debug"}, env);
    const std::string marker = "TF_REATTACH_PROVIDERS='";
    REQUIRE(p.wait_stdout(
        [&](const std::string& out) {
            const auto at = out.find(marker);
            return at != std::string::npos && out.find('\'', at + marker.size()) != std::string::npos;
        },
        10s));
    const std::string out = p.stdout_text();
    const auto start = out.find(marker) + marker.size();
    const nlohmann::json config = nlohmann::json::parse(out.substr(start, out.find('\'', start) - start), nullptr, false);
    REQUIRE_FALSE(config.is_discarded());
    const nlohmann::json& addr = config["registry.opentofu.org/tfpp/local"]["Addr"];
    CHECK(addr.value("Network", "") == "tcp");
    const std::string address = addr.value("String", "");
    CHECK(address.starts_with("127.0.0.1:"));
    CHECK(is_serving(health_check(insecure_channel(address))));
    REQUIRE(p.signal(SIGTERM));
    const auto status = p.wait_exit(3s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
}
