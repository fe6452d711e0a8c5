// postgresql_database: its model, identity and resource; the handlers are in database.cpp.
#pragma once

#include "provider.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace postgresql {

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

}  // namespace postgresql
