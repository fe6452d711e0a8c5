// expect: tfpp: every field of a model (and of a block's struct) must be an attribute or a block
// names: field_path<5>{"note"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::required<std::string> name;
    std::string note;  // missing its role
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
