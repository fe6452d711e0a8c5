#include "provider.hpp"
#include "sql.hpp"

#include <cstdlib>

namespace postgresql {

void provider::configure(const provider_config& config, tfpp::context& ctx) {
    connection_settings s;
    s.host = config.host.value_or("");
    if (config.host.is_known() && s.host.empty())
        ctx.error("Invalid host", "host is empty; leave it unset to use PGHOST or libpq's default", "host");
    s.port = config.port.is_known() ? std::to_string(*config.port) : "";
    s.user = config.username.value_or("");
    s.password = config.password.value_or("");  // empty: libpq reads PGPASSWORD or ~/.pgpass
    s.sslmode = config.sslmode.value_or("");
    s.connect_timeout = static_cast<int>(config.connect_timeout.value_or(15));
    s.max_connections = static_cast<int>(config.max_connections.value_or(10));
    const char* env_database = std::getenv("PGDATABASE");
    default_database = config.database.is_known()                 ? *config.database
                       : env_database != nullptr && *env_database ? env_database
                                                                  : "postgres";
    tfpp::log::debug("postgresql provider configured: database {}, at most {} connections", default_database,
                     s.max_connections);
    pool.configure(std::move(s));
}

std::optional<server_error> provider::run(const std::string& database, tfpp::context& ctx, bool transaction,
                                          const std::function<std::optional<server_error>(connection&)>& fn) {
    auto attempt = [&]() -> std::optional<server_error> {
        server_error failed;
        auto c = pool.acquire(database, ctx, failed);
        if (!c) return failed;
        if (transaction)
            if (auto begun = (*c)->exec("BEGIN", {}, ctx); !begun) {
                // Nothing was done yet: a connection that died while idle may be retried.
                begun.error->retryable = begun.error->retryable || (*c)->broken();
                return begun.error;
            }
        std::optional<server_error> e = fn(**c);
        if (transaction) {
            if (!e) {
                if (auto committed = (*c)->exec("COMMIT", {}, ctx); !committed) e = committed.error;
            } else if (!(*c)->broken()) {
                tfpp::context uncancelled;  // the rollback must run even after a cancel
                (void)(*c)->exec("ROLLBACK", {}, uncancelled);
            }
        }
        return e;
    };
    return tfpp::retry(ctx, attempt, [](const std::optional<server_error>& e) { return e && e->retryable; });
}

outcome provider::query(const std::string& database, std::string_view sql, const parameters& params,
                        tfpp::context& ctx) {
    auto attempt = [&]() -> outcome {
        server_error failed;
        auto c = pool.acquire(database, ctx, failed);
        if (!c) return outcome{{}, failed};
        outcome out = (*c)->exec(sql, params, ctx);
        // A read may always be repeated, also over a new connection.
        if (out.error && (*c)->broken()) out.error->retryable = true;
        return out;
    };
    return tfpp::retry(ctx, attempt, [](const outcome& o) { return o.error && o.error->retryable; });
}

std::string quote_ident_function::call(const parameters& args, tfpp::context&) {
    return quote_ident_like_server(args.name);
}

// --- data sources

std::optional<role_data_model> role_data_source::read(model config, tfpp::context& ctx) {
    const outcome r = p.query(p.default_database,
                              "SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolconnlimit,\n"
                              "  CASE WHEN rolvaliduntil IS NULL OR NOT isfinite(rolvaliduntil) THEN NULL\n"
                              "       ELSE to_char(rolvaliduntil AT TIME ZONE 'UTC', "
                              "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') END,\n"
                              "  ARRAY(SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid\n"
                              "        WHERE m.member = r.oid ORDER BY 1)\n"
                              "FROM pg_roles r WHERE rolname = $1",
                              {*config.name}, ctx);
    if (!r) return report(ctx, "Could not read role", *r.error, "name"), std::nullopt;
    if (r.result.empty())
        return ctx.error("Role not found", "no role named \"" + *config.name + "\" exists on the server", "name");
    config.login = r.result.boolean(0, 0);
    config.superuser = r.result.boolean(0, 1);
    config.create_database = r.result.boolean(0, 2);
    config.create_role = r.result.boolean(0, 3);
    config.connection_limit = r.result.integer(0, 4);
    if (auto until = r.result.get(0, 5)) config.valid_until = shortest_timestamp(*until);
    else config.valid_until = tfpp::null;
    config.roles = tfpp::set<std::string>(r.result.array(0, 6));
    return config;
}

std::optional<schemas_data_model> schemas_data_source::read(model config, tfpp::context& ctx) {
    const std::string database = config.database.value_or(p.default_database);
    const bool system = config.include_system_schemas.value_or(false);
    const outcome r = p.query(
        database,
        "SELECT nspname FROM pg_namespace\n"
        "WHERE ($1::text IS NULL OR nspname LIKE $1)\n"
        "  AND ($2 OR (nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'))\n"
        "ORDER BY nspname COLLATE \"C\"",
        {config.like.is_known() ? std::optional<std::string>(*config.like) : std::nullopt, system ? "true" : "false"},
        ctx);
    if (!r) {
        report(ctx, "Could not list schemas", *r.error,
               gone(*r.error) ? tfpp::attribute_path("database") : tfpp::attribute_path());
        return std::nullopt;
    }
    std::vector<std::string> names;
    for (int i = 0; i < r.result.size(); ++i) names.push_back(r.result.text(i, 0));
    config.schemas = std::move(names);
    return config;
}

}  // namespace postgresql
