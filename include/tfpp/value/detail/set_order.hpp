// The order go-cty gives set elements, so that tfpp writes sets exactly as
// Terraform does. Known elements come before unknown ones, unknown before
// null; strings sort by bytes, numbers by value, false before true; any other
// element sorts by the bytes of a textual key go-cty builds for hashing
// (numbers with 10 significant digits, strings quoted as Go's %q does).
// Ties keep their original order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tfpp::detail {

// Code points Go's strconv.IsPrint rejects beyond ASCII: spaces other than
// U+0020, format characters, line/paragraph separators, private use and
// noncharacters. (Unassigned code points, which Go also rejects, are not
// tracked: tfpp has no Unicode tables; see docs/values.md.)
inline bool go_is_print(char32_t r) noexcept {
    if (r < 0xa0) return false;  // C1 controls (ASCII is handled by the caller)
    switch (r) {
    case 0xa0: case 0xad: case 0x61c: case 0x6dd: case 0x70f: case 0x180e: case 0x1680:
    case 0x202f: case 0x205f: case 0x3000: case 0xfeff: case 0x110bd: case 0xe0001:
        return false;
    default: break;
    }
    if ((r >= 0x600 && r <= 0x605) || (r >= 0x2000 && r <= 0x200f) || (r >= 0x2028 && r <= 0x202e) ||
        (r >= 0x2060 && r <= 0x206f) || (r >= 0xfff9 && r <= 0xfffb) || (r >= 0x1bca0 && r <= 0x1bca3) ||
        (r >= 0x1d173 && r <= 0x1d17a) || (r >= 0xe0020 && r <= 0xe007f) || (r >= 0xe000 && r <= 0xf8ff) ||
        r >= 0xf0000 || (r & 0xfffe) == 0xfffe || (r >= 0xfdd0 && r <= 0xfdef))
        return false;
    return true;
}

// Appends s (valid UTF-8) quoted the way Go's fmt %q quotes it.
inline void append_go_quoted(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    // Most strings need no escape at all: copy them in one piece.
    bool plain = true;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
            plain = false;
            break;
        }
    }
    if (plain) {
        out += '"';
        out += s;
        out += '"';
        return;
    }
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            switch (c) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\a': out += "\\a"; continue;
            case '\b': out += "\\b"; continue;
            case '\f': out += "\\f"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            case '\v': out += "\\v"; continue;
            default: break;
            }
            if (c < 0x20 || c == 0x7f) {
                out += "\\x";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
            continue;
        }
        const std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        char32_t r = c & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
        for (std::size_t k = 1; k < len && i + k < s.size(); ++k) r = (r << 6) | (s[i + k] & 0x3f);
        if (go_is_print(r)) {
            out.append(s, i, len);
        } else {
            const int digits = r > 0xffff ? 8 : 4;
            out += r > 0xffff ? "\\U" : "\\u";
            for (int k = digits - 1; k >= 0; --k) out += hex[(r >> (4 * k)) & 15];
        }
        i += len;
    }
    out += '"';
}

// The rank that decides order before any content: known, then unknown, then null.
enum class set_rank : std::uint8_t { known = 0, unknown = 1, null = 2 };

}  // namespace tfpp::detail
