// What the in-process test driver hands back: the action a plan would take,
// the result of an operation, one planned step and a scenario's outcome.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/diag/path.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing {

// What a plan would do to the object, as Terraform shows it.
enum class action { no_op, create, update, replace, destroy };

constexpr std::string_view to_string(action a) noexcept {
    switch (a) {
    case action::no_op: return "no-op";
    case action::create: return "create";
    case action::update: return "update in place";
    case action::replace: return "replace";
    case action::destroy: return "destroy";
    }
    return "?";
}
inline std::ostream& operator<<(std::ostream& os, action a) { return os << to_string(a); }

// "There is no object yet": the prior state of a create.
struct no_state_t {
    explicit constexpr no_state_t(int) noexcept {}
};
inline constexpr no_state_t no_state{0};

// What Terraform records about one object after an operation.
template <class M>
struct result {
    std::optional<M> state;  // nullopt: no object
    tfpp::diagnostics diagnostics;
    std::string private_state;  // the provider's private bytes stored with the object
    std::string identity;       // its identity, encoded (empty: none); identity<R>(result) decodes it
    bool tainted = false;       // apply: a create failed after making the object
    bool deferred = false;      // read_data: the configuration is not known yet

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
};

// One planned change of a resource of type R.
template <class R>
struct plan_step {
    using model = typename R::model;

    tfpp::testing::action action = action::no_op;
    model config{};
    std::optional<model> prior;  // the state planned from
    model planned{};             // the planned new state (unknowns where apply decides); empty for destroy
    std::vector<attribute_path> requires_replace;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
    // The paths that force replacement, as text ("filename", "files[\"a\"]").
    [[nodiscard]] std::vector<std::string> replace_paths() const {
        std::vector<std::string> out;
        for (const auto& p : requires_replace) out.push_back(p.to_string());
        return out;
    }

    // Encoded as they travelled, for apply and for the checks.
    std::string prior_bytes, config_bytes, planned_bytes, prior_private, planned_private;
    std::string prior_identity, planned_identity;  // empty: none
    bool prior_tainted = false;
};

// How a scenario helper went: `failure` is empty when everything happened
// as expected, else it says what did not, with values by attribute path.
// `REQUIRE(outcome)` in Catch2 prints the failure; elsewhere test
// `outcome.failure == ""`.
template <class M>
struct outcome {
    std::string failure;
    std::optional<M> state;  // the state at the end (for the next step)
    std::string private_state;
    std::string identity;

    explicit operator bool() const noexcept { return failure.empty(); }
    friend std::ostream& operator<<(std::ostream& os, const outcome& o) {
        return os << (o.failure.empty() ? std::string("scenario passed") : "\n" + o.failure);
    }
};

// What a provider function call returned: the result, or the error text
// and, when the error names one, the position of the argument at fault.
template <class R>
struct function_call {
    std::optional<R> result;
    std::string error;
    std::optional<std::int64_t> argument;

    [[nodiscard]] bool ok() const noexcept { return result.has_value(); }
};

// An ephemeral resource as open() (or renew()) left it: the value, the
// private data Terraform would hand back to renew and close, and when to renew.
template <class M>
struct ephemeral {
    std::optional<M> result;
    tfpp::diagnostics diagnostics;
    std::string private_state;
    std::optional<std::chrono::system_clock::time_point> renew_at;
    bool deferred = false;  // the configuration is not wholly known: Terraform opens it later

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
};

// The configuration `-generate-config-out` writes for an object
// (provider_under_test::generate_config): null where it leaves an attribute out.
template <class M>
struct generated_config {
    std::optional<M> config;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return config.has_value() && !diagnostics.has_errors(); }
};

// An action as `terraform apply -invoke` runs it (provider_under_test::invoke_action):
// each progress message in order, and the diagnostics of validate, plan and
// invoke. `invoked`: validation and plan passed, and invoke() ran.
struct action_outcome {
    std::vector<std::string> progress;
    tfpp::diagnostics diagnostics;
    bool invoked = false;

    [[nodiscard]] bool ok() const noexcept { return invoked && !diagnostics.has_errors(); }
};

// A state store configured as Terraform configures it
// (provider_under_test::configure_state_store): the chunk size agreed.
struct state_store_configured {
    std::uint64_t chunk_size = 0;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return chunk_size != 0 && !diagnostics.has_errors(); }
};

// A state as Terraform reads it (provider_under_test::read_state): its bytes,
// nullopt when the store has none, and the chunks they came in. A chunk
// Terraform would refuse (a wrong size or range) is an error diagnostic.
struct stored_state {
    std::optional<std::string> bytes;
    std::size_t chunks = 0;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
};

// A state lock taken (provider_under_test::lock_state): its id, or the
// diagnostics that say who holds it.
struct state_lock {
    std::string lock_id;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !lock_id.empty() && !diagnostics.has_errors(); }
};

// The states (workspaces) of a store (provider_under_test::get_states).
struct state_names {
    std::vector<std::string> names;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
};

// What a list resource found (provider_under_test::list_resource): each result as
// `terraform query` receives it, decoded. `object` is set when the list was
// asked for objects and the handler pushed one.
template <class R>
struct listed_object {
    typename R::identity identity{};
    std::string display_name;
    std::optional<typename R::model> object;
};
template <class R>
struct list_outcome {
    std::vector<listed_object<R>> results;
    tfpp::diagnostics diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !diagnostics.has_errors(); }
};
// How a list block asks: `include_resource` and `limit` (0: none).
struct list_options {
    bool include_resource = false;
    std::int64_t limit = 0;
};

}  // namespace tfpp::testing
