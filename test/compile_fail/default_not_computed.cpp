// expect: tfpp: a default needs a computed role
// names: default_not_computed.cpp:8:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::default_value<"0644">> permission;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
