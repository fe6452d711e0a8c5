// expect: tfpp: a write-only attribute cannot be inside a set of nested attributes or blocks
// names: field_path<15>{"users.password"}
#include <tfpp/tfpp.hpp>

#include <string>

struct user {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::write_only> password;
};
struct model {
    tfpp::block_set<user> users;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
