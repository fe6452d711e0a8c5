// Legacy flatmap states read, compiled once (tfpp/codec/flatmap.hpp).
// Compiled once from src/codec/flatmap.cpp, or inline in every file that includes
// <tfpp/codec/flatmap.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/detail/flatmap.hpp>
#include <tfpp/codec/flatmap.hpp>

namespace tfpp {

TFPP_INLINE bool decode_flatmap(const std::map<std::string, std::string>& flat, const type& object_type, dynamic& out,
                    diagnostics& diags) {
    if (!object_type.is_object()) {
        diags.error("Invalid flatmap state", "flatmap state can only hold an object");
        return false;
    }
    return detail::flatmap_reader(flat, diags).object("", object_type, out);
}

}  // namespace tfpp
