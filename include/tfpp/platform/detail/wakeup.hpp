// A descriptor that poll() sees readable once notify() has written to it,
// from any thread or a signal handler: an eventfd on Linux, a pipe elsewhere.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/eventfd.h>
#endif

#include <chrono>
#include <cstdint>

namespace tfpp::detail {

class wakeup {
public:
    wakeup() noexcept {
#ifdef __linux__
        read_ = write_ = ::eventfd(0, EFD_CLOEXEC);
#else
        int fds[2];
        if (::pipe(fds) != 0) return;
        for (const int fd : fds) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        ::fcntl(fds[1], F_SETFL, ::fcntl(fds[1], F_GETFL) | O_NONBLOCK);  // a full pipe is already readable
        read_ = fds[0];
        write_ = fds[1];
#endif
    }
    ~wakeup() {
        if (read_ >= 0) ::close(read_);
        if (write_ >= 0 && write_ != read_) ::close(write_);
    }
    wakeup(const wakeup&) = delete;
    wakeup& operator=(const wakeup&) = delete;

    [[nodiscard]] bool ok() const noexcept { return read_ >= 0; }
    [[nodiscard]] int read_fd() const noexcept { return read_; }
    [[nodiscard]] int write_fd() const noexcept { return write_; }

    // True once notified (and stays true: nothing is read back), false
    // after `limit` without a notification.
    [[nodiscard]] bool wait_for_notify(std::chrono::milliseconds limit) const noexcept {
        pollfd fd{read_, POLLIN, 0};
        return ::poll(&fd, 1, static_cast<int>(limit.count())) > 0 && (fd.revents & POLLIN);
    }

    // Async-signal-safe: eight bytes, an eventfd's counter or a pipe's data.
    static void notify(int write_fd) noexcept {
        const std::uint64_t one = 1;
        (void)!::write(write_fd, &one, sizeof one);
    }

private:
    int read_ = -1;
    int write_ = -1;
};

}  // namespace tfpp::detail
