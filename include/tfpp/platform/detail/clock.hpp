// The calendar time in UTC of a time_t: gmtime_r is POSIX (Windows has
// gmtime_s, with its arguments the other way round).
#pragma once

#include <ctime>

namespace tfpp::detail {

inline std::tm utc_calendar_time(std::time_t secs) noexcept {
    std::tm tm{};
    gmtime_r(&secs, &tm);
    return tm;
}

}  // namespace tfpp::detail
