// expect: tfpp: tfpp::length<Min, Max> counts the characters of a string
// names: field_path<5>{"port"}
#include <tfpp/tfpp.hpp>

#include <cstdint>

struct model {
    tfpp::optional<std::int64_t, tfpp::length<1, 5>> port;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
