// The unix socket lives in a fresh private directory that is removed at exit.
#pragma once

#include <fcntl.h>
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
        if (::mkdtemp(buf.data()) == nullptr)
            throw std::runtime_error("cannot create a socket directory in " + base + ": " + std::strerror(errno));
        dir_ = buf.data();
        socket_ = dir_ + "/" + socket_name;
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
        // Through a descriptor of the directory made here, not by path: a
        // path can be swapped for another file between two calls.
        const int dir = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const bool ok = dir >= 0 && ::fchown(dir, static_cast<uid_t>(-1), gid) == 0 && ::fchmod(dir, 0750) == 0 &&
                        ::fchownat(dir, socket_name, static_cast<uid_t>(-1), gid, AT_SYMLINK_NOFOLLOW) == 0 &&
                        ::fchmodat(dir, socket_name, 0660, 0) == 0;
        const int error = errno;
        if (dir >= 0) ::close(dir);
        if (!ok)
            throw std::runtime_error(std::string("cannot give the socket to group ") + g + ": " + std::strerror(error));
    }

    void remove() noexcept {
        if (!socket_.empty()) ::unlink(socket_.c_str());
        if (!dir_.empty()) ::rmdir(dir_.c_str());
        dir_.clear();
        socket_.clear();
    }

private:
    static constexpr const char* socket_name = "provider.sock";
    std::string dir_;
    std::string socket_;
};

}  // namespace tfpp::detail
