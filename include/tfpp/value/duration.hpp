// Durations written as Go writes them ("30s", "20m", "1h30m", "1.5h",
// "300ms"), the form Terraform users know from timeouts blocks.
//
//   tfpp::parse_go_duration("1h30m") == std::chrono::minutes(90)
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace tfpp {

// The duration, or nullopt when `text` is not one Go's time.ParseDuration
// accepts (units ns, us, µs, ms, s, m, h; a sign; "0" alone) or does not fit
// in 64-bit nanoseconds.
[[nodiscard]] std::optional<std::chrono::nanoseconds> parse_go_duration(std::string_view text) noexcept;

// A duration that is not negative: the validator of timeouts.
[[nodiscard]] bool is_go_duration(std::string_view text) noexcept;

}  // namespace tfpp

#include <tfpp/value/detail/duration.hpp>

namespace tfpp {

inline std::optional<std::chrono::nanoseconds> parse_go_duration(std::string_view text) noexcept {
    return detail::parse_go_duration(text);
}

inline bool is_go_duration(std::string_view text) noexcept {
    const auto d = detail::parse_go_duration(text);
    return d && d->count() >= 0;
}

}  // namespace tfpp
