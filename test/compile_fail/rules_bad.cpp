// expect: tfpp: a struct's `using rules = tfpp::rules<...>;` lists
// names: field_path<1>{""}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::optional<std::string> a;
    tfpp::optional<std::string> b;
    using rules = tfpp::rules<tfpp::conflicts_with<"a">>;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
