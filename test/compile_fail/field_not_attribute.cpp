// expect: tfpp: every field of a model must be an attribute
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

#include <array>

struct model {
    tfpp::required<std::string> name;
    std::string note;  // missing its role
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
