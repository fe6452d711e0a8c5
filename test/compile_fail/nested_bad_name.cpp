// expect: tfpp: a field name breaks Terraform's naming rule
// names: field_path<10>{"items.Bad"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    struct inner {
        std::string Bad;
    };
    tfpp::optional<std::vector<inner>> items;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
