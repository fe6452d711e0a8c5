// Writing to the standard output and the standard error descriptors.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <string_view>

namespace tfpp::detail {

inline constexpr int standard_output_fd = STDOUT_FILENO;
inline constexpr int standard_error_fd = STDERR_FILENO;

// All of s, in as many writes as it takes; stops at the first write that
// fails (a closed pipe: nobody reads any more).
inline void write_all(int fd, std::string_view s) noexcept {
    while (!s.empty()) {
        const ssize_t w = ::write(fd, s.data(), s.size());
        if (w <= 0) return;
        s.remove_prefix(static_cast<std::size_t>(w));
    }
}

}  // namespace tfpp::detail
