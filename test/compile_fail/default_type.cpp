// expect: tfpp: an attribute's default does not fit it
// names: field_path<5>{"port"}
#include <tfpp/tfpp.hpp>

#include <cstdint>

struct model {
    tfpp::optional_computed<std::int64_t, tfpp::default_value<"8080">> port;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
