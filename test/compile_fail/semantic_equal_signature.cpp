// expect: tfpp: a semantic equality option does not fit its attribute: tfpp::semantic_equal<&f> needs bool
// names: field_path<5>{"port"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

bool same_text(const std::string& a, const std::string& b) { return a == b; }

struct model {
    tfpp::optional<std::int64_t, tfpp::semantic_equal<&same_text>> port;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
