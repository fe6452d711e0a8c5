#include "local.hpp"
#include "files.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace local {
namespace {

template <class Model>
void set_checksums(Model& m, const std::string& content) {
    m.content_md5 = hex_digest(EVP_md5(), content);
    m.content_sha1 = hex_digest(EVP_sha1(), content);
    m.content_sha256 = hex_digest(EVP_sha256(), content);
}

// Writes the file, then sets its permission bits. Returns the state that now
// exists, reporting failures on ctx; nullopt when no file was written.
std::optional<file_model> write(provider& p, file_model plan, tfpp::context& ctx) {
    const std::string path = p.resolve(*plan.filename);
    const std::string permission = plan.file_permission.is_known() ? *plan.file_permission : "0644";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        if (!out || !(out << *plan.content) || !out.flush())
            return ctx.error("Could not write file", path + ": " + std::strerror(errno), "filename");
    }
    plan.id = path;
    set_checksums(plan, *plan.content);
    plan.file_permission = permission;
    if (::chmod(path.c_str(), *parse_mode(permission)) != 0) {
        // The file exists: hand Terraform what is really there, with the error.
        struct stat st {};
        plan.file_permission = ::stat(path.c_str(), &st) == 0 ? format_mode(st.st_mode) : "0000";
        ctx.error("Could not set file permission", path + ": " + std::strerror(errno), "file_permission");
    }
    return plan;
}

}  // namespace

void provider::configure(const provider_config& config, tfpp::context&) {
    base_directory = config.base_directory.value_or("");
    tfpp::log::debug("local provider configured, base directory \"{}\"", base_directory);
}

bool plain_name(std::string_view name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos &&
           name.find('\0') == std::string_view::npos;
}

std::string provider::resolve(const std::string& filename) const {
    std::filesystem::path path(filename);
    if (path.is_relative() && !base_directory.empty()) path = std::filesystem::path(base_directory) / path;
    return std::filesystem::absolute(path).lexically_normal().string();
}

std::optional<file_model> file_resource::create(model plan, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

std::optional<file_model> file_resource::read(model state, tfpp::context&) {
    const std::string path = p.resolve(*state.filename);
    const std::optional<std::string> content = read_file(path);
    if (!content) return std::nullopt;  // gone: Terraform plans to create it again
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) state.file_permission = format_mode(st.st_mode);
    state.content = *content;
    state.id = path;
    set_checksums(state, *content);
    return state;
}

std::optional<file_model> file_resource::update(model plan, const model&, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

void file_resource::destroy(const model& state, tfpp::context& ctx) {
    const std::string path = p.resolve(*state.filename);
    if (::remove(path.c_str()) != 0 && errno != ENOENT)
        ctx.error("Could not delete file", path + ": " + std::strerror(errno), "filename");
}

std::optional<file_data_model> file_data_source::read(model config, tfpp::context& ctx) {
    const std::string path = p.resolve(*config.filename);
    const std::optional<std::string> content = read_file(path);
    if (!content) return ctx.error("Could not read file", path + ": " + std::strerror(errno), "filename");
    config.id = path;
    config.content = *content;
    set_checksums(config, *content);
    return config;
}

}  // namespace local
