// expect: tfpp: an attribute option is not one tfpp knows
// names: option_info<int>
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::required<std::string, int> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
