// Running acceptance steps against one CLI: working directories, the
// commands and their checks, the final destroy, and the report.
#pragma once

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <tfpp/diag/path.hpp>
#include <tfpp/platform/detail/files.hpp>
#include <tfpp/testing/acceptance_steps.hpp>
#include <tfpp/testing/detail/acceptance_process.hpp>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

// A CLI to run the steps against.
struct cli_binary {
    std::string product;  // "OpenTofu", "Terraform"
    std::string command;  // "tofu", "terraform": how messages name it
    std::string path;
};

inline std::vector<cli_binary> configured_clis() {
    std::vector<cli_binary> clis;
    for (const cli_binary& c :
         {cli_binary{"OpenTofu", "tofu", "TFPP_TOFU"}, cli_binary{"Terraform", "terraform", "TFPP_TERRAFORM"}}) {
        const char* path = std::getenv(c.path.c_str());
        if (path == nullptr || *path == '\0') continue;
        if (!tfpp::detail::is_executable_file(path))
            throw acceptance_failure("tfpp acceptance: " + c.path + "=" + path + " is not an executable file");
        clis.push_back({c.product, c.command, path});
    }
    if (clis.empty())
        throw acceptance_failure(
            "tfpp acceptance: neither TFPP_TOFU nor TFPP_TERRAFORM is set, so there is no CLI to run the steps "
            "against. Set TFPP_TOFU to the path of an OpenTofu binary (and TFPP_TERRAFORM to a Terraform binary to "
            "run the same steps against it too); meson's e2e suite sets them from -Dtofu and -Dterraform.");
    return clis;
}

// The provider as the CLI sees it.
struct attached_provider {
    std::string local_name;       // the name in required_providers: the provider's type name
    std::string source;           // its source address
    std::string reattach_config;  // TF_REATTACH_PROVIDERS
};

// Runs of whitespace folded into one space: CLIs wrap long messages.
inline std::string fold_whitespace(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

inline std::string seconds_text(double s) {
    std::ostringstream out;
    out.precision(2);
    out << std::fixed << s << " s";
    return out.str();
}

// One CLI going through all steps in a working directory of its own.
class acceptance_run {
public:
    acceptance_run(cli_binary cli, std::string version, const attached_provider& provider,
                   const acceptance_options& options, std::filesystem::path dir, std::filesystem::path cli_config)
        : cli_(std::move(cli)),
          provider_(provider),
          options_(options),
          dir_(std::move(dir)),
          cli_config_(std::move(cli_config)) {
        report_.cli = cli_.product + " " + version;
    }

    acceptance_report::cli_run run(const std::vector<acceptance_step>& steps, const acceptance_check& check_destroy) {
        report_.started = std::chrono::steady_clock::now();
        prepare_directory(dir_);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const acceptance_step& step = steps[i];
            const std::string kind = !step.import.empty()         ? "import"
                                     : !step.expect_error.empty() ? "expect_error"
                                                                  : "config";
            begin_step("step " + std::to_string(i + 1) + "/" + std::to_string(steps.size()) + " (" + kind + ")");
            if (step.before) guarded("the step's `before` function", [&] { step.before(); });
            if (kind == "import") import_step(step, i);
            else if (kind == "expect_error") error_step(step);
            else config_step(step);
            end_step();
        }
        begin_step("destroy");
        destroy(check_destroy);
        end_step();
        report_.finished = std::chrono::steady_clock::now();
        return report_;
    }

    // After a failure: destroy what the steps created, so that nothing is
    // left behind; says how that went.
    std::string clean_up_after_failure() noexcept {
        try {
            step_ = "destroy after the failure";
            // From the last configuration that applied: the failing one may not even validate.
            if (const auto failed = use_config(last_config_))
                return "\nDestroying what the steps created failed too: " + last_command_ + " exited " +
                       std::to_string(failed->exit_code) + ":\n" + failed->output();
            const detail::command_result r = command(dir_, "destroy", {"-auto-approve"});
            if (r.exit_code == 0) return "\nEverything the steps created was destroyed.";
            return "\nDestroying what the steps created failed too (" + cli_.command + " destroy exited " +
                   std::to_string(r.exit_code) + "):\n" + r.output();
        } catch (const std::exception& e) {
            return std::string("\nDestroying what the steps created failed too: ") + e.what();
        }
    }

private:
    void begin_step(std::string label) {
        step_ = label;
        report_.steps.push_back({std::move(label), 0, {}});
        step_started_ = std::chrono::steady_clock::now();
    }

    void end_step() {
        acceptance_report::step_timing& t = report_.steps.back();
        t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - step_started_).count();
        if (!options_.print_timings) return;
        std::string line = "tfpp acceptance: " + report_.cli + ", " + t.label + ": " + seconds_text(t.seconds) + " [";
        for (std::size_t i = 0; i < t.commands.size(); ++i)
            line += (i ? ", " : "") + t.commands[i].command + " " + seconds_text(t.commands[i].seconds);
        std::clog << line + "]\n" << std::flush;
    }

    [[noreturn]] void fail(const std::string& what, const detail::command_result* r = nullptr) const {
        std::string message =
            "tfpp acceptance test failed with " + report_.cli + " (" + cli_.path + ")\n" + step_ + ": " + what;
        if (r != nullptr) {
            message += "\n--- output of " + last_command_ + " ---\n" + r->output();
            if (!message.ends_with('\n')) message += '\n';
            message += "---";
        }
        throw acceptance_failure(message);
    }

    template <class F>
    void guarded(std::string_view what, F&& f) const {
        try {
            f();
        } catch (const acceptance_failure&) {
            throw;
        } catch (const std::exception& e) {
            fail(std::string(what) + " threw: " + e.what());
        }
    }

    void prepare_directory(const std::filesystem::path& dir) const {
        std::filesystem::create_directories(dir);
        const std::string providers = "terraform {\n  required_providers {\n    " + provider_.local_name +
                                      " = {\n      source = \"" + provider_.source + "\"\n    }\n  }\n}\n";
        detail::write_file(dir / "tfpp_providers.tf", providers);
    }

    // `<cli> -chdir=<dir> <subcommand> -no-color [-input=false] <args>`,
    // timed into the current step.
    detail::command_result command(const std::filesystem::path& dir, const std::string& subcommand,
                                   const std::vector<std::string>& args) {
        std::vector<std::string> argv{cli_.path, "-chdir=" + dir.string(), subcommand, "-no-color"};
        if (subcommand != "show" && subcommand != "version") argv.push_back("-input=false");
        argv.insert(argv.end(), args.begin(), args.end());
        std::string shown = subcommand;
        for (const std::string& a : args) shown += " " + a;
        last_command_ = "`" + cli_.command + " " + shown + "`";
        const std::vector<std::string> env = detail::cli_environment({
            "TF_IN_AUTOMATION=1",
            "CHECKPOINT_DISABLE=1",
            "TF_CLI_CONFIG_FILE=" + cli_config_.string(),
            "TF_DATA_DIR=" + (dir / ".terraform").string(),
            "TF_REATTACH_PROVIDERS=" + provider_.reattach_config,
        });
        detail::command_result r = detail::run_command(std::move(argv), env, dir, options_.command_timeout);
        if (!report_.steps.empty()) report_.steps.back().commands.push_back({shown, r.elapsed.count()});
        if (r.timed_out)
            fail(last_command_ + " ran longer than " + std::to_string(options_.command_timeout.count()) +
                     " s and was killed",
                 &r);
        return r;
    }

    acceptance_state show(const std::filesystem::path& dir) {
        const detail::command_result r = command(dir, "show", {"-json"});
        if (r.exit_code != 0) fail(last_command_ + " exited " + std::to_string(r.exit_code), &r);
        nlohmann::json shown = nlohmann::json::parse(r.out, nullptr, false);
        if (shown.is_discarded()) fail(last_command_ + " printed no JSON document", &r);
        return acceptance_state(std::move(shown));
    }

    void run_checks(const std::vector<acceptance_check>& checks, const acceptance_state& state) const {
        std::string failed;
        for (std::size_t i = 0; i < checks.size(); ++i) {
            try {
                if (checks[i]) checks[i](state);
            } catch (const std::exception& e) {
                failed += "\n  check " + std::to_string(i + 1) + ": " + e.what();
            }
        }
        if (!failed.empty())
            fail("checks failed:" + failed + "\n--- the state (" + cli_.command + " show -json) ---\n" +
                 state.json().dump(2) + "\n---");
    }

    // main.tf in the working directory, and `init` when it changed: init
    // installs the modules and other providers a configuration uses (the
    // provider under test is attached and needs no installing). nullopt
    // when init succeeded, else its result.
    std::optional<detail::command_result> use_config(const std::string& config) {
        detail::write_file(dir_ / "main.tf", config);
        if (initialized_config_ && *initialized_config_ == config) return std::nullopt;
        detail::command_result r = command(dir_, "init", {});
        if (r.exit_code != 0) return r;
        initialized_config_ = config;
        return std::nullopt;
    }

    void config_step(const acceptance_step& step) {
        if (step.config.empty()) fail("the step has no config, import or expect_error");
        if (const auto failed = use_config(step.config))
            fail(last_command_ + " exited " + std::to_string(failed->exit_code), &*failed);
        const detail::command_result applied = command(dir_, "apply", {"-auto-approve"});
        if (applied.exit_code != 0) fail(last_command_ + " exited " + std::to_string(applied.exit_code), &applied);
        last_config_ = step.config;
        last_state_ = show(dir_);
        run_checks(step.checks, last_state_);
        const detail::command_result plan = command(dir_, "plan", {"-detailed-exitcode"});
        if (plan.exit_code == 1 || plan.exit_code < 0)
            fail(last_command_ + " after apply exited " + std::to_string(plan.exit_code), &plan);
        if (step.expect_non_empty_plan && plan.exit_code == 0)
            fail("the plan after apply is empty, but the step expects changes (expect_non_empty_plan)", &plan);
        if (!step.expect_non_empty_plan && plan.exit_code != 0)
            fail("the plan after apply is not empty (" + last_command_ + " exited " + std::to_string(plan.exit_code) +
                     ")",
                 &plan);
    }

    void error_step(const acceptance_step& step) {
        std::regex expected;
        try {
            expected = std::regex(step.expect_error);
        } catch (const std::regex_error& e) {
            fail("expect_error is not a valid regular expression (" + std::string(e.what()) +
                 "): " + step.expect_error);
        }
        const std::string& config = step.config.empty() ? last_config_ : step.config;
        if (config.empty()) fail("the step has no config and no step before it has one");
        // A configuration init refuses fails there; otherwise apply must fail.
        const auto init_failed = use_config(config);
        const detail::command_result r = init_failed ? *init_failed : command(dir_, "apply", {"-auto-approve"});
        // Later steps and the final destroy start from the last good configuration.
        detail::write_file(dir_ / "main.tf", last_config_);
        if (r.exit_code == 0)
            fail("expected an error matching /" + step.expect_error + "/, but " + last_command_ + " succeeded", &r);
        const std::string output = r.output();
        if (!std::regex_search(output, expected) && !std::regex_search(fold_whitespace(output), expected))
            fail(last_command_ + " failed (exit " + std::to_string(r.exit_code) +
                     "), but its output has no match for /" + step.expect_error + "/",
                 &r);
    }

    void import_step(const acceptance_step& step, std::size_t index) {
        const std::string& config = step.config.empty() ? last_config_ : step.config;
        if (config.empty()) fail("an import step needs a configuration: give it one, or put a config step before it");
        std::string id = step.import_id;
        const nlohmann::json* applied = last_state_.resource(step.import);
        if (id.empty()) {
            const nlohmann::json* applied_id = last_state_.value(step.import, "id");
            if (applied_id == nullptr || !applied_id->is_string())
                fail(step.import + " has no string \"id\" attribute in the state to import by; set import_id");
            id = applied_id->get<std::string>();
        }
        // A working directory and state of its own: the applied state stays
        // as it is, and the imported copy is dropped, not destroyed.
        const std::filesystem::path dir = dir_ / ("import-step-" + std::to_string(index + 1));
        prepare_directory(dir);
        detail::write_file(dir / "main.tf", config);
        if (const detail::command_result init = command(dir, "init", {}); init.exit_code != 0)
            fail(last_command_ + " exited " + std::to_string(init.exit_code), &init);
        const detail::command_result r = command(dir, "import", {step.import, id});
        if (r.exit_code != 0) fail(last_command_ + " exited " + std::to_string(r.exit_code), &r);
        const acceptance_state imported = show(dir);
        if (imported.resource(step.import) == nullptr)
            fail(last_command_ + " left no " + step.import + " in the state", &r);
        run_checks(step.checks, imported);
        if (step.import_verify) verify_import(step, applied, imported);
    }

    void verify_import(const acceptance_step& step, const nlohmann::json* applied,
                       const acceptance_state& imported_state) const {
        const nlohmann::json& imported = *imported_state.resource(step.import);
        if (applied == nullptr)
            fail("import_verify: no earlier step applied " + step.import + " to compare the imported object with");
        const std::set<std::string> ignored(step.import_verify_ignore.begin(), step.import_verify_ignore.end());
        std::set<std::string> names;
        for (const auto& [name, _] : applied->items()) names.insert(name);
        for (const auto& [name, _] : imported.items()) names.insert(name);
        std::string differences;
        for (const std::string& name : names) {
            if (ignored.contains(name)) continue;
            const nlohmann::json a = applied->contains(name) ? (*applied)[name] : nlohmann::json();
            const nlohmann::json b = imported.contains(name) ? imported[name] : nlohmann::json();
            if (a == b) continue;
            const attribute_path at(name);
            const bool hidden = last_state_.sensitive(step.import, at) || imported_state.sensitive(step.import, at);
            differences += "\n  " + name + ": applied " + (hidden ? "(sensitive value)" : a.dump()) + ", imported " +
                           (hidden ? "(sensitive value)" : b.dump());
        }
        if (!differences.empty())
            fail(
                "the imported object differs from the applied one (list attributes that cannot be imported in "
                "import_verify_ignore):" +
                differences);
    }

    void destroy(const acceptance_check& check_destroy) {
        if (const auto failed = use_config(last_config_))
            fail(last_command_ + " exited " + std::to_string(failed->exit_code), &*failed);
        const acceptance_state before = show(dir_);
        const detail::command_result r = command(dir_, "destroy", {"-auto-approve"});
        if (r.exit_code != 0) fail(last_command_ + " exited " + std::to_string(r.exit_code), &r);
        const std::vector<std::string> left = show(dir_).addresses();
        if (!left.empty()) {
            std::string names;
            for (const std::string& a : left) names += " " + a;
            fail("after " + last_command_ + " the state still holds" + names, &r);
        }
        if (check_destroy) guarded("the destroy check", [&] { check_destroy(before); });
    }

    cli_binary cli_;
    const attached_provider& provider_;
    const acceptance_options& options_;
    std::filesystem::path dir_;
    std::filesystem::path cli_config_;
    acceptance_report::cli_run report_;
    std::string step_ = "setup";
    std::chrono::steady_clock::time_point step_started_{};
    std::string last_command_;
    std::string last_config_;
    std::optional<std::string> initialized_config_;  // what main.tf held at the last successful init
    acceptance_state last_state_;
};

inline std::string cli_version(const cli_binary& cli, const std::filesystem::path& scratch) {
    const command_result r = run_command({cli.path, "version", "-json"}, cli_environment({"CHECKPOINT_DISABLE=1"}),
                                         scratch, std::chrono::seconds(60));
    const nlohmann::json v = nlohmann::json::parse(r.out, nullptr, false);
    if (r.exit_code != 0 || !v.is_object() || !v.contains("terraform_version"))
        throw acceptance_failure("tfpp acceptance: `" + cli.path + " version -json` did not say its version:\n" +
                                 r.output());
    return v["terraform_version"].get<std::string>();
}

// Every configured CLI through every step, each in a directory of its own
// under one temporary directory that is removed when all pass.
inline acceptance_report run_acceptance(const attached_provider& provider, const acceptance_options& options,
                                        const std::vector<acceptance_step>& steps,
                                        const acceptance_check& check_destroy) {
    const std::vector<cli_binary> clis = configured_clis();
    if (steps.empty()) throw acceptance_failure("tfpp acceptance: run() was given no steps");
    const std::filesystem::path root = make_temp_directory("tfpp-acceptance-");
    const std::filesystem::path cli_config = root / "cli.tfrc";
    // No update checks or telemetry; providers other than the one under test
    // install as usual.
    write_file(cli_config, "disable_checkpoint = true\ndisable_checkpoint_signature = true\n");
    acceptance_report report;
    std::error_code ignored_error;
    for (const cli_binary& cli : clis) {
        std::optional<acceptance_run> run;
        try {
            run.emplace(cli, cli_version(cli, root), provider, options, root / cli.command, cli_config);
            report.runs.push_back(run->run(steps, check_destroy));
        } catch (const std::exception& e) {
            std::string message = e.what();
            if (run) message += run->clean_up_after_failure();
            if (std::filesystem::exists(root / cli.command))
                message += "\nThe working directory is kept: " + (root / cli.command).string();
            else std::filesystem::remove_all(root, ignored_error);
            throw acceptance_failure(message);
        }
    }
    std::filesystem::remove_all(root, ignored_error);
    return report;
}

}  // namespace tfpp::testing::detail
