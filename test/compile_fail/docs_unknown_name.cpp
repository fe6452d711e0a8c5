// expect: tfpp: a member of a model's `struct docs` names no field of the model
// names: field_path<14>{"docs.contents"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::required<std::string> filename;
    tfpp::optional<std::string> content;
    struct docs {
        tfpp::doc filename{"Path of the file."};
        tfpp::doc contents{"What the file holds."};
    };
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
