// expect: tfpp: a model (and every struct inside one) must be a plain aggregate
// names: field_path<1>{""}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

class model {
public:
    model() {}
    tfpp::required<std::string> name;
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
