// The example provider as its release 0.0.9 was: local_file at schema
// version 0 (the permission stored as a number of mode bits, only the
// SHA-256; identity version 0). The end-to-end suite applies with this
// build, then plans with the current one, which upgrades the stored state
// and identity (examples/local: file_resource::upgrade).
#include "../../examples/local/files.hpp"
#include "../../examples/local/local.hpp"

#include <tfpp/serve.hpp>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace local_v0 {

struct provider;

struct file_resource {
    using model = local::file_model_v0;
    using identity = local::file_identity_v0;  // its `id` attribute
    static constexpr std::string_view type_name = "local_file";
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) { return create(std::move(plan), ctx); }
    void destroy(const model& state, tfpp::context& ctx);
};

struct provider {
    static constexpr std::string_view type_name = "local";
    using config = local::provider_config;
    using resources = tfpp::type_list<file_resource>;
    void configure(const config& c, tfpp::context&) { base_directory = c.base_directory.value_or(""); }
    [[nodiscard]] std::string resolve(const std::string& filename) const {
        std::filesystem::path path(filename);
        if (path.is_relative() && !base_directory.empty()) path = std::filesystem::path(base_directory) / path;
        return std::filesystem::absolute(path).lexically_normal().string();
    }
    std::string base_directory;
};

std::optional<file_resource::model> file_resource::create(model plan, tfpp::context& ctx) {
    const std::string path = p.resolve(*plan.filename);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !(out << *plan.content) || !out.flush())
        return ctx.error("Could not write file", path + ": " + std::strerror(errno), "filename");
    const std::int64_t mode = plan.file_mode.is_known() ? *plan.file_mode : 0644;
    ::chmod(path.c_str(), static_cast<mode_t>(mode));
    plan.file_mode = mode;
    plan.id = path;
    plan.content_sha256 = local::hex_digest(EVP_sha256(), *plan.content);
    return plan;
}

std::optional<file_resource::model> file_resource::read(model state, tfpp::context&) {
    const std::string path = p.resolve(*state.filename);
    const auto content = local::read_file(path);
    if (!content) return std::nullopt;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) state.file_mode = static_cast<std::int64_t>(st.st_mode & 07777);
    state.content = *content;
    state.content_sha256 = local::hex_digest(EVP_sha256(), *content);
    return state;
}

void file_resource::destroy(const model& state, tfpp::context&) { std::filesystem::remove(p.resolve(*state.filename)); }

}  // namespace local_v0

int main(int argc, char** argv) { return tfpp::serve<local_v0::provider>(argc, argv, {.address = "tfpp/local"}); }
