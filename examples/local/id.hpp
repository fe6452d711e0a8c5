// local_id: an identifier and the time it was chosen, chosen while planning
// where the client keeps planned private data (Terraform 1.16+), so that
// `terraform plan` shows them; elsewhere "known after apply", as before.
// Handlers in id.cpp.
//
//   resource "local_id" "build" {
//     prefix  = "build-"
//     keepers = { version = var.version }   # a change chooses a new one
//   }
#pragma once

#include "provider.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace local {

struct id_model {
    tfpp::optional<std::string, tfpp::requires_replace> prefix;
    tfpp::optional<std::map<std::string, std::string>, tfpp::requires_replace> keepers;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> created_at;

    struct docs {
        tfpp::doc prefix{"Text the identifier starts with."};
        tfpp::doc keepers{"Arbitrary values; a change chooses a new identifier."};
        tfpp::doc id{"The prefix and 16 random hexadecimal digits."};
        tfpp::doc created_at{"When the identifier was chosen, in RFC 3339 (UTC)."};
    };
};

// What the plan chooses: both values, kept together until the apply.
struct chosen_id {
    std::string id;
    std::string created_at;
};

struct id_resource {
    using model = id_model;
    static constexpr std::string_view type_name = "local_id";
    static constexpr tfpp::doc doc{
        .markdown = "An identifier and the time it was chosen. With Terraform 1.16 and later the plan shows both; "
                    "with OpenTofu and earlier Terraform they are known after apply."};
    static constexpr bool compiled_separately = true;
    provider& p;

    void modify_plan(tfpp::change<model>& change, tfpp::context& ctx);
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

}  // namespace local
