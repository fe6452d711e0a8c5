// postgresql_schema, compiled here (see role.cpp).
#include "schema.hpp"
#include "sql.hpp"

#include <tfpp/compile.hpp>

#include <map>

namespace postgresql {
namespace {

std::string database_of(const provider& p, const schema_model& m) {
    return m.database.is_known() ? *m.database : p.default_database;
}

// The privileges the policy blocks grant, by role.
std::map<std::string, std::vector<std::string>> policies(const schema_model& m) {
    std::map<std::string, std::vector<std::string>> out;
    if (m.policy.is_known())
        for (const schema_policy& p : *m.policy) out[*p.role] = p.privileges->elements();
    return out;
}

// REVOKE what a role should no longer have, GRANT what it should.
std::optional<server_error> set_policies(connection& c, const std::string& schema,
                                         const std::map<std::string, std::vector<std::string>>& before,
                                         const std::map<std::string, std::vector<std::string>>& after,
                                         tfpp::context& ctx) {
    const std::string on = " ON SCHEMA " + quote_identifier(schema);
    for (const auto& [role, privileges] : before)
        if (!after.contains(role))
            if (auto r = c.exec("REVOKE ALL" + on + " FROM " + grantee(role), {}, ctx); !r) return r.error;
    for (const auto& [role, privileges] : after) {
        if (before.contains(role))
            if (auto r = c.exec("REVOKE ALL" + on + " FROM " + grantee(role), {}, ctx); !r) return r.error;
        std::string list;
        for (const std::string& privilege : privileges) list += (list.empty() ? "" : ", ") + privilege;
        if (!list.empty())
            if (auto r = c.exec("GRANT " + list + on + " TO " + grantee(role), {}, ctx); !r) return r.error;
    }
    return std::nullopt;
}

tfpp::attribute_path culprit(const server_error& e) {
    if (e.is("42704")) return tfpp::path_of(&schema_model::policy);  // a role that does not exist
    if (e.is("3D000")) return tfpp::path_of(&schema_model::database);
    if (e.is("42P06")) return tfpp::path_of(&schema_model::name);  // exists already
    return {};
}

}  // namespace

std::optional<schema_model> schema_resource::create(model plan, tfpp::context& ctx) {
    const std::string database = database_of(p, plan);
    plan.database = database;
    tfpp::log::scope fields{{"schema", *plan.name}};
    const auto failed = p.run(database, ctx, true, [&](connection& c) -> std::optional<server_error> {
        std::string sql = "CREATE SCHEMA " + quote_identifier(*plan.name);
        if (plan.owner.is_known()) sql += " AUTHORIZATION " + quote_identifier(*plan.owner);
        if (auto r = c.exec(sql, {}, ctx); !r) return r.error;
        return set_policies(c, *plan.name, {}, policies(plan), ctx);
    });
    if (failed) return report(ctx, "Could not create schema", *failed, culprit(*failed)), std::nullopt;
    if (auto read_back = read(plan, ctx)) return read_back;
    if (plan.owner.is_unknown()) plan.owner = tfpp::null;
    return plan;
}

std::optional<schema_model> schema_resource::read(model state, tfpp::context& ctx) {
    const std::string database = database_of(p, state);
    const outcome r = p.query(database,
                              "SELECT pg_get_userbyid(n.nspowner),\n"
                              "  CASE WHEN a.grantee = 0 THEN 'public' ELSE pg_get_userbyid(a.grantee) END,\n"
                              "  a.privilege_type\n"
                              "FROM pg_namespace n\n"
                              "LEFT JOIN LATERAL aclexplode(n.nspacl) a ON a.grantee <> n.nspowner\n"
                              "WHERE n.nspname = $1 ORDER BY 2, 3",
                              {*state.name}, ctx);
    if (!r) {
        if (r.error->is("3D000")) return std::nullopt;  // its database is gone, and so is it
        return report(ctx, "Could not read schema", *r.error), std::nullopt;
    }
    if (r.result.empty()) return std::nullopt;
    state.database = database;
    state.owner = r.result.text(0, 0);
    std::map<std::string, std::vector<std::string>> granted;
    for (int i = 0; i < r.result.size(); ++i)
        if (auto role = r.result.get(i, 1)) granted[*role].push_back(r.result.text(i, 2));
    std::vector<schema_policy> blocks;
    for (auto& [role, privileges] : granted)
        blocks.push_back({.role = role, .privileges = tfpp::set<std::string>(std::move(privileges))});
    state.policy = tfpp::set<schema_policy>(std::move(blocks));
    return state;
}

std::optional<schema_model> schema_resource::update(model plan, const model& prior, tfpp::context& ctx) {
    tfpp::log::scope fields{{"schema", *plan.name}};
    const auto failed = p.run(database_of(p, plan), ctx, true, [&](connection& c) -> std::optional<server_error> {
        if (plan.owner.is_known() && !(plan.owner == prior.owner))
            if (auto r = c.exec(
                    "ALTER SCHEMA " + quote_identifier(*plan.name) + " OWNER TO " + quote_identifier(*plan.owner), {},
                    ctx);
                !r)
                return r.error;
        return set_policies(c, *plan.name, policies(prior), policies(plan), ctx);
    });
    if (failed) {
        report(ctx, "Could not update schema", *failed, culprit(*failed));
        return prior;
    }
    if (auto read_back = read(plan, ctx)) return read_back;
    return plan;
}

void schema_resource::destroy(const model& state, tfpp::context& ctx) {
    const auto failed = p.run(database_of(p, state), ctx, false, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("DROP SCHEMA IF EXISTS " + quote_identifier(*state.name), {}, ctx); !r) return r.error;
        return std::nullopt;
    });
    if (failed && !failed->is("3D000")) report(ctx, "Could not drop schema", *failed, "name");
}

// `terraform import postgresql_schema.x app.reporting`: database, a dot, the schema.
std::optional<schema_model> schema_resource::import_state(std::string_view id, tfpp::context& ctx) {
    const std::size_t dot = id.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == id.size())
        return ctx.error("Invalid import ID",
                         "expected database.schema, such as app.reporting; got \"" + std::string(id) + "\"");
    schema_model m;
    m.database = std::string(id.substr(0, dot));
    m.name = std::string(id.substr(dot + 1));
    auto found = read(std::move(m), ctx);
    if (!found && !ctx.has_errors())
        return ctx.error("Cannot import", "no schema \"" + std::string(id.substr(dot + 1)) + "\" in database \"" +
                                              std::string(id.substr(0, dot)) + "\"");
    return found;
}

}  // namespace postgresql

template struct tfpp::compiled_resource<postgresql::provider, postgresql::schema_resource>;
