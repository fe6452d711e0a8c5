// tfpp::testing::provider_under_test<P>: plays Terraform core's part for a
// provider inside the test process, with no gRPC and no Terraform binary.
// Each call runs what Core would run (validate, the proposed new state, plan,
// apply, read, import, upgrade) on the engine that also serves the real
// protocol, checks every plan and every result with the consistency checker
// (as errors, whatever TFPP_CONSISTENCY_CHECK says), and hands back typed
// models and diagnostics.
//
// This header is the whole API, one declaration per operation; the bodies
// are in testing/detail/: <kind>_operations.hpp (the single operations, by
// kind), scenarios.hpp (the workflows), driver_engine.hpp (the engine and
// the configured provider they share).
#pragma once

#include <tfpp/testing/diff.hpp>
#include <tfpp/testing/steps.hpp>

#include <tfpp/testing/detail/action_operations.hpp>
#include <tfpp/testing/detail/data_source_operations.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/detail/ephemeral_operations.hpp>
#include <tfpp/testing/detail/function_operations.hpp>
#include <tfpp/testing/detail/list_operations.hpp>
#include <tfpp/testing/detail/resource_operations.hpp>
#include <tfpp/testing/detail/scenarios.hpp>
#include <tfpp/testing/detail/state_store_operations.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing {

template <class P>
class provider_under_test : private detail::driver_engine<P> {
    using base = detail::driver_engine<P>;

public:
    using provider_type = P;
    using config_model = typename base::config_model;

    // Configures the provider with an empty configuration (every attribute null).
    provider_under_test() = default;
    // Configures it with a typed configuration.
    explicit provider_under_test(const config_model& config) : base(config) {}

    // What validating and configuring the provider reported:
    // `const tfpp::diagnostics& configure_diagnostics() const`.
    using base::configure_diagnostics;

    // The provider instance, as its handlers see it: `P& provider()`.
    using base::provider;

    // The Terraform version handlers see in their context
    // (`std::string terraform_version`, "1.12.6").
    using base::terraform_version;
    // Whether the client keeps planned private bytes for the plan at apply
    // (`bool store_planned_private`), as Terraform 1.16+ does: `p.store_planned_private
    // = true;` plays it. False (the default): OpenTofu, older Terraform, protocol 5.
    using base::store_planned_private;

    // What the calling module's `provider_meta` block says (P::provider_meta),
    // for every later read, plan, apply and data source read.
    template <class Meta>
    void set_provider_meta(const Meta& meta) {
        base::set_provider_meta(meta);
    }

    // --- the single operations: resources ----------------------------------

    // Validates a resource's configuration as ValidateResourceConfig does.
    template <class R>
    tfpp::diagnostics validate(const typename R::model& config) {
        return detail::resource_ops::validate<R>(core(), config);
    }

    // R's schema, as GetProviderSchema serves it.
    template <class R>
    const block_schema& schema() {
        return detail::resource_ops::schema<R>(core());
    }

    // Validates the configuration and plans it against the prior state (a
    // model, std::nullopt or no_state for a create, or an earlier result).
    // The proposed new state is computed as Core computes it. A tainted
    // prior object is planned for replacement, as Core does.
    template <class R>
    plan_step<R> plan(const typename R::model& config, const std::optional<typename R::model>& prior) {
        return detail::resource_ops::plan<R>(core(), config, prior);
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, no_state_t none) {
        return detail::resource_ops::plan<R>(core(), config, none);
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, const typename R::model& prior) {
        return detail::resource_ops::plan<R>(core(), config, prior);
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, const result<typename R::model>& prior) {
        return detail::resource_ops::plan<R>(core(), config, prior);
    }

    // Plans the destruction of an object.
    template <class R>
    plan_step<R> plan_destroy(const typename R::model& state) {
        return detail::resource_ops::plan_destroy<R>(core(), state);
    }

    // Applies a plan. At apply time Core plans again with the final
    // configuration (the same one unless given: values that were unknown are
    // known now) and checks that plan against the first one; a replace
    // destroys the object, then creates the new one. A create that fails
    // after making the object returns it tainted.
    template <class R>
    result<typename R::model> apply(const plan_step<R>& step) {
        return detail::resource_ops::apply<R>(core(), step);
    }
    template <class R>
    result<typename R::model> apply(const plan_step<R>& step, const typename R::model& final_config) {
        return detail::resource_ops::apply<R>(core(), step, final_config);
    }

    // Reads the object as a refresh does (nullopt state: it is gone). From
    // an earlier result, its private state and identity go along.
    template <class R>
    result<typename R::model> read(const typename R::model& state) {
        return detail::resource_ops::read<R>(core(), state);
    }
    template <class R>
    result<typename R::model> read(const result<typename R::model>& state) {
        return detail::resource_ops::read<R>(core(), state);
    }

    // Imports by ID, then reads the object, as `terraform import` does.
    template <class R>
    result<typename R::model> import(std::string_view id) {
        return detail::resource_ops::import <R>(core(), id);
    }

    // Imports by identity (an import block's `identity = {...}`), then reads
    // the object with that identity, as Core does.
    template <class R>
    result<typename R::model> import_by_identity(const typename R::identity& identity) {
        return detail::resource_ops::import_by_identity<R>(core(), identity);
    }

    // The identity a result carries, typed (nullopt: none). Every step
    // carries it as Core does: planned, applied, read and checked; an
    // identity that changes for an existing object is an error diagnostic.
    template <class R>
    std::optional<typename R::identity> identity(const result<typename R::model>& r) {
        return detail::resource_ops::identity<R>(core(), r);
    }

    // The configuration `-generate-config-out` writes for an object
    // (GenerateResourceConfig): tfpp's from the state, then the resource's
    // generate_config. Plan it against the state to see it change nothing.
    template <class R>
    generated_config<typename R::model> generate_config(const typename R::model& state) {
        return detail::resource_ops::generate_config<R>(core(), state);
    }

    // Upgrades stored state (the JSON Terraform kept, at an older schema
    // version) to the current model.
    template <class R>
    result<typename R::model> upgrade_state(std::int64_t version, std::string_view json) {
        return detail::resource_ops::upgrade_state<R>(core(), version, json);
    }

    // --- the single operations: the other kinds -----------------------------

    // Validates and reads a data source. A configuration that is not wholly
    // known is not read (Core reads it during apply): `deferred` is set.
    template <class D>
    result<typename D::model> read_data_source(const typename D::model& config) {
        return detail::data_source_ops::read_data_source<D>(core(), config);
    }

    // Calls a provider function with typed arguments, as Terraform does (each
    // argument encoded with its parameter's type, the variadic ones one by
    // one): the result, or the error text and the argument it names.
    template <class F>
    function_call<tfpp::detail::call_result_t<F>> call_function(const typename F::parameters& args) {
        return detail::function_ops::call_function<F>(core(), args);
    }

    // Opens an ephemeral resource as Terraform does (validated first; not
    // opened while its configuration is not wholly known), then renews or
    // closes it with the private data open() left.
    template <class E>
    ephemeral<typename E::model> open_ephemeral_resource(const typename E::model& config) {
        return detail::ephemeral_ops::open_ephemeral_resource<E>(core(), config);
    }
    template <class E>
    ephemeral<typename E::model> renew_ephemeral_resource(const ephemeral<typename E::model>& opened) {
        return detail::ephemeral_ops::renew_ephemeral_resource<E>(core(), opened);
    }
    template <class E>
    tfpp::diagnostics close_ephemeral_resource(const ephemeral<typename E::model>& opened) {
        return detail::ephemeral_ops::close_ephemeral_resource<E>(core(), opened);
    }

    // Lists with a list resource as `terraform query` does (its configuration
    // validated first): every result pushed, with identity, display name and,
    // when options.include_resource, the object.
    template <class L>
    list_outcome<typename L::resource> list_resource(const typename L::config& config, list_options options = {}) {
        return detail::list_ops::list_resource<L>(core(), config, options);
    }

    // Validates, plans and invokes an action as `terraform apply -invoke`
    // does: each progress message it reported, and the diagnostics.
    template <class A>
    action_outcome invoke_action(const typename A::config& config) {
        return detail::action_ops::invoke_action<A>(core(), config);
    }

    // A state store as Terraform uses it: configure (validated first, the
    // chunk size agreed), read and write a state in chunks, lock, unlock,
    // list and delete states. read_state checks every chunk as Terraform
    // does; write_state sends `bytes` in chunks of the agreed size.
    template <class S>
    state_store_configured configure_state_store(const typename S::config& config,
                                                 std::int64_t proposed_chunk_size = 8 << 20) {
        return detail::state_store_ops::configure_state_store<S>(core(), config, proposed_chunk_size);
    }
    template <class S>
    stored_state read_state(std::string_view state_id) {
        return detail::state_store_ops::read_state<S>(core(), state_id);
    }
    template <class S>
    tfpp::diagnostics write_state(std::string_view state_id, std::string_view bytes) {
        return detail::state_store_ops::write_state<S>(core(), state_id, bytes);
    }
    template <class S>
    state_lock lock_state(std::string_view state_id, std::string_view operation = "OperationTypeApply") {
        return detail::state_store_ops::lock_state<S>(core(), state_id, operation);
    }
    template <class S>
    tfpp::diagnostics unlock_state(std::string_view state_id, std::string_view lock_id) {
        return detail::state_store_ops::unlock_state<S>(core(), state_id, lock_id);
    }
    template <class S>
    state_names get_states() {
        return detail::state_store_ops::get_states<S>(core());
    }
    template <class S>
    tfpp::diagnostics delete_state(std::string_view state_id) {
        return detail::state_store_ops::delete_state<S>(core(), state_id);
    }

    // --- the names of the previous release (one release more) --------------

    template <class R>
    [[deprecated("use upgrade_state")]] result<typename R::model> upgrade(std::int64_t version, std::string_view json) {
        return upgrade_state<R>(version, json);
    }
    template <class D>
    [[deprecated("use read_data_source")]] result<typename D::model> read_data(const typename D::model& config) {
        return read_data_source<D>(config);
    }
    template <class E>
    [[deprecated("use open_ephemeral_resource")]] ephemeral<typename E::model> open_ephemeral(
        const typename E::model& config) {
        return open_ephemeral_resource<E>(config);
    }
    template <class E>
    [[deprecated("use renew_ephemeral_resource")]] ephemeral<typename E::model> renew_ephemeral(
        const ephemeral<typename E::model>& opened) {
        return renew_ephemeral_resource<E>(opened);
    }
    template <class E>
    [[deprecated("use close_ephemeral_resource")]] tfpp::diagnostics close_ephemeral(
        const ephemeral<typename E::model>& opened) {
        return close_ephemeral_resource<E>(opened);
    }
    template <class L>
    [[deprecated("use list_resource")]] list_outcome<typename L::resource> list(const typename L::config& config,
                                                                                list_options options = {}) {
        return list_resource<L>(config, options);
    }
    template <class A>
    [[deprecated("use invoke_action")]] action_outcome invoke(const typename A::config& config) {
        return invoke_action<A>(config);
    }
    template <class S>
    [[deprecated("use get_states")]] state_names states() {
        return get_states<S>();
    }

    // --- scenario helpers ---------------------------------------------------
    // Each runs a whole Terraform workflow and says what went differently.
    // `expected` (optional) is compared with partial_diff: attributes it
    // leaves null are not compared.

    // plan (must create) -> apply (must succeed) -> refresh + plan (must be empty).
    template <class R>
    outcome<typename R::model> create(const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::create<R>(core(), config, expected);
    }

    // The helpers below that start from a state also take the outcome of an
    // earlier helper, which carries the provider's private state along:
    //   auto created = p.create<R>(config);
    //   REQUIRE(p.update<R>(created, changed_config));
    // From a state: plan (must update in place) -> apply -> empty plan.
    template <class R>
    outcome<typename R::model> update(const typename R::model& state, const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::update<R>(core(), state, config, expected);
    }
    template <class R>
    outcome<typename R::model> update(const outcome<typename R::model>& from, const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::update<R>(core(), from, config, expected);
    }

    // From a state: plan (must replace, forced by exactly these paths) ->
    // apply (destroy, then create) -> empty plan.
    template <class R>
    outcome<typename R::model> replace(const typename R::model& state, const typename R::model& config,
                                       const std::vector<attribute_path>& forced_by,
                                       const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::replace<R>(core(), state, config, forced_by, expected);
    }
    template <class R>
    outcome<typename R::model> replace(const outcome<typename R::model>& from, const typename R::model& config,
                                       const std::vector<attribute_path>& forced_by,
                                       const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::replace<R>(core(), from, config, forced_by, expected);
    }

    // Refresh, then plan: must be a no-op.
    template <class R>
    outcome<typename R::model> empty_plan(const typename R::model& config, const typename R::model& state) {
        return detail::scenarios::empty_plan<R>(core(), config, state);
    }
    template <class R>
    outcome<typename R::model> empty_plan(const typename R::model& config, const outcome<typename R::model>& from) {
        return detail::scenarios::empty_plan<R>(core(), config, from);
    }

    // Import by ID (and read), then plan the configuration: must be a no-op.
    template <class R>
    outcome<typename R::model> import_then_empty_plan(std::string_view id, const typename R::model& config,
                                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::import_then_empty_plan<R>(core(), id, config, expected);
    }

    // Import by identity (and read, which must keep that identity), then
    // plan the configuration: must be a no-op.
    template <class R>
    outcome<typename R::model> import_by_identity_then_empty_plan(
        const typename R::identity& identity, const typename R::model& config,
        const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::import_by_identity_then_empty_plan<R>(core(), identity, config, expected);
    }

    // Upgrade state stored at an older schema version (its JSON), then
    // refresh and plan the configuration: must be a no-op.
    template <class R>
    outcome<typename R::model> upgrade_then_empty_plan(
        std::int64_t version, std::string_view json, const typename R::model& config,
        const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::upgrade_then_empty_plan<R>(core(), version, json, config, expected);
    }

    // Drift: the object changed (or vanished) outside Terraform. Refresh,
    // then plan: must be `expected_action` (update when it changed, create
    // when it is gone); apply it, and the plan after must be empty.
    template <class R>
    outcome<typename R::model> drift(const typename R::model& config, const typename R::model& state,
                                     action expected_action) {
        return detail::scenarios::drift<R>(core(), config, state, expected_action);
    }

    // Values known only at apply: plan with a configuration holding
    // tfpp::unknown (the plan must succeed and keep them unknown), then
    // apply with the final configuration, then the plan must be empty.
    template <class R>
    outcome<typename R::model> unknown_until_apply(const typename R::model& config_with_unknowns,
                                                   const typename R::model& final_config,
                                                   const std::optional<typename R::model>& expected = std::nullopt) {
        return detail::scenarios::unknown_until_apply<R>(core(), config_with_unknowns, final_config, expected);
    }

    // Partial failure: the create must fail with an error and still return
    // the object, which Terraform keeps, tainted; the next plan replaces it.
    template <class R>
    outcome<typename R::model> partial_failure(const typename R::model& config) {
        return detail::scenarios::partial_failure<R>(core(), config);
    }

private:
    base& core() noexcept { return *this; }
};

}  // namespace tfpp::testing
