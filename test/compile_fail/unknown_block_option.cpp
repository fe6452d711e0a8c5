// expect: tfpp: a block option is not one tfpp knows
// names: option_info<int>
#include <tfpp/tfpp.hpp>

#include <string>

struct settings_block {
    tfpp::optional<std::string> mode;
};
struct model {
    tfpp::block<settings_block, int> settings;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
