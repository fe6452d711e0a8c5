// tfpp::testing::explore: a correct resource explores clean, and each
// planted bug (the ones provider users meet most) is found and shrunk to a
// small scenario that replays from its seed.
#include <tfpp/testing/explore.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace test_explore {

struct tag_block {
    tfpp::required<std::string> key;
    tfpp::optional<std::string> value;
};

struct item_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string> note;
    tfpp::optional<std::int64_t, tfpp::range<0, 100>> size;
    tfpp::optional<std::string, tfpp::one_of<"small", "large">> tier;
    tfpp::optional<std::vector<std::string>> labels;
    tfpp::optional<tfpp::set<std::string>> aliases;
    tfpp::optional<std::map<std::string, std::string>> meta;
    tfpp::optional<tfpp::dynamic> extra;
    tfpp::optional_computed<std::string, tfpp::default_value<"standard">> mode;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::int64_t> revision;
    tfpp::block_list<tag_block> tag;
};

// The planted bugs, one resource type each.
enum class bug {
    none,
    computed_changed_silently,  // update changes `id`, which the plan kept from the state
    read_normalizes,            // read lower-cases `note`
    import_misses_attribute,    // the API does not return `meta`: read keeps the state's, so import loses it
    order_dependence,           // the API sorts `labels`, a list
    default_differs,            // create stores another `mode` than the planned default
    unknown_after_apply,        // create leaves `revision` unknown when there are no labels
    drift_undetected,           // read answers from a cache, never from the API
    failed_create_forgotten,    // a create that fails half-way returns nothing
    nested_change_dropped,      // update does not store a change to only a tag's `value`
};

struct provider;

template <bug B>
struct item {
    using model = item_model;
    static constexpr std::string_view type_name = [] {
        switch (B) {
        case bug::none: return "lab_item";
        case bug::computed_changed_silently: return "lab_computed_changed_silently";
        case bug::read_normalizes: return "lab_read_normalizes";
        case bug::import_misses_attribute: return "lab_import_misses_attribute";
        case bug::order_dependence: return "lab_order_dependence";
        case bug::default_differs: return "lab_default_differs";
        case bug::unknown_after_apply: return "lab_unknown_after_apply";
        case bug::drift_undetected: return "lab_drift_undetected";
        case bug::failed_create_forgotten: return "lab_failed_create_forgotten";
        case bug::nested_change_dropped: return "lab_nested_change_dropped";
        }
        return "";
    }();
    static constexpr std::string_view import_id_attribute = "name";
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

// The remote side: objects by type and name, and what a cache remembers.
struct provider {
    static constexpr std::string_view type_name = "lab";
    using resources = tfpp::type_list<item<bug::none>, item<bug::computed_changed_silently>, item<bug::read_normalizes>,
                                      item<bug::import_misses_attribute>, item<bug::order_dependence>,
                                      item<bug::default_differs>, item<bug::unknown_after_apply>,
                                      item<bug::drift_undetected>, item<bug::failed_create_forgotten>,
                                      item<bug::nested_change_dropped>>;
    std::map<std::string, item_model> objects, cache;
    bool fail_next_write = false;
};

// Every object created, for the test of generated values.
std::vector<item_model> created;

template <bug B>
std::optional<item_model> item<B>::create(model plan, tfpp::context& ctx) {
    created.push_back(plan);
    plan.id = "item-" + *plan.name;
    plan.revision = 1;
    if (B == bug::default_differs && plan.mode == "standard") plan.mode = "basic";
    if (B == bug::unknown_after_apply && (!plan.labels.is_known() || plan.labels->empty()))
        plan.revision = tfpp::unknown;
    if (B == bug::order_dependence && plan.labels.is_known()) std::sort(plan.labels->begin(), plan.labels->end());
    p.objects[*plan.name] = p.cache[*plan.name] = plan;
    if (p.fail_next_write) {
        p.fail_next_write = false;
        ctx.error("Create did not finish", "the object exists but is not ready");
        if (B == bug::failed_create_forgotten) return std::nullopt;
    }
    return plan;
}

template <bug B>
std::optional<item_model> item<B>::read(model state, tfpp::context&) {
    const auto& source = B == bug::drift_undetected ? p.cache : p.objects;
    auto it = source.find(*state.name);
    if (it == source.end()) return std::nullopt;
    model m = it->second;
    if (B == bug::read_normalizes && m.note.is_known())
        for (char& c : *m.note) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (B == bug::import_misses_attribute) m.meta = state.meta;
    return m;
}

template <bug B>
std::optional<item_model> item<B>::update(model plan, const model& prior, tfpp::context& ctx) {
    plan.revision = *prior.revision + 1;
    if (B == bug::computed_changed_silently) plan.id = "item-" + *plan.name + "-" + std::to_string(*plan.revision);
    if (B == bug::order_dependence && plan.labels.is_known()) std::sort(plan.labels->begin(), plan.labels->end());
    p.objects[*plan.name] = p.cache[*plan.name] = plan;
    // The API's update sends a tag only when its key changed: a new value
    // for the same key is not stored, though apply reports it.
    if (B == bug::nested_change_dropped && plan.tag.is_known() && prior.tag.is_known()) {
        item_model& stored = p.objects[*plan.name];
        for (std::size_t i = 0; i < plan.tag->size() && i < prior.tag->size(); ++i)
            if (*(*plan.tag)[i].key == *(*prior.tag)[i].key) (*stored.tag)[i].value = (*prior.tag)[i].value;
        p.cache[*plan.name] = stored;
    }
    if (p.fail_next_write) {
        p.fail_next_write = false;
        ctx.error("Update did not finish", "the object changed but is not ready");
    }
    return plan;
}

template <bug B>
void item<B>::destroy(const model& state, tfpp::context&) {
    p.objects.erase(*state.name);
    p.cache.erase(*state.name);
}

// What a test of a real provider would write: names the API accepts,
// drift made in the fake API, failures it can inject.
template <class R>
tfpp::testing::explore_hooks<provider, R> hooks() {
    tfpp::testing::explore_hooks<provider, R> h;
    h.configure = [](item_model& m, tfpp::testing::random& r) { m.name = r.pick({"a", "b"}); };
    h.drift = [](provider& p, const item_model& state, tfpp::testing::random& r) {
        auto it = p.objects.find(*state.name);
        if (it == p.objects.end()) return tfpp::testing::drift_kind::none;
        if (r.chance(50)) {
            p.objects.erase(it);
            return tfpp::testing::drift_kind::deleted;
        }
        it->second.note = "changed outside";
        return tfpp::testing::drift_kind::changed;
    };
    h.fail_next_write = [](provider& p) { return p.fail_next_write = true; };
    return h;
}

template <bug B>
tfpp::testing::exploration_report explored(tfpp::testing::explore_options options = {}) {
    options.cases = 2000;
    return tfpp::testing::explore<provider, item<B>>(options, hooks<item<B>>());
}

TEST_CASE("explore: a correct resource keeps every property", "[explore]") {
    tfpp::testing::explore_options options;
    options.cases = 400;
    const auto report = tfpp::testing::explore<provider, item<bug::none>>(options, hooks<item<bug::none>>());
    REQUIRE(report);
    CHECK(report.workflows == 400);
    CHECK(report.rejected == 0);
    // Every kind of step ran.
    for (const char* kind : {"create", "update in place", "replace", "refresh", "drift (changed)", "drift (deleted)",
                             "import by ID", "destroy", "failed write", "invalid value refused"})
        CHECK(report.covered.count(kind) == 1);
    // Changes keep `name` (requires_replace), so most are updates in place:
    // drawing each configuration afresh made five replacements for each.
    CHECK(report.covered.at("update in place") > 2 * report.covered.at("replace"));
    // The report says how many steps of each kind ran.
    std::ostringstream printed;
    printed << report;
    CHECK(printed.str().find("steps: " + report.step_mix()) != std::string::npos);
    CHECK(report.step_mix().find("update in place " + std::to_string(report.covered.at("update in place"))) !=
          std::string::npos);
    WARN(report.workflows << " workflows, " << report.steps << " steps in " << report.seconds
                          << " s: " << static_cast<double>(report.workflows) / report.seconds
                          << " workflows/s; steps: " << report.step_mix());
}

// Each planted bug is found, shrunk to at most `steps` steps and `values`
// configured values, and named by the property it breaks.
template <bug B>
void finds(std::string_view property, std::size_t steps, std::size_t values, std::string_view detail) {
    const auto report = explored<B>();
    INFO(report.failure);
    REQUIRE_FALSE(report);
    CHECK(report.property == property);
    CHECK(report.shrunk_steps <= steps);
    CHECK(report.shrunk_values <= values);
    CHECK(report.failure.find(detail) != std::string::npos);
    CHECK(report.catch2_test.find("TEST_CASE(\"" + std::string(item<B>::type_name)) != std::string::npos);
    WARN(item<B>::type_name << ": found after " << report.workflows << " workflows in " << report.seconds
                            << " s, shrunk to " << report.shrunk_steps << " steps and " << report.shrunk_values
                            << " values in " << report.shrink_runs << " replays (" << report.shrink_seconds << " s)");
    // The seed replays the same failure.
    tfpp::testing::explore_options again;
    again.replay = report.failing_seed;
    const auto replayed = tfpp::testing::explore<provider, item<B>>(again, hooks<item<B>>());
    CHECK(replayed.property == report.property);
    CHECK(replayed.failure == report.failure);
}

TEST_CASE("explore: a computed attribute changed on update without being unknown in the plan", "[explore]") {
    finds<bug::computed_changed_silently>("apply keeps the plan", 2, 3, "inconsistent result after apply");
}
TEST_CASE("explore: a read that normalizes a value", "[explore]") {
    finds<bug::read_normalizes>("empty plan after apply", 1, 2, "note");
}
TEST_CASE("explore: an import that misses an attribute", "[explore]") {
    finds<bug::import_misses_attribute>("import reproduces the state", 2, 2, "meta");
}
TEST_CASE("explore: a list the remote side reorders", "[explore]") {
    finds<bug::order_dependence>("apply keeps the plan", 1, 3, "labels");
}
TEST_CASE("explore: a default that differs between plan and apply", "[explore]") {
    finds<bug::default_differs>("apply keeps the plan", 1, 1, "mode");
}
TEST_CASE("explore: an unknown value left after apply", "[explore]") {
    finds<bug::unknown_after_apply>("nothing unknown survives apply", 1, 1, "revision");
}
TEST_CASE("explore: drift that read() does not detect", "[explore]") {
    finds<bug::drift_undetected>("drift is seen", 2, 1, "outside Terraform");
}
TEST_CASE("explore: a create that fails half-way and forgets the object", "[explore]") {
    finds<bug::failed_create_forgotten>("a failed write keeps the object", 1, 1, "Terraform forgets");
}

// Found within the default budget, with the default options: the steps
// that change a configuration keep `name` (requires_replace, though the hook
// draws it again) and change one field of one tag, so updates in place reach
// the nested change. Drawing each configuration afresh took 2,271 workflows.
TEST_CASE("explore: an update that drops a change to one field of a nested element", "[explore]") {
    using R = item<bug::nested_change_dropped>;
    const tfpp::testing::explore_options defaults;
    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}}) {
        tfpp::testing::explore_options options;
        options.seed = seed;  // 0: the default seed
        const auto report = tfpp::testing::explore<provider, R>(options, hooks<R>());
        INFO("seed " << seed << ": " << report);
        REQUIRE_FALSE(report);
        CHECK(report.workflows <= defaults.cases);
        // Seen by the plan after apply (or, as other seeds find it, by a
        // refresh or an import after it), in the tag's value.
        CHECK(report.shrunk_steps <= 3);
        CHECK(report.failure.find("tag[") != std::string::npos);
        CHECK(report.failure.find(".value") != std::string::npos);
        CHECK(report.failure.find("apply a changed configuration") != std::string::npos);
        WARN(R::type_name << ", seed " << seed << ": found after " << report.workflows << " workflows, shrunk to "
                          << report.shrunk_steps << " steps and " << report.shrunk_values << " values; steps: "
                          << report.step_mix());
    }
}

// Nearby seeds give unrelated workflows: each workflow's seed hashes the
// exploration seed with its index (seed + index made seeds 1, 2 and 3 find
// the same case at workflows n, n - 1 and n - 2).
TEST_CASE("explore: nearby seeds explore different workflows", "[explore]") {
    using tfpp::testing::detail::workflow_seed;
    std::set<std::uint64_t> seeds;
    double differing_bits = 0;
    for (std::uint64_t seed = 1; seed <= 64; ++seed) {
        for (std::size_t i = 0; i < 64; ++i) seeds.insert(workflow_seed(seed, i));
        differing_bits += std::popcount(workflow_seed(seed, 0) ^ workflow_seed(seed + 1, 0));
        CHECK(workflow_seed(seed, 1) != workflow_seed(seed + 1, 0));
    }
    CHECK(seeds.size() == 64 * 64);
    CHECK(differing_bits / 64 > 28);  // about half of 64 bits, as for unrelated numbers
    CHECK(differing_bits / 64 < 36);
    std::vector<std::uint64_t> failing;
    std::vector<std::size_t> found_at;
    for (std::uint64_t seed : {1, 2, 3}) {
        tfpp::testing::explore_options options;
        options.seed = seed;
        const auto report =
            tfpp::testing::explore<provider, item<bug::read_normalizes>>(options, hooks<item<bug::read_normalizes>>());
        REQUIRE_FALSE(report);
        failing.push_back(report.failing_seed);
        found_at.push_back(report.workflows);
        WARN("lab_read_normalizes, seed " << seed << ": found after " << report.workflows << " workflows");
    }
    CHECK(std::set<std::uint64_t>(failing.begin(), failing.end()).size() == 3);  // three different first cases
    CHECK_FALSE((found_at[1] + 1 == found_at[0] && found_at[2] + 2 == found_at[0]));
}

// A failing write whose plan is empty: nothing is written, so nothing is
// made to fail (the explorer once injected the failure anyway and then
// reported that it did not surface). `name` alone forces replacement, and a
// `tier` of two values changes often to what it was.
struct fixed_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::one_of<"x">> tier;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};
struct fixed_provider;
struct fixed {
    using model = fixed_model;
    static constexpr std::string_view type_name = "lab_fixed";
    fixed_provider& p;
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct fixed_provider {
    static constexpr std::string_view type_name = "lab";
    using resources = tfpp::type_list<fixed>;
    std::map<std::string, fixed_model> objects;
    bool fail_next_write = false;
    std::optional<fixed_model> write(fixed_model plan, tfpp::context& ctx) {
        plan.id = "fixed-" + *plan.name;
        objects[*plan.name] = plan;
        if (std::exchange(fail_next_write, false)) ctx.error("Write did not finish", "the object changed");
        return plan;
    }
};
std::optional<fixed_model> fixed::create(model plan, tfpp::context& ctx) { return p.write(std::move(plan), ctx); }
std::optional<fixed_model> fixed::read(model state, tfpp::context&) {
    auto it = p.objects.find(*state.name);
    if (it == p.objects.end()) return std::nullopt;
    return it->second;
}
std::optional<fixed_model> fixed::update(model plan, const model&, tfpp::context& ctx) {
    return p.write(std::move(plan), ctx);
}
void fixed::destroy(const model& state, tfpp::context&) { p.objects.erase(*state.name); }

TEST_CASE("explore: a failing write with an empty plan is not a failure", "[explore]") {
    tfpp::testing::explore_hooks<fixed_provider, fixed> h;
    std::size_t injected = 0;
    h.configure = [](fixed_model& m, tfpp::testing::random& r) { m.name = r.pick({"a", "b"}); };
    h.fail_next_write = [&](fixed_provider& p) {
        ++injected;
        return p.fail_next_write = true;
    };
    tfpp::testing::explore_options options;
    options.cases = 200;
    auto report = tfpp::testing::explore<fixed_provider, fixed>(options, h);
    REQUIRE(report);
    CHECK(report.covered["no-op (no write to fail)"] > 0);
    CHECK(report.covered["failed write"] == injected);  // each injected failure met a write
    CHECK(report.covered["update in place"] > 0);
}

// The pasted test configures the provider as the exploration did: without
// its region, every create fails, so the scenario would not replay.
struct region_config {
    tfpp::required<std::string> region;
    tfpp::optional<std::string, tfpp::sensitive> token;
};
struct note_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string> note;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};
struct regional_provider;
struct regional_note {  // its read lower-cases `note`, as read_normalizes
    using model = note_model;
    static constexpr std::string_view type_name = "lab_regional_note";
    regional_provider& p;
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct regional_provider {
    static constexpr std::string_view type_name = "lab";
    using config = region_config;
    using resources = tfpp::type_list<regional_note>;
    void configure(const region_config& c, tfpp::context&) { region = c.region.value_or(""); }
    std::string region;
    std::map<std::string, note_model> objects;
};
std::optional<note_model> regional_note::create(model plan, tfpp::context& ctx) {
    if (p.region.empty()) return ctx.error("No region", "the provider has no region configured");
    plan.id = p.region + "/" + *plan.name;
    p.objects[*plan.name] = plan;
    return plan;
}
std::optional<note_model> regional_note::read(model state, tfpp::context&) {
    auto it = p.objects.find(*state.name);
    if (it == p.objects.end()) return std::nullopt;
    model m = it->second;
    if (m.note.is_known())
        for (char& c : *m.note) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return m;
}
std::optional<note_model> regional_note::update(model plan, const model&, tfpp::context&) {
    p.objects[*plan.name] = plan;
    return plan;
}
void regional_note::destroy(const model& state, tfpp::context&) { p.objects.erase(*state.name); }

tfpp::testing::exploration_report explored_regional(region_config config, std::size_t& new_workflows) {
    tfpp::testing::explore_hooks<regional_provider, regional_note> h;
    h.provider_config = config;
    h.new_workflow = [&] { ++new_workflows; };
    h.configure = [](note_model& m, tfpp::testing::random& r) { m.name = r.pick({"a", "b"}); };
    return tfpp::testing::explore<regional_provider, regional_note>({}, h);
}

TEST_CASE("explore: the Catch2 test holds the provider configuration", "[explore]") {
    std::size_t new_workflows = 0;
    region_config config;
    config.region = "eu-1";
    const auto report = explored_regional(config, new_workflows);
    REQUIRE_FALSE(report);
    CHECK(new_workflows > 0);
    INFO(report.catch2_test);
    CHECK(report.catch2_test.find("    hooks.new_workflow();") != std::string::npos);
    CHECK(report.catch2_test.find("tfpp::testing::provider_under_test<test_explore::regional_provider> "
                                  "p(tfpp::testing::from_json<test_explore::region_config>(R\"json("
                                  "{\"region\":\"eu-1\",\"token\":null})json\"));") != std::string::npos);
    // A secret in the configuration is never printed: the test takes it from the hooks.
    config.token = "s3cr3t-token";
    const auto secret = explored_regional(config, new_workflows);
    REQUIRE_FALSE(secret);
    INFO(secret.catch2_test);
    CHECK(secret.catch2_test.find("provider_under_test<test_explore::regional_provider> p(*hooks.provider_config);") !=
          std::string::npos);
    CHECK(secret.catch2_test.find("s3cr3t") == std::string::npos);
    CHECK(secret.failure.find("s3cr3t") == std::string::npos);
}

TEST_CASE("explore: the generated Catch2 test with a provider configuration, pasted, fails the same way", "[explore]") {
    // From the report above, with REQUIRE(step1) made a check that it fails.
    using R = test_explore::regional_note;
    tfpp::testing::provider_under_test<test_explore::regional_provider> p(
        tfpp::testing::from_json<test_explore::region_config>(R"json({"region":"eu-1","token":null})json"));
    auto step1 = p.create<R>(
        tfpp::testing::from_json<test_explore::note_model>(R"json({"id":null,"name":"b","note":"A"})json"));
    REQUIRE_FALSE(step1);
    CHECK(step1.failure.find("note: expected \"a\", got \"A\"") != std::string::npos);
    // Without it (as the test was printed before), the create fails for another reason.
    tfpp::testing::provider_under_test<test_explore::regional_provider> unconfigured;
    auto other = unconfigured.create<R>(
        tfpp::testing::from_json<test_explore::note_model>(R"json({"id":null,"name":"b","note":"A"})json"));
    REQUIRE_FALSE(other);
    CHECK(other.failure.find("No region") != std::string::npos);
}

TEST_CASE("explore: import_ignore takes what import cannot restore from the state before", "[explore]") {
    tfpp::testing::explore_options options;
    options.cases = 300;
    options.import_ignore = {"meta"};
    const auto report = tfpp::testing::explore<provider, item<bug::import_misses_attribute>>(
        options, hooks<item<bug::import_misses_attribute>>());
    REQUIRE(report);
    CHECK(report.covered.count("import by ID") == 1);
}

// Every nesting mode of nested attributes and blocks, every collection, in
// a resource that stores what it is given: it must explore clean, and the
// generator must have filled each mode.
struct part {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t, tfpp::range<1, 9>> count;
    tfpp::computed<std::string> serial;
};
struct wheel {
    tfpp::required<std::int64_t> size;
    tfpp::optional<tfpp::set<std::string>> marks;
};
struct rich_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<part> main_part;
    tfpp::optional<std::vector<part>> part_list;
    tfpp::optional<tfpp::set<part>> part_set;
    tfpp::optional<std::map<std::string, part>> part_map;
    tfpp::optional<std::map<std::string, std::vector<tfpp::number>>> series;
    tfpp::optional<tfpp::set<bool>> flags;
    tfpp::optional<tfpp::dynamic> anything;
    tfpp::block<wheel> spare;
    tfpp::block_list<wheel, tfpp::max_items<3>> front;
    tfpp::block_set<wheel> back;
    tfpp::block_map<wheel> named;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct rich {
    using model = rich_model;
    static constexpr std::string_view type_name = "lab_rich";
    static constexpr std::string_view import_id_attribute = "name";
    static void serials(model& m) {
        const auto fill = [](part& x) { x.serial = "s-" + *x.label; };
        if (m.main_part.is_known()) fill(*m.main_part);
        if (m.part_list.is_known())
            for (part& x : *m.part_list) fill(x);
        if (m.part_map.is_known())
            for (auto& [k, x] : *m.part_map) fill(x);
        if (m.part_set.is_known()) {
            std::vector<part> parts(m.part_set->begin(), m.part_set->end());
            for (part& x : parts) fill(x);
            m.part_set = tfpp::set<part>(std::move(parts));
        }
    }
    std::optional<model> create(model plan, tfpp::context&) {
        const auto seen = [](const char* what, bool set, std::size_t n = 0) {
            if (set) filled[what] = std::max<std::size_t>(filled[what], std::max<std::size_t>(n, 1));
        };
        seen("main_part", plan.main_part.is_known());
        seen("part_list", plan.part_list.is_known() && !plan.part_list->empty(),
             plan.part_list.is_known() ? plan.part_list->size() : 0);
        seen("part_set", plan.part_set.is_known() && !plan.part_set->empty());
        seen("part_map", plan.part_map.is_known() && !plan.part_map->empty());
        seen("series", plan.series.is_known() && !plan.series->empty(),
             plan.series.is_known() ? plan.series->size() : 0);
        seen("flags", plan.flags.is_known() && !plan.flags->empty());
        seen("anything", plan.anything.is_known());
        seen("spare", plan.spare.is_known());
        seen("front", plan.front.is_known() && !plan.front->empty());
        seen("back", plan.back.is_known() && !plan.back->empty());
        seen("named", plan.named.is_known() && !plan.named->empty());
        plan.id = "rich-" + *plan.name;
        serials(plan);
        rich_objects[*plan.name] = tfpp::to_msgpack(plan);
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) {
        auto it = rich_objects.find(*state.name);
        if (it == rich_objects.end()) return std::nullopt;
        model m;
        tfpp::diagnostics d;
        if (!tfpp::decode_msgpack(it->second, m, d)) return std::nullopt;
        return m;
    }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) { return create(std::move(plan), ctx); }
    void destroy(const model& state, tfpp::context&) { rich_objects.erase(*state.name); }
    static inline std::map<std::string, std::string> rich_objects;
    static inline std::map<std::string, std::size_t> filled;  // field -> most elements seen
};

struct rich_provider {
    static constexpr std::string_view type_name = "lab";
    using resources = tfpp::type_list<rich>;
};

TEST_CASE("explore: every nesting mode, explored clean", "[explore]") {
    tfpp::testing::explore_hooks<rich_provider, rich> h;
    h.new_workflow = [] { rich::rich_objects.clear(); };
    h.configure = [](rich_model& m, tfpp::testing::random& r) { m.name = r.pick({"a", "b"}); };
    tfpp::testing::explore_options options;
    options.cases = 300;
    const auto report = tfpp::testing::explore<rich_provider, rich>(options, h);
    REQUIRE(report);
    CHECK(report.rejected == 0);
    for (const char* kind : {"create", "update in place", "replace", "refresh", "import by ID", "destroy"})
        CHECK(report.covered.count(kind) == 1);
    for (const char* field : {"main_part", "part_list", "part_set", "part_map", "series", "flags", "anything", "spare",
                              "front", "back", "named"})
        CHECK(rich::filled.count(field) == 1);
    CHECK(std::max(rich::filled["part_list"], rich::filled["series"]) >= options.large_elements);
    WARN("lab_rich: " << report.workflows << " workflows, " << report.steps << " steps in " << report.seconds << " s");
}

TEST_CASE("explore: the generated Catch2 test, pasted, fails the same way", "[explore]") {
    // From the report of the read_normalizes case, with REQUIRE(step1) made a check that it fails.
    using R = test_explore::item<test_explore::bug::read_normalizes>;
    tfpp::testing::provider_under_test<test_explore::provider> p;
    auto step1 = p.create<R>(tfpp::testing::from_json<test_explore::item_model>(
        R"json({"aliases":null,"extra":null,"id":null,"labels":null,"meta":null,"mode":null,"name":"b","note":"A",
        "revision":null,"size":null,"tag":null,"tier":null})json"));
    REQUIRE_FALSE(step1);
    CHECK(step1.failure.find("note: expected \"a\", got \"A\"") != std::string::npos);
    CHECK_THROWS_WITH(tfpp::testing::from_json<test_explore::item_model>(R"({"name": [1]})"),
                      Catch::Contains("tfpp: from_json"));
}

TEST_CASE("explore: generated configurations honour the validators", "[explore]") {
    // Values the validators refuse are drawn again: every object created
    // holds a valid `tier` and `size`, and the validators' values are used.
    created.clear();
    tfpp::testing::explore_options options;
    options.cases = 200;
    REQUIRE(tfpp::testing::explore<provider, item<bug::none>>(options, hooks<item<bug::none>>()));
    std::map<std::string, int> tiers;
    std::int64_t smallest = 1000, largest = -1;
    for (const item_model& m : created) {
        if (m.tier.is_known()) ++tiers[*m.tier];
        if (m.size.is_known()) {
            smallest = std::min(smallest, *m.size);
            largest = std::max(largest, *m.size);
        }
    }
    CHECK(tiers.size() == 2);  // "small" and "large", nothing else
    CHECK(tiers.count("small") == 1);
    CHECK(smallest >= 0);
    CHECK(largest <= 100);
    CHECK(largest > smallest);
}

TEST_CASE("explore: shrinking keeps strings UTF-8", "[explore]") {
    std::vector<tfpp::dynamic> smaller;
    tfpp::testing::detail::smaller_values(tfpp::dynamic("日本語"), smaller);
    REQUIRE(smaller.size() == 4);  // null, "", "日", "a"
    CHECK(smaller[2].as_string() == "日");
}

TEST_CASE("explore: a seed gives the same workflows", "[explore]") {
    tfpp::testing::explore_options options;
    options.cases = 50;
    options.seed = 7;
    const auto a = tfpp::testing::explore<provider, item<bug::none>>(options, hooks<item<bug::none>>());
    const auto b = tfpp::testing::explore<provider, item<bug::none>>(options, hooks<item<bug::none>>());
    CHECK(a.steps == b.steps);
    CHECK(a.covered == b.covered);
    options.seed = 8;
    const auto c = tfpp::testing::explore<provider, item<bug::none>>(options, hooks<item<bug::none>>());
    CHECK(c.covered != a.covered);
}

}  // namespace test_explore
