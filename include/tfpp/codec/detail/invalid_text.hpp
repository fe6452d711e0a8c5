// Where the string that is not UTF-8 is in a value being encoded: looked for
// on the failure's path only, by decoding what was written (the decoder
// checks every string and names its path).
#pragma once

#include <tfpp/codec/detail/msgpack_decoder.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/type.hpp>

#include <string>
#include <string_view>

namespace tfpp::detail {

inline void report_invalid_text(std::string_view bytes, const type& t, diagnostics& diags) {
    dynamic decoded;
    diagnostics found;
    attribute_path at;
    if (!decoder(bytes, found, {}).decode_document(t, decoded) && !found.empty()) at = found[0].path;
    diags.error("Invalid UTF-8",
                "a string" + (at.empty() ? std::string() : " at " + at.to_string()) +
                    " is not valid UTF-8; Terraform takes only Unicode text",
                at);
}

}  // namespace tfpp::detail
