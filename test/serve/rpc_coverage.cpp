// Every RPC of the provider service answers: an empty request to each method
// of tfplugin6.Provider (and tfplugin5.Provider under protocol 5) must never
// come back UNIMPLEMENTED. Unsupported features answer OK with an error
// diagnostic.
#include "harness.hpp"

#include "../../examples/local/local.hpp"

#include <tfpp/codec/msgpack.hpp>

#include <tfplugin5.grpc.pb.h>
#include <tfplugin6.grpc.pb.h>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace test_rpc_coverage {

using namespace test_serve;
namespace pb = google::protobuf;

// Calls every method of the service with one empty request message.
inline void call_every_method(provider_session& s, const std::string& service_name, std::size_t min_methods) {
    const pb::ServiceDescriptor* service = pb::DescriptorPool::generated_pool()->FindServiceByName(service_name);
    REQUIRE(service != nullptr);
    CHECK(static_cast<std::size_t>(service->method_count()) >= min_methods);
    for (int i = 0; i < service->method_count(); ++i) {
        const pb::MethodDescriptor* m = service->method(i);
        const std::string path = "/" + service->full_name() + "/" + m->name();
        const generic_result r = generic_call(s.channel, path, {std::string()});
        INFO(path << (m->client_streaming() ? " (client streaming)" : "")
                  << (m->server_streaming() ? " (server streaming)" : "") << " -> " << describe(r.status));
        CHECK(r.status.error_code() != grpc::StatusCode::UNIMPLEMENTED);
        CHECK(r.status.ok());
        if (!m->server_streaming()) CHECK(r.responses.size() == (r.status.ok() ? 1u : 0u));
        // Every answer parses as the declared response type.
        const pb::Message* prototype = pb::MessageFactory::generated_factory()->GetPrototype(m->output_type());
        REQUIRE(prototype != nullptr);
        for (const std::string& bytes : r.responses) {
            std::unique_ptr<pb::Message> msg(prototype->New());
            CHECK(msg->ParseFromString(bytes));
        }
    }
    CHECK(s.proc->running());
}

template <class Response>
bool has_error_mentioning(const Response& resp, const std::string& text) {
    for (const auto& d : resp.diagnostics())
        if (d.severity() == std::remove_cvref_t<decltype(d)>::ERROR &&
            (d.detail().find(text) != std::string::npos || d.summary().find(text) != std::string::npos))
            return true;
    return false;
}

}  // namespace test_rpc_coverage

using namespace test_rpc_coverage;

TEST_CASE("every tfplugin6.Provider RPC is implemented", "[serve]") {
    provider_session s;
    REQUIRE(s.hs.app == "6");
    call_every_method(s, "tfplugin6.Provider", 30);
    // Still healthy after all of that, and stops cleanly.
    CHECK(is_serving(health_check(s.channel)));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("every tfplugin5.Provider RPC is implemented under protocol 5", "[serve]") {
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();  // examples/local needs protocol 6
    provider_session s(o);
    REQUIRE(s.hs.app == "5");
    call_every_method(s, "tfplugin5.Provider", 25);
    call_every_method(s, "tfplugin5.Provisioner", 4);
}

TEST_CASE("the UNIMPLEMENTED detector works: unknown methods and the other major's service", "[serve]") {
    // Only the negotiated major's service is registered; the generic calls
    // above would see UNIMPLEMENTED for a missing method.
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();  // examples/local needs protocol 6
    provider_session s(o);
    REQUIRE(s.hs.app == "5");
    const generic_result v6 = generic_call(s.channel, "/tfplugin6.Provider/GetProviderSchema", {std::string()});
    INFO(describe(v6.status));
    CHECK(v6.status.error_code() == grpc::StatusCode::UNIMPLEMENTED);
    const generic_result none = generic_call(s.channel, "/tfplugin5.Provider/NoSuchMethod", {std::string()});
    INFO(describe(none.status));
    CHECK(none.status.error_code() == grpc::StatusCode::UNIMPLEMENTED);
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("unsupported and unknown things answer OK with error diagnostics (tfplugin6)", "[serve]") {
    provider_session s;
    auto stub = tfplugin6::Provider::NewStub(s.channel);

    SECTION("ImportResourceState for local_directory, which declares no import, is an error") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ImportResourceState_Request req;
        req.set_type_name("local_directory");
        req.set_id("/tmp/whatever");
        tfplugin6::ImportResourceState_Response resp;
        const grpc::Status st = stub->ImportResourceState(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        REQUIRE(resp.diagnostics_size() >= 1);
        CHECK(resp.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);
        CHECK(has_error_mentioning(resp, "cannot be imported"));
        CHECK(resp.imported_resources_size() == 0);
    }
    SECTION("GetFunctions lists the provider's functions, and CallFunction calls them") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::GetFunctions_Request req;
        tfplugin6::GetFunctions_Response resp;
        const grpc::Status st = stub->GetFunctions(&ctx, req, &resp);
        INFO(describe(st));
        REQUIRE(st.ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(resp.functions_size() == 2);
        CHECK(resp.functions().count("file_mode") == 1);

        grpc::ClientContext call_ctx;
        set_deadline(call_ctx);
        tfplugin6::CallFunction_Request call;
        call.set_name("file_mode");
        call.add_arguments()->set_msgpack(
            std::string("\xa3"
                        "640",
                        4));  // "640"
        tfplugin6::CallFunction_Response result;
        REQUIRE(stub->CallFunction(&call_ctx, call, &result).ok());
        CHECK_FALSE(result.has_error());
        CHECK(result.result().msgpack() == std::string("\xcd\x01\xa0", 3));  // 416
    }
    SECTION("ReadResource for an unknown type names the type") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ReadResource_Request req;
        req.set_type_name("local_nonesuch");
        req.mutable_current_state()->set_msgpack(std::string("\xc0", 1));
        tfplugin6::ReadResource_Response resp;
        const grpc::Status st = stub->ReadResource(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        CHECK(has_error_mentioning(resp, "local_nonesuch"));
        // A state it has no schema to check is not handed back (Terraform keeps its own).
        CHECK(resp.new_state().msgpack().empty());
    }
    SECTION("MoveResourceState from a type with no move_from for it is an error") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::MoveResourceState_Request req;
        req.set_source_type_name("other_thing");
        req.set_target_type_name("local_file");
        tfplugin6::MoveResourceState_Response resp;
        const grpc::Status st = stub->MoveResourceState(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        CHECK(has_error_mentioning(resp, "cannot take the state of other_thing"));
        CHECK_FALSE(resp.has_target_state());
    }
    SECTION("ListResource streams one event per file, then ends") {
        char dir_template[] = "/tmp/tfpp-list-XXXXXX";
        REQUIRE(::mkdtemp(dir_template) != nullptr);
        const std::string dir = dir_template;
        for (const char* name : {"b.txt", "a.txt", "c.log"}) std::ofstream(dir + "/" + name) << name;
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ListResource_Request req;
        req.set_type_name("local_file");
        local::file_list_config config;
        config.directory = dir;
        config.suffix = ".txt";
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        req.set_include_resource_object(true);
        req.set_limit(10);
        auto reader = stub->ListResource(&ctx, req);
        std::vector<tfplugin6::ListResource_Event> events;
        tfplugin6::ListResource_Event ev;
        while (reader->Read(&ev)) events.push_back(ev);
        const grpc::Status st = reader->Finish();
        std::filesystem::remove_all(dir);
        INFO(describe(st));
        REQUIRE(st.ok());
        REQUIRE(events.size() == 2);
        CHECK(events[0].display_name() == "a.txt");
        CHECK(events[1].display_name() == "b.txt");
        CHECK(events[0].diagnostic_size() == 0);
        CHECK(events[0].identity().identity_data().msgpack().find(dir + "/a.txt") != std::string::npos);
        CHECK(events[0].resource_object().msgpack().find("a.txt") != std::string::npos);
    }
    SECTION("GenerateResourceConfig answers the configuration of a state: no read-only attributes, no defaults") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::GenerateResourceConfig_Request req;
        req.set_type_name("local_file");
        local::file_model state;
        state.filename = "/srv/motd";
        state.content = "hello";
        state.file_permission = "0644";  // the default
        state.id = "/srv/motd";
        state.content_sha256 = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
        req.mutable_state()->set_msgpack(tfpp::to_msgpack(state));
        tfplugin6::GenerateResourceConfig_Response resp;
        const grpc::Status st = stub->GenerateResourceConfig(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        CHECK(resp.diagnostics_size() == 0);
        local::file_model config;
        tfpp::diagnostics diags;
        REQUIRE(tfpp::decode_msgpack(resp.config().msgpack(), config, diags));
        CHECK(config.filename == "/srv/motd");
        CHECK(config.content == "hello");
        CHECK(config.file_permission.is_null());
        CHECK(config.id.is_null());
        CHECK(config.content_sha256.is_null());
    }
    SECTION("GenerateResourceConfig for an unknown type is an error") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::GenerateResourceConfig_Request req;
        req.set_type_name("local_nonesuch");
        req.mutable_state()->set_msgpack(std::string("\xc0", 1));
        tfplugin6::GenerateResourceConfig_Response resp;
        const grpc::Status st = stub->GenerateResourceConfig(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        CHECK(has_error_mentioning(resp, "local_nonesuch"));
        CHECK_FALSE(resp.has_config());
    }
    SECTION("InvokeAction streams each line as progress, then the completed event") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::InvokeAction_Request req;
        req.set_action_type("local_command");
        local::command_config config;
        config.command = std::vector<std::string>{"sh", "-c", "echo first; echo second; exit 2"};
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        auto reader = stub->InvokeAction(&ctx, req);
        std::vector<tfplugin6::InvokeAction_Event> events;
        tfplugin6::InvokeAction_Event ev;
        while (reader->Read(&ev)) events.push_back(ev);
        const grpc::Status st = reader->Finish();
        INFO(describe(st));
        REQUIRE(st.ok());
        REQUIRE(events.size() == 3);
        CHECK(events[0].progress().message() == "first");
        CHECK(events[1].progress().message() == "second");
        REQUIRE(events[2].has_completed());
        REQUIRE(events[2].completed().diagnostics_size() == 1);
        CHECK(events[2].completed().diagnostics(0).detail() == "sh exited with status 2");
    }
    SECTION("PlanAction and ValidateActionConfig check the action's configuration") {
        local::command_config config;
        config.command = std::vector<std::string>{};
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ValidateActionConfig_Request req;
        req.set_type_name("local_command");
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        tfplugin6::ValidateActionConfig_Response resp;
        const grpc::Status st = stub->ValidateActionConfig(&ctx, req, &resp);
        INFO(describe(st) << "\n" << resp.DebugString());
        REQUIRE(st.ok());
        REQUIRE(resp.diagnostics_size() == 1);
        CHECK(resp.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);

        grpc::ClientContext plan_ctx;
        set_deadline(plan_ctx);
        tfplugin6::PlanAction_Request plan;
        plan.set_action_type("local_nonesuch");
        tfplugin6::PlanAction_Response planned;
        REQUIRE(stub->PlanAction(&plan_ctx, plan, &planned).ok());
        CHECK(has_error_mentioning(planned, "local_nonesuch"));
    }
    SECTION("a state store over gRPC: chunks both ways, a lock, workspaces") {
        char dir_template[] = "/tmp/tfpp-states-XXXXXX";
        REQUIRE(::mkdtemp(dir_template) != nullptr);
        const std::string dir = dir_template;
        const auto call = [&](auto method, const auto& req, auto& resp) {
            grpc::ClientContext ctx;
            set_deadline(ctx);
            return (stub.get()->*method)(&ctx, req, &resp);
        };
        tfplugin6::ConfigureStateStore_Request configure;
        configure.set_type_name("local_state_directory");
        local::state_directory_config config;
        config.path = dir + "/states";
        configure.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        configure.mutable_capabilities()->set_chunk_size(8 << 20);
        tfplugin6::ConfigureStateStore_Response configured;
        REQUIRE(call(&tfplugin6::Provider::Stub::ConfigureStateStore, configure, configured).ok());
        INFO(configured.DebugString());
        REQUIRE(configured.diagnostics_size() == 0);
        const std::int64_t chunk = configured.capabilities().chunk_size();
        CHECK(chunk == 64 * 1024);

        std::string state;
        while (state.size() < 150000) state += "{\"serial\": " + std::to_string(state.size()) + "}\n";
        {
            grpc::ClientContext ctx;
            set_deadline(ctx);
            tfplugin6::WriteStateBytes_Response written;
            auto writer = stub->WriteStateBytes(&ctx, &written);
            for (std::size_t at = 0; at < state.size(); at += static_cast<std::size_t>(chunk)) {
                tfplugin6::WriteStateBytes_RequestChunk c;
                if (at == 0) {
                    c.mutable_meta()->set_type_name("local_state_directory");
                    c.mutable_meta()->set_state_id("default");
                }
                c.set_bytes(state.substr(at, static_cast<std::size_t>(chunk)));
                c.set_total_length(static_cast<std::int64_t>(state.size()));
                c.mutable_range()->set_start(static_cast<std::int64_t>(at));
                c.mutable_range()->set_end(static_cast<std::int64_t>(at + c.bytes().size()) - 1);
                REQUIRE(writer->Write(c));
            }
            writer->WritesDone();
            REQUIRE(writer->Finish().ok());
            INFO(written.DebugString());
            CHECK(written.diagnostics_size() == 0);
        }
        {
            grpc::ClientContext ctx;
            set_deadline(ctx);
            tfplugin6::ReadStateBytes_Request req;
            req.set_type_name("local_state_directory");
            req.set_state_id("default");
            auto reader = stub->ReadStateBytes(&ctx, req);
            std::vector<tfplugin6::ReadStateBytes_Response> chunks;
            tfplugin6::ReadStateBytes_Response c;
            while (reader->Read(&c)) chunks.push_back(c);
            REQUIRE(reader->Finish().ok());
            REQUIRE(chunks.size() == 3);
            std::string read;
            for (const auto& piece : chunks) {
                CHECK(piece.total_length() == static_cast<std::int64_t>(state.size()));
                CHECK(piece.range().start() == static_cast<std::int64_t>(read.size()));
                CHECK(piece.range().end() == static_cast<std::int64_t>(read.size() + piece.bytes().size()) - 1);
                CHECK(piece.diagnostics_size() == 0);
                read += piece.bytes();
            }
            CHECK(chunks[0].bytes().size() == 65536);
            CHECK(chunks[1].bytes().size() == 65536);
            CHECK(read == state);
        }
        tfplugin6::LockState_Request lock;
        lock.set_type_name("local_state_directory");
        lock.set_state_id("default");
        lock.set_operation("OperationTypeApply");
        tfplugin6::LockState_Response locked, refused;
        REQUIRE(call(&tfplugin6::Provider::Stub::LockState, lock, locked).ok());
        CHECK(locked.diagnostics_size() == 0);
        CHECK_FALSE(locked.lock_id().empty());
        REQUIRE(call(&tfplugin6::Provider::Stub::LockState, lock, refused).ok());
        CHECK(refused.lock_id().empty());
        CHECK(has_error_mentioning(refused, locked.lock_id()));
        tfplugin6::UnlockState_Request unlock;
        unlock.set_type_name("local_state_directory");
        unlock.set_state_id("default");
        unlock.set_lock_id(locked.lock_id());
        tfplugin6::UnlockState_Response unlocked;
        REQUIRE(call(&tfplugin6::Provider::Stub::UnlockState, unlock, unlocked).ok());
        CHECK(unlocked.diagnostics_size() == 0);

        tfplugin6::GetStates_Request list;
        list.set_type_name("local_state_directory");
        tfplugin6::GetStates_Response listed;
        REQUIRE(call(&tfplugin6::Provider::Stub::GetStates, list, listed).ok());
        REQUIRE(listed.state_id_size() == 1);
        CHECK(listed.state_id(0) == "default");
        tfplugin6::DeleteState_Request remove;
        remove.set_type_name("local_state_directory");
        remove.set_state_id("../escape");
        tfplugin6::DeleteState_Response removed;
        REQUIRE(call(&tfplugin6::Provider::Stub::DeleteState, remove, removed).ok());
        CHECK(has_error_mentioning(removed, "Invalid workspace name"));
        std::filesystem::remove_all(dir);
    }
    SECTION("ListResource for an unknown type streams one event carrying the error") {
        grpc::ClientContext ctx;
        set_deadline(ctx);
        tfplugin6::ListResource_Request req;
        req.set_type_name("local_nonesuch");
        auto reader = stub->ListResource(&ctx, req);
        std::vector<tfplugin6::ListResource_Event> events;
        tfplugin6::ListResource_Event ev;
        while (reader->Read(&ev)) events.push_back(ev);
        const grpc::Status st = reader->Finish();
        INFO(describe(st));
        REQUIRE(st.ok());
        REQUIRE(events.size() == 1);
        REQUIRE(events[0].diagnostic_size() >= 1);
        CHECK(events[0].diagnostic(0).severity() == tfplugin6::Diagnostic::ERROR);
        CHECK(events[0].diagnostic(0).detail().find("local_nonesuch") != std::string::npos);
    }
}

TEST_CASE("unsupported operations answer with error diagnostics (tfplugin5)", "[serve]") {
    launch_options o;
    o.env["PLUGIN_PROTOCOL_VERSIONS"] = "5";
    o.provider = protocol5_provider_path();  // examples/local needs protocol 6
    provider_session s(o);
    REQUIRE(s.hs.app == "5");
    auto stub = tfplugin5::Provisioner::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx);
    tfplugin5::ValidateProvisionerConfig_Request req;
    tfplugin5::ValidateProvisionerConfig_Response resp;
    const grpc::Status st = stub->ValidateProvisionerConfig(&ctx, req, &resp);
    INFO(describe(st) << "\n" << resp.DebugString());
    REQUIRE(st.ok());
    CHECK(has_error_mentioning(resp, "not supported"));
}
