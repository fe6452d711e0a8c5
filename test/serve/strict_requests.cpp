// The hostile inputs of test/unit/rpc/strict_requests_test.cpp sent to the
// real provider process over gRPC: each answer is an error at its place, the
// provider keeps running (no crash on InvokeAction's `command = []`), and no
// answer carries the request's undecodable bytes back.
#include "../common/diagnostics.hpp"
#include "harness.hpp"

#include <tfplugin6.grpc.pb.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace test_strict_requests_serve {

using namespace test_serve;

std::string mp_str(std::string_view s) {
    REQUIRE(s.size() <= 0xffff);
    if (s.size() < 32) return std::string(1, static_cast<char>(0xa0 | s.size())) + std::string(s);
    return std::string{'\xda', static_cast<char>(s.size() >> 8), static_cast<char>(s.size() & 0xff)} + std::string(s);
}
const std::string nil(1, '\xc0');
const std::string unknown("\xd4\x00\x00", 3);
const std::string junk("\xc1\xff\x00", 3);

using test_common::has_error;
using test_common::has_error_at;

std::vector<tfplugin6::InvokeAction_Event> invoke(tfplugin6::Provider::Stub& stub, const std::string& config) {
    grpc::ClientContext ctx;
    set_deadline(ctx);
    tfplugin6::InvokeAction_Request req;
    req.set_action_type("local_command");
    req.mutable_config()->set_msgpack(config);
    auto reader = stub.InvokeAction(&ctx, req);
    std::vector<tfplugin6::InvokeAction_Event> events;
    tfplugin6::InvokeAction_Event ev;
    while (reader->Read(&ev)) events.push_back(ev);
    const grpc::Status st = reader->Finish();
    INFO(describe(st));
    REQUIRE(st.ok());
    REQUIRE_FALSE(events.empty());
    REQUIRE(events.back().has_completed());
    return events;
}

}  // namespace test_strict_requests_serve

using namespace test_strict_requests_serve;

TEST_CASE("hostile values to the newer RPCs: errors at their paths, no crash, no echo", "[serve]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);

    // `command = []`, working_dir null: Terraform's ValidateActionConfig refuses it;
    // the old provider ran the handler on it and died of SIGSEGV.
    const std::string empty_command = "\x82" + mp_str("command") + "\x90" + mp_str("working_dir") + nil;
    auto events = invoke(*stub, empty_command);
    CHECK(events.size() == 1);
    CHECK(has_error_at(events.back().completed().diagnostics(), {"command"}));
    CHECK(s.proc->running());

    const std::string echo = "\x93" + mp_str("sh") + mp_str("-c") + mp_str("echo ran");
    events = invoke(*stub, "\x82" + mp_str("command") + echo + mp_str("working_dir") + unknown);
    CHECK(events.size() == 1);  // the command did not run
    CHECK(has_error_at(events.back().completed().diagnostics(), {"working_dir"}));

    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::PlanAction_Request req;
        tfplugin6::PlanAction_Response resp;
        req.set_action_type("local_command");
        req.mutable_config()->set_msgpack(junk);
        REQUIRE(stub->PlanAction(&ctx, req, &resp).ok());
        CHECK(has_error(resp.diagnostics()));
    }
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ValidateListResourceConfig_Request req;
        tfplugin6::ValidateListResourceConfig_Response resp;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack("\x82" + mp_str("directory") + mp_str("") + mp_str("suffix") + nil);
        req.mutable_include_resource_object()->set_msgpack(mp_str("yes"));
        req.mutable_limit()->set_msgpack(mp_str("ten"));
        REQUIRE(stub->ValidateListResourceConfig(&ctx, req, &resp).ok());
        CHECK(has_error_at(resp.diagnostics(), {"include_resource"}));
        CHECK(has_error_at(resp.diagnostics(), {"limit"}));
        CHECK(has_error_at(resp.diagnostics(), {"config", "directory"}));
    }
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ListResource_Request req;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack("\x82" + mp_str("directory") + mp_str(".") + mp_str("suffix") + unknown);
        auto reader = stub->ListResource(&ctx, req);
        std::vector<tfplugin6::ListResource_Event> results;
        tfplugin6::ListResource_Event ev;
        while (reader->Read(&ev)) results.push_back(ev);
        REQUIRE(reader->Finish().ok());
        REQUIRE(results.size() == 1);
        CHECK(has_error_at(results[0].diagnostic(), {"config", "suffix"}));
    }
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::GenerateResourceConfig_Request req;
        tfplugin6::GenerateResourceConfig_Response resp;
        req.set_type_name("local_file");
        req.mutable_state()->set_msgpack(junk);
        REQUIRE(stub->GenerateResourceConfig(&ctx, req, &resp).ok());
        CHECK(has_error(resp.diagnostics()));
        CHECK_FALSE(resp.has_config());
    }
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("local_file");
        req.mutable_current_state()->set_msgpack(junk);
        REQUIRE(stub->ReadResource(&ctx, req, &resp).ok());
        CHECK(has_error(resp.diagnostics()));
        CHECK(resp.new_state().msgpack().empty());
    }
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::UpgradeResourceIdentity_Request req;
        tfplugin6::UpgradeResourceIdentity_Response resp;
        req.set_type_name("local_file");
        req.mutable_raw_identity();  // what Terraform >= 1.12 sends for state with no identity
        REQUIRE(stub->UpgradeResourceIdentity(&ctx, req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK_FALSE(resp.has_upgraded_identity());
    }
    CHECK(s.proc->running());
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("a 5 MB function argument does not come back as a 5 MB error", "[serve]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);
    const std::string big(5 * 1024 * 1024, '9');
    grpc::ClientContext ctx;
    set_deadline(ctx);
    tfplugin6::CallFunction_Request req;
    tfplugin6::CallFunction_Response resp;
    req.set_name("file_mode");
    std::string arg = "\xdb";  // str32
    for (int shift = 24; shift >= 0; shift -= 8) arg += static_cast<char>((big.size() >> shift) & 0xff);
    req.add_arguments()->set_msgpack(arg + big);
    REQUIRE(stub->CallFunction(&ctx, req, &resp).ok());
    REQUIRE(resp.has_error());
    INFO(resp.error().text().substr(0, 400));
    CHECK(resp.error().text().size() < 1024);
    CHECK(resp.error().text().find(std::to_string(big.size()) + " bytes in all") != std::string::npos);
}

TEST_CASE("bytes from a file that are not UTF-8 fail the read at their attribute, never reach Terraform raw",
          "[serve]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);
    const std::string dir = s.tmp.path() + "/utf8";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/secret.bin", std::ios::binary) << "\xff\xfe";
    {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::OpenEphemeralResource_Request req;
        tfplugin6::OpenEphemeralResource_Response resp;
        req.set_type_name("local_secret");
        req.mutable_config()->set_msgpack("\x82" + mp_str("content") + nil + mp_str("filename") +
                                          mp_str(dir + "/secret.bin"));
        REQUIRE(stub->OpenEphemeralResource(&ctx, req, &resp).ok());
        CHECK(has_error_at(resp.diagnostics(), {"content"}));
        CHECK_FALSE(resp.has_result());
    }
}

TEST_CASE("protobuf's own complaints are hclog JSON lines at their level, not [libprotobuf ...] text", "[serve]") {
    provider_session s;
    // type_name (field 1, a string) holding bytes that are not UTF-8: protobuf
    // refuses the request and says so through its log handler.
    const generic_result r =
        generic_call(s.channel, "/tfplugin6.Provider/ValidateResourceConfig", {std::string("\x0a\x02\xff\xfe", 4)});
    INFO(describe(r.status));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(s.proc->wait_output_closed(5s));
    const std::string err = s.proc->stderr_text();
    INFO("stderr:\n" << err);
    CHECK(err.find("[libprotobuf") == std::string::npos);
    bool saw_protobuf = false;
    std::size_t start = 0;
    while (start < err.size()) {
        std::size_t end = err.find('\n', start);
        if (end == std::string::npos) end = err.size();
        const std::string line = err.substr(start, end - start);
        start = end + 1;
        if (line.empty()) continue;
        INFO("line: " << line);
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        REQUIRE(j.is_object());
        if (j.value("@module", "") == "sdk.protobuf") {
            saw_protobuf = true;
            CHECK(j.value("@level", "") == "error");
        }
    }
    CHECK(saw_protobuf);
}
