// What resource hooks beyond create/read/update/destroy receive:
//
//   tfpp::change<M>      modify_plan(): the configuration, the prior state and
//                        the plan tfpp made, which the hook may edit
//   tfpp::raw_state      upgrade(): a stored state as Terraform kept it
//   tfpp::moved_state    move_from(): the state of another resource type
#pragma once

#include <tfpp/diag/path.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp {

// A planned change of one object, for a resource's
// `void modify_plan(tfpp::change<model>& change, tfpp::context& ctx);`.
// `planned` starts as the plan tfpp derived from the schema (defaults, plan
// modifiers, unknown computed values); what the hook changes in it is planned
// instead, attribute by attribute. The consistency checker then holds the
// result to Terraform's rules.
template <class M>
class change {
public:
    change(const M& config, const M* prior, M planned) : config(config), prior(prior), planned(std::move(planned)) {}

    const M& config;  // the configuration (unknown values included)
    const M* prior;   // the prior state; nullptr when the object is being created
    M planned;        // the new state as planned

    [[nodiscard]] bool creating() const noexcept { return prior == nullptr; }
    // The change of this attribute replaces the object.
    void requires_replace(attribute_path path) { replacements_.push_back(std::move(path)); }
    [[nodiscard]] const std::vector<attribute_path>& replacements() const noexcept { return replacements_; }

private:
    std::vector<attribute_path> replacements_;
};

// A stored state as Terraform kept it, for an upgrade with no typed path:
// `std::optional<model> upgrade(const tfpp::raw_state& old, tfpp::context& ctx);`.
struct raw_state {
    std::int64_t version = 0;
    std::string_view json{};                                      // the stored attributes, as JSON
    const std::map<std::string, std::string>* flatmap = nullptr;  // instead, state from Terraform before 0.12
};

// The state of a resource of another type being moved to this one (a
// `moved` block), for `std::optional<model> move_from(const tfpp::moved_state&,
// tfpp::context&)` when no typed move_from fits.
struct moved_state {
    std::string_view provider_address{};  // e.g. "registry.terraform.io/hashicorp/local"
    std::string_view type_name{};
    std::int64_t schema_version = 0;
    std::string_view json{};  // the stored attributes, as JSON
    std::string_view private_state{};
};

}  // namespace tfpp
