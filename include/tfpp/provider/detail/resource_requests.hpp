// The managed resource RPCs, as the engine answers them: one request and one
// answer per RPC, and run().
#pragma once

#include <tfpp/provider/detail/requests.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

struct upgrade_resource_state_request {
    std::string_view type_name;
    std::int64_t version = 0;
    std::string_view json;                                  // the stored state, as JSON
    const std::map<std::string, std::string>* flatmap = nullptr;  // or as a flatmap (Terraform < 0.12)
};
struct upgrade_resource_state_answer : answer {
    std::optional<std::string> upgraded_state;
};

struct upgrade_resource_identity_request {
    std::string_view type_name;
    std::int64_t version = 0;
    std::string_view json;  // empty: no identity stored yet
};
struct upgrade_resource_identity_answer : answer {
    std::optional<std::string> upgraded_identity;
};

struct read_resource_request {
    std::string_view type_name;
    sent_value current_state;
    std::string_view private_state;
    std::string_view current_identity;  // msgpack; empty when none
    sent_value provider_meta;
    bool deferral_allowed = false;
};
struct read_resource_answer : answer {
    bool current_stays = false;  // Terraform's own state, private data and identity go back as sent
    std::optional<std::string> new_state;
    std::optional<std::string> new_identity;
    std::optional<std::string> private_state;
};

struct plan_resource_change_request {
    std::string_view type_name;
    sent_value prior_state, proposed_new_state, config;
    std::string_view prior_identity;  // msgpack; empty when none
    std::string_view prior_private;
    std::string_view planned_private;    // what the client kept from the plan, when it plans again at apply
    bool keeps_planned_private = false;  // whether the client keeps planned_private (Terraform 1.16+)
    sent_value provider_meta;
    bool deferral_allowed = false;
};
struct plan_resource_change_answer : answer {
    std::optional<std::string> planned_state;  // with the fields below; none after an error
    std::vector<attribute_path> requires_replace;
    std::string planned_private;
    std::optional<std::string> planned_identity;
};

struct apply_resource_change_request {
    std::string_view type_name;
    sent_value prior_state, planned_state, config;
    std::string_view planned_private;
    std::string_view planned_identity;  // msgpack; empty when none
    sent_value provider_meta;
};
struct apply_resource_change_answer : answer {
    bool prior_stays = false;  // nothing was applied: the prior state goes back as sent
    std::optional<std::string> new_state;
    std::optional<std::string> new_identity;
    std::optional<std::string> private_state;
};

struct import_resource_state_request {
    std::string_view type_name;
    std::string_view id;
    std::string_view identity;  // msgpack; empty: import by id
    bool deferral_allowed = false;
};
struct imported_resource {
    std::string state;
    std::optional<std::string> identity;
    std::string private_state;
};
struct import_resource_state_answer : answer {
    std::optional<imported_resource> imported;
};

// `moved { from = a_type.x  to = b_type.x }`.
struct move_resource_state_request {
    std::string_view target_type_name;
    moved_state source;
};
struct move_resource_state_answer : answer {
    std::optional<std::string> target_state;  // with the fields below
    std::optional<std::string> target_identity;
    std::string target_private;
};

// `-generate-config-out`: the configuration to write for an imported or listed object.
struct generate_resource_config_request {
    std::string_view type_name;
    sent_value state;
};
struct generate_resource_config_answer : answer {
    std::optional<std::string> config;
};

upgrade_resource_state_answer run(provider_engine& e, const upgrade_resource_state_request& req);
upgrade_resource_identity_answer run(provider_engine& e, const upgrade_resource_identity_request& req);
read_resource_answer run(provider_engine& e, const read_resource_request& req);
plan_resource_change_answer run(provider_engine& e, const plan_resource_change_request& req);
apply_resource_change_answer run(provider_engine& e, const apply_resource_change_request& req);
import_resource_state_answer run(provider_engine& e, const import_resource_state_request& req);
move_resource_state_answer run(provider_engine& e, const move_resource_state_request& req);
generate_resource_config_answer run(provider_engine& e, const generate_resource_config_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/resource_requests-inl.hpp>
#endif
