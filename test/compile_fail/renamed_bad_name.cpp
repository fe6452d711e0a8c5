// expect: tfpp: a field name breaks Terraform's naming rule
// names: field_path<9>{"Bad-Name"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::terraform_name<"Bad-Name">> bad_name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
