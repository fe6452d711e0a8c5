// expect: tfpp: tfpp::length<Min, Max> needs 0 <= Min <= Max.
// names: validator_bad_bounds.cpp:8:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::length<10, 1>> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
