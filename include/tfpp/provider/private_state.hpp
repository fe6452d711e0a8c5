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
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/provider/context.hpp>

#include <optional>
#include <string>

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

}  // namespace tfpp
