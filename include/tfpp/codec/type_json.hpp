// Terraform's type-constraint JSON, both ways: "string", ["list","number"],
// ["object",{"a":"string"},["a"]] (the third element lists optional
// attributes), ["tuple",["string","bool"]], "dynamic". The output is
// byte-identical to go-cty's MarshalType: compact, attributes sorted.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/type.hpp>
#include <tfpp/value/type_of.hpp>

#include <tfpp/codec/detail/type_json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp {

// The type-constraint JSON of t, as go-cty writes it.
inline std::string to_type_json(const type& t) {
    std::string out;
    detail::append_type_json(out, t);
    return out;
}

// The type-constraint JSON of a C++ type, e.g. ["list","string"] for std::vector<std::string>.
template <class T>
std::string type_json() {
    return to_type_json(type_of<T>());
}

// Parses type-constraint JSON; on failure adds an error diagnostic (at
// `where`) and returns nullopt.
inline std::optional<type> parse_type_json(std::string_view text, diagnostics& diags, const attribute_path& where = {},
                                           unsigned max_depth = 64) {
    return detail::read_type_json(text, diags, where, max_depth);
}

}  // namespace tfpp
