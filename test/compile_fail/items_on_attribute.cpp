// expect: tfpp: tfpp::min_items and tfpp::max_items bound blocks, not attributes
// names: items_on_attribute.cpp:9:
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct model {
    tfpp::optional<std::vector<std::string>, tfpp::max_items<3>> tags;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
