// The PostgreSQL provider itself: its configuration, its connections, its
// data sources and function. The resources are in role.hpp, database.hpp,
// schema.hpp and grant.hpp; postgresql.hpp includes them all.
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
// The resources, each in a header of its own (role.hpp, database.hpp, ...), so
// that an edit of one model recompiles only its file and main.cpp.
struct role_resource;
struct database_resource;
struct schema_resource;
struct grant_resource;

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
