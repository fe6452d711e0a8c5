// postgresql_role: its model, identity and resource; the handlers are in role.cpp.
#pragma once

#include "provider.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace postgresql {

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

}  // namespace postgresql
