// local_directory: a directory, the files it should hold (a map of nested
// attributes) and its symbolic links (list blocks).
#include "directory.hpp"
#include "files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <system_error>

namespace local {
namespace {

namespace fs = std::filesystem;

tfpp::attribute_path file_path(const std::string& name) { return tfpp::attribute_path("files").then_key(name); }
tfpp::attribute_path link_path(std::size_t i) {
    return tfpp::attribute_path("symlink").then_index(static_cast<std::int64_t>(i));
}

std::string mode_of(const fs::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 ? format_mode(st.st_mode) : "0000";
}

// Writes one file; false (with an error at the file's path) when it failed.
bool write_file(const fs::path& dir, const std::string& name, directory_file& f, tfpp::context& ctx) {
    const fs::path path = dir / name;  // f.permission is planned: configured, or the default "0644"
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !(out << *f.content) || !out.flush()) {
        ctx.error("Could not write file", path.string() + ": " + std::strerror(errno), file_path(name));
        return false;
    }
    out.close();
    if (::chmod(path.c_str(), *parse_mode(*f.permission)) != 0) {
        ctx.error("Could not set file permission", path.string() + ": " + std::strerror(errno),
                  file_path(name).then_attribute("permission"));
        f.permission = mode_of(path);  // what is really there
    }
    f.sha256 = hex_digest(EVP_sha256(), *f.content);
    return true;
}

// Makes the link name -> target; false (with an error) when it failed.
bool make_link(const fs::path& dir, const directory_symlink& link, std::size_t i, tfpp::context& ctx) {
    const fs::path path = dir / *link.name;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
        if (fs::read_symlink(path, ec) == fs::path(*link.target)) return true;
        fs::remove(path, ec);
    }
    fs::create_symlink(*link.target, path, ec);
    if (ec) ctx.error("Could not create symbolic link", path.string() + ": " + ec.message(), link_path(i));
    return !ec;
}

std::int64_t count_files(const fs::path& dir) {
    std::error_code ec;
    std::int64_t n = 0;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file(ec) && !e.is_symlink(ec)) ++n;
    return n;
}

// Brings the directory to the plan: creates it, writes every planned file,
// makes every planned link. What could not be done is reported and left out
// of the returned state, so that Terraform records exactly what exists.
directory_model apply_plan(provider& p, directory_model plan, tfpp::context& ctx) {
    const fs::path dir = p.resolve(*plan.path);
    plan.id = dir.string();  // plan.permission is planned: configured, or the default "0755"
    if (::chmod(dir.c_str(), *parse_mode(*plan.permission)) != 0) {
        ctx.error("Could not set directory permission", dir.string() + ": " + std::strerror(errno), "permission");
        plan.permission = mode_of(dir);
    }
    if (plan.files.is_known()) {
        auto& files = *plan.files;
        for (auto it = files.begin(); it != files.end();) {
            if (ctx.deadline_passed()) {  // the timeouts block's create or update duration
                ctx.error("Timed out writing files",
                          std::to_string(std::distance(it, files.end())) +
                              " files were not written; the state holds those that were. Raise the timeout in "
                              "the timeouts block and apply again.",
                          "timeouts");
                files.erase(it, files.end());
                break;
            }
            it = write_file(dir, it->first, it->second, ctx) ? std::next(it) : files.erase(it);
        }
    }
    if (plan.symlink.is_known()) {
        std::vector<directory_symlink> made;
        const auto& links = *plan.symlink;
        for (std::size_t i = 0; i < links.size(); ++i)
            if (make_link(dir, links[i], i, ctx)) made.push_back(links[i]);
        plan.symlink = std::move(made);
    }
    plan.file_count = count_files(dir);
    return plan;
}

}  // namespace

// Permissions and link names are checked by their validators (local.hpp);
// what is left are file names (map keys) and names used twice.
void directory_resource::validate(const model& config, tfpp::context& ctx) {
    std::set<std::string> names;
    if (config.files.is_known()) {
        for (const auto& [name, f] : *config.files) {
            names.insert(name);
            if (!plain_name(name))
                ctx.error("Invalid file name", "\"" + name + "\" must be a plain name inside the directory.",
                          file_path(name));
        }
    }
    if (config.symlink.is_known()) {
        const auto& links = *config.symlink;
        for (std::size_t i = 0; i < links.size(); ++i) {
            if (!links[i].name.is_known()) continue;
            const std::string& name = *links[i].name;
            if (plain_name(name) && !names.insert(name).second)
                ctx.error("Duplicate name", "\"" + name + "\" is used by more than one file or link.",
                          link_path(i).then_attribute("name"));
        }
    }
}

std::optional<directory_model> directory_resource::create(model plan, tfpp::context& ctx) {
    const fs::path dir = p.resolve(*plan.path);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return ctx.error("Could not create directory", dir.string() + ": " + ec.message(), "path");
    return apply_plan(p, std::move(plan), ctx);
}

std::optional<directory_model> directory_resource::read(model state, tfpp::context&) {
    const fs::path dir = p.resolve(*state.path);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::nullopt;  // gone: Terraform plans to create it again
    state.id = dir.string();
    state.permission = mode_of(dir);
    if (state.files.is_known()) {
        auto& files = *state.files;
        for (auto it = files.begin(); it != files.end();) {
            const fs::path path = dir / it->first;
            const std::optional<std::string> content =
                fs::is_symlink(fs::symlink_status(path, ec)) ? std::nullopt : read_file(path);
            if (!content) {
                it = files.erase(it);  // deleted by hand: the next plan writes it again
                continue;
            }
            it->second.content = *content;
            it->second.permission = mode_of(path);
            it->second.sha256 = hex_digest(EVP_sha256(), *content);
            ++it;
        }
    }
    if (state.symlink.is_known()) {
        std::vector<directory_symlink> found;
        for (directory_symlink link : *state.symlink) {
            const fs::path path = dir / *link.name;
            if (!fs::is_symlink(fs::symlink_status(path, ec))) continue;
            link.target = fs::read_symlink(path, ec).string();
            found.push_back(std::move(link));
        }
        state.symlink = std::move(found);
    }
    state.file_count = count_files(dir);
    return state;
}

std::optional<directory_model> directory_resource::update(model plan, const model& prior, tfpp::context& ctx) {
    const fs::path dir = p.resolve(*plan.path);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        ctx.error("Could not create directory", dir.string() + ": " + ec.message(), "path");
        return prior;  // nothing changed
    }
    // What the plan no longer lists goes away.
    if (prior.files.is_known())
        for (const auto& [name, f] : *prior.files)
            if (!plan.files.is_known() || !plan.files->contains(name)) fs::remove(dir / name, ec);
    if (prior.symlink.is_known())
        for (const auto& link : *prior.symlink) {
            const bool kept = plan.symlink.is_known() &&
                              std::any_of(plan.symlink->begin(), plan.symlink->end(),
                                          [&](const directory_symlink& l) { return *l.name == *link.name; });
            if (!kept && fs::is_symlink(fs::symlink_status(dir / *link.name, ec))) fs::remove(dir / *link.name, ec);
        }
    return apply_plan(p, std::move(plan), ctx);
}

void directory_resource::destroy(const model& state, tfpp::context& ctx) {
    const fs::path dir = p.resolve(*state.path);
    std::error_code ec;
    if (state.files.is_known())
        for (const auto& [name, f] : *state.files) fs::remove(dir / name, ec);
    if (state.symlink.is_known())
        for (const auto& link : *state.symlink)
            if (fs::is_symlink(fs::symlink_status(dir / *link.name, ec))) fs::remove(dir / *link.name, ec);
    if (!fs::exists(dir, ec)) return;
    if (fs::is_empty(dir, ec)) {
        if (!fs::remove(dir, ec) && ec)
            ctx.error("Could not delete directory", dir.string() + ": " + ec.message(), "path");
    } else {
        ctx.warning("Directory kept",
                    dir.string() + " still holds files this resource does not manage; it was left in place.");
    }
}

}  // namespace local

// local_directory's framework code is compiled here (it declares
// compiled_separately): main.cpp compiles in less time and memory, and this
// file compiles in parallel with the others.
#include <tfpp/compile.hpp>

template struct tfpp::compiled_resource<local::provider, local::directory_resource>;
