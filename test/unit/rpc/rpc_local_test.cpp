// The example provider driven through the protocol services in-process, as
// Terraform would drive it, minus the network.
#include "../../../examples/local/local.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/rpc/detail/service_v5.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

namespace test_rpc_local {

namespace fs = std::filesystem;
using engine = tfpp::detail::engine<local::provider>;

struct temp_dir {
    fs::path path;
    temp_dir() {
        std::string t = (fs::temp_directory_path() / "tfpp-rpc-XXXXXX").string();
        path = ::mkdtemp(t.data());
    }
    ~temp_dir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

local::file_model decode(const std::string& b) {
    local::file_model m;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(b, m, d));
    return m;
}

template <class Diagnostics>
std::string describe(const Diagnostics& diags) {
    std::string out;
    for (const auto& d : diags) out += d.summary() + ": " + d.detail() + "\n";
    return out;
}

// Plans and applies config over prior, the two calls Terraform makes, with
// the proposed state built the way Terraform builds it for these attributes.
struct lifecycle {
    engine e;
    tfpp::detail::provider_service_v6 service{e};

    void configure(const std::string& base) {
        tfplugin6::ConfigureProvider_Request req;
        tfplugin6::ConfigureProvider_Response resp;
        local::provider_config c;
        c.base_directory = base;
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(c));
        req.set_terraform_version("1.12.6");
        REQUIRE(service.ConfigureProvider(nullptr, &req, &resp).ok());
        REQUIRE(resp.diagnostics_size() == 0);
    }

    tfplugin6::PlanResourceChange_Response plan(const std::string& prior, const local::file_model& config) {
        local::file_model proposed = config;
        if (!prior.empty()) {
            const local::file_model p = decode(prior);
            if (config.file_permission.is_null()) proposed.file_permission = p.file_permission;
            proposed.id = p.id;
            proposed.content_md5 = p.content_md5;
            proposed.content_sha1 = p.content_sha1;
            proposed.content_sha256 = p.content_sha256;
        }
        tfplugin6::PlanResourceChange_Request req;
        tfplugin6::PlanResourceChange_Response resp;
        req.set_type_name("local_file");
        req.mutable_prior_state()->set_msgpack(prior.empty() ? std::string("\xc0", 1) : prior);
        req.mutable_proposed_new_state()->set_msgpack(tfpp::to_msgpack(proposed));
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        REQUIRE(service.PlanResourceChange(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        REQUIRE(resp.diagnostics_size() == 0);
        return resp;
    }

    tfplugin6::ApplyResourceChange_Response apply(const std::string& prior, const std::string& planned) {
        tfplugin6::ApplyResourceChange_Request req;
        tfplugin6::ApplyResourceChange_Response resp;
        req.set_type_name("local_file");
        req.mutable_prior_state()->set_msgpack(prior.empty() ? std::string("\xc0", 1) : prior);
        req.mutable_planned_state()->set_msgpack(planned);
        REQUIRE(service.ApplyResourceChange(nullptr, &req, &resp).ok());
        return resp;
    }

    tfplugin6::ReadResource_Response read(const std::string& state) {
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("local_file");
        req.mutable_current_state()->set_msgpack(state);
        REQUIRE(service.ReadResource(nullptr, &req, &resp).ok());
        return resp;
    }
};

local::file_model file(std::string name, std::string content) {
    local::file_model m;
    m.filename = std::move(name);
    m.content = std::move(content);
    return m;
}

TEST_CASE("local_file: create, no-op, update, drift, replace, destroy", "[rpc][example]") {
    temp_dir dir;
    lifecycle t;
    t.configure(dir.path.string());

    // create
    auto p1 = t.plan("", file("a.txt", "one"));
    CHECK(decode(p1.planned_state().msgpack()).id.is_unknown());
    auto a1 = t.apply("", p1.planned_state().msgpack());
    INFO(describe(a1.diagnostics()));
    REQUIRE(a1.diagnostics_size() == 0);
    const std::string s1 = a1.new_state().msgpack();
    const local::file_model m1 = decode(s1);
    CHECK(slurp(dir.path / "a.txt") == "one");
    CHECK(m1.id == (dir.path / "a.txt").string());
    CHECK(m1.file_permission == "0644");
    CHECK(m1.content_sha256 == "7692c3ad3540bb803c020b3aee66cd8887123234ea0c6e7143c0add73ff431ed");

    // the plan after apply is empty
    auto p2 = t.plan(s1, file("a.txt", "one"));
    CHECK(p2.planned_state().msgpack() == s1);
    CHECK(p2.requires_replace_size() == 0);

    // in-place update
    auto p3 = t.plan(s1, file("a.txt", "two"));
    CHECK(p3.requires_replace_size() == 0);
    const local::file_model planned3 = decode(p3.planned_state().msgpack());
    CHECK(planned3.id == m1.id);  // use_state_for_unknown
    CHECK(planned3.content_sha256.is_unknown());
    auto a3 = t.apply(s1, p3.planned_state().msgpack());
    REQUIRE(a3.diagnostics_size() == 0);
    const std::string s3 = a3.new_state().msgpack();
    CHECK(slurp(dir.path / "a.txt") == "two");

    // drift: edited by hand, read reports it
    std::ofstream(dir.path / "a.txt") << "edited";
    auto r = t.read(s3);
    CHECK(decode(r.new_state().msgpack()).content == "edited");

    // a new filename forces replacement
    auto p4 = t.plan(s3, file("b.txt", "two"));
    REQUIRE(p4.requires_replace_size() == 1);
    CHECK(p4.requires_replace(0).steps(0).attribute_name() == "filename");

    // gone: read says so
    fs::remove(dir.path / "a.txt");
    CHECK_FALSE(t.read(s3).has_new_state());

    // destroy
    std::ofstream(dir.path / "a.txt") << "two";
    auto d = t.apply(s3, std::string("\xc0", 1));
    CHECK(d.diagnostics_size() == 0);
    CHECK_FALSE(d.has_new_state());
    CHECK_FALSE(fs::exists(dir.path / "a.txt"));
}

TEST_CASE("local_file: a failed write reports the path and creates nothing", "[rpc][example]") {
    temp_dir dir;
    lifecycle t;
    std::ofstream(dir.path / "a-file") << "in the way";  // no directory can be made under a regular file
    t.configure((dir.path / "a-file").string());
    auto p = t.plan("", file("a.txt", "x"));
    auto a = t.apply("", p.planned_state().msgpack());
    REQUIRE(a.diagnostics_size() == 1);
    CHECK(a.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);
    CHECK(a.diagnostics(0).summary() == "Could not write file");
    CHECK(a.diagnostics(0).attribute().steps(0).attribute_name() == "filename");
    CHECK_FALSE(a.has_new_state());
}

TEST_CASE("local_file: validation points at the attribute", "[rpc][example]") {
    lifecycle t;
    local::file_model c = file("a.txt", "x");
    c.file_permission = "999";
    tfplugin6::ValidateResourceConfig_Request req;
    tfplugin6::ValidateResourceConfig_Response resp;
    req.set_type_name("local_file");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(c));
    REQUIRE(t.service.ValidateResourceConfig(nullptr, &req, &resp).ok());
    REQUIRE(resp.diagnostics_size() == 1);
    CHECK(resp.diagnostics(0).summary() == "Invalid value");
    CHECK(resp.diagnostics(0).detail() == "must be three or four octal digits, such as \"0644\", got \"999\"");
    CHECK(resp.diagnostics(0).attribute().steps(0).attribute_name() == "file_permission");

    // unknown values are not validated
    c.file_permission = tfpp::unknown;
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(c));
    resp.Clear();
    REQUIRE(t.service.ValidateResourceConfig(nullptr, &req, &resp).ok());
    CHECK(resp.diagnostics_size() == 0);
}

TEST_CASE("the schema is the model", "[rpc][example]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    tfplugin6::GetProviderSchema_Response resp;
    REQUIRE(resp.ParseFromString(v6.schema_response_bytes()));
    CHECK(resp.server_capabilities().plan_destroy());
    CHECK(resp.server_capabilities().get_provider_schema_optional());
    REQUIRE(resp.resource_schemas().count("local_file") == 1);
    REQUIRE(resp.data_source_schemas().count("local_file") == 1);
    const auto& block = resp.resource_schemas().at("local_file").block();
    REQUIRE(block.attributes_size() == 8);
    for (const auto& a : block.attributes()) {
        INFO(a.name());
        CHECK(a.type() == "\"string\"");
        if (a.name() == "filename") CHECK(a.required());
        if (a.name() == "content" || a.name() == "content_base64") CHECK((a.optional() && !a.computed()));
        if (a.name() == "file_permission") CHECK((a.optional() && a.computed()));
        if (a.name() == "id") CHECK((a.computed() && !a.optional() && !a.required()));
        CHECK_FALSE(a.description().empty());
    }
    REQUIRE(resp.provider().block().attributes_size() == 1);
    CHECK(resp.provider().block().attributes(0).name() == "base_directory");

    // local_directory has nested attributes, which protocol 5 cannot describe
    // (serve() therefore offers only protocol 6 for this provider)
    tfpp::detail::provider_service_v5 v5(e);
    CHECK_THROWS_WITH(v5.schema_response_bytes(), Catch::Contains("nested attribute \"files\" needs protocol 6"));
}

template <class Request, class Response, class Service>
Response call_function(Service& service, const std::string& name, const std::vector<std::string>& args) {
    Request req;
    Response resp;
    req.set_name(name);
    for (const auto& a : args) req.add_arguments()->set_msgpack(tfpp::to_msgpack(a));
    REQUIRE(service.CallFunction(nullptr, &req, &resp).ok());
    return resp;
}

TEST_CASE("functions: in the schema, in GetFunctions, and called with errors at their arguments", "[rpc][example]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    tfplugin6::GetProviderSchema_Response schema;
    REQUIRE(schema.ParseFromString(v6.schema_response_bytes()));
    REQUIRE(schema.functions().count("file_mode") == 1);
    const auto& file_mode = schema.functions().at("file_mode");
    REQUIRE(file_mode.parameters_size() == 1);
    CHECK(file_mode.parameters(0).name() == "mode");
    CHECK(file_mode.parameters(0).type() == "\"string\"");
    CHECK_FALSE(file_mode.parameters(0).allow_null_value());
    CHECK(file_mode.return_().type() == "\"number\"");
    CHECK(file_mode.summary() == "Octal permission text as a number");
    const auto& join = schema.functions().at("join_path");
    CHECK(join.parameters_size() == 1);
    CHECK(join.variadic_parameter().name() == "more");

    tfplugin6::GetFunctions_Request list_req;
    tfplugin6::GetFunctions_Response list;
    REQUIRE(v6.GetFunctions(nullptr, &list_req, &list).ok());
    CHECK(list.functions().size() == 2);
    CHECK(list.functions().at("file_mode").SerializeAsString() == file_mode.SerializeAsString());

    tfplugin6::GetMetadataMsg_Request meta_req;
    tfplugin6::GetMetadataMsg_Response meta;
    REQUIRE(v6.GetMetadata(nullptr, &meta_req, &meta).ok());
    CHECK(meta.functions_size() == 2);

    auto call = [&](const std::string& name, const std::vector<std::string>& args) {
        return call_function<tfplugin6::CallFunction_Request, tfplugin6::CallFunction_Response>(v6, name, args);
    };
    auto ok = call("file_mode", {"0640"});
    CHECK_FALSE(ok.has_error());
    std::int64_t mode = 0;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(ok.result().msgpack(), mode, d));
    CHECK(mode == 0640);
    auto bad = call("file_mode", {"0680"});
    CHECK(bad.error().text() == "Invalid permission: \"0680\" is not three or four octal digits");
    CHECK(bad.error().function_argument() == 0);
    auto joined = call("join_path", {"/a/", "b", "/c.txt"});
    std::string path;
    REQUIRE(tfpp::decode_msgpack(joined.result().msgpack(), path, d));
    CHECK(path == "/a/b/c.txt");
    auto empty = call("join_path", {"a", "b", "//"});
    CHECK(empty.error().function_argument() == 2);
    auto count = call("file_mode", {});
    CHECK(count.error().text() == "file_mode takes 1 argument, got 0");
    CHECK_FALSE(count.error().has_function_argument());

    // Protocol 5 serves the same functions.
    tfpp::detail::provider_service_v5 v5(e);
    auto v5_ok =
        call_function<tfplugin5::CallFunction_Request, tfplugin5::CallFunction_Response>(v5, "file_mode", {"755"});
    REQUIRE(tfpp::decode_msgpack(v5_ok.result().msgpack(), mode, d));
    CHECK(mode == 0755);
}

TEST_CASE("unknown types and unsupported features answer with error diagnostics", "[rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    {
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("local_nope");
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        REQUIRE(resp.diagnostics_size() == 1);
        CHECK(resp.diagnostics(0).detail() == "this provider has no resource type named \"local_nope\"");
    }
    {
        tfplugin6::ImportResourceState_Request req;
        tfplugin6::ImportResourceState_Response resp;
        req.set_type_name("local_directory");  // declares no import
        REQUIRE(v6.ImportResourceState(nullptr, &req, &resp).ok());
        REQUIRE(resp.diagnostics_size() == 1);
        CHECK(resp.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);
        CHECK(resp.imported_resources_size() == 0);
        CHECK_THAT(resp.diagnostics(0).detail(), Catch::Contains("local_directory cannot be imported"));
    }
    {
        tfplugin6::CallFunction_Request req;
        tfplugin6::CallFunction_Response resp;
        req.set_name("f");
        REQUIRE(v6.CallFunction(nullptr, &req, &resp).ok());
        CHECK_THAT(resp.error().text(), Catch::Contains("no function named \"f\""));
    }
    {
        // Values sent as JSON (DynamicValue.json) are read against the schema;
        // absent attributes are null, as go-cty reads them.
        tfplugin6::PlanResourceChange_Request req;
        tfplugin6::PlanResourceChange_Response resp;
        req.set_type_name("local_file");
        req.mutable_proposed_new_state()->set_json(R"({"filename":"a.txt","content":"x"})");
        req.mutable_config()->set_json(R"({"filename":"a.txt","content":"x"})");
        REQUIRE(v6.PlanResourceChange(nullptr, &req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        local::file_model planned;
        tfpp::diagnostics d;
        REQUIRE(tfpp::decode_msgpack(resp.planned_state().msgpack(), planned, d));
        CHECK(planned.content == "x");
        CHECK(planned.id.is_unknown());

        tfplugin6::PlanResourceChange_Response bad;
        req.mutable_config()->set_json(R"({"filename":"a.txt","nope":1})");
        REQUIRE(v6.PlanResourceChange(nullptr, &req, &bad).ok());
        REQUIRE(bad.diagnostics_size() == 1);
        CHECK(bad.diagnostics(0).summary() == "Unsupported attribute");
        CHECK_THAT(bad.diagnostics(0).detail(), Catch::StartsWith("the configuration (JSON): "));
        CHECK(bad.diagnostics(0).attribute().steps(0).attribute_name() == "nope");
    }
    {
        tfplugin6::StopProvider_Request req;
        tfplugin6::StopProvider_Response resp;
        const tfpp::context running = e.make_context();
        REQUIRE(v6.StopProvider(nullptr, &req, &resp).ok());
        CHECK(resp.error().empty());
        CHECK(running.stop_requested());
    }
}

}  // namespace test_rpc_local

namespace test_rpc_local {

// local_id over PlanResourceChange and ApplyResourceChange as Terraform 1.16
// sends them (store_planned_private, planned_private in the plan at apply),
// as OpenTofu and protocol 5 send them, and with bytes tfpp did not write.
template <class Service, class Plan>
Plan plan_id(Service& service, bool keeps, const std::string& planned_private) {
    typename Plan::first_type::Request req;
    Plan out;
    local::id_model config;
    config.prefix = "p-";
    req.set_type_name("local_id");
    req.mutable_prior_state()->set_msgpack(std::string("\xc0", 1));
    req.mutable_proposed_new_state()->set_msgpack(tfpp::to_msgpack(config));
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
    if constexpr (requires { req.mutable_client_capabilities()->set_store_planned_private(true); }) {
        req.mutable_client_capabilities()->set_store_planned_private(keeps);
        req.set_planned_private(planned_private);
    }
    REQUIRE(service.PlanResourceChange(nullptr, &req, &out.second).ok());
    return out;
}

local::id_model planned_id(const std::string& msgpack) {
    local::id_model m;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(msgpack, m, d));
    return m;
}

TEST_CASE("local_id: values chosen while planning, over protocol 6.11 and without it", "[rpc][example]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    using plan6 = std::pair<tfplugin6::PlanResourceChange, tfplugin6::PlanResourceChange_Response>;

    // Terraform 1.16: the plan knows them; the plan at apply, sent the
    // planned private bytes, plans the same; apply keeps them.
    const plan6 first = plan_id<tfpp::detail::provider_service_v6, plan6>(v6, true, "");
    INFO(describe(first.second.diagnostics()));
    REQUIRE(first.second.diagnostics_size() == 0);
    const local::id_model chosen = planned_id(first.second.planned_state().msgpack());
    REQUIRE(chosen.id.is_known());
    CHECK(chosen.id->starts_with("p-"));
    REQUIRE(!first.second.planned_private().empty());
    const plan6 again = plan_id<tfpp::detail::provider_service_v6, plan6>(v6, true, first.second.planned_private());
    REQUIRE(again.second.diagnostics_size() == 0);
    CHECK(again.second.planned_state().msgpack() == first.second.planned_state().msgpack());
    CHECK(again.second.planned_private() == first.second.planned_private());

    tfplugin6::ApplyResourceChange_Request apply;
    tfplugin6::ApplyResourceChange_Response applied;
    apply.set_type_name("local_id");
    apply.mutable_prior_state()->set_msgpack(std::string("\xc0", 1));
    apply.mutable_planned_state()->CopyFrom(again.second.planned_state());
    local::id_model config;
    config.prefix = "p-";
    apply.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
    apply.set_planned_private(again.second.planned_private());
    REQUIRE(v6.ApplyResourceChange(nullptr, &apply, &applied).ok());
    REQUIRE(applied.diagnostics_size() == 0);
    CHECK(applied.new_state().msgpack() == again.second.planned_state().msgpack());
    CHECK(applied.private_().empty());  // the chosen values are not stored with the object

    // Without the capability (OpenTofu 1.12, Terraform before 1.16): unknown, as before.
    const plan6 tofu = plan_id<tfpp::detail::provider_service_v6, plan6>(v6, false, "");
    REQUIRE(tofu.second.diagnostics_size() == 0);
    CHECK(planned_id(tofu.second.planned_state().msgpack()).id.is_unknown());
    CHECK(tofu.second.planned_private().empty());

    // Protocol 5 has neither field: unknown too.
    tfpp::detail::provider_service_v5 v5(e);
    using plan5 = std::pair<tfplugin5::PlanResourceChange, tfplugin5::PlanResourceChange_Response>;
    const plan5 five = plan_id<tfpp::detail::provider_service_v5, plan5>(v5, true, "");
    REQUIRE(five.second.diagnostics_size() == 0);
    CHECK(planned_id(five.second.planned_state().msgpack()).id.is_unknown());

    // Bytes with tfpp's frame but cut short: an error, no plan, nothing echoed.
    const std::string& bytes = first.second.planned_private();
    const plan6 cut = plan_id<tfpp::detail::provider_service_v6, plan6>(v6, true, bytes.substr(0, bytes.size() - 3));
    REQUIRE(cut.second.diagnostics_size() == 1);
    CHECK(cut.second.diagnostics(0).summary() == "Invalid private data");
    CHECK_THAT(cut.second.diagnostics(0).detail(), Catch::StartsWith("the planned_private bytes the client sent ("));
    CHECK(cut.second.diagnostics(0).detail().find(*chosen.id) == std::string::npos);
    CHECK_FALSE(cut.second.has_planned_state());
    tfplugin6::ApplyResourceChange_Response refused;
    apply.set_planned_private(bytes.substr(0, 30));
    REQUIRE(v6.ApplyResourceChange(nullptr, &apply, &refused).ok());
    REQUIRE(refused.diagnostics_size() == 1);
    CHECK(refused.diagnostics(0).summary() == "Invalid private data");
    CHECK(refused.new_state().msgpack() == std::string("\xc0", 1));  // nothing was created
}

TEST_CASE("attribute paths convert to and from the protocol's AttributePath", "[rpc]") {
    const tfpp::attribute_path p = tfpp::attribute_path("rules").then_index(2).then_attribute("tags").then_key("a\"b");
    CHECK(p.to_string() == R"(rules[2].tags["a\"b"])");
    tfplugin6::AttributePath v6;
    tfpp::detail::path_to_proto(p, v6);
    REQUIRE(v6.steps_size() == 4);
    CHECK(v6.steps(0).attribute_name() == "rules");
    CHECK(v6.steps(1).element_key_int() == 2);
    CHECK(v6.steps(3).element_key_string() == "a\"b");
    CHECK(tfpp::detail::path_from_proto(v6) == p);
    tfplugin5::AttributePath v5;
    tfpp::detail::path_to_proto(p, v5);
    CHECK(tfpp::detail::path_from_proto(v5) == p);
}

}  // namespace test_rpc_local
