// Unix domain sockets: how long a socket's path may be.
#pragma once

#include <sys/un.h>

#include <cstddef>

namespace tfpp::detail {

// The path and its terminating null: 108 bytes on Linux, 104 on macOS and the BSDs.
inline constexpr std::size_t unix_socket_path_limit = sizeof(sockaddr_un{}.sun_path);

}  // namespace tfpp::detail
