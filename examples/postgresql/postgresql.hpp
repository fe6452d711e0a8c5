// A provider for PostgreSQL: roles, databases, schemas and grants on a
// running server, the example of a provider for a networked service.
//
//   provider "postgresql" {
//     host     = "db.internal"
//     username = "admin"            # password from PGPASSWORD
//   }
//   resource "postgresql_role" "app" {
//     name                = "app"
//     login               = true
//     password_wo         = ephemeral.random_password.app.result
//     password_wo_version = 1
//   }
//   resource "postgresql_database" "app" {
//     name  = "app"
//     owner = postgresql_role.app.name
//   }
#pragma once

#include "connection.hpp"

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace postgresql {

struct provider;

// A role, database or schema name: what PostgreSQL accepts as an identifier
// (1 to 63 bytes); any characters, since every statement quotes it.
using identifier = tfpp::length<1, 63>;
using privilege_name = tfpp::one_of<"SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER",
                                    "CREATE", "CONNECT", "TEMPORARY", "EXECUTE", "USAGE">;

struct provider_config {
    tfpp::optional<std::string> host;
    tfpp::optional<std::int64_t, tfpp::range<1, 65535>> port;
    tfpp::optional<std::string> database;
    tfpp::optional<std::string> username;
    tfpp::optional<std::string, tfpp::sensitive> password;
    tfpp::optional<std::string, tfpp::one_of<"disable", "allow", "prefer", "require", "verify-ca", "verify-full">>
        sslmode;
    tfpp::optional<std::int64_t, tfpp::range<1, 3600>> connect_timeout;
    tfpp::optional<std::int64_t, tfpp::range<1, 100>> max_connections;

    struct docs {
        tfpp::doc host{.markdown =
                           "Server host name or address, or the directory of its Unix socket (a path "
                           "starting with `/`). Defaults to `PGHOST`, else libpq's default."};
        tfpp::doc port{.markdown = "Server port. Defaults to `PGPORT`, else 5432."};
        tfpp::doc database{.markdown =
                               "Database to connect to for roles and databases. Defaults to `PGDATABASE`, "
                               "else `postgres`."};
        tfpp::doc username{.markdown = "Role to connect as. Defaults to `PGUSER`, else the operating system user."};
        tfpp::doc password{.markdown = "Password of `username`. Defaults to `PGPASSWORD` (or `~/.pgpass`)."};
        tfpp::doc sslmode{.markdown = "libpq's `sslmode`. Defaults to `PGSSLMODE`, else `prefer`."};
        tfpp::doc connect_timeout{"Seconds to wait for a connection. Defaults to 15."};
        tfpp::doc max_connections{
            "Most connections the provider opens at once, over all databases. Defaults to 10, Terraform's "
            "parallelism."};
    };
};

// A connection limit: -1 (none) or what the server's int4 column holds.
using connection_limit_range = tfpp::range<-1, 2147483647>;

// --- postgresql_role

struct role_model {
    tfpp::required<std::string, tfpp::requires_replace, identifier> name;
    tfpp::optional_computed<bool, tfpp::default_value<false>> login;
    tfpp::optional_computed<bool, tfpp::default_value<false>> superuser;
    tfpp::optional_computed<bool, tfpp::default_value<false>> create_database;
    tfpp::optional_computed<bool, tfpp::default_value<false>> create_role;
    tfpp::optional_computed<std::int64_t, tfpp::default_value<-1>, connection_limit_range> connection_limit;
    tfpp::optional<std::string, tfpp::rfc3339> valid_until;
    tfpp::optional<std::string, tfpp::write_only> password_wo;
    tfpp::optional<std::int64_t> password_wo_version;
    tfpp::optional<tfpp::set<std::string>, tfpp::each<identifier>> roles;
    tfpp::block<tfpp::timeouts> timeouts;

    using rules = tfpp::rules<tfpp::required_together<"password_wo", "password_wo_version">>;

    struct docs {
        tfpp::doc name{"Name of the role; a new name creates a new role."};
        tfpp::doc login{"Whether the role may log in."};
        tfpp::doc superuser{"Whether the role is a superuser."};
        tfpp::doc create_database{"Whether the role may create databases."};
        tfpp::doc create_role{"Whether the role may create roles."};
        tfpp::doc connection_limit{"How many connections the role may open at once; -1: no limit."};
        tfpp::doc valid_until{"When the role's password expires (RFC 3339); null: never."};
        tfpp::doc password_wo{.markdown =
                                  "The role's password, write-only: sent to the server hashed with "
                                  "SCRAM-SHA-256, never stored. Set `password_wo_version` with it."};
        tfpp::doc password_wo_version{.markdown = "Change it to set `password_wo` again."};
        tfpp::doc roles{"Roles this role is a member of."};
        tfpp::doc timeouts{"How long each operation may take (Go durations such as \"30s\")."};
    };
};

struct role_identity {
    tfpp::required<std::string> name;
    struct docs {
        tfpp::doc name{"Name of the role."};
    };
};

struct role_resource {
    using model = role_model;
    using identity = role_identity;
    static constexpr std::string_view type_name = "postgresql_role";
    static constexpr bool compiled_separately = true;  // in its own file: see role.cpp
    static constexpr tfpp::doc doc{.markdown =
                                       "A role: a user when it may log in, a group otherwise. "
                                       "Import it by name: `terraform import postgresql_role.app app`."};
    static constexpr std::string_view import_id_attribute = "name";
    static constexpr tfpp::timeout_defaults default_timeouts{.create = std::chrono::minutes(5),
                                                             .read = std::chrono::minutes(5),
                                                             .update = std::chrono::minutes(5),
                                                             .destroy = std::chrono::minutes(5)};
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

// --- postgresql_database

struct database_model {
    tfpp::required<std::string, tfpp::requires_replace, identifier> name;
    tfpp::optional_computed<std::string, identifier> owner;
    tfpp::optional_computed<std::string, tfpp::requires_replace, tfpp::default_value<"UTF8">> encoding;
    tfpp::optional_computed<std::string, tfpp::requires_replace, tfpp::default_value<"template0">, identifier,
                            tfpp::terraform_name<"template">>
        template_;
    tfpp::optional_computed<std::int64_t, tfpp::default_value<-1>, connection_limit_range> connection_limit;
    tfpp::optional_computed<bool, tfpp::default_value<true>> allow_connections;
    tfpp::block<tfpp::timeouts> timeouts;

    struct docs {
        tfpp::doc name{"Name of the database; a new name creates a new database."};
        tfpp::doc owner{"Role that owns the database. Defaults to the provider's user."};
        tfpp::doc encoding{"Character set encoding; a change creates a new database."};
        tfpp::doc template_{"Database copied to create this one; a change creates a new database."};
        tfpp::doc connection_limit{"How many connections the database accepts at once; -1: no limit."};
        tfpp::doc allow_connections{"Whether anyone may connect to the database."};
        tfpp::doc timeouts{"How long each operation may take (Go durations such as \"5m\")."};
    };
};

struct database_identity {
    tfpp::required<std::string> name;
    struct docs {
        tfpp::doc name{"Name of the database."};
    };
};

struct database_resource {
    using model = database_model;
    using identity = database_identity;
    static constexpr std::string_view type_name = "postgresql_database";
    static constexpr bool compiled_separately = true;  // in its own file: see role.cpp
    static constexpr tfpp::doc doc{.markdown = "A database. Import it by name."};
    static constexpr std::string_view import_id_attribute = "name";
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    // `-generate-config-out`: leaves out an owner that is the provider's own role.
    void generate_config(const model& state, model& config, tfpp::context& ctx);
};

// --- postgresql_schema

// One `policy { role = "app"  privileges = ["USAGE"] }` block of a schema.
struct schema_policy {
    tfpp::required<std::string, identifier> role;
    tfpp::required<tfpp::set<std::string>, tfpp::each<tfpp::one_of<"USAGE", "CREATE">>> privileges;

    struct docs {
        tfpp::doc role{.markdown = "Role the privileges are granted to (`public` for everyone)."};
        tfpp::doc privileges{.markdown = "`USAGE`, `CREATE` or both."};
    };
};

struct schema_model {
    tfpp::required<std::string, tfpp::requires_replace, identifier> name;
    tfpp::optional_computed<std::string, tfpp::requires_replace, identifier> database;
    tfpp::optional_computed<std::string, identifier> owner;
    tfpp::block_set<schema_policy> policy;

    struct docs {
        tfpp::doc name{"Name of the schema; a new name creates a new schema."};
        tfpp::doc database{"Database that holds the schema. Defaults to the provider's database."};
        tfpp::doc owner{"Role that owns the schema. Defaults to the provider's user."};
        tfpp::doc policy{"Privileges on the schema, by role. Privileges not listed are revoked."};
    };
};

struct schema_identity {
    tfpp::required<std::string> database;
    tfpp::required<std::string> name;
    struct docs {
        tfpp::doc database{"Database that holds the schema."};
        tfpp::doc name{"Name of the schema."};
    };
};

struct schema_resource {
    using model = schema_model;
    using identity = schema_identity;
    static constexpr std::string_view type_name = "postgresql_schema";
    static constexpr bool compiled_separately = true;  // in its own file: see role.cpp
    static constexpr tfpp::doc doc{.markdown =
                                       "A schema in a database, with its privileges by role. Import it "
                                       "as `database.schema`."};
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

// --- postgresql_grant

struct grant_model {
    tfpp::required<std::string, tfpp::requires_replace, identifier> database;
    tfpp::required<std::string, tfpp::requires_replace, identifier> role;
    tfpp::required<std::string, tfpp::requires_replace,
                   tfpp::one_of<"database", "schema", "table", "sequence", "function">>
        object_type;
    tfpp::optional<std::string, tfpp::requires_replace, identifier> schema;
    tfpp::optional<tfpp::set<std::string>, tfpp::requires_replace, tfpp::each<identifier>> objects;
    tfpp::required<tfpp::set<std::string>, tfpp::each<privilege_name>> privileges;
    tfpp::optional_computed<bool, tfpp::default_value<false>> with_grant_option;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc database{"Database of the objects (or the database itself)."};
        tfpp::doc role{.markdown = "Role the privileges are granted to (`public` for everyone)."};
        tfpp::doc object_type{.markdown = "`database`, `schema`, `table`, `sequence` or `function`."};
        tfpp::doc schema{.markdown =
                             "Schema of the objects; required for `table`, `sequence` and `function`, "
                             "and the schema itself for `schema`."};
        tfpp::doc objects{.markdown =
                              "Tables, sequences or functions the grant applies to; empty or null: all "
                              "of that type in `schema`."};
        tfpp::doc privileges{.markdown =
                                 "Privileges granted, such as `SELECT`; the role's other privileges on "
                                 "the objects are revoked."};
        tfpp::doc with_grant_option{"Whether the role may grant the privileges to others."};
        tfpp::doc id{.markdown = "`database/role/object_type[/schema[/objects,...]]`, also the import ID."};
    };
};

// A grant is named by its id, which holds everything that names it.
struct grant_identity {
    tfpp::required<std::string> id;
    struct docs {
        tfpp::doc id{.markdown = "`database/role/object_type[/schema[/objects,...]]`."};
    };
};

struct grant_resource {
    using model = grant_model;
    using identity = grant_identity;
    static constexpr std::string_view type_name = "postgresql_grant";
    static constexpr bool compiled_separately = true;  // in its own file: see role.cpp
    static constexpr tfpp::doc doc{.markdown =
                                       "Privileges of one role on a database, a schema, or objects in a "
                                       "schema. Import it by its `id`."};
    provider& p;

    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
    std::optional<model> import_identity(const grant_identity& id, tfpp::context& ctx) {
        return import_state(*id.id, ctx);
    }
};

// --- data sources

struct role_data_model {
    tfpp::required<std::string, identifier> name;
    tfpp::computed<bool> login;
    tfpp::computed<bool> superuser;
    tfpp::computed<bool> create_database;
    tfpp::computed<bool> create_role;
    tfpp::computed<std::int64_t> connection_limit;
    tfpp::computed<std::string> valid_until;
    tfpp::computed<tfpp::set<std::string>> roles;

    struct docs {
        tfpp::doc name{"Name of the role to read."};
        tfpp::doc login{"Whether the role may log in."};
        tfpp::doc superuser{"Whether the role is a superuser."};
        tfpp::doc create_database{"Whether the role may create databases."};
        tfpp::doc create_role{"Whether the role may create roles."};
        tfpp::doc connection_limit{"How many connections the role may open at once; -1: no limit."};
        tfpp::doc valid_until{"When the role's password expires; null: never."};
        tfpp::doc roles{"Roles the role is a member of."};
    };
};

struct role_data_source {
    using model = role_data_model;
    static constexpr std::string_view type_name = "postgresql_role";
    static constexpr tfpp::doc doc{"Reads a role that exists on the server."};
    provider& p;

    std::optional<model> read(model config, tfpp::context& ctx);
};

struct schemas_data_model {
    tfpp::optional<std::string, identifier> database;
    tfpp::optional<std::string> like;
    tfpp::optional<bool> include_system_schemas;
    tfpp::computed<std::vector<std::string>> schemas;

    struct docs {
        tfpp::doc database{"Database to list. Defaults to the provider's database."};
        tfpp::doc like{.markdown = "A `LIKE` pattern the names must match, such as `app_%`."};
        tfpp::doc include_system_schemas{.markdown =
                                             "Whether `pg_catalog`, `information_schema`, `pg_toast` and "
                                             "the like are listed. Defaults to false."};
        tfpp::doc schemas{"Names of the schemas, sorted."};
    };
};

struct schemas_data_source {
    using model = schemas_data_model;
    static constexpr std::string_view type_name = "postgresql_schemas";
    static constexpr tfpp::doc doc{"Lists the schemas of a database."};
    provider& p;

    std::optional<model> read(model config, tfpp::context& ctx);
};

// --- functions

// provider::postgresql::quote_ident("my table") == "\"my table\"", as PostgreSQL's own quote_ident.
struct quote_ident_function {
    static constexpr std::string_view name = "quote_ident";
    static constexpr tfpp::doc doc{
        .description =
            "Quotes a name for use as an identifier in SQL, as PostgreSQL's quote_ident does: "
            "unchanged when it needs no quotes, else in double quotes with inner quotes doubled.",
        .summary = "A name quoted as an SQL identifier"};
    struct parameters {
        std::string name;
        struct docs {
            tfpp::doc name{"The name to quote."};
        };
    };
    std::string call(const parameters& args, tfpp::context& ctx);
};

// --- the provider

struct provider {
    static constexpr std::string_view type_name = "postgresql";
    static constexpr tfpp::doc doc{.markdown =
                                       "Manages roles, databases, schemas and privileges of a "
                                       "PostgreSQL server: the networked example provider of *tfpp*."};
    using config = provider_config;
    using resources = tfpp::type_list<role_resource, database_resource, schema_resource, grant_resource>;
    using data_sources = tfpp::type_list<role_data_source, schemas_data_source>;
    using functions = tfpp::type_list<quote_ident_function>;

    void configure(const provider_config& config, tfpp::context& ctx);

    // Runs fn on a connection to `database`, in one transaction when asked,
    // again while it fails for a passing reason (tfpp::retry), within ctx's
    // deadline.
    std::optional<server_error> run(const std::string& database, tfpp::context& ctx, bool transaction,
                                    const std::function<std::optional<server_error>(connection&)>& fn);
    // One query, retried the same way.
    outcome query(const std::string& database, std::string_view sql, const parameters& params, tfpp::context& ctx);

    // The server, from configure; each database gets connections of its own.
    connection_pool pool;
    std::string default_database;
};

}  // namespace postgresql
