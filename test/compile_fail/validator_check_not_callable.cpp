// expect: tfpp: tfpp::check<&f, "..."> needs bool f(const T&)
// names: field_path<5>{"cidr"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>

inline bool is_cidr(const std::string& s) { return s.find('/') != std::string::npos; }

struct model {
    tfpp::optional<std::int64_t, tfpp::check<&is_cidr, "a CIDR block">> cidr;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
