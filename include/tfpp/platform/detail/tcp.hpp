// TCP on the loopback interface: whether a port can be bound, before gRPC is
// asked to listen on it.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

namespace tfpp::detail {

// True when 127.0.0.1:port can be bound now. Without SO_REUSEADDR, so a port
// another process listens on (or holds in TIME_WAIT) counts as taken.
inline bool loopback_port_free(int port) noexcept {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
    ::close(fd);
    return ok;
}

}  // namespace tfpp::detail
