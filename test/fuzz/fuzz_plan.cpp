// libFuzzer target: the planner, then the consistency checker, on prior,
// proposed and configuration values of a schema with every kind of
// attribute and block (fuzz_model::plan_model), as PlanResourceChange runs
// them on what Terraform sends.
//
// Input: three values, each after a two-byte big-endian length (the last
// takes what is left). Properties:
//  - never crashes, hangs, leaks or throws, however deep or malformed;
//  - a refused plan comes with an error diagnostic;
//  - the checker's plan and apply checks run on every plan made (and on the
//    proposed value as a plan and as a result) without crashing either.
#include "fuzz_common.hpp"

#include <tfpp/plan/consistency.hpp>
#include <tfpp/plan/detail/planner.hpp>

namespace {

std::string_view take(std::string_view& in, bool last) {
    if (last || in.size() < 2) return std::exchange(in, {});
    const std::size_t n =
        (static_cast<std::size_t>(static_cast<unsigned char>(in[0])) << 8) | static_cast<unsigned char>(in[1]);
    in.remove_prefix(2);
    const std::string_view out = in.substr(0, n);
    in.remove_prefix(out.size());
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::string_view prior = take(in, false), proposed = take(in, false), config = take(in, true);
    const tfpp::block_schema& schema = tfpp::schema_of<fuzz_model::plan_model>();
    tfpp::detail::plan_result plan;
    tfpp::diagnostics d;
    const bool ok = tfpp::detail::plan_resource_change(schema, prior, proposed, config, plan, d);
    if (!ok) {
        if (!d.has_errors()) fuzz_support::fail("a refused plan without an error diagnostic");
        return 0;
    }
    tfpp::diagnostics checked;
    (void)tfpp::check_plan_consistency(schema, prior, config, plan.planned_state, checked);
    (void)tfpp::check_plan_consistency(schema, prior, config, proposed, checked);
    (void)tfpp::check_apply_consistency(schema, plan.planned_state, proposed, checked);
    (void)tfpp::check_apply_consistency(schema, plan.planned_state, plan.planned_state, checked);
    return 0;
}
