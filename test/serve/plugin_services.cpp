// go-plugin's side services: the stdio stream Terraform opens right after
// connecting, and the connection broker.
#include "harness.hpp"

#include <grpc_broker.grpc.pb.h>
#include <grpc_stdio.grpc.pb.h>

#include <future>

namespace test_plugin_services {

using namespace test_serve;

struct stdio_outcome {
    grpc::Status status;
    int messages = 0;
};

}  // namespace test_plugin_services

using namespace test_plugin_services;

TEST_CASE("GRPCStdio/StreamStdio stays open and Shutdown closes it cleanly", "[serve][transport]") {
    provider_session s;
    auto stub = plugin::GRPCStdio::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 20s);  // bounds the reading thread whatever happens
    std::unique_ptr<grpc::ClientReader<plugin::StdioData>> reader = stub->StreamStdio(&ctx, google::protobuf::Empty());

    auto done = std::async(std::launch::async, [&] {
        stdio_outcome o;
        plugin::StdioData data;
        while (reader->Read(&data)) ++o.messages;
        o.status = reader->Finish();
        return o;
    });
    // Open: the server neither refuses it (UNIMPLEMENTED would end it at
    // once) nor ends it by itself.
    CHECK(done.wait_for(700ms) == std::future_status::timeout);
    CHECK(is_serving(health_check(s.channel)));  // other calls go on meanwhile

    const grpc::Status st = shutdown_provider(s.channel);
    INFO(describe(st));
    CHECK(st.ok());
    REQUIRE(done.wait_for(5s) == std::future_status::ready);
    const stdio_outcome o = done.get();
    INFO("stream: " << describe(o.status));
    CHECK(o.status.ok());
    CHECK(o.messages == 0);

    const auto status = s.proc->wait_exit(3s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    CHECK(s.tmp.empty());
}

TEST_CASE("GRPCStdio/StreamStdio ends when the client cancels it", "[serve][transport]") {
    provider_session s;
    auto stub = plugin::GRPCStdio::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 20s);
    auto reader = stub->StreamStdio(&ctx, google::protobuf::Empty());
    auto done = std::async(std::launch::async, [&] {
        plugin::StdioData data;
        while (reader->Read(&data)) {}
        return reader->Finish();
    });
    CHECK(done.wait_for(500ms) == std::future_status::timeout);
    ctx.TryCancel();
    REQUIRE(done.wait_for(5s) == std::future_status::ready);
    CHECK(done.get().error_code() == grpc::StatusCode::CANCELLED);
    CHECK(s.proc->running());
    CHECK(is_serving(health_check(s.channel)));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}

TEST_CASE("GRPCBroker/StartStream accepts a stream", "[serve][transport]") {
    provider_session s;
    auto stub = plugin::GRPCBroker::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 10s);
    auto stream = stub->StartStream(&ctx);
    plugin::ConnInfo info;
    info.set_service_id(1);
    info.set_network("unix");
    info.set_address("/nonexistent/broker.sock");
    CHECK(stream->Write(info));
    CHECK(stream->Write(info));
    CHECK(stream->WritesDone());
    plugin::ConnInfo reply;
    int replies = 0;
    while (stream->Read(&reply)) ++replies;
    const grpc::Status st = stream->Finish();
    INFO(describe(st));
    CHECK(st.ok());
    CHECK(replies == 0);
    CHECK(is_serving(health_check(s.channel)));
}

TEST_CASE("an open broker stream does not hold up Shutdown", "[serve][transport]") {
    provider_session s;
    auto stub = plugin::GRPCBroker::NewStub(s.channel);
    grpc::ClientContext ctx;
    set_deadline(ctx, 20s);
    auto stream = stub->StartStream(&ctx);
    plugin::ConnInfo info;
    info.set_service_id(7);
    REQUIRE(stream->Write(info));
    // go-plugin's client keeps the broker stream open for the plugin's life.
    const grpc::Status st = shutdown_provider(s.channel);
    CHECK(st.ok());
    const auto status = s.proc->wait_exit(3s);
    INFO("stderr: " << s.proc->stderr_text());
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    ctx.TryCancel();
    stream->Finish();
}

TEST_CASE("grpc.health.v1.Health/Check: the server and \"plugin\" are SERVING, other services NOT_FOUND", "[serve][transport]") {
    provider_session s;
    // HealthCheckRequest{service: ""} is the empty message.
    for (const std::string& request : {std::string(), std::string(health_request)}) {
        const generic_result r = generic_call(s.channel, "/grpc.health.v1.Health/Check", {request});
        INFO(describe(r.status));
        REQUIRE(r.status.ok());
        REQUIRE(r.responses.size() == 1);
        CHECK(r.responses[0] == health_serving);
    }
    const generic_result r = generic_call(s.channel, "/grpc.health.v1.Health/Check", {std::string("\x0a\x05other")});
    CHECK(r.status.error_code() == grpc::StatusCode::NOT_FOUND);
    CHECK(r.responses.empty());
}

TEST_CASE("grpc.health.v1.Health/Watch: SERVING at once, NOT_SERVING when the provider stops", "[serve][transport]") {
    provider_session s;
    auto watch = std::async(std::launch::async, [&] {
        return generic_call(s.channel, "/grpc.health.v1.Health/Watch", {std::string(health_request)}, 20s);
    });
    // The stream stays open while the provider serves.
    CHECK(watch.wait_for(700ms) == std::future_status::timeout);
    REQUIRE(s.proc->signal(SIGTERM));
    REQUIRE(watch.wait_for(5s) == std::future_status::ready);
    const generic_result r = watch.get();
    INFO(describe(r.status));
    REQUIRE(r.responses.size() == 2);
    CHECK(r.responses[0] == health_serving);
    CHECK(r.responses[1] == std::string("\x08\x02"));  // NOT_SERVING
    const auto status = s.proc->wait_exit(3s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
}
