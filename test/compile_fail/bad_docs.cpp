// expect: tfpp: a model's `struct docs` must be a plain aggregate whose every member is a tfpp::doc
// names: field_path<14>{"docs.filename"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> filename;
    struct docs {
        std::string_view filename = "Path of the file.";
    };
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
