// expect: tfpp: tfpp::range<Min, Max> (and tfpp::at_least, tfpp::at_most) bounds a number
// names: field_path<5>{"name"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::range<1, 10>> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
