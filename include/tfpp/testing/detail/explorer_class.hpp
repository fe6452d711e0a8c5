// The class behind tfpp::testing::explore, one instance per exploration of
// a resource R: its members by section, each section's bodies in its own
// file (explore_drawing.hpp, explore_running.hpp, explore_shrinking.hpp,
// explore_catch2.hpp); explorer.hpp includes them all.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/explore_values.hpp>
#include <tfpp/testing/detail/explore_workflow.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

template <class P, class R>
class explorer {
    using model = typename R::model;
    using driver_type = provider_under_test<P>;
    // tfpp::testing::differential plays the same workflows on two providers.
    template <class>
    friend class differential_session;

public:
    explorer(const explore_options& options, const explore_hooks<P, R>& hooks) : options_(options), hooks_(hooks) {
        fresh(validator_);
        schema_ = validator_->template schema<R>();
    }

    exploration_report run() {
        exploration_report report;
        report.seed = options_.seed ? options_.seed : environment_number("TFPP_EXPLORE_SEED", 20261127);
        const std::size_t cases = environment_number("TFPP_EXPLORE_CASES", options_.cases);
        const auto start = std::chrono::steady_clock::now();
        const auto elapsed = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        for (std::size_t i = 0; i < (options_.replay ? 1 : cases); ++i) {
            if (options_.time_limit.count() > 0 && elapsed() * 1000 >= static_cast<double>(options_.time_limit.count()))
                break;
            workflow w = generate(options_.replay ? options_.replay : workflow_seed(report.seed, i), report.rejected);
            verdict v = execute(w, false);
            ++report.workflows;
            report.steps += v.steps_run;
            for (const auto& [k, n] : v.covered) report.covered[k] += n;
            if (v.failed()) {
                report.seconds = elapsed();
                shrink(w, v, report);
                break;
            }
        }
        if (report.failure.empty()) report.seconds = elapsed();
        return report;
    }

private:
    // --- drawing a workflow
    // (defined in explore_drawing.hpp)

    // The step kinds a workflow draws from, with their weights: mostly
    // changes of the configuration (updates in place), then each other kind
    // this resource and its hooks allow, so that no kind crowds out another.
    // Where every attribute forces replacement a change is only a plan
    // that must stay empty: fewer of those.
    struct step_choice {
        step_kind kind;
        bool change;
        unsigned weight;
    };
    std::vector<step_choice> step_choices() const;

    workflow generate(std::uint64_t seed, std::size_t& rejected);

    std::optional<dynamic> valid_config(std::uint64_t seed, std::size_t& rejected, const dynamic* previous);

    std::optional<model> realize(const dynamic& config, std::uint64_t seed, tfpp::diagnostics& diags,
                                 const dynamic* kept = nullptr);

    std::optional<model> checked(std::optional<model> m, tfpp::diagnostics& diags);

    dynamic with_replacing_kept(dynamic config, const dynamic& kept) const;

    std::optional<model> with_paths_kept(const model& config, const dynamic& kept,
                                         const std::vector<attribute_path>& paths);

    static std::optional<dynamic> with_value_from(const dynamic& into, const dynamic& from,
                                                  std::span<const attribute_path::step> steps, std::size_t at);

    dynamic shown(const workflow_step& st, const verdict& v, std::size_t i);
    dynamic realized(const workflow_step& st);

    dynamic to_dynamic(const model& m) const;
    std::optional<model> to_model(const dynamic& d, tfpp::diagnostics& diags) const;

    // --- running a workflow
    // (defined in explore_running.hpp)

    struct run_state {
        driver_type& p;
        result<model> current;
        std::optional<model> config;  // the configuration the object was last applied with
        verdict v;
        int var = 0;           // for recorded code: the last result variable
        std::string variable;  // its name ("" : none)
    };

    verdict execute(const workflow& w, bool record);

    static void fail(run_state& s, std::string property, std::string detail);
    static void count(run_state& s, std::string_view what);

    static bool says(const tfpp::diagnostics& diags, std::string_view summary);
    static std::string apply_property(const tfpp::diagnostics& diags);
    static std::string plan_property(const tfpp::diagnostics& diags);

    std::string config_literal(const model& m) const;
    static std::string next_variable(run_state& s);
    static std::string_view action_name(action a);

    void step(const workflow_step& st, run_state& s, bool record);

    void configure(const workflow_step& st, run_state& s, bool record);

    void expect_empty_plan(run_state& s, const std::string& property, const std::string& what);

    void expect_no_change(run_state& s, result<model> refreshed, const std::string& property, const std::string& what);

    void refresh(run_state& s, bool record);

    void drift(const workflow_step& st, run_state& s, bool record);

    std::optional<std::string> import_id_of(const model& state) const;
    bool can_import_by_id() const;
    static constexpr bool can_import_by_identity = [] {
        if constexpr (tfpp::detail::has_identity<R>)
            return tfpp::detail::has_import_identity<R> || tfpp::detail::identity_by_name<R>();
        else return false;
    }();
    static constexpr std::size_t schema_version = [] {
        if constexpr (tfpp::detail::has_schema_version<R>) return static_cast<std::size_t>(R::schema_version);
        else return std::size_t{0};
    }();

    void import(run_state& s, bool record, bool by_identity);

    void upgrade(const workflow_step& st, run_state& s, bool record);

    void destroy(run_state& s, bool record);

    void invalid(const workflow_step& st, run_state& s);

    bool conflict_elsewhere(const dynamic& config, const tfpp::diagnostics& diags);

    // --- what the properties compare
    // (defined in explore_running.hpp)

    std::string unknowns(const model& m) const;

    model with_ignored(const model& imported, const model& before) const;

    std::string differences_kept(const model& state, const model& other) const;

    // --- shrinking
    // (defined in explore_shrinking.hpp)

    bool same_failure(const workflow& w, const verdict& original, verdict& out, exploration_report& report);

    bool still_valid(const dynamic& config, std::uint64_t seed);

    void shrink(workflow w, verdict v, exploration_report& report);

    std::string scenario(const workflow& w, const verdict& v, const exploration_report& report);

    // --- the shrunk scenario as a Catch2 test (scenario helpers where one fits)
    // (defined in explore_catch2.hpp)

    static std::string previous(const run_state& s);

    static void record_step(run_state& s, const std::string& call);

    void record_configure(run_state& s, const model& config, const plan_step<R>& planned, bool injected);
    void record_empty_plan(run_state& s);
    void record_drift(run_state& s, std::uint64_t seed, action repair);
    void record_import(run_state& s, const std::string& id);
    template <class Identity>
    void record_import_identity(run_state& s, const Identity& identity);
    void record_upgrade(run_state& s, std::int64_t version, const std::string& json);
    void record_destroy(run_state& s);

    std::string catch2_test(const verdict& v, const exploration_report& report) const;

    std::string provider_declaration() const;

    void fresh(std::optional<driver_type>& holder) const {
        if (hooks_.provider_config) holder.emplace(*hooks_.provider_config);
        else holder.emplace();
    }

    const explore_options& options_;
    const explore_hooks<P, R>& hooks_;
    std::optional<driver_type> validator_;  // validates configurations, outside any workflow
    block_schema schema_;
};

}  // namespace tfpp::testing::detail
