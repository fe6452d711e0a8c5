// explorer's third section: shrinking a failing workflow (steps dropped,
// then values simplified) while it fails the same property, and the
// shrunk scenario as text.
#pragma once

#include <tfpp/testing/detail/explorer_class.hpp>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

template <class P, class R>
bool explorer<P, R>::same_failure(const workflow& w, const verdict& original, verdict& out,
                                  exploration_report& report) {
    if (report.shrink_runs >= options_.shrink_runs) return false;
    ++report.shrink_runs;
    out = execute(w, false);
    return out.failed() && out.property == original.property;
}

// Whether a configuration still validates, after the hook.
template <class P, class R>
bool explorer<P, R>::still_valid(const dynamic& config, std::uint64_t seed) {
    tfpp::diagnostics diags;
    return realize(config, seed, diags).has_value();
}

template <class P, class R>
void explorer<P, R>::shrink(workflow w, verdict v, exploration_report& report) {
    const auto start = std::chrono::steady_clock::now();
    report.failing_seed = w.seed;
    w.steps.resize(v.at + 1);  // what came after the failure does not matter
    for (bool progress = true; progress && report.shrink_runs < options_.shrink_runs;) {
        progress = false;
        for (std::size_t i = w.steps.size(); i-- > 0 && w.steps.size() > 1;) {
            workflow fewer = w;
            fewer.steps.erase(fewer.steps.begin() + static_cast<std::ptrdiff_t>(i));
            verdict nv;
            if (same_failure(fewer, v, nv, report)) {
                w = std::move(fewer);
                w.steps.resize(nv.at + 1);
                v = std::move(nv);
                progress = true;
            }
        }
        for (std::size_t i = 0; i < w.steps.size(); ++i) {
            if (w.steps[i].config.is_null()) continue;
            for (bool simpler = true; simpler && report.shrink_runs < options_.shrink_runs;) {
                simpler = false;
                std::vector<dynamic> candidates;
                smaller_values(w.steps[i].config, candidates, false);
                for (dynamic& c : candidates) {
                    if (!still_valid(c, w.steps[i].seed)) continue;
                    workflow smaller = w;
                    smaller.steps[i].config = std::move(c);
                    verdict nv;
                    if (same_failure(smaller, v, nv, report)) {
                        w = std::move(smaller);
                        v = std::move(nv);
                        simpler = progress = true;
                        break;
                    }
                }
            }
        }
    }
    report.shrink_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const verdict recorded = execute(w, true);
    if (recorded.failed()) v = recorded;  // the same run, with its code
    report.property = v.property;
    report.shrunk_steps = w.steps.size();
    for (std::size_t i = 0; i < w.steps.size(); ++i)
        if (!w.steps[i].config.is_null()) report.shrunk_values += values_set(shown(w.steps[i], v, i));
    report.failure = scenario(w, v, report);
    report.catch2_test = catch2_test(v, report);
}

template <class P, class R>
std::string explorer<P, R>::scenario(const workflow& w, const verdict& v, const exploration_report& report) {
    std::string out = std::string(R::type_name) + ": the property \"" + v.property + "\" failed.\n";
    out += "Shrunk to " + std::to_string(w.steps.size()) + " step(s) and " + std::to_string(report.shrunk_values) +
           " configured value(s) (" + std::to_string(report.shrink_runs) + " replays):\n";
    for (std::size_t i = 0; i < w.steps.size(); ++i) {
        const workflow_step& st = w.steps[i];
        out += "  " + std::to_string(i + 1) + ". " + step_title(st);
        if (st.kind == step_kind::upgrade) out += " from version " + std::to_string(st.version);
        if (!st.config.is_null()) {
            std::string lines;
            attribute_path path;
            configuration_lines(shown(st, v, i), path, "       ", lines);
            out += lines.empty() ? " (every attribute null)\n" : ":\n" + lines;
        } else {
            out += "\n";
        }
    }
    out += "Step " + std::to_string(v.at + 1) + " failed: " + v.detail;
    if (!out.ends_with('\n')) out += '\n';
    out += "Replay: explore_options{.replay = " + std::to_string(w.seed) + "} (exploration seed " +
           std::to_string(report.seed) + "); the Catch2 test is in the report's catch2_test.\n";
    return out;
}

}  // namespace tfpp::testing::detail
