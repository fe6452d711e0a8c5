// expect: tfpp: tfpp::unique compares elements with ==
// names: field_path<7>{"rules_"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct rule {
    tfpp::required<std::string> name;
};
struct model {
    tfpp::optional<std::vector<rule>, tfpp::unique> rules_;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
