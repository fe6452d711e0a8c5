// expect: tfpp: a field's C++ type has no Terraform equivalent
// names: field_path<7>{"triple"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::optional<std::array<int, 3>> triple;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
