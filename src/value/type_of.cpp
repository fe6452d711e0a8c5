// Object types built from the compile-time field tables, compiled once.
#include <tfpp/value/detail/type_of.hpp>

namespace tfpp::detail {

type object_type_of(const object_field* fields, std::size_t n) {
    std::vector<type::attribute> attrs;
    attrs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) attrs.push_back({std::string(fields[i].name), fields[i].make(), false});
    return type::object(std::move(attrs));
}

}  // namespace tfpp::detail
