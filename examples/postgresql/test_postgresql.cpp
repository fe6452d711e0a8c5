// examples/postgresql's plan logic, tested in-process through tfpp/testing.hpp
// with no server: defaults, set diffs of privileges and memberships,
// replacement on names, validation, import IDs and the quoting function.
// (Everything that talks to the server is in test/e2e/run_postgresql.py and
// test/acceptance.)
#include "postgresql.hpp"
#include "sql.hpp"

#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using tfpp::testing::action;
using tfpp::testing::no_state;
using provider_under_test = tfpp::testing::provider_under_test<postgresql::provider>;

postgresql::role_model role(std::string name) {
    postgresql::role_model m;
    m.name = std::move(name);
    return m;
}

// A role as read() leaves it in the state.
postgresql::role_model stored_role(std::string name, std::vector<std::string> roles = {}) {
    postgresql::role_model m = role(std::move(name));
    m.login = false;
    m.superuser = false;
    m.create_database = false;
    m.create_role = false;
    m.connection_limit = -1;
    m.valid_until = tfpp::null;
    if (!roles.empty()) m.roles = tfpp::set<std::string>(std::move(roles));
    return m;
}

postgresql::grant_model grant(std::string type, std::vector<std::string> privileges) {
    postgresql::grant_model m;
    m.database = "app";
    m.role = "reader";
    m.object_type = std::move(type);
    m.privileges = tfpp::set<std::string>(std::move(privileges));
    return m;
}

bool has_error_at(const tfpp::diagnostics& diags, const std::string& path, const std::string& text) {
    for (const auto& d : diags)
        if (d.path.to_string() == path && (d.summary + " " + d.detail).find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("postgresql_role: a new role plans its defaults", "[postgresql]") {
    provider_under_test p;
    auto plan = p.plan<postgresql::role_resource>(role("app"), no_state);
    REQUIRE(plan.ok());
    CHECK(plan.action == action::create);
    CHECK(*plan.planned.login == false);
    CHECK(*plan.planned.superuser == false);
    CHECK(*plan.planned.connection_limit == -1);
    CHECK(plan.planned.valid_until.is_null());
    CHECK(plan.planned.roles.is_null());
}

TEST_CASE("postgresql_role: the same configuration plans nothing; a membership more is an update", "[postgresql]") {
    provider_under_test p;
    auto config = role("app");
    config.roles = tfpp::set<std::string>{"readers"};
    auto same = p.plan<postgresql::role_resource>(config, stored_role("app", {"readers"}));
    REQUIRE(same.ok());
    CHECK(same.action == action::no_op);

    config.roles = tfpp::set<std::string>{"readers", "writers"};
    auto more = p.plan<postgresql::role_resource>(config, stored_role("app", {"readers"}));
    REQUIRE(more.ok());
    CHECK(more.action == action::update);
    CHECK(more.planned.roles->size() == 2);
}

TEST_CASE("postgresql_role: a new name replaces the role", "[postgresql]") {
    provider_under_test p;
    auto plan = p.plan<postgresql::role_resource>(role("app2"), stored_role("app"));
    REQUIRE(plan.ok());
    CHECK(plan.action == action::replace);
    CHECK(plan.replace_paths() == std::vector<std::string>{"name"});
}

TEST_CASE("postgresql_role: valid_until is an RFC 3339 timestamp", "[postgresql]") {
    provider_under_test p;
    auto config = role("app");
    config.valid_until = "next tuesday";
    CHECK(has_error_at(p.plan<postgresql::role_resource>(config, no_state).diagnostics, "valid_until", "RFC 3339"));
    config.valid_until = "2031-01-01T01:00:00+01:00";
    CHECK(p.plan<postgresql::role_resource>(config, no_state).ok());
}

TEST_CASE("postgresql_role: valid_until reads back in its shortest form", "[postgresql]") {
    CHECK(postgresql::shortest_timestamp("2031-01-01T00:00:00.000000Z") == "2031-01-01T00:00:00Z");
    CHECK(postgresql::shortest_timestamp("2031-01-01T00:00:00.500000Z") == "2031-01-01T00:00:00.5Z");
    CHECK(postgresql::shortest_timestamp("2031-01-01T00:00:00.123456Z") == "2031-01-01T00:00:00.123456Z");
    CHECK(postgresql::shortest_timestamp("2031-01-01T00:00:00Z") == "2031-01-01T00:00:00Z");
}

TEST_CASE("postgresql_role: a password needs its version, and a new version is an update", "[postgresql]") {
    provider_under_test p;
    auto config = role("app");
    config.password_wo = "s3cret";
    auto refused = p.plan<postgresql::role_resource>(config, no_state);
    CHECK_FALSE(refused.ok());
    // The message names the attribute, never the password.
    for (const auto& d : refused.diagnostics) CHECK((d.summary + d.detail).find("s3cret") == std::string::npos);

    config.password_wo_version = 2;
    auto state = stored_role("app");
    state.password_wo_version = 1;
    auto plan = p.plan<postgresql::role_resource>(config, state);
    REQUIRE(plan.ok());
    CHECK(plan.action == action::update);
    CHECK(plan.planned.password_wo.is_null());  // write-only: never planned
}

TEST_CASE("postgresql_role: names are 1 to 63 bytes, anything else is refused at the name", "[postgresql]") {
    provider_under_test p;
    auto plan = p.plan<postgresql::role_resource>(role(std::string(64, 'x')), no_state);
    CHECK(has_error_at(plan.diagnostics, "name", "63"));
}

TEST_CASE("postgresql_database: template and encoding default; a new template replaces", "[postgresql]") {
    provider_under_test p;
    postgresql::database_model config;
    config.name = "app";
    auto create = p.plan<postgresql::database_resource>(config, no_state);
    REQUIRE(create.ok());
    CHECK(*create.planned.template_ == "template0");
    CHECK(*create.planned.encoding == "UTF8");
    CHECK(*create.planned.allow_connections == true);
    CHECK(create.planned.owner.is_unknown());  // the server decides: the connecting role

    auto state = create.planned;
    state.owner = "postgres";
    config.template_ = "template1";
    auto replace = p.plan<postgresql::database_resource>(config, state);
    REQUIRE(replace.ok());
    CHECK(replace.action == action::replace);
    CHECK(replace.replace_paths() == std::vector<std::string>{"template"});
}

TEST_CASE("postgresql_schema: privileges by role are a set diff; another database replaces", "[postgresql]") {
    provider_under_test p;
    using postgresql::schema_policy;
    postgresql::schema_model config;
    config.name = "reporting";
    config.database = "app";
    config.policy = tfpp::set<schema_policy>{{.role = "reader", .privileges = tfpp::set<std::string>{"USAGE"}}};
    postgresql::schema_model state = config;
    state.owner = "postgres";
    CHECK(p.plan<postgresql::schema_resource>(config, state).action == action::no_op);

    config.policy =
        tfpp::set<schema_policy>{{.role = "reader", .privileges = tfpp::set<std::string>{"USAGE", "CREATE"}},
                                 {.role = "public", .privileges = tfpp::set<std::string>{"USAGE"}}};
    auto update = p.plan<postgresql::schema_resource>(config, state);
    REQUIRE(update.ok());
    CHECK(update.action == action::update);
    CHECK(update.planned.policy->size() == 2);

    config.database = "other";
    auto replace = p.plan<postgresql::schema_resource>(config, state);
    REQUIRE(replace.ok());
    CHECK(replace.action == action::replace);

    config.policy = tfpp::set<schema_policy>{{.role = "reader", .privileges = tfpp::set<std::string>{"SELECT"}}};
    CHECK_FALSE(p.plan<postgresql::schema_resource>(config, state).ok());  // only USAGE and CREATE
}

TEST_CASE("postgresql_grant: privileges fit the object type, schemas and objects where they belong", "[postgresql]") {
    provider_under_test p;
    auto on_database = grant("database", {"CONNECT", "SELECT"});
    auto refused = p.plan<postgresql::grant_resource>(on_database, no_state);
    CHECK(has_error_at(refused.diagnostics, "privileges", "SELECT cannot be granted on a database"));

    auto on_tables = grant("table", {"SELECT"});
    CHECK(has_error_at(p.plan<postgresql::grant_resource>(on_tables, no_state).diagnostics, "schema",
                       "needs the schema"));
    on_tables.schema = "public";
    on_tables.objects = tfpp::set<std::string>{"orders"};
    auto create = p.plan<postgresql::grant_resource>(on_tables, no_state);
    REQUIRE(create.ok());
    CHECK(*create.planned.with_grant_option == false);
    CHECK(create.planned.id.is_unknown());

    auto with_objects = grant("database", {"CONNECT"});
    with_objects.objects = tfpp::set<std::string>{"x"};
    CHECK(has_error_at(p.plan<postgresql::grant_resource>(with_objects, no_state).diagnostics, "objects",
                       "takes no objects"));
}

TEST_CASE("postgresql_grant: more privileges update in place; other objects replace", "[postgresql]") {
    provider_under_test p;
    auto config = grant("table", {"SELECT"});
    config.schema = "public";
    config.objects = tfpp::set<std::string>{"orders"};
    auto state = config;
    state.with_grant_option = false;
    state.id = "app/reader/table/public/orders";

    config.privileges = tfpp::set<std::string>{"SELECT", "INSERT"};
    auto update = p.plan<postgresql::grant_resource>(config, state);
    REQUIRE(update.ok());
    CHECK(update.action == action::update);
    CHECK(*update.planned.id == "app/reader/table/public/orders");  // kept: use_state_for_unknown

    config.objects = tfpp::set<std::string>{"orders", "items"};
    auto replace = p.plan<postgresql::grant_resource>(config, state);
    REQUIRE(replace.ok());
    CHECK(replace.action == action::replace);
    CHECK(replace.replace_paths() == std::vector<std::string>{"objects"});
}

TEST_CASE("postgresql: malformed import IDs are refused before any connection", "[postgresql]") {
    provider_under_test p;
    auto schema = p.import <postgresql::schema_resource>("no-dot");
    CHECK(has_error_at(schema.diagnostics, "", "expected database.schema"));
    auto grant = p.import <postgresql::grant_resource>("app/reader/view");
    CHECK(has_error_at(grant.diagnostics, "", "expected database/role/object_type"));
}

TEST_CASE("provider::postgresql::quote_ident quotes as the server does", "[postgresql]") {
    provider_under_test p;
    auto quote = [&](std::string name) {
        return *p.call_function<postgresql::quote_ident_function>({.name = name}).result;
    };
    CHECK(quote("plain") == "plain");
    CHECK(quote("my table") == "\"my table\"");
    CHECK(quote("a\"b") == "\"a\"\"b\"");
    CHECK(quote("Upper") == "\"Upper\"");
    CHECK(quote("select") == "\"select\"");  // a keyword
    CHECK(quote("name") == "name");          // an unreserved keyword
    CHECK(quote("1abc") == "\"1abc\"");
}

TEST_CASE("postgresql: SQL quoting keeps any name one identifier", "[postgresql]") {
    CHECK(postgresql::quote_identifier("a\"; DROP TABLE x; --") == "\"a\"\"; DROP TABLE x; --\"");
}
