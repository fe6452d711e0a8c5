// local_id's handlers: the plan chooses the values when the client can keep
// them (tfpp::chosen_at_plan), create when it could not.
#include "id.hpp"

#include <tfpp/provider/private_state.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>

namespace local {
namespace {

chosen_id choose(const std::string& prefix) {
    std::random_device device;
    const auto high = static_cast<unsigned long long>(device()), low = static_cast<unsigned long long>(device());
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", (high << 32) | low);
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return {prefix + digits, stamp};
}

}  // namespace

void id_resource::modify_plan(tfpp::change<model>& change, tfpp::context& ctx) {
    // A prefix not known yet (from another resource's output) is chosen with at apply.
    if (!change.creating() || change.config.prefix.is_unknown()) return;
    const std::string prefix = change.config.prefix.value_or("");
    if (auto chosen = tfpp::chosen_at_plan(ctx, [&] { return choose(prefix); })) {
        change.planned.id = chosen->id;
        change.planned.created_at = chosen->created_at;
    }
}

std::optional<id_model> id_resource::create(model plan, tfpp::context&) {
    // Known: the plan chose them and the client kept them. Unknown: choose now.
    if (!plan.id.is_known()) {
        const chosen_id chosen = choose(plan.prefix.value_or(""));
        plan.id = chosen.id;
        plan.created_at = chosen.created_at;
    }
    return plan;
}

std::optional<id_model> id_resource::read(model state, tfpp::context&) { return state; }

std::optional<id_model> id_resource::update(model plan, const model&, tfpp::context&) { return plan; }

void id_resource::destroy(const model&, tfpp::context&) {}

}  // namespace local

#include <tfpp/compile.hpp>

template struct tfpp::compiled_resource<local::provider, local::id_resource>;
