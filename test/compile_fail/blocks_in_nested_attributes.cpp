// expect: tfpp: nested attributes cannot contain blocks
// names: field_path<7>{"policy"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

struct rule {
    tfpp::required<std::int64_t> port;
};
struct firewall {
    tfpp::optional<std::string> name;
    tfpp::block_list<rule> ingress;
};
struct model {
    tfpp::optional<firewall> policy;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
