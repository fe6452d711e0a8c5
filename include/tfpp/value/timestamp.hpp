// Timestamps in RFC 3339 form ("2026-11-27T05:00:00Z",
// "2026-11-27T06:00:00.250+01:00"), compared by the instant they name.
//
//   tfpp::same_instant("2026-11-27T06:00:00+01:00", "2026-11-27T05:00:00.000Z") == true
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace tfpp {

using timestamp = std::chrono::sys_time<std::chrono::nanoseconds>;

// The instant, or nullopt when `text` is not an RFC 3339 date-time as Go's
// time.RFC3339 layout reads it: upper-case T and Z, an offset of at most
// 23:59, seconds 0 to 59, any number of fraction digits (nanoseconds kept).
[[nodiscard]] std::optional<timestamp> parse_rfc3339(std::string_view text) noexcept;

// Both are RFC 3339 timestamps of the same instant, in any zone or precision.
[[nodiscard]] bool same_instant(std::string_view a, std::string_view b) noexcept;

}  // namespace tfpp

#include <tfpp/value/detail/timestamp.hpp>

namespace tfpp {

inline std::optional<timestamp> parse_rfc3339(std::string_view text) noexcept { return detail::parse_rfc3339(text); }

inline bool same_instant(std::string_view a, std::string_view b) noexcept {
    const auto x = detail::parse_rfc3339(a);
    const auto y = detail::parse_rfc3339(b);
    return x && y && *x == *y;
}

}  // namespace tfpp
