#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string_view>

namespace tfpp::detail {

// Reads `count` digits at `at` into `out`; false when one is not a digit.
constexpr bool read_digits(std::string_view s, std::size_t at, std::size_t count, int& out) noexcept {
    if (at + count > s.size()) return false;
    out = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)"
inline std::optional<std::chrono::sys_time<std::chrono::nanoseconds>> parse_rfc3339(std::string_view s) noexcept {
    using namespace std::chrono;
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!read_digits(s, 0, 4, year) || s.size() < 20 || s[4] != '-' || !read_digits(s, 5, 2, month) || s[7] != '-' ||
        !read_digits(s, 8, 2, day) || s[10] != 'T' || !read_digits(s, 11, 2, hour) || s[13] != ':' ||
        !read_digits(s, 14, 2, minute) || s[16] != ':' || !read_digits(s, 17, 2, second))
        return std::nullopt;
    const year_month_day date{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(month)),
                              std::chrono::day(static_cast<unsigned>(day))};
    if (!date.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
    std::size_t at = 19;
    long long fraction = 0;  // nanoseconds
    if (at < s.size() && s[at] == '.') {
        const std::size_t first = ++at;
        long long scale = 100'000'000;
        for (; at < s.size() && s[at] >= '0' && s[at] <= '9'; ++at, scale /= 10)
            fraction += (s[at] - '0') * scale;  // digits beyond nanoseconds add 0
        if (at == first) return std::nullopt;
    }
    if (at >= s.size()) return std::nullopt;
    minutes offset{0};
    if (s[at] == 'Z') {
        ++at;
    } else if (s[at] == '+' || s[at] == '-') {
        int oh = 0, om = 0;
        if (!read_digits(s, at + 1, 2, oh) || at + 3 >= s.size() || s[at + 3] != ':' ||
            !read_digits(s, at + 4, 2, om) || oh > 23 || om > 59)
            return std::nullopt;
        offset = hours(oh) + minutes(om);
        if (s[at] == '-') offset = -offset;
        at += 6;
    } else {
        return std::nullopt;
    }
    if (at != s.size()) return std::nullopt;
    return sys_days(date) + hours(hour) + minutes(minute) + seconds(second) + nanoseconds(fraction) - offset;
}

}  // namespace tfpp::detail
