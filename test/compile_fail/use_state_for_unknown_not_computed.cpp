// expect: tfpp: tfpp::use_state_for_unknown only applies to computed attributes
// names: use_state_for_unknown_not_computed.cpp:8:
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string, tfpp::use_state_for_unknown> id;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
