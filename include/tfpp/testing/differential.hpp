// tfpp::testing::differential<P>: the provider under test against a
// reference provider binary (the Go provider being rewritten, an older
// release), both over the real protocol 6. P is served on threads of the test
// process (tfpp::serve_in_process, the same gRPC services a binary serves);
// the reference is started as Terraform starts it (reference_provider.hpp).
// The same workflows the explorer draws (explore.hpp: configurations from
// R's schema and validators, then apply, refresh, import, upgrade, invalid
// values, destroy) are played on both, each side doing Core's part (the
// proposed new state, the replacement plan), and every step is compared: the
// schemas, the plans (action, which attributes are unknown, which paths force
// replacement, the planned values), the diagnostics (severity and attribute
// path) and the states (null, known, type and value). Rules relax what is
// random or time-dependent by nature. docs/testing.md#differential-testing.
#pragma once

#include <tfpp/testing/explore.hpp>
#include <tfpp/testing/reference_provider.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace tfpp::testing {

// What a rule relaxes at an attribute (and everything below it).
enum class differential_compare {
    ignore_value,    // values may differ: only null, known and type are compared (random ids, timestamps)
    ignore,          // not compared at all, nor is the schema there
    diagnostic_path,  // diagnostics at or below it: their paths are compared down to this attribute only
    unknown_in_plan,  // one side may plan it unknown where the other knows it; known on both, values are compared
    schema_differs    // its schema may differ (required or optional, a description); its values are compared
};

// A known, accepted difference. `attribute` is the attribute's path in the
// schema, element steps left out ("files.permission" for
// files["a.txt"].permission); empty: the whole type. `resource_type`
// empty: every type. Say why in `why`: the report lists each rule's uses.
struct differential_rule {
    std::string resource_type;
    std::string attribute;
    differential_compare compare = differential_compare::ignore_value;
    std::string why{};
};

struct differential_options {
    // Zero: TFPP_EXPLORE_SEED from the environment, else a fixed seed.
    std::uint64_t seed = 0;
    std::size_t cases = 40;  // workflows per resource type (TFPP_EXPLORE_CASES overrides it)
    std::size_t max_steps = 6;
    std::size_t max_elements = 3;
    std::vector<differential_rule> rules{};
    // false: import by identity is not played (a reference that has no
    // resource identity yet; the report shows each such import otherwise).
    bool identity_imports = true;
    bool compare_summaries = false;     // also the diagnostics' summaries (the texts seldom match across SDKs)
    bool compare_descriptions = true;   // the schemas' descriptions
    std::string terraform_version = "1.12.6";  // what ConfigureProvider tells both
    reference_options reference{};
};

// One difference: where, and what each side did.
struct difference {
    std::string resource_type;  // or "provider" for its configuration schema
    std::size_t workflow = 0;   // 1-based; 0: the schemas
    std::size_t step = 0;       // 1-based step of the workflow
    std::string operation;      // "schema", "plan", "apply", "read", "import", "destroy", "validate", ...
    std::string path;           // attribute path ("" : the whole object or type)
    std::string what;           // "under test: ...; reference: ..."
    std::string scenario{};     // the workflow's steps up to this one (configurations by path)
};

struct differential_report {
    std::uint64_t seed = 0;
    std::size_t schemas_compared = 0;  // types whose schemas were compared (and the provider's)
    std::size_t workflows = 0;
    std::size_t steps = 0;        // workflow steps both sides ran and that were compared
    std::size_t comparisons = 0;  // protocol answers compared (a step makes several)
    std::map<std::string, std::size_t> covered{};  // steps by kind ("create", "import by ID", ...)
    std::map<std::string, std::size_t> relaxed{};  // how often each rule (its type/attribute) applied
    std::vector<difference> differences{};
    double seconds = 0;

    // No difference (beyond the rules).
    explicit operator bool() const noexcept { return differences.empty(); }
    friend std::ostream& operator<<(std::ostream& os, const differential_report& r) {
        os << "differential: " << r.schemas_compared << " schemas, " << r.workflows << " workflows, " << r.steps
           << " steps (" << r.comparisons << " answers) compared, seed " << r.seed << ": " << r.differences.size()
           << " difference(s)";
        for (const auto& [rule, n] : r.relaxed) os << "\n  rule " << rule << ": applied " << n << " time(s)";
        std::size_t shown = 0;
        for (const difference& d : r.differences) {
            if (++shown > 20) {
                os << "\n  ... and " << r.differences.size() - 20 << " more";
                break;
            }
            os << "\n- " << d.resource_type;
            if (d.workflow) os << ", workflow " << d.workflow << " step " << d.step;
            os << ", " << d.operation;
            if (!d.path.empty()) os << " at " << d.path;
            os << ": " << d.what;
            if (!d.scenario.empty()) os << "\n" << d.scenario;
        }
        return os;
    }
};

namespace detail {
template <class P>
class differential_session;
}  // namespace detail

// Starts P in-process and the reference binary, configures both with
// `config`, and compares their schemas; explore<R>() then plays R's
// workflows on both. report() says what was compared and what differed.
//
//   tfpp::testing::differential<my::provider> d(tfpp::testing::reference_binary(""), options, config);
//   d.explore<my::thing>(hooks);  // hooks as for tfpp::testing::explore
//   REQUIRE(d.report());
template <class P>
class differential {
public:
    using config_model = typename provider_under_test<P>::config_model;

    explicit differential(const std::string& reference_binary, const differential_options& options = {},
                          const config_model& config = {})
        : session_(reference_binary, options, config) {}

    // Plays R's workflows on both providers. Of the hooks, provider_config is
    // not used (the constructor's config is), drift and fail_next_write
    // neither (they reach into the provider under test only); new_workflow
    // runs before each side plays a workflow, so both start from the same
    // world (an emptied directory, a reset backend).
    template <class R>
    const differential_report& explore(const explore_hooks<P, R>& hooks = {}) {
        // Spelled out in the static_assert: both compilers then print listed<R, ...> with R named.
        static_assert(tfpp::detail::listed<R, typename tfpp::detail::resource_list<P>::type>,
                      "tfpp: differential<P>::explore<R> takes one of P's resources; list R in P::resources");
        if constexpr (tfpp::detail::listed<R, typename tfpp::detail::resource_list<P>::type>)
            return session_.template run<R>(hooks);
        else return session_.report();
    }

    [[nodiscard]] const differential_report& report() const noexcept { return session_.report(); }

private:
    detail::differential_session<P> session_;
};

}  // namespace tfpp::testing

#include <tfpp/testing/detail/differential.hpp>
