// postgresql_schema: its model, identity and resource; the handlers are in schema.cpp.
#pragma once

#include "provider.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace postgresql {

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

}  // namespace postgresql
