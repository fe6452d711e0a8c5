// Test failures end up in CI logs, so they hide what the CLI hides: the
// values of sensitive and write-only attributes, and everything nested under
// them, in diffs, in the driver's failure text and in acceptance checks.
#include <tfpp/testing.hpp>
#include <tfpp/testing/acceptance.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_secrets_in_failures {

struct credential_block {
    tfpp::required<std::string> user;
    tfpp::optional<std::string, tfpp::sensitive> token;
};
struct signing_key {
    tfpp::required<std::string> kid;
    tfpp::optional<std::string, tfpp::sensitive> material;
};
struct vault_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::sensitive> api_key;
    tfpp::optional<std::string, tfpp::write_only> password_wo;
    tfpp::optional<std::map<std::string, std::string>, tfpp::sensitive> labels;
    tfpp::optional<std::vector<signing_key>> keys;
    tfpp::block_set<credential_block> credential;
    tfpp::block_list<credential_block> fallback;
    tfpp::computed<std::string> id;
};

const std::vector<std::string> secrets = {"SECRET-API-1111", "SECRET-PW-2222", "SECRET-LABEL-3333", "SECRET-KEY-4444",
                                          "SECRET-TOKEN-5555"};

vault_model with_secrets(const std::string& suffix) {
    vault_model m;
    m.name = "vault";
    m.api_key = secrets[0] + suffix;
    m.password_wo = secrets[1] + suffix;
    m.labels = std::map<std::string, std::string>{{"team", secrets[2] + suffix}};
    m.keys = std::vector<signing_key>{{.kid = "k1", .material = secrets[3] + suffix}};
    m.credential = tfpp::set<credential_block>{{.user = "alice", .token = secrets[4] + suffix}};
    m.fallback = std::vector<credential_block>{{.user = "bob", .token = secrets[4] + suffix}};
    return m;
}

void check_no_secret(const std::string& text) {
    INFO(text);
    for (const std::string& s : secrets) CHECK(text.find(s) == std::string::npos);
}

TEST_CASE("diff: sensitive and write-only values, and those nested under them, are hidden", "[testing][secrets]") {
    const vault_model a = with_secrets("-A"), b = with_secrets("-B");
    const std::string d = tfpp::testing::diff(a, b);
    check_no_secret(d);
    // every difference is still reported, by path
    for (const char* path : {"  api_key: ", "  password_wo: ", "  labels: ", "  keys[0].material: ", "  credential: ",
                             "  fallback[0].token: "})
        CHECK_THAT(d, Catch::Contains(path));
    CHECK_THAT(d, Catch::Contains("  api_key: expected (sensitive value), got (sensitive value)\n"));
    CHECK(d.find("team") == std::string::npos);  // a sensitive map's keys are secret too
    // a set is compared whole: its other members still show
    CHECK_THAT(d, Catch::Contains("user = \"alice\""));
    CHECK_THAT(d, Catch::Contains("token = (sensitive value)"));
    CHECK(tfpp::testing::partial_diff(a, b) == d);

    // what is not secret shows, and null and unknown are not secrets
    vault_model c = a;
    c.name = "other";
    c.api_key = tfpp::null;
    c.id = tfpp::unknown;
    const std::string e = tfpp::testing::diff(a, c);
    check_no_secret(e);
    CHECK_THAT(e, Catch::Contains("  name: expected \"vault\", got \"other\"\n"));
    CHECK_THAT(e, Catch::Contains("  api_key: expected (sensitive value), got null\n"));
    CHECK_THAT(e, Catch::Contains("  id: expected null, got (known after apply)\n"));

    // whole values printed because lengths differ hide their secret members too
    vault_model f = a;
    f.keys->push_back({.kid = "k2", .material = secrets[3] + "-F"});
    f.fallback->push_back({.user = "carol", .token = secrets[4] + "-F"});
    const std::string g = tfpp::testing::diff(a, f);
    check_no_secret(g);
    CHECK_THAT(g, Catch::Contains("kid = \"k2\", material = (sensitive value)"));
    CHECK_THAT(g, Catch::Contains("token = (sensitive value), user = \"carol\""));
}

TEST_CASE("diff of a value<model> hides the same values", "[testing][secrets]") {
    const tfpp::value<vault_model> a = with_secrets("-A"), b = with_secrets("-B");
    const std::string d = tfpp::testing::diff(a, b);
    check_no_secret(d);
    CHECK_THAT(d, Catch::Contains("  api_key: expected (sensitive value), got (sensitive value)\n"));
}

// A resource whose API keeps a different key than it was given: every plan
// after apply shows a change of a sensitive attribute.
struct provider;
struct vault {
    using model = vault_model;
    static constexpr std::string_view type_name = "mem_vault";
    provider& p;
    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = "v1";
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) {
        state.api_key = secrets[0] + "-ROTATED";
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};
struct provider {
    static constexpr std::string_view type_name = "mem";
    using resources = tfpp::type_list<vault>;
};

TEST_CASE("the driver's failure text hides secrets", "[testing][secrets]") {
    tfpp::testing::provider_under_test<provider> p;
    vault_model config = with_secrets("-A");
    auto drifted = p.create<vault>(config);
    REQUIRE_FALSE(drifted);
    CHECK_THAT(drifted.failure, Catch::Contains("expected an empty plan for mem_vault"));
    CHECK_THAT(drifted.failure, Catch::Contains("  api_key: expected (sensitive value), got (sensitive value)\n"));
    check_no_secret(drifted.failure);

    vault_model expected = with_secrets("-EXPECTED");
    expected.password_wo = tfpp::null;
    auto wrong = p.create<vault>(config, expected);
    REQUIRE_FALSE(wrong);
    check_no_secret(wrong.failure);
}

TEST_CASE("the final-plan check names changed secrets without their values", "[testing][secrets]") {
    const tfpp::type t = tfpp::type_of<vault_model>();
    tfpp::dynamic first, now;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(with_secrets("-A")), t, first, d));
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(with_secrets("-B")), t, now, d));
    std::string out;
    tfpp::attribute_path path;
    tfpp::testing::detail::final_plan_mismatches(
        first, now, path, out, tfpp::testing::detail::schema_place::of(tfpp::schema_of<vault_model>()));
    check_no_secret(out);
    CHECK_THAT(out, Catch::Contains("  api_key: planned (sensitive value), now (sensitive value)\n"));
    CHECK_THAT(out, Catch::Contains("  keys[0].material: planned (sensitive value), now (sensitive value)\n"));
}

TEST_CASE("acceptance checks hide what show -json marks sensitive", "[testing][secrets]") {
    const tfpp::testing::acceptance_state state(nlohmann::json::parse(R"({
      "values": {"root_module": {"resources": [{
        "address": "mem_vault.v",
        "values": {"name": "vault", "api_key": "SECRET-API-1111",
                   "keys": [{"kid": "k1", "material": "SECRET-KEY-4444"}]},
        "sensitive_values": {"api_key": true, "keys": [{"material": true}]}
      }]}}})"));
    CHECK(state.sensitive("mem_vault.v", "api_key"));
    CHECK_FALSE(state.sensitive("mem_vault.v", "name"));
    const tfpp::attribute_path material = tfpp::attribute_path("keys").then_index(0).then_attribute("material");
    CHECK(state.sensitive("mem_vault.v", material));
    CHECK_FALSE(state.sensitive("mem_vault.v", tfpp::attribute_path("keys").then_index(0).then_attribute("kid")));

    const auto failure = [&](const tfpp::testing::acceptance_check& check) {
        try {
            check(state);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("(passed)");
    };
    const std::string wrong = failure(tfpp::testing::attribute("mem_vault.v", "api_key", "SECRET-API-1111-X"));
    CHECK(wrong == "mem_vault.v: api_key is (sensitive value), expected (sensitive value)");
    check_no_secret(failure(tfpp::testing::attribute("mem_vault.v", material, "x")));
    check_no_secret(failure(tfpp::testing::no_attribute("mem_vault.v", "api_key")));
    check_no_secret(failure(tfpp::testing::attribute_matches("mem_vault.v", material, "^nope$")));
    // values that are not sensitive still show
    CHECK(failure(tfpp::testing::attribute("mem_vault.v", "name", "other")) ==
          "mem_vault.v: name is \"vault\", expected \"other\"");
}

}  // namespace test_secrets_in_failures
