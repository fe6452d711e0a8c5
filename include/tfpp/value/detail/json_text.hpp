#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace tfpp::detail {

// Deeper documents are refused before parsing: nlohmann compares and
// destroys values recursively, and a request thread's stack is finite.
inline constexpr std::size_t json_document_max_depth = 1000;

inline bool json_depth_within(std::string_view text, std::size_t limit) noexcept {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return false;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return true;
}

inline std::optional<nlohmann::json> parse_json_document(std::string_view text) noexcept {
    if (!json_depth_within(text, json_document_max_depth)) return std::nullopt;
    try {
        nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded()) return std::nullopt;
        return j;
    } catch (...) {  // allocation failure
        return std::nullopt;
    }
}

}  // namespace tfpp::detail
