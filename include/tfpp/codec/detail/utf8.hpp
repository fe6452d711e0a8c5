// UTF-8 validation: Terraform strings are Unicode text, so bytes that are not
// well-formed UTF-8 (overlong forms, surrogates, beyond U+10FFFF) are refused.
#pragma once

#include <string_view>

namespace tfpp::detail {

inline bool valid_utf8(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    while (p < end) {
        const unsigned char c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int len;
        unsigned char lo = 0x80, hi = 0xbf;  // range of the second byte
        if (c >= 0xc2 && c <= 0xdf) len = 2;
        else if (c >= 0xe0 && c <= 0xef) len = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        else if (c >= 0xf0 && c <= 0xf4) len = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        else return false;
        if (end - p < len || p[1] < lo || p[1] > hi) return false;
        for (int i = 2; i < len; ++i)
            if ((p[i] & 0xc0) != 0x80) return false;
        p += len;
    }
    return true;
}

}  // namespace tfpp::detail
