// Inside a handler of examples/postgresql's postgresql_role resource.
#include "postgresql/postgresql.hpp"
#include "postgresql/sql.hpp"

[[maybe_unused]] std::optional<postgresql::role_model> handler(postgresql::role_model plan, tfpp::context& ctx) {
    using namespace postgresql;
    [[maybe_unused]] const std::string statement = "CREATE ROLE app";
// @snippet
    return plan;
}
