// Terraform calls a provider from many goroutines at once (-parallelism=10):
// concurrent RPCs on one connection all succeed and agree.
#include "harness.hpp"

#include <tfplugin6.grpc.pb.h>

#include <future>

namespace test_concurrency {

using namespace test_serve;

struct worker_result {
    int ok = 0;
    int failed = 0;
    std::string first_error;
    std::vector<std::string> schemas;  // serialized answers
};

inline worker_result hammer(const std::shared_ptr<grpc::Channel>& channel, int calls) {
    worker_result r;
    auto stub = tfplugin6::Provider::NewStub(channel);
    for (int i = 0; i < calls; ++i) {
        grpc::ClientContext ctx;
        set_deadline(ctx, 20s);
        if (i % 2 == 0) {
            tfplugin6::GetProviderSchema_Response resp;
            const grpc::Status st = stub->GetProviderSchema(&ctx, {}, &resp);
            if (st.ok()) {
                ++r.ok;
                r.schemas.push_back(deterministic_bytes(resp));
            } else {
                ++r.failed;
                if (r.first_error.empty()) r.first_error = describe(st);
            }
        } else {
            tfplugin6::ValidateResourceConfig_Request req;
            req.set_type_name("local_nonesuch");
            tfplugin6::ValidateResourceConfig_Response resp;
            const grpc::Status st = stub->ValidateResourceConfig(&ctx, req, &resp);
            if (st.ok() && resp.diagnostics_size() == 1) {
                ++r.ok;
            } else {
                ++r.failed;
                if (r.first_error.empty()) r.first_error = describe(st) + " " + resp.DebugString();
            }
        }
    }
    return r;
}

}  // namespace test_concurrency

using namespace test_concurrency;

TEST_CASE("concurrent RPCs on one connection all succeed", "[serve][transport]") {
    provider_session s;
    constexpr int workers = 10;
    constexpr int calls = 20;
    std::vector<std::future<worker_result>> futures;
    for (int i = 0; i < workers; ++i)
        futures.push_back(std::async(std::launch::async, [&] { return hammer(s.channel, calls); }));
    std::vector<worker_result> results;
    for (auto& f : futures) {
        REQUIRE(f.wait_for(60s) == std::future_status::ready);
        results.push_back(f.get());
    }
    std::string reference;
    for (const worker_result& r : results) {
        INFO("first error: " << r.first_error);
        CHECK(r.ok == calls);
        CHECK(r.failed == 0);
        for (const std::string& schema : r.schemas) {
            if (reference.empty()) reference = schema;
            CHECK(schema == reference);
        }
    }
    CHECK_FALSE(reference.empty());
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
}
