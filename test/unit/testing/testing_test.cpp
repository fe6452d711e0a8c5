// tfpp/testing.hpp: the proposed new state as Core computes it, the driver's
// single operations, each scenario helper, and the failure messages they
// give when a provider misbehaves.
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_testing {

// ------------------------------------------------ the proposed new state

struct disk {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t> size;
    tfpp::computed<std::string> device;
    tfpp::optional_computed<std::string> mode;
};
struct port_rule {
    tfpp::required<std::int64_t> port;
    tfpp::computed<std::string> rule_id;
};
struct machine {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> note;
    tfpp::optional_computed<std::string> size;
    tfpp::computed<std::string> id;
    tfpp::optional<std::string, tfpp::write_only> password;
    tfpp::optional<std::vector<disk>> disks;
    tfpp::optional<std::map<std::string, disk>> volumes;
    tfpp::optional<tfpp::set<disk>> spares;
    tfpp::block_list<port_rule> rule;
    tfpp::block_set<port_rule> firewall;
};

disk make_disk(std::string label, std::int64_t size, tfpp::value<std::string> device = tfpp::null,
               tfpp::value<std::string> mode = tfpp::null) {
    disk d;
    d.label = std::move(label);
    d.size = size;
    d.device = std::move(device);
    d.mode = std::move(mode);
    return d;
}
port_rule make_rule(std::int64_t port, tfpp::value<std::string> id = tfpp::null) {
    port_rule r;
    r.port = port;
    r.rule_id = std::move(id);
    return r;
}

machine proposed(const machine* prior, const machine& config) {
    std::string out;
    tfpp::diagnostics d;
    REQUIRE(tfpp::testing::detail::proposed_new_state(tfpp::schema_of<machine>(),
                                                      prior ? tfpp::to_msgpack(*prior) : std::string("\xc0", 1),
                                                      tfpp::to_msgpack(config), out, d));
    machine m;
    REQUIRE(tfpp::decode_msgpack(out, m, d));
    return m;
}

machine applied_machine() {
    machine m;
    m.name = "m";
    m.note = "old";
    m.size = "large";
    m.id = "m-1";
    m.disks = std::vector<disk>{make_disk("root", 10, "/dev/a", "rw"), make_disk("data", 20, "/dev/b", "ro")};
    m.volumes = std::map<std::string, disk>{{"v1", make_disk("v1", 1, "/dev/v1", "rw")}};
    m.spares = tfpp::set<disk>{make_disk("s1", 1, "/dev/s1", "rw"), make_disk("s2", 2, "/dev/s2", "rw")};
    m.rule = std::vector<port_rule>{make_rule(22, "r-22"), make_rule(80, "r-80")};
    m.firewall = tfpp::set<port_rule>{make_rule(443, "f-443")};
    return m;
}

TEST_CASE(
    "proposed new state of a create: the configuration (write-only values too, as Core proposes them), computed values "
    "null",
    "[testing]") {
    machine config;
    config.name = "m";
    config.password = "secret";
    config.disks = std::vector<disk>{make_disk("root", 10)};
    config.rule = std::vector<port_rule>{make_rule(22)};
    config.firewall = tfpp::set<port_rule>{};
    const machine p = proposed(nullptr, config);
    CHECK(p.name == "m");
    CHECK(p.id.is_null());
    CHECK(p.size.is_null());
    CHECK(p.password == "secret");  // the planner, not the proposal, nulls it
    REQUIRE(p.disks->size() == 1);
    CHECK((*p.disks)[0].device.is_null());
    CHECK((*p.rule)[0].rule_id.is_null());
}

TEST_CASE("proposed new state: computed attributes the configuration leaves null keep their prior values",
          "[testing]") {
    const machine prior = applied_machine();
    machine config;
    config.name = "m";
    config.note = "new";  // optional: the configuration's, even when null
    config.size = tfpp::null;
    config.disks =
        std::vector<disk>{make_disk("root", 10), make_disk("data", 30, tfpp::null, "rw"), make_disk("extra", 5)};
    config.volumes = std::map<std::string, disk>{{"v1", make_disk("v1", 1)}, {"v2", make_disk("v2", 2)}};
    config.spares = tfpp::set<disk>{make_disk("s1", 1), make_disk("s3", 3)};
    config.rule = std::vector<port_rule>{make_rule(22)};
    config.firewall = tfpp::set<port_rule>{make_rule(443), make_rule(8443)};
    const machine p = proposed(&prior, config);

    CHECK(p.note == "new");
    CHECK(p.size == "large");  // optional+computed, null in config: prior
    CHECK(p.id == "m-1");
    // lists by index: element 0 keeps its computed values, element 1 its device
    // (mode is set in config), the new element 2 has none
    REQUIRE(p.disks->size() == 3);
    CHECK((*p.disks)[0].device == "/dev/a");
    CHECK((*p.disks)[0].mode == "rw");
    CHECK((*p.disks)[1].device == "/dev/b");
    CHECK((*p.disks)[1].size == std::int64_t{30});
    CHECK((*p.disks)[1].mode == "rw");
    CHECK((*p.disks)[2].device.is_null());
    // maps by key
    CHECK(p.volumes->at("v1").device == "/dev/v1");
    CHECK(p.volumes->at("v2").device.is_null());
    // sets: s1 matches its prior element (computed values nulled), s3 is new
    REQUIRE(p.spares->size() == 2);
    for (const disk& d : *p.spares) {
        if (*d.label == "s1") CHECK(d.device == "/dev/s1");
        else CHECK(d.device.is_null());
    }
    // list blocks by index, prior elements beyond the configuration dropped
    REQUIRE(p.rule->size() == 1);
    CHECK((*p.rule)[0].rule_id == "r-22");
    // set blocks matched the same way
    REQUIRE(p.firewall->size() == 2);
    for (const port_rule& r : *p.firewall) {
        if (*r.port == 443) CHECK(r.rule_id == "f-443");
        else CHECK(r.rule_id.is_null());
    }
}

TEST_CASE("proposed new state: a set element whose configured values changed is a new element", "[testing]") {
    const machine prior = applied_machine();
    machine config;
    config.name = "m";
    config.spares = tfpp::set<disk>{make_disk("s1", 100), make_disk("s2", 2)};
    config.rule = std::vector<port_rule>{};
    config.firewall = tfpp::set<port_rule>{};
    const machine p = proposed(&prior, config);
    REQUIRE(p.spares->size() == 2);
    for (const disk& d : *p.spares) {
        if (*d.label == "s1") CHECK(d.device.is_null());  // size changed: no prior element matches
        else CHECK(d.device == "/dev/s2");
    }
    CHECK(p.rule->empty());
    CHECK(p.volumes.is_null());
}

TEST_CASE("proposed new state equals the prior state when nothing changed, byte for byte", "[testing]") {
    const machine prior = applied_machine();
    machine config = prior;
    config.id = tfpp::null;
    config.size = tfpp::null;
    for (disk& d : *config.disks) {
        d.device = tfpp::null;
        d.mode = tfpp::null;
    }
    for (auto& [key, d] : *config.volumes) {
        d.device = tfpp::null;
        d.mode = tfpp::null;
    }
    std::vector<disk> spares;
    for (disk d : *config.spares) {
        d.device = tfpp::null;
        d.mode = tfpp::null;
        spares.push_back(d);
    }
    config.spares = tfpp::set<disk>(spares);
    for (port_rule& r : *config.rule) r.rule_id = tfpp::null;
    config.firewall = tfpp::set<port_rule>{make_rule(443)};
    std::string out;
    tfpp::diagnostics d;
    REQUIRE(tfpp::testing::detail::proposed_new_state(tfpp::schema_of<machine>(), tfpp::to_msgpack(prior),
                                                      tfpp::to_msgpack(config), out, d));
    CHECK(out == tfpp::to_msgpack(prior));
}

// ------------------------------------------------------ a provider to drive

struct thing_v0 {  // schema version 0 called the name "title"
    tfpp::required<std::string> title;
    tfpp::optional<std::string> note;
    tfpp::computed<std::string> id;
};

struct thing_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string> note;
    tfpp::optional_computed<std::string, tfpp::default_value<"small">> size;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> revision;
};

struct provider;

// Objects live in the provider: what "the remote API" holds.
struct thing {
    using model = thing_model;
    static constexpr std::string_view type_name = "mem_thing";
    static constexpr std::string_view import_id_attribute = "name";
    static constexpr std::int64_t schema_version = 1;
    using prior_models = tfpp::type_list<thing_v0>;
    provider& p;

    void validate(const model& config, tfpp::context& ctx) {
        if (config.note == "invalid") ctx.error("Invalid note", "the note must not be \"invalid\"", "note");
        if (config.note == "typed") ctx.error("Invalid note", "named by member pointer", tfpp::path_of(&model::note));
        if (config.note == "misspelled") ctx.error("Invalid note", "at a path the schema lacks", "nte");
    }
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    model upgrade_state(thing_v0 old, tfpp::context&) {
        model m;
        m.name = old.title;
        m.note = old.note;
        m.id = old.id;
        return m;
    }
};

// A resource with bugs, for the failure messages: "upper" is stored
// upper-cased (an inconsistent result), "drifty" reads back upper-cased (a
// plan after apply that is never empty).
struct sloppy_model {
    tfpp::required<std::string> name;
    tfpp::required<std::string> note;
};
struct sloppy {
    using model = sloppy_model;
    static constexpr std::string_view type_name = "mem_sloppy";
    std::optional<model> create(model plan, tfpp::context&) {
        if (plan.name == "upper") plan.note = "UPPER";
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) {
        if (state.name == "drifty") state.note = "DRIFTED";
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct thing_data_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> note;
};
struct thing_data {
    using model = thing_data_model;
    static constexpr std::string_view type_name = "mem_thing";
    provider& p;
    std::optional<model> read(model config, tfpp::context& ctx);
};

struct config {
    tfpp::optional<std::string> prefix;
};

struct provider {
    static constexpr std::string_view type_name = "mem";
    using config = test_testing::config;
    using resources = tfpp::type_list<thing, sloppy>;
    using data_sources = tfpp::type_list<thing_data>;
    void configure(const config& c, tfpp::context&) { prefix = c.prefix.value_or("id-"); }

    std::string prefix;
    std::map<std::string, thing_model> objects;  // by name
    int destroyed = 0;
    std::string private_seen;  // the private state the last update was given
};
static_assert(tfpp::valid_provider<provider>);

std::optional<thing_model> thing::create(model plan, tfpp::context& ctx) {
    if (plan.name == "fail") return ctx.error("Cannot create", "the API refused");
    plan.id = p.prefix + *plan.name;
    plan.revision = "1";
    p.objects[*plan.name] = plan;
    ctx.set_private_state("etag-1");
    if (plan.name == "half") ctx.error("Create did not finish", "the object exists but is not ready");
    return plan;
}
std::optional<thing_model> thing::read(model state, tfpp::context&) {
    auto it = p.objects.find(*state.name);
    if (it == p.objects.end()) return std::nullopt;
    return it->second;
}
std::optional<thing_model> thing::update(model plan, const model& prior, tfpp::context& ctx) {
    plan.revision = std::to_string(std::stoi(*prior.revision) + 1);
    p.private_seen = std::string(ctx.private_state());
    ctx.set_private_state("etag-" + *plan.revision);
    p.objects[*plan.name] = plan;
    return plan;
}
void thing::destroy(const model& state, tfpp::context&) {
    p.objects.erase(*state.name);
    ++p.destroyed;
}
std::optional<thing_data_model> thing_data::read(model config, tfpp::context& ctx) {
    auto it = p.objects.find(*config.name);
    if (it == p.objects.end()) return ctx.error("Not found", "no thing " + *config.name, "name");
    config.note = it->second.note;
    return config;
}

thing_model thing_config(std::string name, tfpp::value<std::string> note = tfpp::null) {
    thing_model m;
    m.name = std::move(name);
    m.note = std::move(note);
    return m;
}

using tfpp::testing::action;
using tfpp::testing::no_state;
using driver = tfpp::testing::provider_under_test<provider>;

// ------------------------------------------------------- single operations

TEST_CASE("the driver plans, applies and reads with typed models", "[testing]") {
    driver p;
    REQUIRE(p.configure_diagnostics().empty());
    auto step = p.plan<thing>(thing_config("a", "hello"), no_state);
    REQUIRE(step.ok());
    CHECK(step.action == action::create);
    CHECK(step.planned.size == "small");  // the default, planned
    CHECK(step.planned.id.is_unknown());
    CHECK(step.planned.note == "hello");

    auto applied = p.apply(step);
    REQUIRE(applied.ok());
    REQUIRE(applied.state);
    CHECK(applied.state->id == "id-a");
    CHECK_FALSE(applied.tainted);

    auto again = p.read<thing>(*applied.state);
    REQUIRE(again.state);
    CHECK(tfpp::testing::diff(*applied.state, *again.state) == "");

    auto same = p.plan<thing>(thing_config("a", "hello"), applied);
    CHECK(same.action == action::no_op);
    auto changed = p.plan<thing>(thing_config("a", "bye"), *applied.state);
    CHECK(changed.action == action::update);
    CHECK(changed.planned.id == "id-a");           // use_state_for_unknown
    CHECK(changed.planned.revision.is_unknown());  // computed, the object changes
    auto renamed = p.plan<thing>(thing_config("b", "hello"), *applied.state);
    CHECK(renamed.action == action::replace);
    CHECK(renamed.replace_paths() == std::vector<std::string>{"name"});
    CHECK(renamed.planned.id.is_unknown());  // planned again as a create

    auto gone = p.plan_destroy<thing>(*applied.state);
    REQUIRE(gone.ok());
    CHECK(gone.action == action::destroy);
    auto destroyed = p.apply(gone);
    REQUIRE(destroyed.ok());
    CHECK_FALSE(destroyed.state);
    CHECK(p.provider().objects.empty());
}

TEST_CASE("the driver configures the provider with a typed configuration", "[testing]") {
    config c;
    c.prefix = "thing/";
    driver p(c);
    auto r = p.create<thing>(thing_config("a"));
    REQUIRE(r);
    CHECK(r.state->id == "thing/a");
}

TEST_CASE("validation errors come back from plan with their paths", "[testing]") {
    driver p;
    auto step = p.plan<thing>(thing_config("a", "invalid"), no_state);
    REQUIRE_FALSE(step.ok());
    CHECK(step.diagnostics[0].summary == "Invalid note");
    CHECK(step.diagnostics[0].path.to_string() == "note");
    auto applied = p.apply(step);
    CHECK_FALSE(applied.ok());
    CHECK_FALSE(applied.state);
}

TEST_CASE("a handler's attribute paths are checked against the schema", "[testing]") {
    driver p;
    auto typed = p.plan<thing>(thing_config("a", "typed"), no_state);
    REQUIRE(typed.diagnostics.size() == 1);
    CHECK(typed.diagnostics[0].path.to_string() == "note");
    CHECK(typed.diagnostics[0].detail == "named by member pointer");

    // A path the schema does not have would point nowhere: the diagnostic is
    // kept, at the resource, and says which path was wrong.
    auto misspelled = p.plan<thing>(thing_config("a", "misspelled"), no_state);
    REQUIRE(misspelled.diagnostics.size() == 1);
    CHECK(misspelled.diagnostics[0].summary == "Invalid note");
    CHECK(misspelled.diagnostics[0].path.empty());
    CHECK_THAT(
        misspelled.diagnostics[0].detail,
        Catch::Matchers::StartsWith("at a path the schema lacks\n\n(mem_thing validate reported this at \"nte\""));
}

TEST_CASE("data sources are validated and read; unknown configuration defers the read", "[testing]") {
    driver p;
    REQUIRE(p.create<thing>(thing_config("a", "hello")));
    thing_data_model q;
    q.name = "a";
    auto r = p.read_data_source<thing_data>(q);
    REQUIRE(r.ok());
    CHECK(r.state->note == "hello");
    q.name = "nope";
    auto missing = p.read_data_source<thing_data>(q);
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.diagnostics[0].path.to_string() == "name");
    q.name = tfpp::unknown;
    auto later = p.read_data_source<thing_data>(q);
    CHECK(later.deferred);
    CHECK_FALSE(later.state);
}

// -------------------------------------------------------- scenario helpers

TEST_CASE("scenario: create, update in place, replace", "[testing]") {
    driver p;
    thing_model expected;
    expected.id = "id-a";
    expected.revision = "1";
    auto created = p.create<thing>(thing_config("a", "one"), expected);
    REQUIRE(created);
    CHECK(created.private_state == "etag-1");
    // chained through outcomes, the private state travels along
    auto updated = p.update<thing>(created, thing_config("a", "two"));
    REQUIRE(updated);
    CHECK(updated.state->revision == "2");
    CHECK(p.provider().private_seen == "etag-1");
    CHECK(updated.private_state == "etag-2");
    // from a bare model there is none
    REQUIRE(p.update<thing>(*updated.state, thing_config("a", "three")));
    CHECK(p.provider().private_seen == "");
    auto replaced = p.replace<thing>(updated, thing_config("b", "two"), {"name"});
    REQUIRE(replaced);
    CHECK(replaced.state->id == "id-b");
    CHECK(p.provider().destroyed == 1);
    CHECK(p.provider().objects.count("a") == 0);
    CHECK(p.empty_plan<thing>(thing_config("b", "two"), *replaced.state));
}

TEST_CASE("scenario: import, then an empty plan", "[testing]") {
    driver p;
    auto created = p.create<thing>(thing_config("a", "one"));
    REQUIRE(created);
    driver fresh;  // another provider instance sharing nothing: import finds nothing
    auto nothing = fresh.import_then_empty_plan<thing>("a", thing_config("a", "one"));
    CHECK_FALSE(nothing);
    CHECK_THAT(nothing.failure, Catch::Contains("Cannot import non-existent remote object"));
    auto imported = p.import_then_empty_plan<thing>("a", thing_config("a", "one"), *created.state);
    REQUIRE(imported);
    CHECK(tfpp::testing::diff(*created.state, *imported.state) == "");
}

TEST_CASE("scenario: upgrade from an older schema version, then an empty plan", "[testing]") {
    driver p;
    REQUIRE(p.create<thing>(thing_config("a", "one")));
    auto upgraded = p.upgrade_state<thing>(0, R"({"title":"a","note":"one","id":"id-a"})");
    REQUIRE(upgraded.ok());
    CHECK(upgraded.state->name == "a");
    CHECK(p.upgrade_then_empty_plan<thing>(0, R"({"title":"a","note":"one","id":"id-a"})", thing_config("a", "one")));
    auto newer = p.upgrade_state<thing>(7, R"({})");
    REQUIRE_FALSE(newer.ok());
    CHECK(newer.diagnostics[0].summary == "Resource state is newer than the provider");
}

TEST_CASE("scenario: drift, changed and gone", "[testing]") {
    driver p;
    auto created = p.create<thing>(thing_config("a", "one"));
    REQUIRE(created);
    p.provider().objects["a"].note = "changed by hand";
    CHECK(p.drift<thing>(thing_config("a", "one"), *created.state, action::update));
    CHECK(p.provider().objects["a"].note == "one");
    p.provider().objects.clear();
    CHECK(p.drift<thing>(thing_config("a", "one"), *created.state, action::create));
    CHECK(p.provider().objects.count("a") == 1);
}

TEST_CASE("scenario: values unknown until apply", "[testing]") {
    driver p;
    auto r = p.unknown_until_apply<thing>(thing_config("a", tfpp::unknown), thing_config("a", "known now"));
    REQUIRE(r);
    CHECK(r.state->note == "known now");
    auto nothing_unknown = p.unknown_until_apply<thing>(thing_config("b", "x"), thing_config("b", "x"));
    CHECK_THAT(nothing_unknown.failure, Catch::Contains("holds no tfpp::unknown"));
}

TEST_CASE("scenario: partial failure keeps the object, tainted, and the next plan replaces it", "[testing]") {
    driver p;
    auto r = p.partial_failure<thing>(thing_config("half"));
    REQUIRE(r);
    CHECK(r.state->id == "id-half");
    // single steps show the same
    auto step = p.plan<thing>(thing_config("half"), no_state);
    auto applied = p.apply(step);
    CHECK(applied.tainted);
    CHECK(p.plan<thing>(thing_config("half"), applied).action == action::replace);
    // a create that fails without an object is not a partial failure
    auto none = p.partial_failure<thing>(thing_config("fail"));
    CHECK_THAT(none.failure, Catch::Contains("returned no object"));
}

// ------------------------------------------------------- failure messages

TEST_CASE("diff lists attribute paths with both values", "[testing]") {
    thing_model a = thing_config("a", "one"), b = thing_config("a", "two");
    b.id = tfpp::unknown;
    CHECK(tfpp::testing::diff(a, a) == "");
    CHECK(tfpp::testing::diff(a, b) ==
          "  id: expected null, got (known after apply)\n"
          "  note: expected \"one\", got \"two\"\n");
    thing_model only_note;
    only_note.note = "one";
    CHECK(tfpp::testing::partial_diff(only_note, a) == "");
    CHECK(tfpp::testing::partial_diff(only_note, b) == "  note: expected \"one\", got \"two\"\n");

    machine m = applied_machine(), n = applied_machine();
    (*n.disks)[1].device = "/dev/z";
    n.volumes->erase("v1");
    CHECK(tfpp::testing::diff(m, n) ==
          "  disks[1].device: expected \"/dev/b\", got \"/dev/z\"\n"
          "  volumes[\"v1\"]: expected { device = \"/dev/v1\", label = \"v1\", mode = \"rw\", size = 1 }, got (no such "
          "key)\n");
}

TEST_CASE("failure: the plan after apply is not empty", "[testing]") {
    driver p;
    sloppy_model config;
    config.name = "drifty";
    config.note = "calm";
    auto r = p.create<sloppy>(config);
    REQUIRE_FALSE(r);
    CHECK(r.failure ==
          "after apply, expected an empty plan for mem_sloppy, but it would update in place; prior state (expected) "
          "against the plan (got):\n  note: expected \"DRIFTED\", got \"calm\"\n");
}

TEST_CASE("failure: an inconsistent result is caught by the consistency checker", "[testing]") {
    tfpp::set_consistency_check(tfpp::consistency_check::off);  // the driver checks anyway
    driver p;
    sloppy_model config;
    config.name = "upper";
    config.note = "lower";
    auto r = p.create<sloppy>(config);
    tfpp::set_consistency_check(std::nullopt);
    REQUIRE_FALSE(r);
    CHECK_THAT(r.failure, Catch::StartsWith("apply (create) of mem_sloppy failed:\n  error: "));
    CHECK_THAT(r.failure, Catch::Contains("(at note)"));
    CHECK_THAT(r.failure, Catch::Contains("UPPER"));
}

TEST_CASE("failure: the wrong action names what the plan would do and why", "[testing]") {
    driver p;
    auto created = p.create<thing>(thing_config("a", "one"));
    REQUIRE(created);
    auto r = p.update<thing>(*created.state, thing_config("b", "one"));
    REQUIRE_FALSE(r);
    CHECK(r.failure ==
          "expected the plan to update in place mem_thing, but it would replace (forced by name); prior state "
          "(expected) against the plan (got):\n"
          "  id: expected \"id-a\", got (known after apply)\n"
          "  name: expected \"a\", got \"b\"\n"
          "  revision: expected \"1\", got (known after apply)\n");
    auto wrong_paths = p.replace<thing>(*created.state, thing_config("b", "one"), {"note"});
    CHECK(wrong_paths.failure ==
          "expected the replacement of mem_thing to be forced by note, but it is forced by name");
    auto not_expected = p.create<thing>(thing_config("c"), thing_config("c", "something"));
    CHECK(not_expected.failure ==
          "the state mem_thing applied differs from the expected one:\n  note: expected \"something\", got null\n");
}

}  // namespace test_testing
