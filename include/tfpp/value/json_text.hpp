// JSON documents held in string attributes, compared by what they say rather
// than how they are written: key order, spacing and number spelling do not
// matter ("{\"a\": 1.0}" says what "{\"a\":1}" says).
//
//   tfpp::same_json(R"({"b": [1, 2], "a": true})", R"({"a":true,"b":[1,2]})") == true
#pragma once

#include <string_view>

namespace tfpp {

// `text` is one JSON document (RFC 8259), nested at most 1000 levels deep.
[[nodiscard]] bool is_json_document(std::string_view text) noexcept;

// Both are JSON documents with equal values: objects with the same members in
// any order, arrays with equal elements in order, numbers equal as doubles (as
// Go's encoding/json reads them). False when either is not a document.
[[nodiscard]] bool same_json(std::string_view a, std::string_view b) noexcept;

}  // namespace tfpp

#ifdef TFPP_HEADER_ONLY
#include <tfpp/value/detail/json_text-inl.hpp>
#endif
