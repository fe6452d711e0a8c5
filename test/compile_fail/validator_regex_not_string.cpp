// expect: tfpp: tfpp::regex<"..."> matches strings
// names: field_path<6>{"flags"}
#include <tfpp/tfpp.hpp>

#include <vector>

struct model {
    tfpp::optional<std::vector<bool>, tfpp::each<tfpp::regex<"^t">>> flags;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
