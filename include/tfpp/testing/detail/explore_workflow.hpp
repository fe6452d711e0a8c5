// The workflows tfpp::testing::explore draws and plays: their steps, the
// seeds they are drawn from, the verdict of a run, and the names a pasted
// test spells (C++ type names, raw string literals).
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>
#include <tfpp/testing/steps.hpp>
#include <tfpp/value/dynamic.hpp>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

template <class M>
M model_from_json(std::string_view json) {
    M m{};
    tfpp::diagnostics diags;
    if (!decode_json(json, m, diags)) throw std::invalid_argument("tfpp: from_json:\n" + describe(diags));
    return m;
}

// A C++ type's name as the compiler spells it (for a pasted test).
template <class T>
std::string_view cpp_type_name() {
    std::string_view f = __PRETTY_FUNCTION__;
    const std::size_t at = f.find("T = ");
    if (at == std::string_view::npos) return "?";
    f.remove_prefix(at + 4);
    return f.substr(0, f.find_first_of(";]"));
}

inline std::uint64_t environment_number(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    return std::strtoull(v, nullptr, 0);
}

// A raw string literal that holds `text` whatever it contains.
inline std::string raw_literal(const std::string& text) {
    std::string delimiter = "json";
    while (text.find(")" + delimiter + "\"") != std::string::npos) delimiter += "x";
    return "R\"" + delimiter + "(" + text + ")" + delimiter + "\"";
}

// splitmix64's finalizer: every bit of the result depends on every bit of z.
inline std::uint64_t mix64(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The seed of workflow `index` of an exploration: both hashed, so that
// nearby exploration seeds give unrelated workflows (seed + index made
// seeds 1, 2 and 3 the same stream shifted by one workflow).
inline std::uint64_t workflow_seed(std::uint64_t seed, std::size_t index) noexcept {
    constexpr std::uint64_t golden = 0x9e3779b97f4a7c15ULL;
    return mix64(mix64(seed + golden) + golden * (static_cast<std::uint64_t>(index) + 1));
}

enum class step_kind { configure, refresh, drift, import_id, import_identity, upgrade, destroy, failed_write, invalid };

inline std::string_view step_name(step_kind k) {
    switch (k) {
    case step_kind::configure: return "apply a configuration";
    case step_kind::refresh: return "refresh";
    case step_kind::drift: return "drift";
    case step_kind::import_id: return "import by ID";
    case step_kind::import_identity: return "import by identity";
    case step_kind::upgrade: return "upgrade";
    case step_kind::destroy: return "destroy";
    case step_kind::failed_write: return "apply with a failing write";
    case step_kind::invalid: return "refuse an invalid value";
    }
    return "?";
}

struct workflow_step {
    step_kind kind = step_kind::configure;
    dynamic config;  // configure, failed_write, invalid: the configuration (after the hook)
    std::uint64_t seed = 0;
    std::int64_t version = 0;  // upgrade: from this schema version
    // configure, failed_write: a change of the configuration before, whose
    // values that force replacement stay as they were applied.
    bool change = false;
};

inline std::string step_title(const workflow_step& st) {
    if (st.change && st.kind == step_kind::configure) return "apply a changed configuration";
    if (st.change && st.kind == step_kind::failed_write) return "apply a changed configuration with a failing write";
    return std::string(step_name(st.kind));
}

struct workflow {
    std::uint64_t seed = 0;
    std::vector<workflow_step> steps;
};

// How a workflow ended: `property` is empty when every check held.
struct verdict {
    std::string property, detail;
    std::size_t at = 0;  // the failing step
    std::size_t steps_run = 0;
    std::map<std::string, std::size_t> covered;
    std::string code;                        // the steps as C++ (when recorded)
    std::map<std::size_t, dynamic> applied;  // the configuration each step planned (when recorded)

    [[nodiscard]] bool failed() const noexcept { return !property.empty(); }
};

}  // namespace tfpp::testing::detail
