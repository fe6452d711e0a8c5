// postgresql_role. Its framework code (schema, codecs, planning) is compiled
// here, beside its handlers, and not in main.cpp (compiled_separately), so
// that the provider's resources compile in parallel.
#include "role.hpp"
#include "sql.hpp"

#include <tfpp/compile.hpp>

#include <algorithm>

namespace postgresql {
namespace {

// LOGIN NOSUPERUSER ... VALID UNTIL: everything ALTER ROLE and CREATE ROLE share.
std::string role_options(const role_model& m) {
    std::string sql;
    sql += *m.login ? " LOGIN" : " NOLOGIN";
    sql += *m.superuser ? " SUPERUSER" : " NOSUPERUSER";
    sql += *m.create_database ? " CREATEDB" : " NOCREATEDB";
    sql += *m.create_role ? " CREATEROLE" : " NOCREATEROLE";
    sql += " CONNECTION LIMIT " + std::to_string(*m.connection_limit);
    sql += " VALID UNTIL " + literal(m.valid_until.is_known() ? *m.valid_until : "infinity");
    return sql;
}

std::optional<server_error> set_password(connection& c, const role_model& m, tfpp::context& ctx) {
    const auto hashed = c.encrypt_password(*m.name, *m.password_wo);
    if (!hashed) return server_error::of("XX000", "could not hash the password");
    // The statement holds only the SCRAM hash, and the log shows neither
    // (tfpp masks the write-only password by itself).
    tfpp::log::mask_value(*hashed);
    if (auto r = c.exec("ALTER ROLE " + quote_identifier(*m.name) + " PASSWORD " + literal(*hashed), {}, ctx); !r)
        return r.error;
    return std::nullopt;
}

std::vector<std::string> members_of(const tfpp::value<tfpp::set<std::string>>& roles) {
    return roles.is_known() ? roles->elements() : std::vector<std::string>{};
}

// GRANTs and REVOKEs that take the role from `before`'s memberships to `after`'s.
std::optional<server_error> set_memberships(connection& c, const std::string& role,
                                            const std::vector<std::string>& before,
                                            const std::vector<std::string>& after, tfpp::context& ctx) {
    for (const std::string& g : before)
        if (std::find(after.begin(), after.end(), g) == after.end())
            if (auto r = c.exec("REVOKE " + quote_identifier(g) + " FROM " + quote_identifier(role), {}, ctx); !r)
                return r.error;
    for (const std::string& g : after)
        if (std::find(before.begin(), before.end(), g) == before.end())
            if (auto r = c.exec("GRANT " + quote_identifier(g) + " TO " + quote_identifier(role), {}, ctx); !r)
                return r.error;
    return std::nullopt;
}

// Which attribute a failed statement points at.
tfpp::attribute_path culprit(const server_error& e) {
    if (e.is("42704")) return tfpp::path_of(&role_model::roles);  // a member role that does not exist
    if (e.is("22007") || e.is("22008")) return tfpp::path_of(&role_model::valid_until);
    return {};
}

}  // namespace

std::optional<role_model> role_resource::create(model plan, tfpp::context& ctx) {
    tfpp::log::scope fields{{"role", *plan.name}};
    const auto failed = p.run(p.default_database, ctx, true, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("CREATE ROLE " + quote_identifier(*plan.name) + role_options(plan), {}, ctx); !r)
            return r.error;
        if (plan.password_wo.is_known())
            if (auto e = set_password(c, plan, ctx)) return e;
        return set_memberships(c, *plan.name, {}, members_of(plan.roles), ctx);
    });
    // One transaction: on failure nothing exists.
    if (failed) return report(ctx, "Could not create role", *failed, culprit(*failed)), std::nullopt;
    if (auto read_back = read(plan, ctx)) return read_back;
    return plan;  // created, but not read back: what was asked for, with the error
}

std::optional<role_model> role_resource::read(model state, tfpp::context& ctx) {
    const outcome r = p.query(p.default_database,
                              "SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolconnlimit,\n"
                              "  CASE WHEN rolvaliduntil IS NULL OR NOT isfinite(rolvaliduntil) THEN NULL\n"
                              "       ELSE to_char(rolvaliduntil AT TIME ZONE 'UTC', "
                              "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') END,\n"
                              "  ARRAY(SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid\n"
                              "        WHERE m.member = r.oid ORDER BY 1)\n"
                              "FROM pg_roles r WHERE rolname = $1",
                              {*state.name}, ctx);
    if (!r) return report(ctx, "Could not read role", *r.error), std::nullopt;
    if (r.result.empty()) return std::nullopt;  // dropped: Terraform plans to create it again
    state.login = r.result.boolean(0, 0);
    state.superuser = r.result.boolean(0, 1);
    state.create_database = r.result.boolean(0, 2);
    state.create_role = r.result.boolean(0, 3);
    state.connection_limit = r.result.integer(0, 4);
    if (auto until = r.result.get(0, 5))
        state.valid_until = shortest_timestamp(*until);  // the same instant keeps the configured form
    else state.valid_until = tfpp::null;
    std::vector<std::string> members = r.result.array(0, 6);
    if (!members.empty() || !state.roles.is_null()) state.roles = tfpp::set<std::string>(std::move(members));
    return state;
}

std::optional<role_model> role_resource::update(model plan, const model& prior, tfpp::context& ctx) {
    tfpp::log::scope fields{{"role", *plan.name}};
    const bool new_password = plan.password_wo.is_known() && !(plan.password_wo_version == prior.password_wo_version);
    const auto failed = p.run(p.default_database, ctx, true, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("ALTER ROLE " + quote_identifier(*plan.name) + role_options(plan), {}, ctx); !r)
            return r.error;
        if (new_password)
            if (auto e = set_password(c, plan, ctx)) return e;
        return set_memberships(c, *plan.name, members_of(prior.roles), members_of(plan.roles), ctx);
    });
    if (failed) {
        // Rolled back: the role is as it was.
        report(ctx, "Could not update role", *failed, culprit(*failed));
        return prior;
    }
    if (auto read_back = read(plan, ctx)) return read_back;
    return plan;
}

void role_resource::destroy(const model& state, tfpp::context& ctx) {
    const auto failed = p.run(p.default_database, ctx, false, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("DROP ROLE IF EXISTS " + quote_identifier(*state.name), {}, ctx); !r) return r.error;
        return std::nullopt;
    });
    if (failed) report(ctx, "Could not drop role", *failed, "name");
}

}  // namespace postgresql

template struct tfpp::compiled_resource<postgresql::provider, postgresql::role_resource>;
