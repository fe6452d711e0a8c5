// expect: tfpp: two fields of one struct have the same Terraform name
// names: field_path<5>{"name"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::terraform_name<"name">> display_name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
