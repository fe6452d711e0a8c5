// postgresql_database, compiled here (see role.cpp).
#include "database.hpp"
#include "sql.hpp"

#include <tfpp/compile.hpp>

namespace postgresql {
namespace {

std::string limits(const database_model& m) {
    return " CONNECTION LIMIT " + std::to_string(*m.connection_limit) + " ALLOW_CONNECTIONS " +
           (*m.allow_connections ? "true" : "false");
}

tfpp::attribute_path culprit(const server_error& e) {
    if (e.is("42704")) return tfpp::path_of(&database_model::owner);  // no such role
    if (e.is("22023")) return tfpp::path_of(&database_model::encoding);
    if (e.is("3D000") || e.is("55006")) return tfpp::path_of(&database_model::template_);
    return {};
}

}  // namespace

// CREATE DATABASE cannot run in a transaction: each statement stands alone,
// and what the first created is kept when a later one fails.
std::optional<database_model> database_resource::create(model plan, tfpp::context& ctx) {
    tfpp::log::scope fields{{"database", *plan.name}};
    std::string sql = "CREATE DATABASE " + quote_identifier(*plan.name);
    if (plan.owner.is_known()) sql += " OWNER " + quote_identifier(*plan.owner);
    sql += " ENCODING " + literal(*plan.encoding) + " TEMPLATE " + quote_identifier(*plan.template_) + limits(plan);
    const auto failed = p.run(p.default_database, ctx, false, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec(sql, {}, ctx); !r) return r.error;
        return std::nullopt;
    });
    if (failed) return report(ctx, "Could not create database", *failed, culprit(*failed)), std::nullopt;
    if (auto read_back = read(plan, ctx)) return read_back;
    if (plan.owner.is_unknown()) plan.owner = tfpp::null;  // nothing may stay unknown
    return plan;
}

std::optional<database_model> database_resource::read(model state, tfpp::context& ctx) {
    const outcome r = p.query(p.default_database,
                              "SELECT pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datconnlimit, "
                              "datallowconn\nFROM pg_database WHERE datname = $1",
                              {*state.name}, ctx);
    if (!r) return report(ctx, "Could not read database", *r.error), std::nullopt;
    if (r.result.empty()) return std::nullopt;
    state.owner = r.result.text(0, 0);
    state.encoding = r.result.text(0, 1);
    state.connection_limit = r.result.integer(0, 2);
    state.allow_connections = r.result.boolean(0, 3);
    // The server does not remember the template: after an import, the default.
    if (!state.template_.is_known()) state.template_ = "template0";
    return state;
}

// A database made without OWNER belongs to the role that made it: when that
// is the provider's role, the configuration need not name it.
void database_resource::generate_config(const model& state, model& config, tfpp::context& ctx) {
    const outcome r = p.query(p.default_database, "SELECT current_user", {}, ctx);
    if (!r) return report(ctx, "Could not read the provider's role", *r.error);
    if (!r.result.empty() && state.owner == r.result.text(0, 0)) config.owner = tfpp::null;
}

std::optional<database_model> database_resource::update(model plan, const model& prior, tfpp::context& ctx) {
    tfpp::log::scope fields{{"database", *plan.name}};
    const std::string name = quote_identifier(*plan.name);
    const auto failed = p.run(p.default_database, ctx, true, [&](connection& c) -> std::optional<server_error> {
        if (plan.owner.is_known() && !(plan.owner == prior.owner))
            if (auto r = c.exec("ALTER DATABASE " + name + " OWNER TO " + quote_identifier(*plan.owner), {}, ctx); !r)
                return r.error;
        if (auto r = c.exec("ALTER DATABASE " + name + " WITH" + limits(plan), {}, ctx); !r) return r.error;
        return std::nullopt;
    });
    if (failed) {
        report(ctx, "Could not update database", *failed, culprit(*failed));
        return prior;  // rolled back
    }
    if (auto read_back = read(plan, ctx)) return read_back;
    return plan;
}

void database_resource::destroy(const model& state, tfpp::context& ctx) {
    const auto failed = p.run(p.default_database, ctx, false, [&](connection& c) -> std::optional<server_error> {
        // The provider's own idle connections to it would keep it busy; one
        // in use by a parallel operation ends soon, so "being accessed" is
        // retried.
        p.pool.close_idle(*state.name);
        auto r = c.exec("DROP DATABASE IF EXISTS " + quote_identifier(*state.name), {}, ctx);
        if (!r && r.error->is("55006")) r.error->retryable = true;
        return r.error;
    });
    if (failed) report(ctx, "Could not drop database", *failed, "name");
}

}  // namespace postgresql

template struct tfpp::compiled_resource<postgresql::provider, postgresql::database_resource>;
