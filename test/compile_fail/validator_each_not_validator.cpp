// expect: tfpp: tfpp::each<...> takes one or more validators
// names: field_path<6>{"names"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct model {
    tfpp::optional<std::vector<std::string>, tfpp::each<tfpp::sensitive>> names;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
