// The unix socket lives in a fresh private directory that is removed at exit.
#pragma once

#include <tfpp/platform/detail/files.hpp>
#include <tfpp/platform/detail/unix_socket.hpp>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfpp::detail {

class socket_dir {
public:
    // Under PLUGIN_UNIX_SOCKET_DIR, else TMPDIR, else /tmp. With
    // PLUGIN_UNIX_SOCKET_GROUP the socket is made usable by that group.
    socket_dir() {
        std::string base;
        if (const char* d = std::getenv("PLUGIN_UNIX_SOCKET_DIR"); d && *d) base = d;
        else base = temporary_directory();
        // The path goes into the handshake line, whose fields '|' separates
        // and a line break ends.
        if (base.find_first_of("|\n\r") != std::string::npos)
            throw std::runtime_error(
                "the socket directory's path holds a vertical bar or a line break, which the "
                "handshake line cannot carry; set PLUGIN_UNIX_SOCKET_DIR or TMPDIR to another "
                "directory");
        std::string templ = base + "/tfpp-plugin-XXXXXX";
        std::vector<char> buf(templ.begin(), templ.end());
        buf.push_back('\0');
        if (const int error = make_private_directory(buf.data()); error != 0)
            throw std::runtime_error("cannot create a socket directory in " + base + ": " + std::strerror(error));
        dir_ = buf.data();
        socket_ = dir_ + "/" + socket_name;
        if (socket_.size() >= unix_socket_path_limit) {
            remove();
            throw std::runtime_error(
                "the socket path " + socket_ +
                " is too long for a unix socket; set PLUGIN_UNIX_SOCKET_DIR to a shorter directory");
        }
    }
    socket_dir(const socket_dir&) = delete;
    socket_dir& operator=(const socket_dir&) = delete;
    ~socket_dir() { remove(); }

    [[nodiscard]] const std::string& socket_path() const noexcept { return socket_; }

    // After the server has created the socket.
    void apply_group_from_environment() const {
        const char* g = std::getenv("PLUGIN_UNIX_SOCKET_GROUP");
        if (g == nullptr || *g == '\0') return;
        unsigned long gid = 0;
        const char* end = g + std::strlen(g);
        if (const auto [p, ec] = std::from_chars(g, end, gid); ec != std::errc() || p != end) {  // a name
            const std::optional<unsigned long> named = group_named(g);
            if (!named) throw std::runtime_error(std::string("PLUGIN_UNIX_SOCKET_GROUP names no group: ") + g);
            gid = *named;
        }
        if (const int error = share_with_group(dir_, socket_name, gid); error != 0)
            throw std::runtime_error(std::string("cannot give the socket to group ") + g + ": " + std::strerror(error));
    }

    void remove() noexcept {
        if (!socket_.empty()) remove_file(socket_);
        if (!dir_.empty()) remove_empty_directory(dir_);
        dir_.clear();
        socket_.clear();
    }

private:
    static constexpr const char* socket_name = "provider.sock";
    std::string dir_;
    std::string socket_;
};

}  // namespace tfpp::detail
