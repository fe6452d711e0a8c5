// The unix socket lives in a fresh private directory that is removed at exit.
#pragma once

#include <grp.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
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
        else if (const char* t = std::getenv("TMPDIR"); t && *t) base = t;
        else base = "/tmp";
        std::string templ = base + "/tfpp-plugin-XXXXXX";
        std::vector<char> buf(templ.begin(), templ.end());
        buf.push_back('\0');
        if (::mkdtemp(buf.data()) == nullptr)
            throw std::runtime_error("cannot create a socket directory in " + base + ": " + std::strerror(errno));
        dir_ = buf.data();
        socket_ = dir_ + "/provider.sock";
        if (socket_.size() >= sizeof(sockaddr_un{}.sun_path)) {
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
        gid_t gid;
        const char* end = g + std::strlen(g);
        unsigned long numeric = 0;
        if (auto [p, ec] = std::from_chars(g, end, numeric); ec == std::errc() && p == end) {
            gid = static_cast<gid_t>(numeric);
        } else if (const group* gr = ::getgrnam(g)) {
            gid = gr->gr_gid;
        } else {
            throw std::runtime_error(std::string("PLUGIN_UNIX_SOCKET_GROUP names no group: ") + g);
        }
        if (::chown(dir_.c_str(), static_cast<uid_t>(-1), gid) != 0 || ::chmod(dir_.c_str(), 0750) != 0 ||
            ::chown(socket_.c_str(), static_cast<uid_t>(-1), gid) != 0 || ::chmod(socket_.c_str(), 0660) != 0)
            throw std::runtime_error(std::string("cannot give the socket to group ") + g + ": " + std::strerror(errno));
    }

    void remove() noexcept {
        if (!socket_.empty()) ::unlink(socket_.c_str());
        if (!dir_.empty()) ::rmdir(dir_.c_str());
        dir_.clear();
        socket_.clear();
    }

private:
    std::string dir_;
    std::string socket_;
};

}  // namespace tfpp::detail
