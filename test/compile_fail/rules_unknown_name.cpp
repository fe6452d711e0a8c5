// expect: tfpp: a name in a struct's rules is not a field of that struct that the configuration can set
// names: field_path<7>{"logins"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct login {
    tfpp::optional<std::string> user;
    tfpp::optional<std::string> password;
    using rules = tfpp::rules<tfpp::required_together<"user", "pasword">>;
};
struct model {
    tfpp::optional<std::vector<login>> logins;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
