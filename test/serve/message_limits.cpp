// Terraform sends large values (whole file contents, big plans); the server
// accepts messages up to 256 MiB instead of gRPC's default 4 MiB.
#include "harness.hpp"

#include <tfplugin5.grpc.pb.h>
#include <tfplugin6.grpc.pb.h>

#include <algorithm>
#include <cctype>

namespace test_message_limits {

using namespace test_serve;

inline std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

template <class Response>
bool has_malformed_value_error(const Response& resp) {
    for (const auto& d : resp.diagnostics()) {
        if (d.severity() != std::remove_cvref_t<decltype(d)>::ERROR) continue;
        const std::string text = lower(d.summary() + " " + d.detail());
        if (text.find("malformed") != std::string::npos || text.find("invalid") != std::string::npos) return true;
    }
    return false;
}

}  // namespace test_message_limits

using namespace test_message_limits;

TEST_CASE("an 8 MiB ValidateResourceConfig request is received and answered (tfplugin6)", "[serve][transport]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 30s);
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("local_file");
    req.mutable_config()->set_msgpack(junk_msgpack(8u << 20));
    REQUIRE(req.ByteSizeLong() > (8u << 20));
    tfplugin6::ValidateResourceConfig_Response resp;
    const grpc::Status st = stub->ValidateResourceConfig(&ctx, req, &resp);
    INFO(describe(st) << "\n" << resp.DebugString());
    CHECK(st.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED);
    REQUIRE(st.ok());
    CHECK(has_malformed_value_error(resp));
    CHECK(s.proc->running());
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("an 8 MiB ValidateResourceTypeConfig request is received and answered (tfplugin5)", "[serve]") {
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();  // examples/local needs protocol 6
    provider_session s(o);
    REQUIRE(s.hs.app == "5");
    auto stub = tfplugin5::Provider::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 30s);
    tfplugin5::ValidateResourceTypeConfig_Request req;
    req.set_type_name("local_file");
    req.mutable_config()->set_msgpack(junk_msgpack(8u << 20));
    tfplugin5::ValidateResourceTypeConfig_Response resp;
    const grpc::Status st = stub->ValidateResourceTypeConfig(&ctx, req, &resp);
    INFO(describe(st) << "\n" << resp.DebugString());
    CHECK(st.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED);
    REQUIRE(st.ok());
    CHECK(has_malformed_value_error(resp));
}

TEST_CASE("a large answer goes back over the wire too (PrepareProviderConfig echoes 8 MiB)", "[serve]") {
    // tfplugin5's PrepareProviderConfig hands the config back as
    // prepared_config, so the answer is as large as the request.
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();  // examples/local needs protocol 6
    provider_session s(o);
    REQUIRE(s.hs.app == "5");
    auto stub = tfplugin5::Provider::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 30s);
    tfplugin5::PrepareProviderConfig_Request req;
    req.mutable_config()->set_msgpack(junk_msgpack(8u << 20));
    tfplugin5::PrepareProviderConfig_Response resp;
    const grpc::Status st = stub->PrepareProviderConfig(&ctx, req, &resp);
    INFO(describe(st));
    CHECK(st.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED);
    REQUIRE(st.ok());
    CHECK(resp.prepared_config().msgpack().size() == junk_msgpack(8u << 20).size());
    CHECK(has_malformed_value_error(resp));
}
