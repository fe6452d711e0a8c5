// tfpp::testing::provider_under_test<P>: plays Terraform core's part for a
// provider inside the test process, with no gRPC and no Terraform binary.
// Each call runs what Core would run (validate, the proposed new state, plan,
// apply, read, import, upgrade) on the engine that also serves the real
// protocol, checks every plan and every result with the consistency checker
// (as errors, whatever TFPP_CONSISTENCY_CHECK says), and hands back typed
// models and diagnostics.
#pragma once

#include <tfpp/testing/diff.hpp>
#include <tfpp/testing/steps.hpp>

#include <tfpp/testing/detail/driver.hpp>

namespace tfpp::testing {

template <class P>
class provider_under_test : private detail::driver<P> {
    using base = detail::driver<P>;

public:
    using provider_type = P;
    using config_model = typename base::config_model;

    // Configures the provider with an empty configuration (every attribute null).
    provider_under_test() = default;
    // Configures it with a typed configuration.
    explicit provider_under_test(const config_model& config) : base(config) {}

    // What validating and configuring the provider reported.
    using base::configure_diagnostics;

    // The provider instance, as its handlers see it.
    using base::provider;

    // The Terraform version handlers see in their context.
    using base::terraform_version;
    // Whether the client keeps planned private bytes for the plan at apply
    // (store_planned_private), as Terraform 1.16+ does: `p.store_planned_private
    // = true;` plays it. False (the default): OpenTofu, older Terraform, protocol 5.
    using base::store_planned_private;

    // What the calling module's `provider_meta` block says (P::provider_meta),
    // for every later read, plan, apply and data source read.
    using base::set_provider_meta;
    // --- the single operations ----------------------------------------------

    // Validates a resource's configuration as ValidateResourceConfig does.
    using base::validate;

    // R's schema, as GetProviderSchema serves it.
    using base::schema;

    // Validates the configuration and plans it against the prior state (a
    // model, std::nullopt or no_state for a create, or an earlier result).
    // The proposed new state is computed as Core computes it. A tainted
    // prior object is planned for replacement, as Core does.
    using base::plan;

    // Plans the destruction of an object.
    using base::plan_destroy;

    // Applies a plan. At apply time Core plans again with the final
    // configuration (the same one unless given: values that were unknown are
    // known now) and checks that plan against the first one; a replace
    // destroys the object, then creates the new one. A create that fails
    // after making the object returns it tainted.
    using base::apply;

    // Reads the object as a refresh does (nullopt state: it is gone).
    using base::read;

    // Imports by ID, then reads the object, as `terraform import` does.
    using base::import;

    // Imports by identity (an import block's `identity = {...}`), then reads
    // the object with that identity, as Core does.
    using base::import_by_identity;

    // The identity a result carries, typed (nullopt: none). Every step
    // carries it as Core does: planned, applied, read and checked; an
    // identity that changes for an existing object is an error diagnostic.
    using base::identity;

    // The configuration `-generate-config-out` writes for an object
    // (GenerateResourceConfig): tfpp's from the state, then the resource's
    // generate_config. Plan it against the state to see it change nothing.
    using base::generate_config;

    // Upgrades stored state (the JSON Terraform kept, at an older schema
    // version) to the current model.
    using base::upgrade;

    // Validates and reads a data source. A configuration that is not wholly
    // known is not read (Core reads it during apply): `deferred` is set.
    using base::read_data;

    // Calls a provider function with typed arguments, as Terraform does (each
    // argument encoded with its parameter's type, the variadic ones one by
    // one): the result, or the error text and the argument it names.
    using base::call_function;

    // Opens an ephemeral resource as Terraform does (validated first; not
    // opened while its configuration is not wholly known), then renews or
    // closes it with the private data open() left.
    using base::close_ephemeral;
    using base::open_ephemeral;
    using base::renew_ephemeral;
    // Lists with a list resource as `terraform query` does (its configuration
    // validated first): every result pushed, with identity, display name and,
    // when options.include_resource, the object.
    using base::list;
    // Validates, plans and invokes an action as `terraform apply -invoke`
    // does: each progress message it reported, and the diagnostics.
    using base::invoke;
    // A state store as Terraform uses it: configure (validated first, the
    // chunk size agreed), read and write a state in chunks, lock, unlock,
    // list and delete states. read_state checks every chunk as Terraform does.
    using base::configure_state_store;
    using base::delete_state;
    using base::lock_state;
    using base::read_state;
    using base::states;
    using base::unlock_state;
    using base::write_state;
    // --- scenario helpers ---------------------------------------------------
    // Each runs a whole Terraform workflow and says what went differently.
    // `expected` (optional) is compared with partial_diff: attributes it
    // leaves null are not compared.

    // plan (must create) -> apply (must succeed) -> refresh + plan (must be empty).
    using base::create;

    // The helpers below that start from a state also take the outcome of an
    // earlier helper, which carries the provider's private state along:
    //   auto created = p.create<R>(config);
    //   REQUIRE(p.update<R>(created, changed_config));
    // From a state: plan (must update in place) -> apply -> empty plan.
    using base::update;

    // From a state: plan (must replace, forced by exactly these paths) ->
    // apply (destroy, then create) -> empty plan.
    using base::replace;

    // Refresh, then plan: must be a no-op.
    using base::empty_plan;

    // Import by ID (and read), then plan the configuration: must be a no-op.
    using base::import_then_empty_plan;

    // Import by identity (and read, which must keep that identity), then
    // plan the configuration: must be a no-op.
    using base::import_by_identity_then_empty_plan;

    // Upgrade state stored at an older schema version (its JSON), then
    // refresh and plan the configuration: must be a no-op.
    using base::upgrade_then_empty_plan;

    // Drift: the object changed (or vanished) outside Terraform. Refresh,
    // then plan: must be `expected_action` (update when it changed, create
    // when it is gone); apply it, and the plan after must be empty.
    using base::drift;

    // Values known only at apply: plan with a configuration holding
    // tfpp::unknown (the plan must succeed and keep them unknown), then
    // apply with the final configuration, then the plan must be empty.
    using base::unknown_until_apply;

    // Partial failure: the create must fail with an error and still return
    // the object, which Terraform keeps, tainted; the next plan replaces it.
    using base::partial_failure;
};

}  // namespace tfpp::testing
