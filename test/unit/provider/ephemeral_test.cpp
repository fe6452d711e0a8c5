// Ephemeral resources: open with private data, renew (moving renew_at),
// close, validation, the consistency check of what open returns, and the
// protocol answers (schema, metadata, private bytes, renew_at, unknown types).
#include <tfpp/provider/private_state.hpp>
#include <tfpp/rpc/services.hpp>
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace test_ephemeral {

using namespace std::chrono_literals;

struct token_model {
    tfpp::required<std::string> role;
    tfpp::optional<std::int64_t, tfpp::range<1, 3600>> ttl;
    tfpp::computed<std::string, tfpp::sensitive> token;
    tfpp::computed<std::string> lease_id;
};

struct lease {
    std::string id;
    std::int64_t renewals = 0;
};

struct provider;

struct token_ephemeral {
    using model = token_model;
    static constexpr std::string_view type_name = "vault_token";
    provider& p;

    void validate(const model& config, tfpp::context& ctx) {
        if (config.role == "root") ctx.error("Refused", "no root tokens", tfpp::path_of(&model::role));
    }
    std::optional<model> open(model config, tfpp::context& ctx);
    void renew(tfpp::context& ctx);
    void close(tfpp::context& ctx);
};

// Without private data or renewal: open only.
struct clock_model {
    tfpp::computed<std::string> now;
};
struct clock_ephemeral {
    using model = clock_model;
    static constexpr std::string_view type_name = "vault_clock";
    std::optional<model> open(model config, tfpp::context&) {
        config.now = "12:00";
        return config;
    }
};

// What open returns must keep the configuration: this one does not.
struct sloppy_ephemeral {
    using model = token_model;
    static constexpr std::string_view type_name = "vault_sloppy";
    std::optional<model> open(model config, tfpp::context&) {
        config.role = "someone else";
        config.token = "t";
        config.lease_id = "l";
        return config;
    }
};

struct provider {
    static constexpr std::string_view type_name = "vault";
    using ephemeral_resources = tfpp::type_list<token_ephemeral, clock_ephemeral, sloppy_ephemeral>;
    std::vector<std::string> closed;
    std::int64_t opened = 0;
};
static_assert(tfpp::valid_provider<provider>);

const auto renew_time = std::chrono::system_clock::time_point(std::chrono::seconds(2000000000));

std::optional<token_model> token_ephemeral::open(model config, tfpp::context& ctx) {
    const lease l{"lease-" + std::to_string(++p.opened)};
    config.token = "s.secret-" + *config.role;
    config.lease_id = l.id;
    ctx.set_renew_at(renew_time);
    tfpp::set_private_data(ctx, l);
    return config;
}
void token_ephemeral::renew(tfpp::context& ctx) {
    lease l = tfpp::private_data<lease>(ctx).value_or(lease{});
    ++l.renewals;
    ctx.set_renew_at(renew_time + std::chrono::minutes(l.renewals));
    tfpp::set_private_data(ctx, l);
}
void token_ephemeral::close(tfpp::context& ctx) {
    const lease l = tfpp::private_data<lease>(ctx).value_or(lease{"none"});
    p.closed.push_back(l.id + "/" + std::to_string(l.renewals));
}

token_model config(std::string role) {
    token_model m;
    m.role = std::move(role);
    return m;
}

TEST_CASE("open, renew and close carry the private data", "[ephemeral]") {
    tfpp::testing::provider_under_test<provider> p;
    auto opened = p.open_ephemeral_resource<token_ephemeral>(config("reader"));
    REQUIRE(opened.ok());
    CHECK(opened.result->token == "s.secret-reader");
    CHECK(opened.result->lease_id == "lease-1");
    CHECK(opened.private_state == R"({"id":"lease-1","renewals":0})");
    CHECK(opened.renew_at == renew_time);

    auto renewed = p.renew_ephemeral_resource<token_ephemeral>(opened);
    REQUIRE(renewed.ok());
    CHECK(renewed.private_state == R"({"id":"lease-1","renewals":1})");
    CHECK(renewed.renew_at == renew_time + 1min);
    CHECK(p.close_ephemeral_resource<token_ephemeral>(renewed).empty());
    CHECK(p.provider().closed == std::vector<std::string>{"lease-1/1"});
}

TEST_CASE("validation runs first; an unknown configuration is not opened", "[ephemeral]") {
    tfpp::testing::provider_under_test<provider> p;
    auto refused = p.open_ephemeral_resource<token_ephemeral>(config("root"));
    CHECK_FALSE(refused.ok());
    CHECK(refused.diagnostics[0].path.to_string() == "role");
    auto bad_ttl = config("reader");
    bad_ttl.ttl = 0;
    CHECK(p.open_ephemeral_resource<token_ephemeral>(bad_ttl).diagnostics[0].path.to_string() == "ttl");
    auto unknown = config("reader");
    unknown.role = tfpp::unknown;
    auto later = p.open_ephemeral_resource<token_ephemeral>(unknown);
    CHECK(later.ok());
    CHECK(later.deferred);
    CHECK(p.provider().opened == 0);
}

TEST_CASE("an ephemeral resource without private data or renew", "[ephemeral]") {
    tfpp::testing::provider_under_test<provider> p;
    auto opened = p.open_ephemeral_resource<clock_ephemeral>({});
    REQUIRE(opened.ok());
    CHECK(opened.result->now == "12:00");
    CHECK(opened.private_state.empty());
    CHECK_FALSE(opened.renew_at);
    CHECK(p.renew_ephemeral_resource<clock_ephemeral>(opened).ok());
    CHECK(p.close_ephemeral_resource<clock_ephemeral>(opened).empty());
}

TEST_CASE("what open returns is checked against the configuration", "[ephemeral]") {
    tfpp::testing::provider_under_test<provider> p;
    auto sloppy = p.open_ephemeral_resource<sloppy_ephemeral>(config("reader"));
    CHECK_FALSE(sloppy.ok());
    CHECK(sloppy.diagnostics[0].summary == "Provider produced an invalid plan");
    CHECK(sloppy.diagnostics[0].path.to_string() == "role");
}

TEST_CASE("the protocol: schemas, metadata, open with private bytes and renew_at, close", "[ephemeral][rpc]") {
    using engine = tfpp::detail::engine<provider>;
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    tfplugin6::GetProviderSchema_Response schema;
    REQUIRE(schema.ParseFromString(v6.schema_response_bytes()));
    REQUIRE(schema.ephemeral_resource_schemas().count("vault_token") == 1);
    CHECK(schema.ephemeral_resource_schemas().at("vault_token").block().attributes_size() == 4);

    tfplugin6::OpenEphemeralResource_Request open;
    tfplugin6::OpenEphemeralResource_Response opened;
    open.set_type_name("vault_token");
    open.mutable_config()->set_msgpack(tfpp::to_msgpack(config("reader")));
    REQUIRE(v6.OpenEphemeralResource(nullptr, &open, &opened).ok());
    CHECK(opened.diagnostics_size() == 0);
    CHECK(opened.private_() == R"({"id":"lease-1","renewals":0})");
    CHECK(opened.renew_at().seconds() == 2000000000);
    token_model result;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(opened.result().msgpack(), result, d));
    CHECK(result.token == "s.secret-reader");

    tfplugin6::RenewEphemeralResource_Request renew;
    tfplugin6::RenewEphemeralResource_Response renewed;
    renew.set_type_name("vault_token");
    renew.set_private_(opened.private_());
    REQUIRE(v6.RenewEphemeralResource(nullptr, &renew, &renewed).ok());
    CHECK(renewed.private_() == R"({"id":"lease-1","renewals":1})");
    CHECK(renewed.renew_at().seconds() == 2000000060);

    tfplugin6::CloseEphemeralResource_Request close;
    tfplugin6::CloseEphemeralResource_Response closed;
    close.set_type_name("vault_token");
    close.set_private_("not json");
    REQUIRE(v6.CloseEphemeralResource(nullptr, &close, &closed).ok());
    REQUIRE(closed.diagnostics_size() == 1);  // tfpp::private_data<lease> reads none; close() goes on without it
    CHECK(closed.diagnostics(0).severity() == tfplugin6::Diagnostic::WARNING);
    CHECK(closed.diagnostics(0).summary() == "Private state ignored");
    CHECK(e.provider().closed.back() == "none/0");

    tfplugin6::ValidateEphemeralResourceConfig_Request validate;
    tfplugin6::ValidateEphemeralResourceConfig_Response validated;
    validate.set_type_name("vault_nope");
    REQUIRE(v6.ValidateEphemeralResourceConfig(nullptr, &validate, &validated).ok());
    CHECK(validated.diagnostics(0).detail() == "this provider has no ephemeral resource type named \"vault_nope\"");
}

}  // namespace test_ephemeral
