// expect: tfpp: tfpp::each<...> applies validators to the elements of a list or set
// names: field_path<5>{"name"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::each<tfpp::length<1, 3>>> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
