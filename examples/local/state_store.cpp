// local_state_directory: Terraform's states as files in a directory. A write
// goes to a temporary file that replaces the state only once every byte has
// arrived and reached the disk; a lock is a file created exclusively, so it
// holds across processes and survives one that dies (force-unlock removes it).
#include "state_store.hpp"
#include "files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <random>

namespace local {

namespace {

constexpr std::string_view state_suffix = ".tfstate";
constexpr std::string_view lock_suffix = ".tfstate.lock";

std::string system_error(const std::string& what, int err) { return what + ": " + std::strerror(err); }

// An fd closed when it goes out of scope.
struct file_descriptor {
    int fd = -1;
    explicit file_descriptor(int f) : fd(f) {}
    file_descriptor(const file_descriptor&) = delete;
    file_descriptor& operator=(const file_descriptor&) = delete;
    ~file_descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

// A temporary file next to the state, removed unless it was renamed into place.
struct temporary_file {
    std::string path;
    bool committed = false;
    temporary_file(const temporary_file&) = delete;
    temporary_file& operator=(const temporary_file&) = delete;
    explicit temporary_file(std::string p) : path(std::move(p)) {}
    ~temporary_file() {
        if (!committed) ::unlink(path.c_str());
    }
};

bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

std::string random_lock_id() {
    std::random_device random;
    char id[37];
    std::snprintf(id, sizeof id, "%08x-%04x-%04x-%04x-%04x%08x", random(), random() & 0xffff,
                  (random() & 0x0fff) | 0x4000, (random() & 0x3fff) | 0x8000, random() & 0xffff, random());
    return id;
}

std::string who() {
    const passwd* user = ::getpwuid(::getuid());
    char host[256] = "";
    ::gethostname(host, sizeof host - 1);
    return std::string(user ? user->pw_name : "unknown") + "@" + host;
}

std::string utc_now() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

// The value of "Key: value" in a lock file's text.
std::string lock_field(const std::string& text, std::string_view key) {
    const std::string prefix = std::string(key) + ": ";
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        if (text.compare(at, prefix.size(), prefix) == 0)
            return text.substr(at + prefix.size(), end - at - prefix.size());
        at = end + 1;
    }
    return {};
}

// The file of a state; nullopt, with an error, for a name that is no file name.
std::optional<std::string> state_file(const std::string& directory, std::string_view state_id,
                                      std::string_view suffix, tfpp::context& ctx) {
    if (!plain_name(state_id)) {
        ctx.error("Invalid workspace name",
                  tfpp::quoted(state_id) + " cannot name a file in the state directory: use letters, digits, - and _.");
        return std::nullopt;
    }
    return directory + "/" + std::string(state_id) + std::string(suffix);
}

}  // namespace

void state_directory_store::configure(const state_directory_config& c, tfpp::context& ctx) {
    directory = p.resolve(*c.path);
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error || !std::filesystem::is_directory(directory))
        ctx.error("Cannot use the state directory",
                  directory + ": " + (error ? error.message() : std::string("not a directory")),
                  tfpp::path_of(&state_directory_config::path));
}

void state_directory_store::read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx) {
    const auto path = state_file(directory, state_id, state_suffix, ctx);
    if (!path) return;
    const file_descriptor file(::open(path->c_str(), O_RDONLY | O_CLOEXEC));
    if (file.fd < 0) {
        if (errno != ENOENT) ctx.error("Cannot read the state", system_error(*path, errno));
        return;  // no state yet: nothing written
    }
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) {
        ctx.error("Cannot read the state", system_error(*path, errno));
        return;
    }
    out.size(static_cast<std::size_t>(st.st_size));
    std::string buffer(max_chunk_size, '\0');
    while (out.written() < static_cast<std::size_t>(st.st_size)) {
        const ssize_t n = ::read(file.fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ctx.error("Cannot read the state", n < 0 ? system_error(*path, errno) : *path + ": shorter than its size");
            return;
        }
        if (!out.write(std::string_view(buffer.data(), static_cast<std::size_t>(n)))) return;
    }
}

void state_directory_store::write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx) {
    const auto path = state_file(directory, state_id, state_suffix, ctx);
    if (!path) return;
    std::string pattern = directory + "/." + std::string(state_id) + ".tfstate.XXXXXX";
    const file_descriptor file(::mkostemp(pattern.data(), O_CLOEXEC));
    if (file.fd < 0) {
        ctx.error("Cannot write the state", system_error(directory, errno));
        return;
    }
    temporary_file temporary(pattern);
    while (const auto chunk = in.next())  // unwinds, removing the temporary file, if the upload breaks off
        if (!write_all(file.fd, *chunk)) {
            ctx.error("Cannot write the state", system_error(temporary.path, errno));
            return;
        }
    if (::fchmod(file.fd, 0600) != 0 || ::fsync(file.fd) != 0 || ::rename(temporary.path.c_str(), path->c_str()) != 0) {
        ctx.error("Cannot write the state", system_error(*path, errno));
        return;
    }
    temporary.committed = true;
}

std::string state_directory_store::lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx) {
    const auto path = state_file(directory, state_id, lock_suffix, ctx);
    if (!path) return {};
    const std::string id = random_lock_id();
    const file_descriptor file(::open(path->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (file.fd < 0) {
        if (errno != EEXIST) {
            ctx.error("Cannot lock the state", system_error(*path, errno));
            return {};
        }
        const std::string held = read_file(*path).value_or("");
        ctx.error("State locked", "The state " + tfpp::quoted(state_id) + " is locked by another Terraform run:\n  ID:        " +
                                      tfpp::quoted(lock_field(held, "ID")) + "\n  Operation: " +
                                      tfpp::quoted(lock_field(held, "Operation")) + "\n  Who:       " +
                                      tfpp::quoted(lock_field(held, "Who")) + "\n  Created:   " +
                                      tfpp::quoted(lock_field(held, "Created")) +
                                      "\nWait for it to finish. If that run died, `terraform force-unlock " +
                                      lock_field(held, "ID") + "` removes its lock.");
        return {};
    }
    const std::string info =
        "ID: " + id + "\nOperation: " + std::string(operation) + "\nWho: " + who() + "\nCreated: " + utc_now() + "\n";
    if (!write_all(file.fd, info) || ::fsync(file.fd) != 0) {
        ctx.error("Cannot lock the state", system_error(*path, errno));
        ::unlink(path->c_str());
        return {};
    }
    return id;
}

void state_directory_store::unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx) {
    const auto path = state_file(directory, state_id, lock_suffix, ctx);
    if (!path) return;
    const auto held = read_file(*path);
    if (!held) {
        ctx.error("State not locked", "The state " + tfpp::quoted(state_id) + " has no lock to remove.");
        return;
    }
    if (lock_field(*held, "ID") != lock_id) {
        ctx.error("State locked by another run", "The lock of state " + tfpp::quoted(state_id) + " has the ID " +
                                                     tfpp::quoted(lock_field(*held, "ID")) + ", not " +
                                                     tfpp::quoted(lock_id) + "; it was not removed.");
        return;
    }
    if (::unlink(path->c_str()) != 0) ctx.error("Cannot unlock the state", system_error(*path, errno));
}

std::vector<std::string> state_directory_store::states(tfpp::context& ctx) {
    std::vector<std::string> names{"default"};  // there before its first write, as in every Terraform backend
    DIR* dir = ::opendir(directory.c_str());
    if (!dir) {
        ctx.error("Cannot list the states", system_error(directory, errno));
        return {};
    }
    while (const dirent* entry = ::readdir(dir)) {
        const std::string_view name = entry->d_name;
        if (name.size() > state_suffix.size() && name.ends_with(state_suffix) && name.front() != '.') {
            std::string state(name.substr(0, name.size() - state_suffix.size()));
            if (state != "default") names.push_back(std::move(state));
        }
    }
    ::closedir(dir);
    std::sort(names.begin() + 1, names.end());
    return names;
}

void state_directory_store::delete_state(std::string_view state_id, tfpp::context& ctx) {
    const auto path = state_file(directory, state_id, state_suffix, ctx);
    if (!path) return;
    if (::unlink(path->c_str()) != 0 && errno != ENOENT)
        ctx.error("Cannot delete the state", system_error(*path, errno));
}

}  // namespace local
