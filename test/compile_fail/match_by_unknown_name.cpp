// expect: tfpp: tfpp::match_by<"name", ...> belongs on a list or set of nested attributes or blocks
// names: field_path<6>{"disks"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <vector>

struct disk {
    tfpp::required<std::string> label;
    tfpp::computed<std::string> device;
};
struct model {
    tfpp::optional<std::vector<disk>, tfpp::match_by<"device">> disks;  // computed: cannot identify
};
[[maybe_unused]] const auto& schema = tfpp::schema_of<model>();
