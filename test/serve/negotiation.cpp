// Protocol negotiation: PLUGIN_PROTOCOL_VERSIONS from the client, narrowed by
// TFPP_PROTOCOL_VERSIONS, decides between tfplugin5 and tfplugin6. The cases
// that end in protocol 5 run the protocol 5 test provider: examples/local has
// nested attributes and offers protocol 6 only (protocol_6_only.cpp).
#include "harness.hpp"

#include <tfplugin5.grpc.pb.h>
#include <tfplugin6.grpc.pb.h>

namespace test_negotiation {

using namespace test_serve;

inline provider_session start(const std::string& client_versions, const std::string& server_versions = "",
                              const std::string& provider = "") {
    launch_options o;
    o.provider = provider;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = client_versions;
    if (!server_versions.empty()) o.env["TFPP_PROTOCOL_VERSIONS"] = server_versions;
    return provider_session(o);
}

inline void check_v5_schema(provider_session& s) {
    auto stub = tfplugin5::Provider::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx);
    tfplugin5::GetProviderSchema_Request req;
    tfplugin5::GetProviderSchema_Response resp;
    const grpc::Status st = stub->GetSchema(&ctx, req, &resp);
    INFO(describe(st));
    REQUIRE(st.ok());
    CHECK(resp.diagnostics_size() == 0);
    CHECK(resp.resource_schemas().count("local_file") == 1);
    CHECK(resp.data_source_schemas().count("local_file") == 1);
}

inline void check_v6_schema(provider_session& s) {
    tfplugin6::GetProviderSchema_Response resp;
    const grpc::Status st = get_provider_schema(s.channel, resp);
    INFO(describe(st));
    REQUIRE(st.ok());
    CHECK(resp.diagnostics_size() == 0);
    CHECK(resp.resource_schemas().count("local_file") == 1);
}

}  // namespace test_negotiation

using namespace test_negotiation;

TEST_CASE("a client offering only 5 gets protocol 5 and tfplugin5.Provider answers", "[serve]") {
    provider_session s = start("5", "", protocol5_provider_path());
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.app == "5");
    check_v5_schema(s);
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("a client offering only 6 gets protocol 6", "[serve]") {
    provider_session s = start("6");
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.app == "6");
    check_v6_schema(s);
}

TEST_CASE("a client offering 5 and 6 gets 6, the highest", "[serve]") {
    provider_session s = start("5,6");
    CHECK(s.hs.app == "6");
    check_v6_schema(s);
}

TEST_CASE("TFPP_PROTOCOL_VERSIONS=5 narrows the provider to protocol 5", "[serve]") {
    provider_session s = start("5,6", "5", protocol5_provider_path());
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.app == "5");
    check_v5_schema(s);
}

TEST_CASE("no PLUGIN_PROTOCOL_VERSIONS at all: the provider's highest, 6", "[serve]") {
    launch_options o;
    o.unset.push_back("PLUGIN_PROTOCOL_VERSIONS");
    provider_session s(o);
    CHECK(s.hs.app == "6");
    check_v6_schema(s);
}

TEST_CASE("no common version: go-plugin's fallback, the provider's lowest (5)", "[serve]") {
    // The client then reports the mismatch itself.
    provider_session s = start("4,7", "", protocol5_provider_path());
    CHECK(s.hs.app == "5");
}

TEST_CASE("spaces and junk in PLUGIN_PROTOCOL_VERSIONS are tolerated", "[serve]") {
    provider_session s = start(" 5 , x,6 ");
    CHECK(s.hs.app == "6");
}
