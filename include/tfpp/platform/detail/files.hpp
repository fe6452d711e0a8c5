// Files and directories: a fresh private directory, handing one to a group,
// removing, and whether a file can be run.
#pragma once

#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <optional>
#include <string>

namespace tfpp::detail {

// TMPDIR, else /tmp.
inline std::string temporary_directory() {
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

// Replaces the template's trailing XXXXXX by a name that did not exist and
// creates that directory, readable by its owner only. Returns 0 or an errno
// value.
inline int make_private_directory(char* path_template) noexcept {
    return ::mkdtemp(path_template) != nullptr ? 0 : errno;
}

// The id of the group with this name, if there is one.
inline std::optional<unsigned long> group_named(const char* name) noexcept {
    if (const group* gr = ::getgrnam(name)) return static_cast<unsigned long>(gr->gr_gid);
    return std::nullopt;
}

// Gives `dir` (mode 0750) and its entry `entry` (0660, a symbolic link not
// followed) to group `gid`. Through a descriptor of the directory, not by
// path: a path can be swapped for another file between two calls. Returns 0
// or an errno value.
inline int share_with_group(const std::string& dir, const char* entry, unsigned long gid) noexcept {
    const auto group_id = static_cast<gid_t>(gid);
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const bool ok = fd >= 0 && ::fchown(fd, static_cast<uid_t>(-1), group_id) == 0 && ::fchmod(fd, 0750) == 0 &&
                    ::fchownat(fd, entry, static_cast<uid_t>(-1), group_id, AT_SYMLINK_NOFOLLOW) == 0 &&
                    ::fchmodat(fd, entry, 0660, 0) == 0;
    const int error = errno;
    if (fd >= 0) ::close(fd);
    return ok ? 0 : error;
}

inline void remove_file(const std::string& path) noexcept { ::unlink(path.c_str()); }
inline void remove_empty_directory(const std::string& path) noexcept { ::rmdir(path.c_str()); }

inline bool is_executable_file(const char* path) noexcept { return ::access(path, X_OK) == 0; }

}  // namespace tfpp::detail
