// The engine's requests (provider/detail/*_requests.hpp): each RPC's whole
// path, from the bytes as sent to the answer, without protobuf or gRPC.
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/data_source_requests.hpp>
#include <tfpp/provider/detail/function_requests.hpp>
#include <tfpp/provider/detail/resource_requests.hpp>
#include <tfpp/provider/detail/state_store_requests.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace test_requests {

struct item_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};

struct item {
    using model = item_model;
    static constexpr std::string_view type_name = "test_item";

    void validate(const model& config, tfpp::context& ctx) {
        if (config.name == "invalid") ctx.error("Bad name", "names cannot be \"invalid\"", "name");
    }
    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = "id-" + *plan.name;
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct test_provider {
    static constexpr std::string_view type_name = "test";
    using resources = tfpp::type_list<item>;
};

using engine = tfpp::detail::engine<test_provider>;
namespace d = tfpp::detail;

item_model named(std::string name) {
    item_model m;
    m.name = std::move(name);
    m.id = tfpp::unknown;
    return m;
}

bool has(const tfpp::diagnostics& diags, std::string_view summary) {
    for (const auto& x : diags)
        if (x.summary == summary) return true;
    return false;
}

TEST_CASE("plan: the values are decoded, the handler runs, the answer holds the plan", "[requests]") {
    engine e;
    const std::string config = tfpp::to_msgpack(named("a"));
    d::plan_resource_change_request req;
    req.type_name = "test_item";
    req.prior_state = {d::null_bytes, {}};
    req.proposed_new_state = {config, {}};
    req.config = {config, {}};
    const d::plan_resource_change_answer a = d::run(e, req);
    CHECK_FALSE(a.diagnostics.has_errors());
    REQUIRE(a.planned_state);
    CHECK(a.schema == &e.resource("test_item")->schema());
}

TEST_CASE("plan: a value sent as JSON is decoded against the schema", "[requests]") {
    engine e;
    d::plan_resource_change_request req;
    req.type_name = "test_item";
    req.prior_state = {d::null_bytes, {}};
    req.proposed_new_state = {{}, R"({"name":"a","id":null})"};
    req.config = {{}, R"({"name":"a","id":null})"};
    CHECK(d::run(e, req).planned_state);

    req.config = {{}, R"({"name":1,"id":null,"extra":true})"};
    const d::plan_resource_change_answer bad = d::run(e, req);
    CHECK(bad.diagnostics.has_errors());
    CHECK_FALSE(bad.planned_state);
}

TEST_CASE("read: an undecodable state is an error, and nothing goes back", "[requests]") {
    engine e;
    d::read_resource_request req;
    req.type_name = "test_item";
    req.current_state = {"\xc1", {}};  // never valid msgpack
    const d::read_resource_answer a = d::run(e, req);
    CHECK(a.diagnostics.has_errors());
    CHECK_FALSE(a.current_stays);
    CHECK_FALSE(a.new_state);
    CHECK_FALSE(a.private_state);
}

TEST_CASE("apply: an unknown type keeps the prior state, with the one unknown-type error", "[requests]") {
    engine e;
    d::apply_resource_change_request req;
    req.type_name = "test_other";
    const d::apply_resource_change_answer a = d::run(e, req);
    CHECK(a.prior_stays);
    CHECK_FALSE(a.new_state);
    REQUIRE(a.diagnostics.size() == 1);
    CHECK(a.diagnostics[0].summary == "Unknown resource type");
    CHECK(a.schema == nullptr);
}

TEST_CASE("apply: a create hands back the new object", "[requests]") {
    engine e;
    const std::string planned = tfpp::to_msgpack(named("a"));
    d::apply_resource_change_request req;
    req.type_name = "test_item";
    req.prior_state = {d::null_bytes, {}};
    req.planned_state = {planned, {}};
    req.config = {planned, {}};
    const d::apply_resource_change_answer a = d::run(e, req);
    CHECK_FALSE(a.prior_stays);
    REQUIRE(a.new_state);
    item_model m;
    tfpp::diagnostics diags;
    REQUIRE(tfpp::decode_msgpack(*a.new_state, m, diags));
    CHECK(m.id == "id-a");
}

TEST_CASE("validate: one shell for every kind, the diagnostics at their paths in the schema", "[requests]") {
    engine e;
    const std::string config = tfpp::to_msgpack(named("invalid"));
    const d::answer a = d::validate_config<d::kind::resource>(e, {"test_item", {config, {}}});
    REQUIRE(a.diagnostics.size() == 1);
    CHECK(a.diagnostics[0].summary == "Bad name");
    CHECK(a.diagnostics[0].path == tfpp::attribute_path("name"));
    CHECK(a.schema == &e.resource("test_item")->schema());

    const d::answer unknown = d::validate_config<d::kind::data_source>(e, {"test_item", {config, {}}});
    REQUIRE(unknown.diagnostics.size() == 1);
    CHECK(unknown.diagnostics[0].summary == "Unknown data source type");
}

TEST_CASE("a state upload without a first chunk or its meta stores nothing", "[requests]") {
    engine e;
    CHECK(has(d::run(e, d::write_state_bytes_request{}).diagnostics, "Malformed state upload"));
    d::write_state_bytes_request no_meta;
    no_meta.first = d::state_chunk{"{}", 2, 0, 1};
    CHECK(has(d::run(e, std::move(no_meta)).diagnostics, "Malformed state upload"));
}

TEST_CASE("reading a state from an unknown store sends no chunk", "[requests]") {
    engine e;
    int sent = 0;
    const d::read_state_bytes_answer a =
        d::run(e, d::read_state_bytes_request{"test_store", "default", [&](auto...) { return ++sent, true; }});
    CHECK_FALSE(a.streamed);
    CHECK(sent == 0);
    CHECK(has(a.diagnostics, "Unknown state store type"));
}

TEST_CASE("calling an unknown function is a function error", "[requests]") {
    engine e;
    const d::call_function_answer a = d::run(e, d::call_function_request{"nothing", {}});
    CHECK_FALSE(a.result);
    CHECK(a.error.text.find("nothing") != std::string::npos);
    CHECK_FALSE(a.error.argument);
}

}  // namespace test_requests
