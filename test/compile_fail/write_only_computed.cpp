// expect: tfpp: a write-only attribute cannot be computed
// names: write_only_computed.cpp:9:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string, tfpp::write_only> password;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
