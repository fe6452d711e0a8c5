// expect: tfpp: the values of tfpp::one_of<...> do not fit the attribute's type
// names: field_path<6>{"level"}
#include <tfpp/tfpp.hpp>

#include <cstdint>

struct model {
    tfpp::optional<std::int64_t, tfpp::one_of<"1", "2">> level;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
