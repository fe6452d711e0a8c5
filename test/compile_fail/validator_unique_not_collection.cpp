// expect: tfpp: tfpp::size<Min, Max> and tfpp::unique apply to lists, sets and maps
// names: field_path<9>{"replicas"}
#include <tfpp/tfpp.hpp>

#include <cstdint>

struct model {
    tfpp::optional<std::int64_t, tfpp::unique> replicas;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
