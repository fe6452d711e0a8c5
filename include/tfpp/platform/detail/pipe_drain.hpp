// Waits until the reader of a pipe has taken what was written to it.
#pragma once

#include <sys/ioctl.h>

#include <chrono>
#include <thread>

namespace tfpp::detail {

// A process that writes its last line to a pipe and exits at once can lose
// it: go-plugin's client may close the pipe when the process ends, before it
// has read the line. Gives up after `limit`, or at once where the platform
// cannot count a pipe's unread bytes (FIONREAD), or when fd is no pipe.
inline void wait_until_read(int fd, std::chrono::milliseconds limit) noexcept {
#ifdef FIONREAD
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int unread = 0;
    while (::ioctl(fd, FIONREAD, &unread) == 0 && unread > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
#else
    (void)fd;
    (void)limit;
#endif
}

}  // namespace tfpp::detail
