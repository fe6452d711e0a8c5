// expect: tfpp: a field is documented both in its type
// names: field_path<9>{"filename"}
#include <tfpp/tfpp.hpp>

#include <string>

struct model {
    tfpp::required<std::string, tfpp::description<"Path of the file.">> filename;
    struct docs {
        tfpp::doc filename{"The path of the file to write."};
    };
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
