// expect: tfpp: attribute roles do not nest
// names: nested_roles.cpp:8:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<tfpp::computed<std::string>> region;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
