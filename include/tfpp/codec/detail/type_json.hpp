// Type-constraint JSON written as go-cty's MarshalType writes it, and read
// back with a bound on nesting; compiled once (src/codec/type_json.cpp).
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/type.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

void append_type_json(std::string& out, const type& t);

// JSON string escaping as Go's encoding/json writes it (which go-cty uses):
// ", \, control characters, <, >, & and U+2028/U+2029 escaped.
void append_json_string(std::string& out, std::string_view s);

std::optional<type> read_type_json(std::string_view text, diagnostics& diags, const attribute_path& where,
                                   unsigned max_depth);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/codec/detail/type_json-inl.hpp>
#endif
