// Hex helpers for codec tests: expected bytes are written as in the protocol
// notes, "82 a1 61 ...".
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace test_codec {

inline std::string bytes(std::string_view hex) {
    std::string out;
    for (std::size_t i = 0; i < hex.size();) {
        if (hex[i] == ' ') {
            ++i;
            continue;
        }
        out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
        i += 2;
    }
    return out;
}

inline std::string hex(std::string_view b) {
    std::string out;
    char buf[4];
    for (unsigned char c : b) {
        std::snprintf(buf, sizeof buf, out.empty() ? "%02x" : " %02x", c);
        out += buf;
    }
    return out;
}

}  // namespace test_codec
