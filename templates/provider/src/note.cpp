#include "note.hpp"

#include <tfpp/compile.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace scaffold {

namespace {
std::optional<note_model> write(const provider& p, note_model plan, tfpp::context& ctx) {
    const std::string path = p.path_of(*plan.name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !(out << *plan.text) || !out.flush())
        return ctx.error("Could not write the note", path + ": " + std::strerror(errno), "name");
    plan.id = path;
    return plan;
}
}  // namespace

std::optional<note_model> note_resource::create(note_model plan, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

std::optional<note_model> note_resource::read(note_model state, tfpp::context&) {
    const std::string path = p.path_of(*state.name);
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    state.text = text.str();
    state.id = path;
    return state;
}

std::optional<note_model> note_resource::update(note_model plan, const note_model&, tfpp::context& ctx) {
    return write(p, std::move(plan), ctx);
}

void note_resource::destroy(const note_model& state, tfpp::context& ctx) {
    const std::string path = p.path_of(*state.name);
    if (std::remove(path.c_str()) != 0 && errno != ENOENT)
        ctx.error("Could not delete the note", path + ": " + std::strerror(errno), "name");
}

}  // namespace scaffold

// scaffold_note's framework code, compiled here once (compiled_separately).
template struct tfpp::compiled_resource<scaffold::provider, scaffold::note_resource>;
