// expect: tfpp: tfpp::size<Min, Max> and tfpp::unique apply to lists, sets and maps
// names: field_path<5>{"name"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::size<1, 3>> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
