// Which transport serve() listens on, and the TCP port range go-plugin's
// client allows it (PLUGIN_MIN_PORT, PLUGIN_MAX_PORT).
#pragma once

#include <tfpp/core/utf8.hpp>
#include <tfpp/serve/options.hpp>

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tfpp::detail {

inline constexpr std::string_view transport_variable = "TFPP_PLUGIN_TRANSPORT";

// serve_options::transport, else TFPP_PLUGIN_TRANSPORT, else the platform's
// (go-plugin's server listens on TCP on Windows, on a unix socket elsewhere).
// Throws std::runtime_error for a value of the variable it does not know.
inline plugin_transport chosen_transport(const serve_options& options) {
    if (options.transport) return *options.transport;
    const char* value = std::getenv(std::string(transport_variable).c_str());
    if (value != nullptr && *value != '\0') {
        const std::string_view v = value;
        if (v == "tcp") return plugin_transport::tcp;
        if (v == "unix") return plugin_transport::unix_socket;
        throw std::runtime_error(std::string(transport_variable) + " is " + tfpp::quoted(v) + "; it takes unix or tcp");
    }
#ifdef _WIN32
    return plugin_transport::tcp;
#else
    return plugin_transport::unix_socket;
#endif
}

// The ports go-plugin's server tries, lowest first; unset variables are 0,
// and 0 to 0 lets the system pick a free port.
struct tcp_port_range {
    int min = 0;
    int max = 0;
};

// Throws std::runtime_error naming the variable that is no port number, or
// the two when they are the wrong way round.
inline tcp_port_range port_range_from_environment() {
    auto read = [](const char* name) {
        const char* value = std::getenv(name);
        if (value == nullptr || *value == '\0') return 0;
        const std::string_view v = value;
        int port = -1;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), port);
        if (ec != std::errc() || end != v.data() + v.size() || port < 0 || port > 65535)
            throw std::runtime_error(std::string(name) + " is " + tfpp::quoted(v) + ", not a port number from 0 to 65535");
        return port;
    };
    const tcp_port_range range{read("PLUGIN_MIN_PORT"), read("PLUGIN_MAX_PORT")};
    if (range.min > range.max)
        throw std::runtime_error("PLUGIN_MIN_PORT (" + std::to_string(range.min) + ") is greater than PLUGIN_MAX_PORT (" +
                                 std::to_string(range.max) + ")");
    return range;
}

}  // namespace tfpp::detail
