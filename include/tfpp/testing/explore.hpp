// tfpp::testing::explore<P, R>: property-based exploration of a resource.
// It generates configurations from R's schema (honouring its validators),
// runs random workflows through the in-process driver (create, update,
// replace, refresh, drift, import by ID and by identity, state upgrade,
// partial failure, destroy; a changed configuration keeps what forces
// replacement, so it updates in place) and checks after each step what
// Terraform users rely on: plans and results pass the consistency checker, a plan after
// apply, refresh, import or upgrade is empty, nothing unknown survives
// apply, drift is seen and repaired, a failed create keeps its object. A
// failure is shrunk to a small scenario, printed with the seed that
// replays it, and written as a Catch2 test. docs/testing.md#exploration.
#pragma once

#include <tfpp/testing/provider_under_test.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing {

// The exploration's source of randomness, seeded, for hooks to draw from:
// the same seed gives the same values, so a failure replays exactly.
class random {
public:
    explicit random(std::uint64_t seed) noexcept : state_(seed) {}
    // splitmix64: small, fast and good enough to explore with.
    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // A number in [0, n); 0 when n is 0.
    std::size_t below(std::size_t n) noexcept { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
    // True with the given chance in percent.
    bool chance(unsigned percent) noexcept { return below(100) < percent; }
    template <class T>
    const T& pick(std::initializer_list<T> choices) noexcept {
        return choices.begin()[below(choices.size())];
    }

private:
    std::uint64_t state_;
};

// What a drift hook did to the remote object outside Terraform.
enum class drift_kind {
    none,     // nothing (the step is skipped)
    changed,  // a configured value changed: refresh must see it, the plan must repair it
    deleted,  // the object is gone: refresh must say so, the plan must create it again
};

// How much to explore. Zero seed: TFPP_EXPLORE_SEED from the environment,
// else a fixed seed, so that CI runs the same cases every time.
// TFPP_EXPLORE_CASES overrides `cases` (to explore longer by hand).
struct explore_options {
    std::uint64_t seed = 0;
    std::size_t cases = 100;                  // workflows to run, at most
    std::chrono::milliseconds time_limit{0};  // stop earlier (0: no limit)
    std::size_t max_steps = 6;                // steps per workflow after the create
    std::size_t max_elements = 3;             // elements of a generated collection
    std::size_t large_elements = 40;          // of a "large" one (one collection in 20)
    std::size_t shrink_runs = 2000;           // workflows run while shrinking a failure, at most
    std::uint64_t replay = 0;                 // run only the workflow of this case seed (from a report)
    // Import steps (by ID and by identity). Turn them off for a resource
    // whose import cannot restore what a configuration sets (a password
    // the API never returns): Terraform would plan a change after each.
    bool imports = true;
    // Attributes an import cannot restore because only the configuration
    // knows them (a password's version): an imported state takes them from
    // the state before, as ImportStateVerifyIgnore leaves them out.
    std::vector<std::string> import_ignore{};
    bool invalid_configurations = true;  // also check that values the validators refuse are refused at their path
    // false: the objects live only in the state, with nothing remote a read
    // could miss (hashicorp/random's values), so read after destroy is not
    // expected to find nothing.
    bool remote_objects = true;
};

// What exploration may ask of the test: each hook is optional.
template <class P, class R>
struct explore_hooks {
    using model = typename R::model;

    // The provider's configuration for each workflow (default: all null).
    std::optional<typename provider_under_test<P>::config_model> provider_config{};
    // Called before each workflow (and each replay while shrinking): reset a
    // fake backend, empty a scratch directory.
    std::function<void()> new_workflow{};
    // Adjusts a generated configuration to what the schema cannot say:
    // unique names, values the remote side accepts, regex-shaped strings.
    std::function<void(model& config, random& random)> configure{};
    // Changes or deletes the object behind `state` outside Terraform.
    std::function<drift_kind(P& provider, const model& state, random& random)> drift{};
    // Makes the next create or update fail after it changed the remote
    // object (false: this backend cannot); the result must still hold it.
    std::function<bool(P& provider)> fail_next_write{};
    // The ID `terraform import` takes for an object (default: the value of
    // R::import_id_attribute; with neither, import by ID is not explored).
    std::function<std::string(const model& state)> import_id{};
    // The state JSON an older schema version (< R::schema_version) stored for
    // this object; upgrades are explored with it (nullopt: not this one).
    std::function<std::optional<std::string>(std::int64_t version, const model& state)> older_state{};
};

// What an exploration found. `failure` is empty when every property held;
// otherwise it is the shrunk scenario (configurations by attribute path,
// the steps, what went wrong, the seed to replay it) and `catch2_test` the
// same scenario as a test to paste. `REQUIRE(report)` prints the failure.
struct exploration_report {
    std::uint64_t seed = 0;
    std::size_t workflows = 0;  // run before the first failure (or all)
    std::size_t steps = 0;      // steps they took
    std::size_t rejected = 0;   // configurations no retry made valid
    std::map<std::string, std::size_t>
        covered;         // how often each kind of step ran ("update in place", "drift (deleted)"); see step_mix()
    double seconds = 0;  // exploring, until the failure or the end
    std::string failure;
    std::string property;            // the property that failed ("empty plan after apply")
    std::uint64_t failing_seed = 0;  // replays the failing workflow (explore_options::replay)
    std::size_t shrunk_steps = 0;    // steps of the shrunk scenario
    std::size_t shrunk_values = 0;   // values its configurations set
    std::size_t shrink_runs = 0;
    double shrink_seconds = 0;
    std::string catch2_test;

    explicit operator bool() const noexcept { return failure.empty(); }
    // The steps that ran by kind, most first: "update in place 412, create 388, ...".
    [[nodiscard]] std::string step_mix() const {
        std::vector<std::pair<std::string, std::size_t>> kinds(covered.begin(), covered.end());
        std::stable_sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        std::string out;
        for (const auto& [kind, n] : kinds) out += (out.empty() ? "" : ", ") + kind + " " + std::to_string(n);
        return out;
    }
    friend std::ostream& operator<<(std::ostream& os, const exploration_report& r) {
        if (r.failure.empty())
            return os << "explored " << r.workflows << " workflows (" << r.steps << " steps, seed " << r.seed
                      << "): every property held\nsteps: " << r.step_mix();
        return os << "\n" << r.failure << "Explored " << r.workflows << " workflows until it; steps: " << r.step_mix();
    }
};

namespace detail {
template <class M>
M model_from_json(std::string_view json);
template <class P, class R>
class explorer;
}  // namespace detail

// A model from its JSON (as Terraform's state holds it); throws
// std::invalid_argument naming what does not fit. For pasted scenarios.
template <class M>
M from_json(std::string_view json) {
    return detail::model_from_json<M>(json);
}

// Explores resource R of provider P. Each workflow starts from a fresh
// provider_under_test<P>.
template <class P, class R>
exploration_report explore(const explore_options& options = {}, const explore_hooks<P, R>& hooks = {}) {
    return detail::explorer<P, R>(options, hooks).run();
}

}  // namespace tfpp::testing

#include <tfpp/testing/detail/explorer.hpp>
