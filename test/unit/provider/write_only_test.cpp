// Write-only attributes: planned and stored null, handed to create and
// update from the configuration, refused (with the path) for a client that
// does not support them, and the *_wo / *_wo_version pattern.
#include <tfpp/rpc/services.hpp>
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace test_write_only {

struct credential {
    tfpp::required<std::string> user;
    tfpp::optional<std::string, tfpp::write_only> password;
};

struct account_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::write_only> secret_wo;
    tfpp::optional<std::int64_t> secret_wo_version;
    tfpp::optional<std::vector<credential>> logins;
    tfpp::computed<std::string> fingerprint;
};

struct provider;
struct account {
    using model = account_model;
    static constexpr std::string_view type_name = "demo_account";
    provider& p;
    std::optional<model> create(model plan, tfpp::context& ctx) { return write(std::move(plan), ctx); }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) { return write(std::move(plan), ctx); }
    void destroy(const model&, tfpp::context&) {}
    std::optional<model> write(model plan, tfpp::context& ctx);
};

struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<account>;
    std::vector<std::string> secrets_seen;
};

std::optional<account_model> account::write(model plan, tfpp::context&) {
    p.secrets_seen.push_back(plan.secret_wo.value_or("(none)"));
    plan.fingerprint = "v" + std::to_string(plan.secret_wo_version.value_or(0));
    return plan;
}

account_model config(std::int64_t version, std::string secret) {
    account_model m;
    m.name = "a";
    m.secret_wo = std::move(secret);
    m.secret_wo_version = version;
    return m;
}

TEST_CASE("write-only values reach create and update, never the plan or the state", "[write_only]") {
    tfpp::testing::provider_under_test<provider> p;
    auto created = p.create<account>(config(1, "hunter2"));
    REQUIRE(created);
    CHECK(created.state->secret_wo.is_null());
    CHECK(p.provider().secrets_seen == std::vector<std::string>{"hunter2"});

    // The same version: nothing to do, even with another secret.
    auto same = p.empty_plan<account>(config(1, "other"), created);
    CHECK(same);
    // A new version: an update that sees the new secret.
    auto updated = p.update<account>(created, config(2, "correct horse"));
    REQUIRE(updated);
    CHECK(updated.state->secret_wo.is_null());
    CHECK(updated.state->fingerprint == "v2");
    CHECK(p.provider().secrets_seen.back() == "correct horse");
}

TEST_CASE("a changed write-only value plans no change, at any depth, as Core proposes it", "[write_only][plan]") {
    tfpp::testing::provider_under_test<provider> p;
    auto first = config(1, "hunter2");
    first.logins = std::vector<credential>{{.user = "x", .password = "one"}};
    auto created = p.create<account>(first);
    REQUIRE(created);
    CHECK(created.state->logins->at(0).password.is_null());

    // Core proposes the configured write-only values; the plan must still be empty.
    auto again = config(1, "other");
    again.logins = std::vector<credential>{{.user = "x", .password = "two"}};
    CHECK(p.empty_plan<account>(again, created));
    // A change beside them still plans an update, with the computed value unknown.
    again.logins->at(0).user = "z";
    auto plan = p.plan<account>(again, *created.state);
    REQUIRE(plan.ok());
    CHECK(plan.action == tfpp::testing::action::update);
    CHECK(plan.planned.fingerprint.is_unknown());
    CHECK(plan.planned.logins->at(0).password.is_null());
}

TEST_CASE("a client without write-only support is told which attribute it set", "[write_only][rpc]") {
    using engine = tfpp::detail::engine<provider>;
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    auto m = config(1, "hunter2");
    m.logins = std::vector<credential>{{.user = "x", .password = tfpp::null}, {.user = "y", .password = "pw"}};
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("demo_account");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(m));

    tfplugin6::ValidateResourceConfig_Response refused;
    REQUIRE(v6.ValidateResourceConfig(nullptr, &req, &refused).ok());
    REQUIRE(refused.diagnostics_size() == 2);
    CHECK(refused.diagnostics(0).summary() == "Write-only attribute not supported");
    CHECK(refused.diagnostics(0).attribute().steps(0).attribute_name() == "logins");
    CHECK(refused.diagnostics(0).attribute().steps(1).element_key_int() == 1);
    CHECK(refused.diagnostics(1).attribute().steps(0).attribute_name() == "secret_wo");

    req.mutable_client_capabilities()->set_write_only_attributes_allowed(true);
    tfplugin6::ValidateResourceConfig_Response allowed;
    REQUIRE(v6.ValidateResourceConfig(nullptr, &req, &allowed).ok());
    CHECK(allowed.diagnostics_size() == 0);
}

}  // namespace test_write_only
