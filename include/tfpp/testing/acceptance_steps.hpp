// The parts of an acceptance test: steps, the checks on what `show -json`
// reports, options and the report (tfpp/testing/acceptance.hpp runs them).
#pragma once

#include <tfpp/diag/path.hpp>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing {

// What `tofu show -json` reports after a step: resources by address.
class acceptance_state {
public:
    acceptance_state() = default;
    explicit acceptance_state(nlohmann::json shown) : json_(std::move(shown)) {}

    // The whole document, in the CLI's JSON output format.
    [[nodiscard]] const nlohmann::json& json() const noexcept { return json_; }

    // The attribute values of a resource instance ("local_file.a",
    // "data.local_file.b", "module.m.local_file.c[0]"); nullptr when absent.
    [[nodiscard]] const nlohmann::json* resource(std::string_view address) const {
        const nlohmann::json* found = nullptr;
        each_resource([&](const nlohmann::json& r) {
            if (found == nullptr && r.value("address", "") == address && r.contains("values")) found = &r["values"];
        });
        return found;
    }

    // The value at `path` inside that resource; nullptr when either is absent.
    [[nodiscard]] const nlohmann::json* value(std::string_view address, const attribute_path& path) const {
        const nlohmann::json* v = resource(address);
        for (const attribute_path::step& s : path.steps()) v = v ? child(*v, s) : nullptr;
        return v;
    }

    // Whether the CLI marks the value at `path` (or what encloses it) as
    // sensitive (`sensitive_values` of `show -json`).
    [[nodiscard]] bool sensitive(std::string_view address, const attribute_path& path) const {
        const nlohmann::json* m = nullptr;
        each_resource([&](const nlohmann::json& r) {
            if (m == nullptr && r.value("address", "") == address && r.contains("sensitive_values"))
                m = &r["sensitive_values"];
        });
        for (const attribute_path::step& s : path.steps()) {
            if (m == nullptr || m->is_boolean()) break;  // true here marks all that it encloses
            m = child(*m, s);
        }
        return m != nullptr && m->is_boolean() && m->get<bool>();
    }

    // A value at `path` as a failure message shows it: sensitive ones hidden,
    // as the CLI hides them (test output ends up in CI logs).
    [[nodiscard]] std::string shown(std::string_view address, const attribute_path& path,
                                    const nlohmann::json& v) const {
        if (v.is_null()) return "null";
        return sensitive(address, path) ? "(sensitive value)" : v.dump();
    }

    // Every resource instance in the state, data sources included.
    [[nodiscard]] std::vector<std::string> addresses() const {
        std::vector<std::string> out;
        each_resource([&](const nlohmann::json& r) { out.push_back(r.value("address", "")); });
        return out;
    }

private:
    // One step of an attribute path into a JSON value; nullptr when absent.
    static const nlohmann::json* child(const nlohmann::json& v, const attribute_path::step& s) {
        if (s.kind == attribute_path::step::kind::index)
            return v.is_array() && s.position >= 0 && static_cast<std::size_t>(s.position) < v.size()
                       ? &v[static_cast<std::size_t>(s.position)]
                       : nullptr;
        return v.is_object() && v.contains(s.name) ? &v[s.name] : nullptr;
    }

    template <class F>
    void each_resource(F&& f) const {
        if (!json_.is_object() || !json_.contains("values") || !json_["values"].contains("root_module")) return;
        std::vector<const nlohmann::json*> modules{&json_["values"]["root_module"]};
        while (!modules.empty()) {
            const nlohmann::json& m = *modules.back();
            modules.pop_back();
            if (m.contains("resources"))
                for (const nlohmann::json& r : m["resources"]) f(r);
            if (m.contains("child_modules"))
                for (const nlohmann::json& c : m["child_modules"]) modules.push_back(&c);
        }
    }

    nlohmann::json json_;
};

// A check on the state after a step. It fails by throwing (any
// std::exception); the message is shown with the step that failed.
using acceptance_check = std::function<void(const acceptance_state&)>;

// The attribute at `path` of the resource at `address` equals `expected`
// ("hi", 42, true, or any JSON value for lists, maps and objects).
inline acceptance_check attribute(std::string address, attribute_path path, nlohmann::json expected) {
    return [=](const acceptance_state& state) {
        const nlohmann::json* v = state.value(address, path);
        if (v == nullptr || *v != expected)
            throw std::runtime_error(address + ": " + path.to_string() + " is " +
                                     (v ? state.shown(address, path, *v) : "absent") + ", expected " +
                                     state.shown(address, path, expected));
    };
}

// The attribute is present and not null.
inline acceptance_check attribute_set(std::string address, attribute_path path) {
    return [=](const acceptance_state& state) {
        const nlohmann::json* v = state.value(address, path);
        if (v == nullptr || v->is_null())
            throw std::runtime_error(address + ": " + path.to_string() + " is " + (v ? "null" : "absent") +
                                     ", expected a value");
    };
}

// The attribute is absent or null.
inline acceptance_check no_attribute(std::string address, attribute_path path) {
    return [=](const acceptance_state& state) {
        const nlohmann::json* v = state.value(address, path);
        if (v != nullptr && !v->is_null())
            throw std::runtime_error(address + ": " + path.to_string() + " is " + state.shown(address, path, *v) +
                                     ", expected null");
    };
}

// The attribute is a string in which the regular expression (ECMAScript) finds a match.
inline acceptance_check attribute_matches(std::string address, attribute_path path, std::string pattern) {
    return [=, re = std::regex(pattern)](const acceptance_state& state) {
        const nlohmann::json* v = state.value(address, path);
        if (v == nullptr || !v->is_string() || !std::regex_search(v->get<std::string>(), re))
            throw std::runtime_error(address + ": " + path.to_string() + " is " +
                                     (v ? state.shown(address, path, *v) : "absent") +
                                     ", expected a string matching /" + pattern + "/");
    };
}

// The state holds no resource instance at `address`.
inline acceptance_check no_resource(std::string address) {
    return [=](const acceptance_state& state) {
        if (state.resource(address) != nullptr) throw std::runtime_error(address + " is in the state");
    };
}

struct acceptance_step {
    // HCL for main.tf. The harness adds the provider to required_providers in
    // a file of its own; a `provider` block, when needed, goes here. The
    // provider runs in the test process, whose working directory is not the
    // configuration's: give it absolute paths, e.g. "${abspath(path.module)}/a.txt".
    std::string config{};
    // Run on the state after apply (after import on an import step).
    std::vector<acceptance_check> checks{};
    // A regular expression (ECMAScript) the output of a failing apply must
    // contain, also found when the CLI wrapped the message over lines. The
    // step passes only when apply fails that way; without config it applies
    // the previous step's configuration again.
    std::string expect_error{};
    // The plan after apply must show changes (for resources that drift on
    // purpose); otherwise it must be empty.
    bool expect_non_empty_plan = false;
    // Runs before the step: change things behind the provider's back (drift).
    std::function<void()> before{};
    // An import step: the resource address to import, in a fresh working
    // directory with this step's configuration, or else the previous one's.
    std::string import{};
    // The ID to import; empty: the resource's "id" attribute in the state.
    std::string import_id{};
    // The imported object must equal the applied one, except for these
    // top-level attributes.
    bool import_verify = false;
    std::vector<std::string> import_verify_ignore{};
};

struct acceptance_options {
    // The provider's source address, e.g. "tfpp/local", used in
    // required_providers and in TF_REATTACH_PROVIDERS. Empty: the provider's
    // type name alone (hashicorp/<type>).
    std::string address{};
    // Protocol majors the provider offers (serve_options::protocols).
    std::vector<int> protocols{6, 5};
    // A CLI command still running after this long is killed and fails the step.
    std::chrono::seconds command_timeout{300};
    // One line per step on stderr with its wall time and its commands'.
    bool print_timings = true;
};

// How long each step took, per CLI: what run() returns.
struct acceptance_report {
    struct command_timing {
        std::string command;  // "apply -auto-approve"
        double seconds = 0;
    };
    struct step_timing {
        std::string label;  // "step 2/4 (config)", "destroy"
        double seconds = 0;
        std::vector<command_timing> commands;
    };
    struct cli_run {
        std::string cli;  // "OpenTofu 1.12.6"
        std::vector<step_timing> steps;
        std::chrono::steady_clock::time_point started{};
        std::chrono::steady_clock::time_point finished{};
    };
    std::vector<cli_run> runs;
};

// What run() throws when a step fails: which CLI, step and command, the
// CLI's output, and the working directory kept for a look.
class acceptance_failure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace tfpp::testing
