#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

namespace tfpp::detail {

// Nanoseconds per unit, and how many characters the unit takes; 0 when none.
struct duration_unit {
    std::uint64_t nanoseconds = 0;
    std::size_t length = 0;
};

inline duration_unit read_duration_unit(std::string_view s) noexcept {
    constexpr std::uint64_t us = 1000, ms = 1000 * us, sec = 1000 * ms, min = 60 * sec, hour = 60 * min;
    // Longest first: "ms" before "m", the two spellings of micro in UTF-8.
    constexpr std::pair<std::string_view, std::uint64_t> units[] = {
        {"ns", 1}, {"us", us}, {"\xc2\xb5s", us}, {"\xce\xbcs", us}, {"ms", ms}, {"s", sec}, {"m", min}, {"h", hour}};
    for (const auto& [name, factor] : units)
        if (s.starts_with(name)) return {factor, name.size()};
    return {};
}

inline std::optional<std::chrono::nanoseconds> parse_go_duration(std::string_view s) noexcept {
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s == "0") return std::chrono::nanoseconds(0);
    if (s.empty()) return std::nullopt;
    constexpr std::uint64_t limit = std::uint64_t{1} << 63;  // |INT64_MIN|
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    std::uint64_t total = 0;
    while (!s.empty()) {
        // [0-9]*(\.[0-9]*)? with at least one digit, then a unit.
        std::uint64_t whole = 0, fraction = 0, scale = 1;
        bool any_digit = false, overflow = false;
        while (!s.empty() && digit(s[0])) {
            if (whole > (limit - (s[0] - '0')) / 10) overflow = true;
            else whole = whole * 10 + static_cast<std::uint64_t>(s[0] - '0');
            any_digit = true;
            s.remove_prefix(1);
        }
        if (!s.empty() && s[0] == '.') {
            s.remove_prefix(1);
            while (!s.empty() && digit(s[0])) {
                if (scale <= std::numeric_limits<std::uint64_t>::max() / 10 / 10) {  // further digits cannot count
                    fraction = fraction * 10 + static_cast<std::uint64_t>(s[0] - '0');
                    scale *= 10;
                }
                any_digit = true;
                s.remove_prefix(1);
            }
        }
        const duration_unit unit = read_duration_unit(s);
        if (!any_digit || overflow || unit.length == 0) return std::nullopt;
        s.remove_prefix(unit.length);
        if (whole > limit / unit.nanoseconds) return std::nullopt;
        std::uint64_t part = whole * unit.nanoseconds;
        part += static_cast<std::uint64_t>(static_cast<long double>(fraction) * unit.nanoseconds / scale);
        if (part > limit || total > limit - part) return std::nullopt;
        total += part;
    }
    if (!negative && total == limit) return std::nullopt;
    return std::chrono::nanoseconds(negative ? static_cast<std::int64_t>(0 - total) : static_cast<std::int64_t>(total));
}

}  // namespace tfpp::detail
