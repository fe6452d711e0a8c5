#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tfpp::detail {

// The length of the well-formed UTF-8 sequence at p, or 0 when there is
// none; then `bad` is the length of its maximal ill-formed part (at least 1).
inline std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end, std::size_t& bad) noexcept {
    const unsigned char c = *p;
    bad = 1;
    if (c < 0x80) return 1;
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xbf;  // range of the second byte
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) len = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return 0;
    const std::size_t left = static_cast<std::size_t>(end - p);
    if (left < 2 || p[1] < lo || p[1] > hi) return 0;
    for (std::size_t i = 2; i < len; ++i) {
        if (i >= left || (p[i] & 0xc0) != 0x80) {
            bad = i;
            return 0;
        }
    }
    return len;
}

inline bool valid_utf8(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    std::size_t bad;
    while (p < end) {
        if (*p < 0x80) {
            ++p;
            continue;
        }
        const std::size_t n = utf8_sequence(p, end, bad);
        if (n == 0) return false;
        p += n;
    }
    return true;
}

inline std::string to_valid_utf8(std::string_view s) {
    if (valid_utf8(s)) return std::string(s);
    std::string out;
    out.reserve(s.size() + 8);
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    std::size_t bad;
    while (p < end) {
        const std::size_t n = utf8_sequence(p, end, bad);
        if (n == 0) {
            out += "\xef\xbf\xbd";
            p += bad;
        } else {
            out.append(reinterpret_cast<const char*>(p), n);
            p += n;
        }
    }
    return out;
}

// The first bytes of s, at most `limit`, ending on a UTF-8 boundary (a
// sequence cut in the middle is left out whole); s itself when it fits.
inline std::string_view utf8_prefix(std::string_view s, std::size_t limit) noexcept {
    if (s.size() <= limit) return s;
    std::size_t end = limit;
    // Back over continuation bytes to the lead byte of the cut sequence, at most three.
    for (std::size_t back = 0; back < 3 && end > 0 && (static_cast<unsigned char>(s[end]) & 0xc0) == 0x80; ++back) --end;
    return s.substr(0, end);
}

// At most `limit` bytes of s; a longer s is cut at a UTF-8 boundary and
// says how long it was, so that no message grows with its input.
inline std::string bounded_text(std::string_view s, std::size_t limit) {
    if (s.size() <= limit) return std::string(s);
    std::string out(utf8_prefix(s, limit));
    out += "... (";
    out += std::to_string(s.size());
    out += " bytes in all)";
    return out;
}

}  // namespace tfpp::detail
