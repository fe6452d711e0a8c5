// expect: tfpp::normalized_json and tfpp::rfc3339 belong on a string or a list, set or map of strings
// names: field_path<7>{"limits"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <string>

struct model {
    tfpp::optional<std::map<std::string, std::int64_t>, tfpp::normalized_json> limits;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
