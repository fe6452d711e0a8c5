// Actions: the action block's configuration validated (validators, rules,
// validate) and planned, invoke() streaming progress as it goes, StopProvider
// and a client that goes away ending it, errors after the progress sent.
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

namespace test_action {

struct deploy_config {
    tfpp::required<std::string, tfpp::min_length<1>> service;
    tfpp::optional<std::int64_t, tfpp::range<1, 100>> steps;
    tfpp::optional<std::string, tfpp::sensitive> token;
    tfpp::optional<bool> fail_at_end;
};

struct provider;
struct deploy_action {
    static constexpr std::string_view type_name = "mem_deploy";
    static constexpr tfpp::doc doc{"Deploys a service, step by step."};
    using config = deploy_config;
    provider& p;
    void invoke(const deploy_config& c, tfpp::action_progress& progress, tfpp::context& ctx);
    void validate(const deploy_config& c, tfpp::context& ctx) {
        if (c.service == "forbidden") ctx.error("Not allowed", "this service cannot be deployed", "service");
    }
    void plan(const deploy_config& c, tfpp::context& ctx) {
        if (c.steps.is_unknown()) return;  // known at apply
        if (c.steps.value_or(1) > 50) ctx.warning("Long deploy", "more than 50 steps take a while", "steps");
    }
};

struct provider {
    static constexpr std::string_view type_name = "mem";
    using resources = tfpp::type_list<>;
    using actions = tfpp::type_list<deploy_action>;
    std::function<void(std::size_t)> after_step;  // called with the count after each message
    bool last_report_result = true;
};
static_assert(tfpp::valid_provider<provider>);

void deploy_action::invoke(const deploy_config& c, tfpp::action_progress& progress, tfpp::context& ctx) {
    const std::int64_t steps = c.steps.value_or(3);
    for (std::int64_t i = 1; i <= steps; ++i) {
        p.last_report_result = progress.report("step " + std::to_string(i) + " of " + *c.service);
        if (p.after_step) p.after_step(progress.count());
        if (!p.last_report_result) return;
    }
    if (c.fail_at_end == true) ctx.error("Deploy failed", "the health check did not pass for " + *c.service);
}

deploy_config config_for(std::string service, std::int64_t steps = 3) {
    deploy_config c;
    c.service = std::move(service);
    c.steps = steps;
    return c;
}

TEST_CASE("an action reports each step, in order", "[action]") {
    tfpp::testing::provider_under_test<provider> p;
    const tfpp::testing::action_outcome out = p.invoke_action<deploy_action>(config_for("web"));
    REQUIRE(out.ok());
    CHECK(out.progress == std::vector<std::string>{"step 1 of web", "step 2 of web", "step 3 of web"});
}

TEST_CASE("an action's configuration is validated and planned before it runs", "[action]") {
    tfpp::testing::provider_under_test<provider> p;
    auto out = p.invoke_action<deploy_action>(config_for(""));  // min_length
    CHECK_FALSE(out.invoked);
    REQUIRE(out.diagnostics.has_errors());
    CHECK(out.diagnostics[0].path.to_string() == "service");

    out = p.invoke_action<deploy_action>(config_for("web", 500));  // range
    CHECK_FALSE(out.invoked);
    REQUIRE(out.diagnostics.has_errors());
    CHECK(out.diagnostics[0].path.to_string() == "steps");

    out = p.invoke_action<deploy_action>(config_for("forbidden"));  // validate()
    CHECK_FALSE(out.invoked);
    REQUIRE(out.diagnostics.size() == 1);
    CHECK(out.diagnostics[0].summary == "Not allowed");

    out = p.invoke_action<deploy_action>(config_for("web", 60));  // plan(): a warning, then the run
    CHECK(out.ok());
    REQUIRE_FALSE(out.diagnostics.empty());
    CHECK(out.diagnostics[0].summary == "Long deploy");
    CHECK(out.progress.size() == 60);
}

TEST_CASE("an action's error follows the progress it already sent, and keeps secrets", "[action]") {
    tfpp::testing::provider_under_test<provider> p;
    deploy_config c = config_for("web", 2);
    c.fail_at_end = true;
    c.token = "tok-s3cret";
    const auto out = p.invoke_action<deploy_action>(c);
    CHECK(out.invoked);
    CHECK_FALSE(out.ok());
    CHECK(out.progress.size() == 2);
    REQUIRE(out.diagnostics.size() == 1);
    CHECK(out.diagnostics[0].summary == "Deploy failed");
    CHECK(out.diagnostics[0].detail.find("tok-s3cret") == std::string::npos);
}

TEST_CASE("StopProvider and a client that goes away end an action", "[action]") {
    tfpp::detail::engine<provider> e;
    struct counting_sink final : tfpp::detail::action_sink {
        std::size_t sent = 0, accept = 1000;
        bool send(std::string) override { return ++sent <= accept; }
    } sink;
    const std::string config = tfpp::to_msgpack(config_for("web", 100));

    e.provider().after_step = [&](std::size_t count) {
        if (count == 3) e.request_stop();  // as StopProvider does, from another call
    };
    tfpp::context ctx = e.make_context();
    e.action("mem_deploy")->invoke(config, sink, ctx);
    CHECK(sink.sent == 3);
    CHECK_FALSE(e.provider().last_report_result);
    CHECK_FALSE(ctx.has_errors());

    e.provider().after_step = nullptr;
    sink.sent = 0;
    sink.accept = 4;                         // the fifth write fails: the client went away
    tfpp::context later = e.make_context();  // a new stop token after the stop
    e.action("mem_deploy")->invoke(config, sink, later);
    CHECK(sink.sent == 5);
    CHECK_FALSE(e.provider().last_report_result);
}

TEST_CASE("an action's schema is its config struct, with its documentation", "[action]") {
    tfpp::detail::engine<provider> e;
    const tfpp::block_schema& s = e.action("mem_deploy")->schema();
    CHECK(s.description == "Deploys a service, step by step.");
    REQUIRE(s.find("service") != nullptr);
    CHECK(s.find("service")->is_required());
    REQUIRE(s.find("token") != nullptr);
    CHECK(s.find("token")->sensitive);
}

}  // namespace test_action
