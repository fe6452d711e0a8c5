// postgresql_grant, compiled here (see role.cpp).
#include "grant.hpp"
#include "sql.hpp"

#include <tfpp/compile.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace postgresql {
namespace {

// What each object type accepts.
std::vector<std::string_view> privileges_of(std::string_view type) {
    if (type == "database") return {"CREATE", "CONNECT", "TEMPORARY"};
    if (type == "schema") return {"CREATE", "USAGE"};
    if (type == "table") return {"SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER"};
    if (type == "sequence") return {"USAGE", "SELECT", "UPDATE"};
    return {"EXECUTE"};  // function
}

bool in_schema(std::string_view type) { return type == "table" || type == "sequence" || type == "function"; }

// Where the statements run: privileges on a database live in a shared
// catalog, reachable from the provider's own database, which spares a
// connection per database.
std::string connect_to(const provider& p, const grant_model& m) {
    return *m.object_type == "database" ? p.default_database : *m.database;
}

std::vector<std::string> objects_of(const grant_model& m) {
    return m.objects.is_known() ? m.objects->elements() : std::vector<std::string>{};
}

// `database/role/object_type[/schema[/objects,...]]`
std::string id_of(const grant_model& m) {
    std::string id = *m.database + "/" + *m.role + "/" + *m.object_type;
    if (m.schema.is_known()) id += "/" + *m.schema;
    const std::vector<std::string> objects = objects_of(m);
    if (!objects.empty()) {
        id += "/";
        for (std::size_t i = 0; i < objects.size(); ++i) id += (i ? "," : "") + objects[i];
    }
    return id;
}

// The objects of a GRANT or REVOKE: `TABLE "s"."a", "s"."b"`, `ALL TABLES IN SCHEMA "s"`, `DATABASE "d"`.
std::string target(const grant_model& m) {
    const std::string& type = *m.object_type;
    if (type == "database") return "DATABASE " + quote_identifier(*m.database);
    if (type == "schema") return "SCHEMA " + quote_identifier(*m.schema);
    const std::string keyword = type == "table" ? "TABLE" : type == "sequence" ? "SEQUENCE" : "FUNCTION";
    const std::vector<std::string> objects = objects_of(m);
    if (objects.empty()) return "ALL " + keyword + "S IN SCHEMA " + quote_identifier(*m.schema);
    std::string out = keyword + " ";
    for (std::size_t i = 0; i < objects.size(); ++i)
        out += (i ? ", " : "") + quote_identifier(*m.schema) + "." + quote_identifier(objects[i]);
    return out;
}

// Rows of (object, privilege, grantable) for the grantee $1 (0: PUBLIC), with
// every object of the type once even when it grants nothing.
std::string acl_query(std::string_view type) {
    const std::string acl = "LEFT JOIN LATERAL aclexplode(coalesce(";
    if (type == "database")
        return "SELECT d.datname, a.privilege_type, a.is_grantable FROM pg_database d\n" + acl +
               "d.datacl, acldefault('d', d.datdba))) a ON a.grantee = $1::oid\nWHERE d.datname = $2";
    if (type == "schema")
        return "SELECT n.nspname, a.privilege_type, a.is_grantable FROM pg_namespace n\n" + acl +
               "n.nspacl, acldefault('n', n.nspowner))) a ON a.grantee = $1::oid\nWHERE n.nspname = $2";
    if (type == "function")
        return "SELECT p.proname, a.privilege_type, a.is_grantable FROM pg_proc p\n"
               "JOIN pg_namespace n ON n.oid = p.pronamespace\n" +
               acl + "p.proacl, acldefault('f', p.proowner))) a ON a.grantee = $1::oid\nWHERE n.nspname = $2";
    const std::string kinds = type == "table" ? "'r', 'v', 'm', 'f', 'p'" : "'S'";
    const std::string kind = type == "table" ? "'r'" : "'s'";
    return "SELECT c.relname, a.privilege_type, a.is_grantable FROM pg_class c\n"
           "JOIN pg_namespace n ON n.oid = c.relnamespace\n" +
           acl + "c.relacl, acldefault(" + kind + ", c.relowner))) a ON a.grantee = $1::oid\n" +
           "WHERE n.nspname = $2 AND c.relkind IN (" + kinds + ")";
}

tfpp::attribute_path culprit(const server_error& e) {
    if (e.is("42P01") || e.is("42883")) return tfpp::path_of(&grant_model::objects);  // no such table, function
    if (e.is("3F000")) return tfpp::path_of(&grant_model::schema);
    if (e.is("42704")) return tfpp::path_of(&grant_model::role);
    if (e.is("0LP01") || e.is("42601")) return tfpp::path_of(&grant_model::privileges);
    return {};
}

}  // namespace

void grant_resource::validate(const model& config, tfpp::context& ctx) {
    if (!config.object_type.is_known()) return;
    const std::string& type = *config.object_type;
    const bool needs_schema = in_schema(type) || type == "schema";
    if (needs_schema && config.schema.is_null())
        ctx.error("Missing schema", "object_type \"" + type + "\" needs the schema of its objects", "schema");
    if (!needs_schema && !config.schema.is_null())
        ctx.error("Unexpected schema", "object_type \"database\" takes no schema", "schema");
    if (!in_schema(type) && config.objects.is_known() && !config.objects->empty())
        ctx.error("Unexpected objects", "object_type \"" + type + "\" takes no objects", "objects");
    if (!config.privileges.is_known()) return;
    const auto allowed = privileges_of(type);
    for (const std::string& privilege : *config.privileges)
        if (std::find(allowed.begin(), allowed.end(), privilege) == allowed.end()) {
            std::string list;
            for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
            ctx.error("Invalid privilege", privilege + " cannot be granted on a " + type + "; choose from " + list,
                      tfpp::path_of(&model::privileges));
        }
}

std::optional<grant_model> grant_resource::create(model plan, tfpp::context& ctx) {
    tfpp::log::scope fields{{"grant", id_of(plan)}};
    std::string list;
    for (const std::string& privilege : *plan.privileges) list += (list.empty() ? "" : ", ") + privilege;
    const std::string on = " ON " + target(plan);
    const auto failed = p.run(connect_to(p, plan), ctx, true, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("REVOKE ALL" + on + " FROM " + grantee(*plan.role), {}, ctx); !r) return r.error;
        std::string sql = "GRANT " + list + on + " TO " + grantee(*plan.role);
        if (*plan.with_grant_option) sql += " WITH GRANT OPTION";
        if (auto r = c.exec(sql, {}, ctx); !r) return r.error;
        return std::nullopt;
    });
    if (failed) return report(ctx, "Could not grant privileges", *failed, culprit(*failed)), std::nullopt;
    plan.id = id_of(plan);
    if (auto read_back = read(plan, ctx)) return read_back;
    return plan;
}

std::optional<grant_model> grant_resource::read(model state, tfpp::context& ctx) {
    const std::string& type = *state.object_type;
    const outcome role = p.query(connect_to(p, state),
                                 "SELECT CASE WHEN $1 = 'public' THEN 0 ELSE "
                                 "(SELECT oid FROM pg_roles WHERE rolname = $1) END",
                                 {*state.role}, ctx);
    if (!role) {
        if (role.error->is("3D000")) return std::nullopt;
        return report(ctx, "Could not read grant", *role.error), std::nullopt;
    }
    const std::optional<std::string> oid = role.result.get(0, 0);
    if (!oid) return std::nullopt;  // the role is gone, and its privileges with it
    const std::string name = type == "database" ? *state.database : *state.schema;
    const outcome acl = p.query(connect_to(p, state), acl_query(type), {*oid, name}, ctx);
    if (!acl) return report(ctx, "Could not read grant", *acl.error), std::nullopt;

    // The privileges every object grants (all of the type in the schema when no objects are named).
    std::map<std::string, std::map<std::string, bool>> by_object;
    for (int i = 0; i < acl.result.size(); ++i) {
        auto& privileges = by_object[acl.result.text(i, 0)];
        if (auto privilege = acl.result.get(i, 1)) privileges[*privilege] = acl.result.boolean(i, 2);
    }
    std::vector<std::string> objects = objects_of(state);
    if (objects.empty())
        for (const auto& [object, privileges] : by_object) objects.push_back(object);
    if (type == "database" || type == "schema") objects = {name};
    if (objects.empty()) return state;  // nothing in the schema yet: nothing contradicts the state
    std::map<std::string, int> count;
    bool grantable = true;
    for (const std::string& object : objects) {
        auto it = by_object.find(object);
        if (it == by_object.end()) continue;  // gone: grants nothing
        for (const auto& [privilege, with_option] : it->second) {
            ++count[privilege];
            grantable = grantable && with_option;
        }
    }
    std::vector<std::string> common;
    for (const auto& [privilege, n] : count)
        if (n == static_cast<int>(objects.size())) common.push_back(privilege);
    if (common.empty()) return std::nullopt;  // revoked: Terraform plans to grant again
    state.privileges = tfpp::set<std::string>(std::move(common));
    state.with_grant_option = grantable;
    state.id = id_of(state);
    return state;
}

std::optional<grant_model> grant_resource::update(model plan, const model& prior, tfpp::context& ctx) {
    if (auto done = create(std::move(plan), ctx)) return done;
    return prior;  // rolled back
}

void grant_resource::destroy(const model& state, tfpp::context& ctx) {
    const auto failed = p.run(connect_to(p, state), ctx, false, [&](connection& c) -> std::optional<server_error> {
        if (auto r = c.exec("REVOKE ALL ON " + target(state) + " FROM " + grantee(*state.role), {}, ctx); !r)
            return r.error;
        return std::nullopt;
    });
    // The objects, the role or the database gone: so are the privileges.
    if (failed && !gone(*failed)) report(ctx, "Could not revoke privileges", *failed, culprit(*failed));
}

// `database/role/object_type[/schema[/objects,...]]`, the grant's id.
std::optional<grant_model> grant_resource::import_state(std::string_view id, tfpp::context& ctx) {
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t slash = id.find('/', start);
        parts.emplace_back(id.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const auto types = {"database", "schema", "table", "sequence", "function"};
    if (parts.size() < 3 || parts.size() > 5 || std::find(types.begin(), types.end(), parts[2]) == types.end())
        return ctx.error("Invalid import ID",
                         "expected database/role/object_type[/schema[/objects,...]], such as "
                         "app/reader/table/public/orders,items; got \"" +
                             std::string(id) + "\"");
    grant_model m;
    m.database = parts[0];
    m.role = parts[1];
    m.object_type = parts[2];
    if (parts.size() > 3) m.schema = parts[3];
    if (parts.size() > 4) {
        std::vector<std::string> objects;
        for (std::size_t start = 0;;) {
            const std::size_t comma = parts[4].find(',', start);
            objects.push_back(parts[4].substr(start, comma - start));
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        m.objects = tfpp::set<std::string>(std::move(objects));
    }
    m.privileges = tfpp::set<std::string>{};
    m.with_grant_option = false;
    auto found = read(std::move(m), ctx);
    if (!found && !ctx.has_errors())
        return ctx.error("Cannot import",
                         "role \"" + parts[1] + "\" holds no privileges on what \"" + std::string(id) + "\" names");
    return found;
}

}  // namespace postgresql

template struct tfpp::compiled_resource<postgresql::provider, postgresql::grant_resource>;
