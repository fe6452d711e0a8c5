// provider_meta: what a module's `provider_meta "<name>"` block says reaches
// handlers as the provider's typed provider_meta struct, through gRPC and
// through the test driver.
#include <tfpp/rpc/services.hpp>
#include <tfpp/testing.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <optional>
#include <string>

namespace test_provider_meta {

struct module_info {
    tfpp::required<std::string> module_name;
    tfpp::optional<std::string> module_version;
};

// Who asked, as a handler saw it.
std::string caller(const tfpp::context& ctx) {
    const module_info* meta = ctx.provider_meta<module_info>();
    return meta ? *meta->module_name : std::string("(none)");
}

struct bucket_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> created_for;
};

inline std::string last_read_by;

struct bucket_resource {
    using model = bucket_model;
    static constexpr std::string_view type_name = "store_bucket";
    std::optional<model> create(model plan, tfpp::context& ctx) {
        plan.created_for = caller(ctx);
        return plan;
    }
    std::optional<model> read(model state, tfpp::context& ctx) {
        last_read_by = caller(ctx);
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct provider {
    static constexpr std::string_view type_name = "store";
    using provider_meta = module_info;
    using resources = tfpp::type_list<bucket_resource>;
};

TEST_CASE("handlers read the module's provider_meta in the test driver", "[provider_meta]") {
    tfpp::testing::provider_under_test<provider> p;
    bucket_model m;
    m.name = "logs";
    auto plain = p.create<bucket_resource>(m);
    REQUIRE(plain);
    CHECK(*plain.state->created_for == "(none)");

    module_info meta;
    meta.module_name = "networking";
    p.set_provider_meta(meta);
    auto tagged = p.create<bucket_resource>(m);
    REQUIRE(tagged);
    CHECK(*tagged.state->created_for == "networking");
    CHECK(last_read_by == "networking");
}

using engine = tfpp::detail::engine<provider>;

TEST_CASE("ReadResource decodes provider_meta, msgpack or JSON, and refuses a wrong one", "[provider_meta][rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    bucket_model state;
    state.name = "logs";
    state.created_for = "x";
    tfplugin6::ReadResource_Request req;
    req.set_type_name("store_bucket");
    req.mutable_current_state()->set_msgpack(tfpp::to_msgpack(state));
    last_read_by.clear();

    SECTION("msgpack") {
        module_info meta;
        meta.module_name = "billing";
        req.mutable_provider_meta()->set_msgpack(tfpp::to_msgpack(meta));
        tfplugin6::ReadResource_Response resp;
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(last_read_by == "billing");
    }
    SECTION("JSON") {
        req.mutable_provider_meta()->set_json(R"({"module_name": "dns", "module_version": null})");
        tfplugin6::ReadResource_Response resp;
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(last_read_by == "dns");
    }
    SECTION("none") {
        tfplugin6::ReadResource_Response resp;
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        CHECK(last_read_by == "(none)");
    }
    SECTION("not of the provider_meta schema: an error, and the state is kept") {
        req.mutable_provider_meta()->set_json(R"({"module": 1})");
        tfplugin6::ReadResource_Response resp;
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        REQUIRE(resp.diagnostics_size() >= 1);
        CHECK(resp.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);
        CHECK(resp.new_state().msgpack() == req.current_state().msgpack());
        CHECK(last_read_by.empty());  // the handler did not run
    }
}

}  // namespace test_provider_meta
