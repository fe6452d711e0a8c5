// Protocol 5 cannot describe nested attributes: examples/local (whose
// local_directory has the nested attribute `files`) offers protocol 6 only,
// and when that leaves nothing the client or TFPP_PROTOCOL_VERSIONS accepts,
// it refuses to start with a message that names the attribute.
#include "harness.hpp"

#include <tfplugin6.grpc.pb.h>

namespace test_protocol_6_only {

using namespace test_serve;

inline const std::string nested_reason =
    "resource local_directory: attribute \"files\" is a nested attribute, which needs protocol 6; ";

struct outcome {
    std::optional<int> status;
    std::string out, err;
};

inline outcome run_to_exit(const std::string& provider, const environment& env) {
    child_process p(provider, {}, env);
    outcome o;
    o.status = p.wait_exit(10s);
    if (o.status) p.wait_output_closed(5s);
    o.out = p.stdout_text();
    o.err = p.stderr_text();
    return o;
}

// Exit 1 with the reason as the first stdout line (go-plugin shows it to the
// user) and on stderr, and no socket directory left behind.
inline void check_refused(const outcome& o, const std::string& reason, const temp_dir& tmp) {
    INFO("stdout: " << o.out);
    INFO("stderr: " << o.err);
    REQUIRE(o.status.has_value());
    CHECK(exit_code(*o.status) == 1);
    const std::string first = o.out.substr(0, o.out.find('\n'));
    CHECK(first == "tfpp: the provider could not start: " + reason);
    CHECK(o.err.find(reason) != std::string::npos);
    CHECK(tmp.empty());
}

}  // namespace test_protocol_6_only

using namespace test_protocol_6_only;

TEST_CASE("a client that offers only protocol 5 is told which nested attribute needs protocol 6", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    check_refused(run_to_exit(provider_path(), env), nested_reason + "this client offers only protocol 5", tmp);
    // Versions we do not know do not change that: 5 is the one we could have served.
    env["PLUGIN_PROTOCOL_VERSIONS"] = "4,5";
    check_refused(run_to_exit(provider_path(), env), nested_reason + "this client offers only protocol 5", tmp);
}

TEST_CASE("TFPP_PROTOCOL_VERSIONS=5 on a provider with nested attributes is a startup failure", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["TFPP_PROTOCOL_VERSIONS"] = "5";
    check_refused(run_to_exit(provider_path(), env), nested_reason + "TFPP_PROTOCOL_VERSIONS allows only protocol 5",
                  tmp);
}

TEST_CASE("a provider with nested attributes serves protocol 6 to a client offering 5 and 6", "[serve]") {
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5,6";
    provider_session s(o);
    CHECK(s.hs.app == "6");
    tfplugin6::GetProviderSchema_Response resp;
    const grpc::Status st = get_provider_schema(s.channel, resp);
    INFO(describe(st));
    REQUIRE(st.ok());
    REQUIRE(resp.resource_schemas().count("local_directory") == 1);
    bool nested = false;
    for (const auto& a : resp.resource_schemas().at("local_directory").block().attributes())
        if (a.name() == "files") nested = a.has_nested_type();
    CHECK(nested);
}

TEST_CASE("no common version and no protocol 5 in the client's list: go-plugin's fallback, our lowest (6)", "[serve]") {
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "4,7";
    provider_session s(o);
    CHECK(s.hs.app == "6");  // the client reports the mismatch itself
}

TEST_CASE("refusing to start under AutoMTLS exits 1 every time, with no crash or hang at exit", "[serve]") {
    // The AutoMTLS certificate is started on its own thread before main();
    // returning early must not let exit() tear OpenSSL down under it (this
    // crashed or hung about 1 start in 10 before serve() waited for it).
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    for (int i = 0; i < 60; ++i) {
        const outcome o = run_to_exit(provider_path(), env);
        INFO("start " << i << ", stderr: " << o.err);
        REQUIRE(o.status.has_value());
        REQUIRE(exit_code(*o.status) == 1);
    }
}
