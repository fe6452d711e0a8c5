// expect: and so do validators
// names: validator_on_block.cpp:11:
#include <tfpp/tfpp.hpp>

#include <string>

struct item {
    tfpp::required<std::string> name;
};
struct model {
    tfpp::block_list<item, tfpp::size<1, 3>> item_;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
