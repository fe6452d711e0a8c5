// Legacy flatmap states read, compiled once (tfpp/codec/flatmap.hpp).
#include <tfpp/codec/detail/flatmap.hpp>
#include <tfpp/codec/flatmap.hpp>

namespace tfpp {

bool decode_flatmap(const std::map<std::string, std::string>& flat, const type& object_type, dynamic& out,
                    diagnostics& diags) {
    if (!object_type.is_object()) {
        diags.error("Invalid flatmap state", "flatmap state can only hold an object");
        return false;
    }
    return detail::flatmap_reader(flat, diags).object("", object_type, out);
}

}  // namespace tfpp
