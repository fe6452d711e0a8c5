// expect: tfpp: a block's item bounds are impossible
// names: field_path<8>{"ingress"}
#include <tfpp/tfpp.hpp>

#include <cstdint>

struct rule {
    tfpp::required<std::int64_t> port;
};
struct model {
    tfpp::block_list<rule, tfpp::min_items<3>, tfpp::max_items<2>> ingress;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
