// expect: tfpp: a field name breaks Terraform's naming rule
// names: field_path<9>{"fileName"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::required<std::string> fileName;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
