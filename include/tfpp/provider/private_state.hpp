// Typed private state: a struct of plain fields that Terraform stores with
// the object, as JSON, and hands back in every later call for it. Include
// this where a handler reads or writes it (it brings the JSON codec).
//
//   struct server_private { std::string etag; std::int64_t generation = 0; };
//
//   std::optional<model> update(model plan, const model& prior, tfpp::context& ctx) {
//       auto p = tfpp::private_data<server_private>(ctx).value_or(server_private{});
//       ...
//       tfpp::set_private_data(ctx, p);
//   }
//
// And values chosen while planning, kept until the apply: tfpp::chosen_at_plan.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/provider/context.hpp>

#include <optional>
#include <string>
#include <type_traits>

namespace tfpp {

// The private state as a T; nullopt when there is none. Bytes that are not a
// T (written by another release) are reported as a warning and read as none.
template <class T>
std::optional<T> private_data(context& ctx) {
    if (ctx.private_state().empty()) return std::nullopt;
    T out{};
    diagnostics d;
    if (decode_json(ctx.private_state(), out, d)) return out;
    ctx.warning("Private state ignored",
                "the private state stored with this object is not what this provider release expects" +
                    (d.empty() ? std::string() : ": " + d[0].detail));
    return std::nullopt;
}

// Stores `data` as the private state (written when the handler returns).
template <class T>
void set_private_data(context& ctx, const T& data) {
    std::string out;
    diagnostics d;
    if (encode_json(data, out, d)) ctx.set_private_state(std::move(out));
    else ctx.error("Could not store private state", d.empty() ? std::string() : d[0].detail);
}

// A value a resource chooses while planning (an id, a random value, a
// timestamp; a struct for several), called in modify_plan where the plan
// sets it:
//
//   if (change.creating())
//       if (auto id = tfpp::chosen_at_plan(ctx, [] { return new_id(); })) change.planned.id = *id;
//
// Where the client keeps planned private bytes (Terraform 1.16+), `choose`
// runs once, in the first plan: the plan Terraform makes again at apply gets
// the same value back, so the plan shows it known and create receives it in
// the planned state. Elsewhere (OpenTofu, older Terraform, protocol 5) it is
// nullopt and `choose` does not run: the attribute stays "known after apply",
// and create chooses it. Once per plan of an object: a second call returns
// the first one's values, so several values go in one struct.
template <class Choose>
auto chosen_at_plan(context& ctx, Choose&& choose) -> std::optional<std::remove_cvref_t<std::invoke_result_t<Choose&>>> {
    using T = std::remove_cvref_t<std::invoke_result_t<Choose&>>;
    if (!ctx.client_keeps_planned_private()) return std::nullopt;
    diagnostics d;
    if (!ctx.plan_time_values().empty()) {
        T kept{};
        if (decode_json(ctx.plan_time_values(), kept, d)) return kept;
        ctx.error("Invalid private data",
                  "the values this provider chose while planning, which the client sent back (" +
                      std::to_string(ctx.plan_time_values().size()) +
                      " bytes), are not what this provider release chooses. Plan again.");
        return std::nullopt;
    }
    T chosen = choose();
    std::string json;
    if (!encode_json(chosen, json, d)) {
        ctx.error("Could not keep a value chosen while planning", d.empty() ? std::string() : d[0].detail);
        return std::nullopt;
    }
    ctx.set_plan_time_values(std::move(json));
    return chosen;
}

}  // namespace tfpp
