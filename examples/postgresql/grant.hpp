// postgresql_grant: its model, identity and resource; the handlers are in grant.cpp.
#pragma once

#include "provider.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace postgresql {

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

}  // namespace postgresql
