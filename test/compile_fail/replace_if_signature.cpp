// expect: tfpp: tfpp::requires_replace_if<&f> needs bool f(const T& prior, const T& planned)
// names: field_path<5>{"size"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

bool longer(const std::string& prior, const std::string& planned) { return planned.size() > prior.size(); }

struct model {
    tfpp::optional<std::int64_t, tfpp::requires_replace_if<&longer>> size;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
