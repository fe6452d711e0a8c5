// The platform layer's branches for systems other than Linux and glibc (macOS, the BSDs),
// compiled and run on Linux: every system header they need comes first, then
// __linux__ and __GLIBC__ are undefined, so the platform headers take their
// POSIX branches (the pipe wake-up, the CPU count, no allocator tuning).
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>
#include <cstdio>
#undef __linux__
#undef __GLIBC__
#include <tfpp/platform/detail/clock.hpp>
#include <tfpp/platform/detail/command_line.hpp>
#include <tfpp/platform/detail/files.hpp>
#include <tfpp/platform/detail/free_memory.hpp>
#include <tfpp/platform/detail/output.hpp>
#include <tfpp/platform/detail/pipe_drain.hpp>
#include <tfpp/platform/detail/piped_child.hpp>
#include <tfpp/platform/detail/process.hpp>
#include <tfpp/platform/detail/signals.hpp>
#include <tfpp/platform/detail/tcp.hpp>
#include <tfpp/platform/detail/unix_socket.hpp>
#include <tfpp/platform/detail/wakeup.hpp>
namespace {

int failures = 0;

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FAILED: %s\n", what);
        ++failures;
    }
}

}  // namespace

int main() {
    tfpp::detail::wakeup w;
    check(w.ok(), "the pipe wake-up is set up");
    check(w.read_fd() != w.write_fd(), "a pipe has two ends (an eventfd one)");
    check(!w.wait_for_notify(std::chrono::milliseconds(1)), "not readable before notify");
    for (int i = 0; i < 100000; ++i) tfpp::detail::wakeup::notify(w.write_fd());  // more than a pipe holds
    check(w.wait_for_notify(std::chrono::milliseconds(100)), "readable once notified, and a full pipe does not block");
    check(tfpp::detail::runs_on_one_cpu() == (std::thread::hardware_concurrency() == 1), "the CPU count");
    tfpp::detail::return_free_memory();  // nothing without glibc
    tfpp::detail::tune_allocator_for_serving();
    check(!tfpp::detail::environment_entries().empty(), "the environment");
    int fds[2];
    check(tfpp::detail::close_on_exec_pipe(fds) == 0 && ::fcntl(fds[0], F_GETFD) == FD_CLOEXEC &&
              ::fcntl(fds[1], F_GETFD) == FD_CLOEXEC,
          "pipe and fcntl give a pipe closed on exec");
    ::close(fds[0]);
    ::close(fds[1]);
    std::printf("the POSIX branches: %s\n", failures == 0 ? "pass" : "FAIL");
    return failures == 0 ? 0 : 1;
}
