// expect: tfpp: a struct mixes attribute fields
// names: field_path<8>{"primary"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

struct endpoint {
    std::string host;
    tfpp::optional<std::int64_t> port;
};
struct model {
    tfpp::optional<endpoint> primary;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
