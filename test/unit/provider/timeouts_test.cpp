// A model's tfpp::timeouts block gives each handler call a deadline: the
// configured duration of that operation, else the resource's default, else
// none; durations are validated as Go durations.
#include <tfpp/schema/timeouts.hpp>
#include <tfpp/testing.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>

namespace test_timeouts {

using namespace std::chrono_literals;

struct job_model {
    tfpp::required<std::string> name;
    tfpp::block<tfpp::timeouts> timeouts;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

// Time left until each handler's deadline, as the handler saw it.
struct seen_deadlines {
    std::optional<std::chrono::nanoseconds> create, read, update, destroy, data;
};
inline seen_deadlines seen;

std::optional<std::chrono::nanoseconds> time_left(const tfpp::context& ctx) {
    if (!ctx.deadline()) return std::nullopt;
    return *ctx.deadline() - std::chrono::steady_clock::now();
}

struct job_resource {
    using model = job_model;
    static constexpr std::string_view type_name = "slow_job";
    static constexpr tfpp::timeout_defaults default_timeouts{.create = 1h, .destroy = 10min};
    std::optional<model> create(model plan, tfpp::context& ctx) {
        seen.create = time_left(ctx);
        plan.id = "job-1";
        return plan;
    }
    std::optional<model> read(model state, tfpp::context& ctx) {
        seen.read = time_left(ctx);
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) {
        seen.update = time_left(ctx);
        return plan;
    }
    void destroy(const model&, tfpp::context& ctx) { seen.destroy = time_left(ctx); }
};

struct report_model {
    tfpp::required<std::string> name;
    tfpp::optional<tfpp::read_timeouts> timeouts;  // as a nested attribute: timeouts = { read = "..." }
};

struct report_data_source {
    using model = report_model;
    static constexpr std::string_view type_name = "slow_report";
    static constexpr tfpp::timeout_defaults default_timeouts{.read = 30s};
    std::optional<model> read(model config, tfpp::context& ctx) {
        seen.data = time_left(ctx);
        return config;
    }
};

struct provider {
    static constexpr std::string_view type_name = "slow";
    using resources = tfpp::type_list<job_resource>;
    using data_sources = tfpp::type_list<report_data_source>;
};

job_model job(std::optional<std::string> create, std::optional<std::string> read = {}) {
    job_model m;
    m.name = "nightly";
    tfpp::timeouts t;
    if (create) t.create = *create;
    if (read) t.read = *read;
    m.timeouts = t;
    return m;
}

// Within `expected` and a minute less: the call came right after the deadline was set.
bool about(const std::optional<std::chrono::nanoseconds>& left, std::chrono::nanoseconds expected) {
    return left && *left <= expected && *left > expected - 1min;
}

TEST_CASE("each operation's deadline is its configured timeout, else the default, else none", "[timeouts]") {
    tfpp::testing::provider_under_test<provider> p;
    seen = {};
    auto step = p.plan<job_resource>(job("45m", "2m"), tfpp::testing::no_state);
    REQUIRE(step.ok());
    auto created = p.apply(step);
    REQUIRE(created.ok());
    CHECK(about(seen.create, 45min));

    auto refreshed = p.read<job_resource>(*created.state);
    REQUIRE(refreshed.ok());
    CHECK(about(seen.read, 2min));

    job_model renamed = job("45m", "2m");
    renamed.name = "weekly";
    auto update = p.plan<job_resource>(renamed, *created.state);
    REQUIRE(update.ok());
    auto updated = p.apply(update);
    REQUIRE(updated.ok());
    CHECK_FALSE(seen.update.has_value());  // neither configured nor a default

    auto gone = p.plan_destroy<job_resource>(*updated.state);
    REQUIRE(gone.ok());
    REQUIRE(p.apply(gone).ok());
    CHECK(about(seen.destroy, 10min));
}

TEST_CASE("a configured \"0s\" has passed at once; a zero default is none", "[timeouts]") {
    tfpp::testing::provider_under_test<provider> p;
    seen = {};
    auto step = p.plan<job_resource>(job("0s"), tfpp::testing::no_state);
    REQUIRE(step.ok());
    REQUIRE(p.apply(step).ok());
    REQUIRE(seen.create.has_value());
    CHECK(*seen.create <= std::chrono::nanoseconds(0));
}

TEST_CASE("no timeouts block: the defaults", "[timeouts]") {
    tfpp::testing::provider_under_test<provider> p;
    seen = {};
    job_model m;
    m.name = "nightly";
    REQUIRE(p.create<job_resource>(m));
    CHECK(about(seen.create, 1h));
    CHECK_FALSE(seen.read.has_value());
}

TEST_CASE("a data source's read timeout, as a nested attribute", "[timeouts]") {
    tfpp::testing::provider_under_test<provider> p;
    seen = {};
    report_model m;
    m.name = "daily";
    REQUIRE(p.read_data_source<report_data_source>(m).ok());
    CHECK(about(seen.data, 30s));
    m.timeouts = tfpp::read_timeouts{.read = "90s"};
    REQUIRE(p.read_data_source<report_data_source>(m).ok());
    CHECK(about(seen.data, 90s));
}

TEST_CASE("a timeout that is not a Go duration is an error at its path", "[timeouts]") {
    tfpp::testing::provider_under_test<provider> p;
    auto step = p.plan<job_resource>(job("ten minutes"), tfpp::testing::no_state);
    REQUIRE_FALSE(step.ok());
    REQUIRE(step.diagnostics.size() == 1);
    CHECK(step.diagnostics[0].path == tfpp::attribute_path("timeouts").then_attribute("create"));
    CHECK_THAT(step.diagnostics[0].detail, Catch::Contains("1h30m"));
    CHECK_FALSE(p.plan<job_resource>(job("-5m"), tfpp::testing::no_state).ok());
}

TEST_CASE("wait_for_stop returns at the deadline", "[timeouts]") {
    tfpp::context ctx;
    CHECK_FALSE(ctx.deadline_passed());
    ctx.set_deadline(std::chrono::steady_clock::now() + 20ms);
    CHECK(ctx.wait_for_stop(1h));  // would hang the test run if the deadline were ignored
    CHECK(ctx.deadline_passed());
    CHECK_FALSE(ctx.stop_requested());
}

}  // namespace test_timeouts
