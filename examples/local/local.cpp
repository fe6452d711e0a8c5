#include "file.hpp"
#include "files.hpp"

#include <tfpp/provider/list.hpp>
#include <tfpp/provider/private_state.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace local {
namespace {

template <class Model>
void set_checksums(Model& m, const std::string& content) {
    m.content_md5 = hex_digest(EVP_md5(), content);
    m.content_sha1 = hex_digest(EVP_sha1(), content);
    m.content_sha256 = hex_digest(EVP_sha256(), content);
}

// The bytes to write: content, the write-only content_wo, or content_base64 decoded.
template <class Model>
std::string content_of(const Model& plan) {
    if constexpr (requires { plan.content_wo; })
        if (plan.content_wo.is_known()) return *plan.content_wo;
    if constexpr (requires { plan.content_base64; })
        if (plan.content_base64.is_known()) return base64_decode(*plan.content_base64).value_or("");
    return *plan.content;
}

// A file's bytes into the model: as content when they are UTF-8 text, else
// as content_base64 (which holds only such bytes: binary_base64).
template <class Model>
void put_content(Model& m, const std::string& bytes) {
    if constexpr (requires { m.content_base64; }) {
        if (!tfpp::valid_utf8(bytes)) {
            m.content = tfpp::null;
            m.content_base64 = base64_encode(bytes);
            return;
        }
        m.content_base64 = tfpp::null;
    }
    m.content = bytes;
}

// Whether the content is write-only: then the state holds nothing derived
// from it, not even a digest (an unsalted digest of a weak secret is the
// secret, to anyone who can guess it: docs/security.md).
template <class Model>
bool write_only_content(const Model& m) {
    if constexpr (requires { m.content_wo; }) return m.content_wo.is_known();
    else return false;
}

// Writes the file, then sets its permission bits. Returns the state that now
// exists, reporting failures on ctx; nullopt when no file was written.
template <class Model>
std::optional<Model> write(provider& p, Model plan, tfpp::context& ctx) {
    const std::string path = p.resolve(*plan.filename);
    const std::string permission = *plan.file_permission;  // planned: configured or the default
    std::error_code ec;  // missing parent directories are made, as hashicorp/local does
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    const std::string bytes = content_of(plan);
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        if (!out || !(out << bytes) || !out.flush())
            return ctx.error("Could not write file", path + ": " + std::strerror(errno), "filename");
    }
    plan.id = path;
    if (!write_only_content(plan)) {
        set_checksums(plan, bytes);
    } else {
        plan.content_md5 = tfpp::null;
        plan.content_sha1 = tfpp::null;
        plan.content_sha256 = tfpp::null;
    }
    if (const module_meta* meta = ctx.provider_meta<module_meta>(); meta && meta->module_name.is_known())
        tfpp::log::info("wrote {} for module {}", path, *meta->module_name);
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

bool binary_base64(const std::string& text) {
    const std::optional<std::string> bytes = base64_decode(text);
    return bytes && !tfpp::valid_utf8(*bytes);
}

bool plain_name(std::string_view name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos &&
           name.find('\0') == std::string_view::npos;
}

bool same_permission(const std::string& a, const std::string& b) {
    const auto x = parse_mode(a);
    return x && x == parse_mode(b);
}

std::int64_t file_mode_function::call(const parameters& args, tfpp::context& ctx) {
    const auto mode = parse_mode(args.mode);
    if (!mode) {
        ctx.error("Invalid permission", tfpp::quoted(args.mode) + " is not three or four octal digits",
                  tfpp::path_of(&parameters::mode));
        return 0;
    }
    return static_cast<std::int64_t>(*mode);
}

std::string join_path_function::call(const parameters& args, tfpp::context& ctx) {
    std::string path = args.first;
    for (std::size_t i = 0; i < args.more.size(); ++i) {
        const std::string_view part = args.more[i];
        const std::size_t start = part.find_first_not_of('/');
        if (start == std::string_view::npos) {
            ctx.error("Empty path element", "element " + std::to_string(i + 2) + " has no name in it",
                      tfpp::path_of(&parameters::more).then_index(static_cast<std::int64_t>(i)));
            return {};
        }
        while (path.size() > 1 && path.back() == '/') path.pop_back();
        if (!path.empty() && path.back() != '/') path += '/';
        path += part.substr(start);
    }
    return path;
}

std::string provider::resolve(const std::string& filename) const {
    std::filesystem::path path(filename);
    if (path.is_relative() && !base_directory.empty()) path = std::filesystem::path(base_directory) / path;
    return std::filesystem::absolute(path).lexically_normal().string();
}

template <class Model>
std::optional<Model> file_operations<Model>::create(Model plan, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

template <class Model>
std::optional<Model> file_operations<Model>::read(Model state, tfpp::context&) {
    const std::string path = p.resolve(*state.filename);
    const std::optional<std::string> content = read_file(path);
    if (!content) return std::nullopt;  // gone: Terraform plans to create it again
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) state.file_permission = format_mode(st.st_mode);
    // Written from content_wo (no content in a state that has an object, as
    // exactly_one_of says): the state keeps nothing of it, not even checksums.
    bool write_only = false;
    if constexpr (requires { state.content_wo; }) write_only = state.content.is_null() && state.id.is_known();
    state.id = path;
    if (write_only) return state;
    put_content(state, *content);
    set_checksums(state, *content);
    return state;
}

template <class Model>
std::optional<Model> file_operations<Model>::update(Model plan, const Model&, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

template <class Model>
void file_operations<Model>::destroy(const Model& state, tfpp::context& ctx) {
    const std::string path = p.resolve(*state.filename);
    if (::remove(path.c_str()) != 0 && errno != ENOENT)
        ctx.error("Could not delete file", path + ": " + std::strerror(errno), "filename");
}

template <class Model>
file_identity file_operations<Model>::identity_of(const Model& state) const {
    file_identity id;
    id.path = state.id;
    return id;
}

template <class Model>
std::optional<Model> file_operations<Model>::import_identity(const file_identity& id, tfpp::context&) {
    Model m;
    m.filename = *id.path;  // read() does the rest
    return m;
}

void file_list::list(const file_list_config& filter, tfpp::list_results<file_resource>& results, tfpp::context& ctx) {
    const std::string dir = p.resolve(*filter.directory);
    std::vector<std::filesystem::path> found;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (it->is_symlink() || !it->is_regular_file()) continue;
        if (filter.suffix.is_known() && !name.ends_with(*filter.suffix)) continue;
        found.push_back(it->path());
    }
    if (ec) {
        ctx.error("Cannot list the directory", dir + ": " + ec.message(), tfpp::path_of(&file_list_config::directory));
        return;
    }
    std::sort(found.begin(), found.end());  // the same order on every run
    file_resource files{p};
    for (const std::filesystem::path& path : found) {
        file_model m;
        m.filename = path.string();
        m.id = path.string();
        if (results.objects_wanted()) {
            const std::optional<file_model> read = files.read(std::move(m), ctx);
            if (!read) continue;  // gone since the directory was read
            if (!results.push(*read, path.filename().string())) return;
        } else if (!results.push(files.identity_of(m), path.filename().string())) {
            return;
        }
    }
}

template struct file_operations<file_model>;
template struct file_operations<sensitive_file_model>;

file_model file_resource::upgrade_state(file_model_v0 old, tfpp::context&) {
    file_model next;
    next.filename = old.filename;
    next.content = old.content;
    next.id = old.id;
    next.content_sha256 = old.content_sha256;
    if (old.content.is_known()) set_checksums(next, *old.content);
    next.file_permission = old.file_mode.is_known() ? format_mode(static_cast<mode_t>(*old.file_mode)) : "0644";
    return next;
}

file_identity file_resource::upgrade_identity(file_identity_v0 old, tfpp::context&) {
    file_identity next;
    next.path = old.id;
    return next;
}

std::optional<sensitive_file_model> sensitive_file_resource::move_from(const file_model& file, tfpp::context& ctx) {
    if (file.content.is_null())
        return ctx.error("Cannot move the file",
                         "local_sensitive_file holds text only; this local_file has content_base64.");
    sensitive_file_model m;
    m.filename = file.filename;
    m.content = file.content;
    m.file_permission = file.file_permission;
    m.id = file.id;
    m.content_md5 = file.content_md5;
    m.content_sha1 = file.content_sha1;
    m.content_sha256 = file.content_sha256;
    return m;
}

std::optional<secret_model> secret_ephemeral::open(model config, tfpp::context& ctx) {
    const std::string path = p.resolve(*config.filename);
    std::optional<std::string> secret = read_file(path);
    if (!secret)
        return ctx.error("Could not read the secret", path + ": " + std::strerror(errno),
                         tfpp::path_of(&secret_model::filename));
    while (!secret->empty() && (secret->back() == '\n' || secret->back() == '\r')) secret->pop_back();
    config.content = std::move(*secret);
    tfpp::set_private_data(ctx, secret_lease{path});
    return config;
}

void secret_ephemeral::close(tfpp::context& ctx) {
    if (const auto lease = tfpp::private_data<secret_lease>(ctx)) tfpp::log::debug("local_secret: done with {}", lease->path);
}

std::optional<file_data_model> file_data_source::read(model config, tfpp::context& ctx) {
    const std::string path = p.resolve(*config.filename);
    const std::optional<std::string> content = read_file(path);
    if (!content) return ctx.error("Could not read file", path + ": " + std::strerror(errno), "filename");
    config.id = path;
    if (tfpp::valid_utf8(*content)) config.content = *content;  // else null: Terraform's strings are text
    config.content_base64 = base64_encode(*content);
    set_checksums(config, *content);
    return config;
}

}  // namespace local
