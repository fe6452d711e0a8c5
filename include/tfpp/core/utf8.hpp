// UTF-8 checks. Terraform's strings are Unicode text, and Go's protobuf
// refuses a message whose string field holds bytes that are not UTF-8.
#pragma once

#include <tfpp/core/detail/utf8.hpp>

#include <string>
#include <string_view>

namespace tfpp {

/// Whether `s` is well-formed UTF-8: no overlong forms, surrogates or code
/// points beyond U+10FFFF.
inline bool valid_utf8(std::string_view s) noexcept { return detail::valid_utf8(s); }

/// `s` with each ill-formed part replaced by U+FFFD, as Unicode recommends.
/// Every string tfpp puts in a protocol message passes through it.
inline std::string to_valid_utf8(std::string_view s) { return detail::to_valid_utf8(s); }

/// How many bytes of an input value a message quotes (tfpp::quoted).
inline constexpr std::size_t quoted_bytes_limit = 256;

/// `s` for a diagnostic, function error or log line that quotes input: in
/// double quotes, escaped, at most `limit` bytes of it, cut at a UTF-8
/// boundary and followed by its full length when longer, so that a 5 MB value
/// never comes back as a 5 MB error. tfpp's own messages quote with it.
inline std::string quoted(std::string_view s, std::size_t limit = quoted_bytes_limit) {
    const std::string_view shown = detail::utf8_prefix(s, limit);
    std::string out = "\"";
    for (char c : shown) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default: out += c;
        }
    }
    out += '"';
    if (shown.size() < s.size()) out += "... (" + std::to_string(s.size()) + " bytes in all)";
    return out;
}

}  // namespace tfpp
