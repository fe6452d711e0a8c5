// The example provider's schema and metadata, read over the wire with the
// typed tfplugin6 stub.
#include "harness.hpp"

#include <tfplugin5.grpc.pb.h>
#include <tfplugin6.grpc.pb.h>

#include <google/protobuf/descriptor.h>

namespace test_schema {

using namespace test_serve;

inline const tfplugin6::Schema_Attribute* find_attribute(const tfplugin6::Schema& schema, const std::string& name) {
    for (const auto& a : schema.block().attributes())
        if (a.name() == name) return &a;
    return nullptr;
}

enum class role { required, optional, optional_computed, computed };

inline void check_attribute(const tfplugin6::Schema& schema, const std::string& name, role r) {
    INFO("attribute " << name);
    const tfplugin6::Schema_Attribute* a = find_attribute(schema, name);
    REQUIRE(a != nullptr);
    CHECK(a->required() == (r == role::required));
    CHECK(a->optional() == (r == role::optional || r == role::optional_computed));
    CHECK(a->computed() == (r == role::optional_computed || r == role::computed));
    CHECK(a->type() == "\"string\"");
}

}  // namespace test_schema

using namespace test_schema;

TEST_CASE("GetProviderSchema over the wire describes local_file", "[serve][transport]") {
    provider_session s;
    tfplugin6::GetProviderSchema_Response resp;
    const grpc::Status st = get_provider_schema(s.channel, resp);
    INFO(describe(st));
    REQUIRE(st.ok());
    CHECK(resp.diagnostics_size() == 0);

    REQUIRE(resp.resource_schemas().count("local_file") == 1);
    const tfplugin6::Schema& file = resp.resource_schemas().at("local_file");
    check_attribute(file, "filename", role::required);
    check_attribute(file, "content", role::optional);
    check_attribute(file, "content_base64", role::optional);
    check_attribute(file, "file_permission", role::optional_computed);
    for (const char* computed : {"id", "content_md5", "content_sha1", "content_sha256"})
        check_attribute(file, computed, role::computed);
    CHECK(file.block().attributes_size() == 8);

    REQUIRE(resp.data_source_schemas().count("local_file") == 1);
    const tfplugin6::Schema& data = resp.data_source_schemas().at("local_file");
    check_attribute(data, "filename", role::required);
    check_attribute(data, "content", role::computed);

    // The provider block has the optional base_directory.
    check_attribute(resp.provider(), "base_directory", role::optional);

    CHECK(resp.server_capabilities().plan_destroy());
    CHECK(resp.server_capabilities().get_provider_schema_optional());

    // A second call gives the same answer (the schema is cached in the server).
    tfplugin6::GetProviderSchema_Response again;
    REQUIRE(get_provider_schema(s.channel, again).ok());
    CHECK(deterministic_bytes(again) == deterministic_bytes(resp));
}

TEST_CASE("GetMetadata over the wire lists every resource and data source type", "[serve]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx);
    tfplugin6::GetMetadataMsg_Request req;
    tfplugin6::GetMetadataMsg_Response resp;
    const grpc::Status st = stub->GetMetadata(&ctx, req, &resp);
    INFO(describe(st) << "\n" << resp.DebugString());
    REQUIRE(st.ok());
    CHECK(resp.diagnostics_size() == 0);
    REQUIRE(resp.resources_size() == 4);
    CHECK(resp.resources(0).type_name() == "local_directory");
    CHECK(resp.resources(1).type_name() == "local_file");
    CHECK(resp.resources(2).type_name() == "local_id");
    CHECK(resp.resources(3).type_name() == "local_sensitive_file");
    REQUIRE(resp.data_sources_size() == 1);
    CHECK(resp.data_sources(0).type_name() == "local_file");
    CHECK(resp.server_capabilities().plan_destroy());
    CHECK(resp.server_capabilities().get_provider_schema_optional());
    CHECK(resp.server_capabilities().move_resource_state());
    CHECK(resp.server_capabilities().generate_resource_config());
}

TEST_CASE("the schema methods are the services' method 1, where tfpp serves them from bytes made once", "[serve]") {
    // provider_service_v5/v6 replace method 1's handler; the generated code
    // numbers methods in the order of the proto's service.
    const auto* pool = google::protobuf::DescriptorPool::generated_pool();
    const auto* v6 = pool->FindMethodByName("tfplugin6.Provider.GetProviderSchema");
    const auto* v5 = pool->FindMethodByName("tfplugin5.Provider.GetSchema");
    REQUIRE(v6 != nullptr);
    REQUIRE(v5 != nullptr);
    CHECK(v6->index() == 1);
    CHECK(v5->index() == 1);
}
