// expect: tfpp: tfpp::sensitive, tfpp::write_only and tfpp::use_state_for_unknown apply to attributes, not to blocks
// names: attribute_option_on_block.cpp:13:
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

struct rule {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string> token;
};
struct model {
    tfpp::block_list<rule, tfpp::sensitive> ingress;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
