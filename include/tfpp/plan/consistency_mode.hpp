// The consistency checker's switch and options. tfpp checks its own planned
// and applied values against the rules Terraform core enforces
// (AssertPlanValid after PlanResourceChange, AssertObjectCompatible and the
// post-apply checks after ApplyResourceChange), so that a violation reaches
// the user as a diagnostic naming the resource, the attribute, the values
// and the likely fix, instead of Terraform's "Provider produced invalid
// plan". The checks themselves are in tfpp/plan/consistency.hpp.
//
// It is on by default. The mode comes from, in this order:
//   1. tfpp::set_consistency_check(mode), which serve_options::consistency_check
//      calls when it is set (a provider's deliberate choice);
//   2. the environment variable TFPP_CONSISTENCY_CHECK: "on", "warn" or "off"
//      (read once per process);
//   3. on.
// "warn" turns each violation into a warning and answers anyway (Terraform
// then refuses the answer with its own error, after tfpp's explanation).
#pragma once

#include <tfpp/diag/diagnostics.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace tfpp {

enum class consistency_check : unsigned char { on, warn, off };

// What one check reports and how.
struct consistency_options {
    std::string_view resource_type{};  // named in every diagnostic ("local_file")
    std::string_view operation{};      // apply checks: "create" or "update"
    tfpp::severity level = severity::error;
    std::size_t max_diagnostics = 8;  // further violations are counted in one last diagnostic
};

namespace detail {

// "on", "warn", "off" (also 1/0, true/false, yes/no, error, warning); nullopt otherwise.
inline std::optional<consistency_check> parse_consistency_check(std::string_view s) {
    for (std::string_view v : {"on", "1", "true", "yes", "error"})
        if (s == v) return consistency_check::on;
    for (std::string_view v : {"warn", "warning"})
        if (s == v) return consistency_check::warn;
    for (std::string_view v : {"off", "0", "false", "no"})
        if (s == v) return consistency_check::off;
    return std::nullopt;
}

// -1: not chosen in code; otherwise a consistency_check.
inline std::atomic<int>& consistency_check_setting() noexcept {
    static std::atomic<int> setting{-1};
    return setting;
}

// TFPP_CONSISTENCY_CHECK, read once; on when unset or not understood.
inline consistency_check consistency_check_from_environment() {
    static const consistency_check mode = [] {
        const char* v = std::getenv("TFPP_CONSISTENCY_CHECK");
        return v ? parse_consistency_check(v).value_or(consistency_check::on) : consistency_check::on;
    }();
    return mode;
}

}  // namespace detail

// Fixes the mode for this process (nullopt: back to the environment's).
inline void set_consistency_check(std::optional<consistency_check> mode) noexcept {
    detail::consistency_check_setting().store(mode ? static_cast<int>(*mode) : -1, std::memory_order_relaxed);
}

// The mode in effect now.
inline consistency_check consistency_check_mode() {
    const int set = detail::consistency_check_setting().load(std::memory_order_relaxed);
    return set >= 0 ? static_cast<consistency_check>(set) : detail::consistency_check_from_environment();
}

}  // namespace tfpp
