// expect: tfpp: an attribute cannot be both required and computed
// names: required_computed.cpp:8:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::required<tfpp::computed<std::string>> id;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
