// expect: tfpp: a list, set or map of nested attributes or blocks cannot contain a tfpp::dynamic value
// names: field_path<9>{"settings"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct setting {
    tfpp::required<std::string> key;
    tfpp::optional<tfpp::dynamic> value;
};
struct model {
    tfpp::optional<std::vector<setting>> settings;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
