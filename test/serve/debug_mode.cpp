// --debug: started by hand, the provider serves in plaintext without the
// handshake and prints the TF_REATTACH_PROVIDERS value to use.
#include "harness.hpp"

#include <nlohmann/json.hpp>

namespace test_debug_mode {

using namespace test_serve;

// The single-quoted value after TF_REATTACH_PROVIDERS=, once it is complete.
inline std::optional<std::string> reattach_value(const std::string& out) {
    static const std::string key = "TF_REATTACH_PROVIDERS=";
    const auto k = out.find(key);
    if (k == std::string::npos) return std::nullopt;
    const auto open = k + key.size();
    if (open >= out.size() || out[open] != '\'') return std::nullopt;
    const auto close = out.find('\'', open + 1);
    if (close == std::string::npos) return std::nullopt;
    return out.substr(open + 1, close - open - 1);
}

}  // namespace test_debug_mode

using namespace test_debug_mode;

TEST_CASE("--debug prints TF_REATTACH_PROVIDERS and serves plaintext until SIGINT", "[serve]") {
    temp_dir tmp;
    // No cookie, no PLUGIN_* variables: started by hand.
    const environment env{{"PATH", "/usr/local/bin:/usr/bin:/bin"}, {"TMPDIR", tmp.path()}};
    child_process p(provider_path(), {"--debug"}, env);
    const bool printed = p.wait_stdout([](const std::string& out) { return reattach_value(out).has_value(); }, 10s);
    const std::string out = p.stdout_text();
    INFO("stdout:\n" << out);
    INFO("stderr:\n" << p.stderr_text());
    REQUIRE(printed);

    const nlohmann::json config = nlohmann::json::parse(*reattach_value(out), nullptr, false);
    REQUIRE_FALSE(config.is_discarded());
    REQUIRE(config.is_object());
    CHECK(config.size() == 2);
    std::string socket;
    for (const char* address : {"registry.terraform.io/tfpp/local", "registry.opentofu.org/tfpp/local"}) {
        INFO("address " << address);
        REQUIRE(config.contains(address));
        const nlohmann::json& e = config[address];
        CHECK(e.value("Protocol", "") == "grpc");
        CHECK(e.value("ProtocolVersion", 0) == 6);
        CHECK(e.value("Pid", 0L) == static_cast<long>(p.pid()));
        CHECK(e.value("Test", false) == true);
        REQUIRE(e.contains("Addr"));
        CHECK(e["Addr"].value("Network", "") == "unix");
        const std::string s = e["Addr"].value("String", "");
        CHECK(std::filesystem::path(s).is_absolute());
        if (socket.empty()) socket = s;
        CHECK(s == socket);
    }
    REQUIRE_FALSE(socket.empty());
    // The line is no go-plugin handshake.
    CHECK(out.find("|grpc|") == std::string::npos);

    struct stat st {};
    REQUIRE(::lstat(socket.c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    const std::string dir = parent_dir(socket);

    // Terraform reattaching connects without TLS.
    auto channel = insecure_channel(socket);
    const generic_result r = health_check(channel);
    INFO(describe(r.status));
    CHECK(is_serving(r));
    // Several clients (terraform runs) may attach one after another.
    CHECK(is_serving(health_check(insecure_channel(socket))));
    channel.reset();

    REQUIRE(p.signal(SIGINT));
    const auto status = p.wait_exit(3s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    CHECK_FALSE(path_exists(socket));
    CHECK_FALSE(path_exists(dir));
    CHECK(tmp.empty());
}

TEST_CASE("--debug ignores a PLUGIN_CLIENT_CERT and the cookie is not needed", "[serve]") {
    temp_dir tmp;
    const environment env{{"PATH", "/usr/bin:/bin"},
                          {"TMPDIR", tmp.path()},
                          {"PLUGIN_CLIENT_CERT", "garbage"},
                          {"PLUGIN_PROTOCOL_VERSIONS", "5"}};
    child_process p(provider_path(), {"--debug"}, env);
    REQUIRE(p.wait_stdout([](const std::string& out) { return reattach_value(out).has_value(); }, 10s));
    const nlohmann::json config = nlohmann::json::parse(*reattach_value(p.stdout_text()), nullptr, false);
    REQUIRE_FALSE(config.is_discarded());
    const nlohmann::json& e = config["registry.terraform.io/tfpp/local"];
    // PLUGIN_PROTOCOL_VERSIONS is a managed-mode variable: debug serves 6.
    CHECK(e.value("ProtocolVersion", 0) == 6);
    CHECK(is_serving(health_check(insecure_channel(e["Addr"].value("String", "")))));
    REQUIRE(p.signal(SIGTERM));
    const auto status = p.wait_exit(3s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    CHECK(tmp.empty());
}

TEST_CASE("--help prints usage and exits 0; an unknown argument exits 2", "[serve]") {
    temp_dir tmp;
    const environment env{{"PATH", "/usr/bin:/bin"}, {"TMPDIR", tmp.path()}};
    {
        child_process p(provider_path(), {"--help"}, env);
        const auto status = p.wait_exit(10s);
        REQUIRE(status.has_value());
        CHECK(exit_code(*status) == 0);
        p.wait_output_closed(5s);
        CHECK(p.stdout_text().find("--debug") != std::string::npos);
    }
    {
        child_process p(provider_path(), {"--bogus"}, env);
        const auto status = p.wait_exit(10s);
        REQUIRE(status.has_value());
        CHECK(exit_code(*status) == 2);
        p.wait_output_closed(5s);
        CHECK(p.stderr_text().find("--bogus") != std::string::npos);
        CHECK(p.stdout_text().empty());
    }
    CHECK(tmp.empty());
}
