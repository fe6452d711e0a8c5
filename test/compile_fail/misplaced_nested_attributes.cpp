// expect: tfpp: a struct of attributes can only be a field's own type or the element
// names: field_path<12>{"rule_groups"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>
#include <vector>

struct rule {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string> protocol;
};
struct model {
    tfpp::optional<std::vector<std::vector<rule>>> rule_groups;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
