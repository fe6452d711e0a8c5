// expect: tfpp: a field is named after a Terraform meta-argument
// names: field_path<6>{"count"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::optional<std::int64_t> count;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
