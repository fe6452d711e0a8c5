// Acceptance test of examples/postgresql: OpenTofu (TFPP_TOFU) and Terraform
// (TFPP_TERRAFORM, when set) drive the provider, served in this process,
// against the PostgreSQL server that test/e2e/with_postgresql.py started
// (libpq's PG* environment says where).
#include "../../examples/postgresql/postgresql.hpp"

#include <tfpp/testing.hpp>
#include <tfpp/testing/acceptance.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

namespace {

namespace acc = tfpp::testing;

// One value from the server, read beside the provider: "" when no row.
std::string server_value(const std::string& sql) {
    tfpp::context ctx;
    postgresql::server_error failed;
    auto c = postgresql::connection::open({}, "postgres", ctx, failed);
    if (!c) throw std::runtime_error("cannot reach the test server: " + failed.describe());
    const postgresql::outcome r = c->exec(sql, {}, ctx);
    if (!r) throw std::runtime_error(sql + ": " + r.error->describe());
    return r.result.text(0, 0);
}

acc::acceptance_check on_server(std::string sql, std::string expected) {
    return [=](const acc::acceptance_state&) {
        const std::string actual = server_value(sql);
        if (actual != expected)
            throw std::runtime_error(sql + " gives \"" + actual + "\", expected \"" + expected + "\"");
    };
}

const std::string config = R"(
provider "postgresql" {}

resource "postgresql_role" "reader" {
  name             = "acc_reader"
  login            = true
  connection_limit = 3
}

resource "postgresql_database" "db" {
  name  = "acc_db"
  owner = postgresql_role.reader.name
}

resource "postgresql_grant" "connect" {
  database    = postgresql_database.db.name
  role        = "public"
  object_type = "database"
  privileges  = ["CONNECT"]
}
)";

}  // namespace

TEST_CASE("postgresql acceptance: create, drift repaired, import verified, destroyed", "[acceptance][postgresql]") {
    acc::acceptance<postgresql::provider> t{{.address = "tfpp/postgresql"}};
    const auto report = t.run(
        {
            {.config = config,
             .checks = {acc::attribute("postgresql_role.reader", "connection_limit", 3),
                        acc::attribute("postgresql_database.db", "owner", "acc_reader"),
                        acc::attribute("postgresql_grant.connect", "id", "acc_db/public/database"),
                        on_server("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'acc_reader'", "3"),
                        on_server("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'acc_db'",
                                  "acc_reader")}},
            // Someone changes the role with psql: the next apply puts it back.
            {.config = config,
             .checks = {on_server("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'acc_reader'", "3")},
             .before = [] { server_value("ALTER ROLE acc_reader CONNECTION LIMIT 9"); }},
            {.import = "postgresql_role.reader", .import_id = "acc_reader", .import_verify = true},
            {.import = "postgresql_database.db", .import_id = "acc_db", .import_verify = true},
            // A grant on a table that does not exist fails, at its attribute, with the server's message.
            {.config = config + R"(
resource "postgresql_grant" "missing" {
  database    = postgresql_database.db.name
  role        = postgresql_role.reader.name
  object_type = "table"
  schema      = "public"
  objects     = ["no_such_table"]
  privileges  = ["SELECT"]
}
)",
             .expect_error = "relation \"public.no_such_table\" does not exist \\(SQLSTATE 42P01\\)"},
        },
        [](const acc::acceptance_state&) {
            CHECK(server_value("SELECT count(*) FROM pg_roles WHERE rolname = 'acc_reader'") == "0");
            CHECK(server_value("SELECT count(*) FROM pg_database WHERE datname = 'acc_db'") == "0");
        });
    for (const auto& run : report.runs) CHECK(run.steps.size() == 6);  // five steps and the destroy
}

namespace {

// Exploration against the real server: random roles and workflows through
// the in-process driver, each checked against Terraform's rules. The hooks
// keep names to two, memberships to roles that exist, and make drift with SQL.
TEST_CASE("postgresql_role: explored against the server", "[explore][postgresql]") {
    const auto drop_roles = [] {
        for (const char* name : {"explore_a", "explore_b"}) server_value(std::string("DROP ROLE IF EXISTS ") + name);
    };
    tfpp::testing::explore_hooks<postgresql::provider, postgresql::role_resource> hooks;
    hooks.new_workflow = drop_roles;
    hooks.configure = [](postgresql::role_model& m, tfpp::testing::random& r) {
        m.name = r.pick({"explore_a", "explore_b"});
        if (m.roles.is_known()) m.roles = tfpp::set<std::string>{r.pick({"pg_monitor", "pg_read_all_data"})};
        m.timeouts = tfpp::null;
        // In UTC: "+01:00" reads back as "Z", the same instant, and a plan
        // after import would rewrite it (no read sees the configuration).
        if (m.valid_until.is_known()) m.valid_until = r.pick({"2031-01-02T03:04:05Z", "2031-01-02T03:04:05.25Z"});
    };
    hooks.drift = [](postgresql::provider&, const postgresql::role_model& state, tfpp::testing::random& r) {
        if (r.chance(40)) {
            server_value("DROP ROLE " + *state.name);
            return tfpp::testing::drift_kind::deleted;
        }
        server_value("ALTER ROLE " + *state.name + (*state.login ? " NOLOGIN" : " LOGIN"));
        return tfpp::testing::drift_kind::changed;
    };
    tfpp::testing::explore_options options;
    options.cases = 60;
    options.shrink_runs = 200;                        // each replay talks to the server
    options.import_ignore = {"password_wo_version"};  // the server keeps no version of a password
    const auto report = tfpp::testing::explore<postgresql::provider, postgresql::role_resource>(options, hooks);
    drop_roles();
    REQUIRE(report);
    for (const char* kind : {"create", "update in place", "replace", "drift (changed)", "drift (deleted)",
                             "import by ID", "import by identity", "destroy"})
        CHECK(report.covered.count(kind) == 1);
    WARN(report.workflows << " postgresql_role workflows, " << report.steps << " steps, in " << report.seconds << " s");
}

}  // namespace
