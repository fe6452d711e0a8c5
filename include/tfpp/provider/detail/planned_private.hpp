// The planned private bytes: the resource's own private state and, when it
// chose values while planning (tfpp::chosen_at_plan) and the client keeps
// planned private bytes (Terraform 1.16+), those values. The RPC functions
// and the test driver read and write them the same way through these.
#pragma once

#include <tfpp/provider/context.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace tfpp::detail {

// A frame before the resource's own bytes: the marker, the values' JSON
// length in decimal, ':', the JSON. No chosen values: the own bytes alone,
// as every tfpp release before wrote them.
inline constexpr std::string_view plan_time_marker{"\0tfpp.plan_time_values:", 23};

inline std::string join_planned_private(std::string_view values, std::string_view own) {
    if (values.empty()) return std::string(own);
    std::string out(plan_time_marker);
    out += std::to_string(values.size());
    out += ':';
    out += values;
    out += own;
    return out;
}

// False when the bytes carry the marker but not a whole frame after it.
inline bool split_planned_private(std::string_view bytes, std::string_view& values, std::string_view& own) {
    values = {};
    own = bytes;
    if (!bytes.starts_with(plan_time_marker)) return true;
    bytes.remove_prefix(plan_time_marker.size());
    std::size_t length = 0, digits = 0;
    while (digits < bytes.size() && digits < 9 && bytes[digits] >= '0' && bytes[digits] <= '9')
        length = length * 10 + static_cast<std::size_t>(bytes[digits++] - '0');
    if (digits == 0 || digits >= bytes.size() || bytes[digits] != ':' || length > bytes.size() - digits - 1)
        return false;
    values = bytes.substr(digits + 1, length);
    own = bytes.substr(digits + 1 + length);
    return true;
}

// The error for bytes that are not a frame tfpp wrote; never their content.
inline void damaged_planned_private(context& ctx, std::string_view field, std::size_t size) {
    ctx.error("Invalid private data",
              "the " + std::string(field) + " bytes the client sent (" + std::to_string(size) +
                  " bytes) begin as the values this provider chose while planning but are not a whole frame of "
                  "them; they were not written by this provider. Plan again.");
}

// PlanResourceChange: the resource's own bytes come from prior_private. The
// chosen values come from planned_private (the plan Terraform makes again at
// apply) or else from prior_private, which holds the first call's planned
// private bytes when Terraform plans a replacement's create. False after an
// error.
inline bool take_plan_private(context& ctx, std::string_view prior_private, std::string_view planned_private,
                              bool client_keeps) {
    std::string_view prior_values, own, planned_values, planned_own;
    if (!split_planned_private(prior_private, prior_values, own)) {
        damaged_planned_private(ctx, "prior_private", prior_private.size());
        return false;
    }
    if (!split_planned_private(planned_private, planned_values, planned_own)) {
        damaged_planned_private(ctx, "planned_private", planned_private.size());
        return false;
    }
    ctx.set_private_state(std::string(own));
    ctx.set_client_keeps_planned_private(client_keeps);
    if (client_keeps) ctx.set_plan_time_values(std::string(planned_values.empty() ? prior_values : planned_values));
    return true;
}

// PlanResourceChange's planned_private: the chosen values go with the
// resource's own bytes only to a client that keeps them.
inline std::string planned_private_of(const context& ctx) {
    return join_planned_private(ctx.client_keeps_planned_private() ? ctx.plan_time_values() : std::string_view(),
                                ctx.private_state());
}

// ApplyResourceChange: the handler gets the resource's own bytes; the chosen
// values are in the planned state by now and are not stored with the object.
inline bool take_apply_private(context& ctx, std::string_view planned_private) {
    std::string_view values, own;
    if (!split_planned_private(planned_private, values, own)) {
        damaged_planned_private(ctx, "planned_private", planned_private.size());
        return false;
    }
    ctx.set_private_state(std::string(own));
    return true;
}

}  // namespace tfpp::detail
