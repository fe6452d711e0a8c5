// The consistency checker: each of Terraform's rules for plans
// (AssertPlanValid) and for results (AssertObjectCompatible and the checks
// after apply) produces its diagnostic, with the attribute's path, the
// values and the fix; what tfpp's planner produces passes; a handler that
// misbehaves is caught through the engine.
#include "codec_test_util.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/plan/detail/planner.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace test_consistency {

// The unit tests always run with the check on, whatever the environment says.
const bool forced_on = [] {
    tfpp::set_consistency_check(tfpp::consistency_check::on);
    return true;
}();

struct item {
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t> size;
    tfpp::computed<std::string> id;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> serial;
    tfpp::optional<std::string, tfpp::sensitive> secret;
};
struct rule {
    tfpp::required<std::int64_t> port;
    tfpp::computed<std::string> rule_id;
};
struct widget {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> note;
    tfpp::optional_computed<std::string> mode;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> digest;
    tfpp::optional<std::string, tfpp::sensitive> password_hash;
    tfpp::optional<std::string, tfpp::write_only> password;
    tfpp::optional<std::vector<item>> items;
    tfpp::optional<std::map<std::string, item>> by_key;
    tfpp::optional<tfpp::set<item>> pool;
    tfpp::optional<std::vector<std::string>> tags;
    tfpp::optional<tfpp::set<std::string>> labels;
    tfpp::optional<std::map<std::string, std::string>> meta;
    tfpp::block_list<rule> ingress;
    tfpp::block_set<rule> egress;
    tfpp::block<rule> primary;
    tfpp::block_map<rule> named;
};

const tfpp::block_schema& schema() { return tfpp::schema_of<widget>(); }

struct outcome {
    bool ok = false;
    tfpp::diagnostics diags;
    // The first diagnostic's detail and path, for the usual one-violation case.
    [[nodiscard]] std::string detail() const { return diags.empty() ? std::string() : diags[0].detail; }
    [[nodiscard]] std::string path() const { return diags.empty() ? std::string("-") : diags[0].path.to_string(); }
};

outcome check_plan(const std::string& prior, const std::string& config, const std::string& planned) {
    outcome o;
    o.ok = tfpp::check_plan_consistency(schema(), prior, config, planned, o.diags, {.resource_type = "test_widget"});
    return o;
}
outcome check_apply(const std::string& planned, const std::string& actual) {
    outcome o;
    o.ok = tfpp::check_apply_consistency(schema(), planned, actual, o.diags,
                                         {.resource_type = "test_widget", .operation = "update"});
    return o;
}

widget base_config() {
    widget w;
    w.name = "w";
    w.ingress = std::vector<rule>{};
    w.egress = tfpp::set<rule>{};
    w.named = std::map<std::string, rule>{};
    return w;
}

item config_item(std::string name, std::int64_t size) {
    item i;
    i.name = std::move(name);
    i.size = size;
    return i;
}
item applied_item(std::string name, std::int64_t size) {
    item i = config_item(name, size);
    i.id = "id-" + name;
    i.serial = "serial-" + name;
    return i;
}
rule make_rule(std::int64_t port) {
    rule r;
    r.port = port;
    return r;
}
rule applied_rule(std::int64_t port) {
    rule r = make_rule(port);
    r.rule_id = "r-" + std::to_string(port);
    return r;
}

// What Core proposes from a configuration and a prior state (ProposedNew):
// configured values, prior values of computed attributes left unset (by
// index, key, or an equal set element).
widget proposed_from(const widget& config, const widget* prior) {
    widget p = config;
    if (!prior) return p;
    if (config.mode.is_null()) p.mode = prior->mode;
    p.id = prior->id;
    p.digest = prior->digest;
    if (p.items.is_known() && prior->items.is_known())
        for (std::size_t i = 0; i < p.items->size() && i < prior->items->size(); ++i) {
            (*p.items)[i].id = (*prior->items)[i].id;
            (*p.items)[i].serial = (*prior->items)[i].serial;
        }
    if (p.by_key.is_known() && prior->by_key.is_known())
        for (auto& [k, v] : *p.by_key)
            if (auto it = prior->by_key->find(k); it != prior->by_key->end()) {
                v.id = it->second.id;
                v.serial = it->second.serial;
            }
    if (p.ingress.is_known() && prior->ingress.is_known())
        for (std::size_t i = 0; i < p.ingress->size() && i < prior->ingress->size(); ++i)
            (*p.ingress)[i].rule_id = (*prior->ingress)[i].rule_id;
    return p;
}

struct planned_widget {
    std::string bytes;
    widget decoded;
};

planned_widget plan(const widget* prior, const widget& config) {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    const std::string prior_bytes = prior ? tfpp::to_msgpack(*prior) : std::string();
    REQUIRE(tfpp::detail::plan_resource_change(schema(), prior_bytes, tfpp::to_msgpack(proposed_from(config, prior)),
                                               tfpp::to_msgpack(config), r, d));
    REQUIRE(d.empty());
    planned_widget out{r.planned_state, {}};
    tfpp::diagnostics dd;
    REQUIRE(tfpp::decode_msgpack(r.planned_state, out.decoded, dd));
    return out;
}

std::string enc(const widget& w) { return tfpp::to_msgpack(w); }

// Fills in what apply decides: every unknown computed value.
widget applied(widget w) {
    if (w.id.is_unknown()) w.id = "id-1";
    if (w.digest.is_unknown()) w.digest = "digest-1";
    if (w.mode.is_unknown()) w.mode = "0644";
    const auto fill = [](item& i) {
        if (i.id.is_unknown()) i.id = "id-" + *i.name;
        if (i.serial.is_unknown()) i.serial = "serial-" + *i.name;
    };
    if (w.items.is_known())
        for (item& i : *w.items) fill(i);
    if (w.by_key.is_known())
        for (auto& [k, i] : *w.by_key) fill(i);
    if (w.pool.is_known()) {
        std::vector<item> v(w.pool->begin(), w.pool->end());
        for (item& i : v) fill(i);
        w.pool = tfpp::set<item>(v);
    }
    const auto fill_rule = [](rule& r) {
        if (r.rule_id.is_unknown()) r.rule_id = "r-" + std::to_string(*r.port);
    };
    if (w.ingress.is_known())
        for (rule& r : *w.ingress) fill_rule(r);
    if (w.egress.is_known()) {
        std::vector<rule> v(w.egress->begin(), w.egress->end());
        for (rule& r : v) fill_rule(r);
        w.egress = tfpp::set<rule>(v);
    }
    if (w.primary.is_known()) fill_rule(*w.primary);
    if (w.named.is_known())
        for (auto& [k, r] : *w.named) fill_rule(r);
    w.password.set_null();
    return w;
}

widget full_config() {
    widget c = base_config();
    c.note = "hello";
    c.password = "pw";
    c.password_hash = "hunter2";
    c.items = std::vector<item>{config_item("a", 1), config_item("b", 2)};
    c.by_key = std::map<std::string, item>{{"x", config_item("x", 3)}};
    c.pool = tfpp::set<item>{config_item("p", 4), config_item("q", 5)};
    c.tags = std::vector<std::string>{"t1", "t2"};
    c.labels = tfpp::set<std::string>{"l1", "l2"};
    c.meta = std::map<std::string, std::string>{{"k", "v"}};
    c.ingress = std::vector<rule>{make_rule(22), make_rule(80)};
    c.egress = tfpp::set<rule>{make_rule(443)};
    c.primary = make_rule(1);
    c.named = std::map<std::string, rule>{{"web", make_rule(8080)}};
    return c;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// ------------------------------------------------------------ valid plans

TEST_CASE("plans made by tfpp's planner pass, and so do their applied results", "[consistency]") {
    const widget config = full_config();
    const planned_widget created = plan(nullptr, config);
    auto p = check_plan("", enc(config), created.bytes);
    INFO(p.detail());
    CHECK(p.ok);
    CHECK(p.diags.empty());

    const widget state = applied(created.decoded);
    auto a = check_apply(created.bytes, enc(state));
    INFO(a.detail());
    CHECK(a.ok);

    // An update: nested values change, elements are added and removed.
    widget changed = config;
    changed.note = "bye";
    (*changed.items)[1].size = 20;
    changed.items->push_back(config_item("c", 3));
    changed.by_key = std::map<std::string, item>{{"x", config_item("x", 3)}, {"y", config_item("y", 9)}};
    changed.pool = tfpp::set<item>{config_item("p", 4), config_item("r", 6)};
    changed.ingress->push_back(make_rule(443));
    const planned_widget updated = plan(&state, changed);
    p = check_plan(enc(state), enc(changed), updated.bytes);
    INFO(p.detail());
    CHECK(p.ok);
    CHECK((*updated.decoded.items)[0].serial == "serial-a");  // kept: the check accepts it
    a = check_apply(updated.bytes, enc(applied(updated.decoded)));
    INFO(a.detail());
    CHECK(a.ok);

    // No change: Core proposes the prior state, which is the plan.
    tfpp::detail::plan_result same;
    tfpp::diagnostics d;
    REQUIRE(tfpp::detail::plan_resource_change(schema(), enc(state), enc(state), enc(config), same, d));
    CHECK(same.planned_state == enc(state));
    CHECK(check_plan(enc(state), enc(config), same.planned_state).ok);
}

TEST_CASE("a planned value equal to the prior one may stand for the configured one", "[consistency]") {
    widget prior = applied(plan(nullptr, base_config()).decoded);
    prior.note = "Hello";
    widget config = base_config();
    config.note = "hello";  // the provider treats the two as the same
    widget planned = prior;
    CHECK(check_plan(enc(prior), enc(config), enc(planned)).ok);
}

TEST_CASE("unknowns compare without their refinements, numbers by value, sets by content", "[consistency]") {
    // note = a refined unknown string in the configuration, planned as a plain unknown
    widget config = base_config();
    config.note = tfpp::unknown;
    std::string config_bytes = enc(config);
    const std::string plain = test_codec::bytes("d4 00 00");
    const std::string refined = test_codec::bytes("c7 07 0c 82 01 c2 02 a2 61 62");
    const std::string refined_config = config_bytes.replace(config_bytes.find(plain), plain.size(), refined);
    widget planned = config;
    planned.id = tfpp::unknown;
    planned.digest = tfpp::unknown;
    planned.mode = tfpp::unknown;
    CHECK(check_plan("", refined_config, enc(planned)).ok);
}

struct numbers {
    tfpp::optional<tfpp::number> n;
    tfpp::optional<tfpp::set<std::string>> s;
};

TEST_CASE("numbers are compared exactly, whatever their encoding", "[consistency]") {
    const tfpp::block_schema& s = tfpp::schema_of<numbers>();
    const auto run = [&](const std::string& config, const std::string& planned) {
        tfpp::diagnostics d;
        const bool ok = tfpp::check_plan_consistency(s, "", test_codec::bytes(config), test_codec::bytes(planned), d);
        return std::pair{ok, d.empty() ? std::string() : d[0].detail};
    };
    // 1 as an integer and as float64 1.0: equal
    CHECK(run("82 a1 6e 01 a1 73 c0", "82 a1 6e cb 3f f0 00 00 00 00 00 00 a1 73 c0").first);
    // "0.1" (exact decimal) and the double nearest 0.1: not equal
    const auto [ok, detail] = run("82 a1 6e a3 30 2e 31 a1 73 c0", "82 a1 6e cb 3f b9 99 99 99 99 99 9a a1 73 c0");
    CHECK_FALSE(ok);
    CHECK(contains(detail, "Planned value: 0.1000000000000000055511151231257827021181583404541015625"));
    CHECK(contains(detail, "Configuration value: 0.1\n"));
    // a set whose elements come in another order is the same set
    CHECK(run("82 a1 6e c0 a1 73 92 a1 61 a1 62", "82 a1 6e c0 a1 73 92 a1 62 a1 61").first);
    CHECK_FALSE(run("82 a1 6e c0 a1 73 92 a1 61 a1 62", "82 a1 6e c0 a1 73 92 a1 62 a1 63").first);
}

// ------------------------------------------------------------ plan rules

TEST_CASE("plan: a non-computed attribute the configuration leaves null must stay null", "[consistency]") {
    const widget config = base_config();
    widget planned = plan(nullptr, config).decoded;
    planned.note = "surprise";
    const auto o = check_plan("", enc(config), enc(planned));
    CHECK_FALSE(o.ok);
    REQUIRE(o.diags.size() == 1);
    CHECK(o.diags[0].severity == tfpp::severity::error);
    CHECK(o.diags[0].summary == "Provider produced an invalid plan");
    CHECK(o.path() == "note");
    CHECK(contains(o.detail(), "test_widget"));
    CHECK(contains(o.detail(), "planned value for a non-computed attribute"));
    CHECK(contains(o.detail(), "Attribute: note\n"));
    CHECK(contains(o.detail(), "Planned value: \"surprise\""));
    CHECK(contains(o.detail(), "Configuration value: null"));
    CHECK(contains(o.detail(),
                   "Likely fix: an attribute the configuration leaves null must be planned null unless it "
                   "is computed: make note tfpp::optional_computed"));
}

TEST_CASE("plan: a configured value must be planned as configured, or as the prior value", "[consistency]") {
    const widget config = full_config();
    widget planned = plan(nullptr, config).decoded;
    planned.name = "other";
    auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "name");
    CHECK(contains(o.detail(), "planned value does not match config value."));
    CHECK(contains(o.detail(), "Planned value: \"other\"\nConfiguration value: \"w\""));
    CHECK(contains(o.detail(), "do not change name in modify_plan"));

    const widget prior = applied(plan(nullptr, config).decoded);
    planned = prior;
    planned.name = "third";
    o = check_plan(enc(prior), enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "planned value does not match config value nor prior value"));
    CHECK(contains(o.detail(), "Prior value: \"w\""));

    // inside nested attributes: the element's path
    planned = plan(nullptr, config).decoded;
    (*planned.items)[1].size = 99;
    (*planned.by_key)["x"].name = "renamed";
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 2);
    CHECK(o.diags[0].path.to_string() == "by_key[\"x\"].name");
    CHECK(o.diags[1].path.to_string() == "items[1].size");
    CHECK(contains(o.diags[1].detail, "Planned value: 99\nConfiguration value: 2"));
}

TEST_CASE("plan: computed attributes may take any value where the configuration is null", "[consistency]") {
    const widget config = base_config();
    widget planned = plan(nullptr, config).decoded;
    planned.digest = "anything";
    planned.mode = "0600";  // optional+computed, unset
    planned.id = tfpp::null;
    CHECK(check_plan("", enc(config), enc(planned)).ok);
}

TEST_CASE("plan: write-only attributes must be planned null", "[consistency]") {
    widget config = base_config();
    config.password = "pw";
    widget planned = plan(nullptr, config).decoded;
    CHECK(planned.password.is_null());
    planned.password = "pw";  // even equal to the configuration
    const auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "password");
    CHECK(contains(o.detail(), "planned value for write-only attribute is not null"));
    CHECK(contains(o.detail(), "write-only attributes are always planned null"));
}

TEST_CASE("plan: sensitive values are never shown", "[consistency]") {
    widget config = base_config();
    config.password_hash = "hunter2";
    widget planned = plan(nullptr, config).decoded;
    planned.password_hash = "swordfish";
    const auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "sensitive planned value does not match config value"));
    CHECK(contains(o.detail(), "Planned value: (sensitive value)"));
    CHECK_FALSE(contains(o.detail(), "hunter2"));
    CHECK_FALSE(contains(o.detail(), "swordfish"));

    // a sensitive attribute inside a nested object is hidden in the object's rendering
    config.items = std::vector<item>{config_item("a", 1)};
    (*config.items)[0].secret = "topsecret";
    planned = plan(nullptr, config).decoded;
    planned.items = tfpp::null;
    const auto n = check_plan("", enc(config), enc(planned));
    REQUIRE(n.diags.size() == 1);
    CHECK(n.path() == "items");
    CHECK(contains(n.detail(), "planned for absence but config wants existence"));
    CHECK(contains(n.detail(), "secret = (sensitive value)"));
    CHECK_FALSE(contains(n.detail(), "topsecret"));
}

TEST_CASE("plan: nested attributes keep the configuration's shape", "[consistency]") {
    const widget config = full_config();
    const widget good = plan(nullptr, config).decoded;

    widget planned = good;
    planned.items->push_back(config_item("extra", 1));
    auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "items");
    CHECK(contains(o.detail(), "count in plan (3) disagrees with count in config (2)"));

    planned = good;
    planned.by_key = std::map<std::string, item>{{"z", config_item("x", 3)}};
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 2);
    CHECK(contains(o.diags[0].detail, "map key \"z\" from plan is not present in config"));
    CHECK(contains(o.diags[1].detail, "map key \"x\" from config is not present in plan"));

    planned = good;
    planned.items = tfpp::unknown;
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "planned unknown for configured value"));
    CHECK(contains(o.detail(), "Planned value: (known after apply)"));

    planned = good;
    planned.pool = tfpp::set<item>{config_item("p", 4)};
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "pool");
    CHECK(contains(o.detail(), "count in plan (1) disagrees with count in config (2)"));

    widget unset = base_config();
    planned = plan(nullptr, unset).decoded;
    planned.items = std::vector<item>{};
    o = check_plan("", enc(unset), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "planned value for a non-computed attribute"));
}

TEST_CASE("plan: blocks", "[consistency]") {
    const widget config = full_config();
    const widget good = plan(nullptr, config).decoded;

    widget planned = good;
    planned.ingress = tfpp::null;
    auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "ingress");
    CHECK(contains(o.detail(),
                   "attribute representing a list of nested blocks must be empty to indicate no blocks, "
                   "not null"));

    planned = good;
    planned.ingress->push_back(make_rule(1));
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "block count in plan (3) disagrees with count in config (2)"));

    planned = good;
    (*planned.ingress)[1].port = 81;
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "ingress[1].port");

    planned = good;
    planned.ingress = tfpp::unknown;
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "planned unknown value for non-computed block"));

    // one block element planned unknown (bytes edited: the model cannot say it)
    std::string bytes = enc(good);
    const std::string first = tfpp::to_msgpack(good.ingress);
    REQUIRE(bytes.find(first) != std::string::npos);
    std::string replaced = test_codec::bytes("92 d4 00 00") + tfpp::to_msgpack((*good.ingress)[1]);
    o = check_plan("", enc(config), bytes.replace(bytes.find(first), first.size(), replaced));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "ingress[0]");
    CHECK(contains(o.detail(), "element representing nested block must not be unknown itself"));

    planned = good;
    planned.primary = tfpp::null;
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "primary");
    CHECK(contains(o.detail(), "planned for absence but config wants existence"));

    widget no_primary = config;
    no_primary.primary = tfpp::null;
    planned = plan(nullptr, no_primary).decoded;
    planned.primary = make_rule(5);
    o = check_plan("", enc(no_primary), enc(planned));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "planned for existence but config wants absence"));

    planned = good;
    planned.named = std::map<std::string, rule>{{"api", make_rule(8080)}};
    o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 2);
    CHECK(contains(o.diags[0].detail, "block key \"api\" from plan is not present in config"));
    CHECK(contains(o.diags[1].detail, "block key \"web\" from config is not present in plan"));

    // a set block element planned unknown: reported at the set
    bytes = enc(good);
    const std::string set_bytes = tfpp::to_msgpack(good.egress);
    o = check_plan("", enc(config),
                   bytes.replace(bytes.find(set_bytes), set_bytes.size(), test_codec::bytes("91 d4 00 00")));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "egress");
    CHECK(contains(o.detail(), "Attribute: egress (an element of this set)"));
}

struct small {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct small_wrong {
    tfpp::required<std::int64_t> name;
    tfpp::computed<std::string> id;
};

TEST_CASE("plan: a planned value of the wrong type", "[consistency]") {
    small config;
    config.name = "a";
    small_wrong planned;
    planned.name = 5;
    planned.id = tfpp::unknown;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::check_plan_consistency(tfpp::schema_of<small>(), "", tfpp::to_msgpack(config),
                                             tfpp::to_msgpack(planned), d));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path.to_string() == "name");
    CHECK(
        contains(d[0].detail, "the planned value does not have the schema's type: expected a string, found a number"));
}

TEST_CASE("many violations: the first ones in detail, the rest counted", "[consistency]") {
    widget config = base_config();
    std::vector<item> items;
    for (int i = 0; i < 12; ++i) items.push_back(config_item("i" + std::to_string(i), i));
    config.items = items;
    widget planned = plan(nullptr, config).decoded;
    for (item& i : *planned.items) i.size = 1000;
    const auto o = check_plan("", enc(config), enc(planned));
    REQUIRE(o.diags.size() == 9);
    CHECK(o.diags[7].path.to_string() == "items[7].size");
    CHECK(contains(o.diags[8].detail, "tfpp found 4 more problems"));
}

// ------------------------------------------------------------ apply rules

struct applied_case {
    std::string planned;
    widget state;
};
applied_case created() {
    const widget config = full_config();
    const planned_widget p = plan(nullptr, config);
    return {p.bytes, applied(p.decoded)};
}
void restart(std::string& planned, widget& state) {
    applied_case c = created();
    planned = std::move(c.planned);
    state = std::move(c.state);
}

TEST_CASE("apply: known planned values must stay", "[consistency]") {
    // a computed value kept by use_state_for_unknown, changed by apply
    widget prior = created().state;
    widget config = full_config();
    config.note = "changed";
    const planned_widget p = plan(&prior, config);
    CHECK(p.decoded.id == "id-1");
    widget state = applied(p.decoded);
    state.id = "id-2";
    auto o = check_apply(p.bytes, enc(state));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.diags[0].summary == "Provider produced an inconsistent result");
    CHECK(o.path() == "id");
    CHECK(contains(o.detail(), "tfpp checked what test_widget update returned"));
    CHECK(contains(o.detail(), "was \"id-1\", but now \"id-2\""));
    CHECK(contains(o.detail(), "Planned value: \"id-1\"\nActual value: \"id-2\""));
    CHECK(contains(o.detail(),
                   "apply must return the planned value of id, or the plan must mark it unknown (drop "
                   "tfpp::use_state_for_unknown from id"));

    // a configured (non-computed) value changed by apply
    auto [planned, s] = created();
    s.name = "W";
    o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "name");
    CHECK(contains(o.detail(), "apply must return the configured value of name unchanged"));

    // deep inside nested attributes and blocks
    restart(planned, s);
    (*s.items)[0].size = 7;
    (*s.ingress)[1].port = 8080;
    (*s.by_key)["x"].secret = "leak";
    o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 3);
    CHECK(o.diags[0].path.to_string() == "by_key[\"x\"].secret");
    CHECK(contains(o.diags[0].detail, "inconsistent values for sensitive attribute"));
    CHECK_FALSE(contains(o.diags[0].detail, "leak"));
    CHECK(o.diags[1].path.to_string() == "items[0].size");
    CHECK(o.diags[2].path.to_string() == "ingress[1].port");
}

TEST_CASE("apply: null and unknown", "[consistency]") {
    auto [planned, s] = created();
    s.meta = tfpp::null;
    auto o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "meta");
    CHECK(contains(o.detail(), "was { \"k\" = \"v\" }, but now null"));

    widget bare = base_config();
    const planned_widget p = plan(nullptr, bare);
    widget state = applied(p.decoded);
    state.tags = std::vector<std::string>{"x"};
    o = check_apply(p.bytes, enc(state));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "tags");
    CHECK(contains(o.detail(), "was null, but now [\"x\"]"));
    CHECK(contains(o.detail(), "apply must leave tags null as configured"));

    state = applied(p.decoded);
    state.digest = tfpp::unknown;
    o = check_apply(p.bytes, enc(state));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "digest");
    CHECK(contains(o.detail(), "an unknown value remains after apply"));

    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::check_apply_consistency(schema(), p.bytes, std::string("\xc0", 1), d,
                                              {.resource_type = "test_widget", .operation = "create"}));
    REQUIRE(d.size() == 1);
    CHECK(contains(d[0].detail, "the provider returned no object (null) for a create"));
}

TEST_CASE("apply: write-only values never come back", "[consistency]") {
    auto [planned, s] = created();
    s.password = "pw";
    const auto o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "password");
    CHECK(contains(o.detail(), "a write-only attribute is not null in the result"));
    CHECK_FALSE(contains(o.detail(), "\"pw\""));
}

TEST_CASE("apply: lists, maps and sets keep their elements", "[consistency]") {
    auto [planned, s] = created();
    s.tags = std::vector<std::string>{"t1"};
    s.meta = std::map<std::string, std::string>{{"k", "v"}, {"new", "n"}};
    s.labels = tfpp::set<std::string>{"l1", "l3"};
    auto o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 3);
    CHECK(o.diags[0].path.to_string() == "labels");
    CHECK(contains(o.diags[0].detail, "planned set element \"l2\" does not correlate with any element in actual"));
    CHECK(contains(o.diags[0].detail, "Attribute: labels (an element of this set)"));
    CHECK(contains(o.diags[1].detail, "new element \"new\" has appeared"));
    CHECK(o.diags[2].path.to_string() == "tags");
    CHECK(contains(o.diags[2].detail, "element 1 has vanished"));

    restart(planned, s);
    s.labels = tfpp::set<std::string>{"l1", "l2", "l3"};
    o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 2);
    CHECK(contains(o.diags[0].detail, "actual set element \"l3\" does not correlate with any element in plan"));
    CHECK(contains(o.diags[1].detail, "length changed from 2 to 3"));

    // set of nested objects: planned-unknown attributes may be filled in, nothing else changes
    restart(planned, s);
    std::vector<item> pool(s.pool->begin(), s.pool->end());
    pool[0].size = 40;
    s.pool = tfpp::set<item>(pool);
    o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "pool");
    CHECK(contains(o.detail(), "does not correlate with any element in actual"));
    CHECK(contains(o.detail(), "secret = (sensitive value)"));

    // blocks: count, set correlation
    restart(planned, s);
    s.ingress->push_back(applied_rule(9));
    s.egress = tfpp::set<rule>{applied_rule(444)};
    o = check_apply(planned, enc(s));
    REQUIRE(o.diags.size() == 2);
    CHECK(contains(o.diags[1].detail, "block count changed from 2 to 3"));
    CHECK(o.diags[0].path.to_string() == "egress");
    CHECK(contains(o.diags[0].detail,
                   "planned set element { port = 443, rule_id = (known after apply) } does not "
                   "correlate with any element in actual"));
}

struct refined_holder {
    tfpp::optional_computed<std::string> s;
    tfpp::optional_computed<tfpp::number> n;
    tfpp::optional_computed<std::vector<std::string>> l;
};

TEST_CASE("apply: unknowns with refinements must be filled with values that fit them", "[consistency]") {
    const tfpp::block_schema& sch = tfpp::schema_of<refined_holder>();
    const auto run = [&](const refined_holder& planned, const refined_holder& actual) {
        tfpp::diagnostics d;
        tfpp::check_apply_consistency(sch, tfpp::to_msgpack(planned), tfpp::to_msgpack(actual), d);
        return d;
    };
    refined_holder planned;
    planned.s.set_unknown({.not_null = true, .string_prefix = "ab"});
    planned.n.set_unknown({.lower = tfpp::number_bound{1, true}, .upper = tfpp::number_bound{10, false}});
    planned.l.set_unknown({.length_min = 1, .length_max = 2});
    refined_holder good;
    good.s = "abc";
    good.n = 1;
    good.l = std::vector<std::string>{"x"};
    CHECK(run(planned, good).empty());

    refined_holder bad;
    bad.s = "xbc";
    bad.n = 10;
    bad.l = std::vector<std::string>{};
    const auto d = run(planned, bad);
    REQUIRE(d.size() == 3);
    CHECK(d[0].path.to_string() == "l");
    CHECK(contains(d[0].detail,
                   "final value [] does not conform to planning placeholder (known after apply: length 1 "
                   "to 2)"));
    CHECK(d[1].path.to_string() == "n");
    CHECK(contains(d[1].detail, "(known after apply: >= 1, < 10)"));
    CHECK(d[2].path.to_string() == "s");
    CHECK(contains(d[2].detail,
                   "final value \"xbc\" does not conform to planning placeholder (known after apply: not "
                   "null, starts with \"ab\")"));

    refined_holder null_one = good;
    null_one.s = tfpp::null;  // "not null" was promised
    REQUIRE(run(planned, null_one).size() == 1);
}

// ------------------------------------------------------------ at scale

TEST_CASE("sets of 10,000 nested objects are checked by sorting, not pairwise", "[consistency][scale]") {
    widget config = base_config();
    std::vector<item> elements;
    for (int i = 0; i < 10000; ++i) elements.push_back(config_item("e" + std::to_string(i), i));
    config.pool = tfpp::set<item>(elements);
    const planned_widget p = plan(nullptr, config);
    CHECK(check_plan("", enc(config), p.bytes).ok);
    widget state = applied(p.decoded);
    CHECK(check_apply(p.bytes, enc(state)).ok);

    // an update of one element: the others keep their serial (use_state_for_unknown)
    widget changed = config;
    std::vector<item> changed_elements = elements;
    changed_elements[42].size = 4242;
    changed.pool = tfpp::set<item>(changed_elements);
    widget proposed = proposed_from(changed, &state);
    std::vector<item> proposed_elements;
    for (const item& e : *state.pool) proposed_elements.push_back(*e.name == "e42" ? config_item("e42", 4242) : e);
    proposed.pool = tfpp::set<item>(proposed_elements);
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::detail::plan_resource_change(schema(), enc(state), enc(proposed), enc(changed), r, d));
    CHECK(check_plan(enc(state), enc(changed), r.planned_state).ok);
    widget planned;
    REQUIRE(tfpp::decode_msgpack(r.planned_state, planned, d));
    widget after = applied(planned);
    CHECK(check_apply(r.planned_state, enc(after)).ok);

    // one element comes back different: exactly that one is reported
    std::vector<item> wrong(after.pool->begin(), after.pool->end());
    for (item& e : wrong)
        if (*e.name == "e7") e.serial = "changed";
    after.pool = tfpp::set<item>(wrong);
    const auto o = check_apply(r.planned_state, enc(after));
    REQUIRE(o.diags.size() == 1);
    CHECK(o.path() == "pool");
    CHECK(contains(o.detail(), "name = \"e7\""));
}

TEST_CASE("set elements with refined unknowns are tried only against elements that agree elsewhere", "[consistency]") {
    // planned: {name = "a", id = unknown (prefix "a-")} and {name = "b", id = unknown (prefix "b-")}
    widget config = base_config();
    config.pool = tfpp::set<item>{config_item("a", 1), config_item("b", 2)};
    widget planned = plan(nullptr, config).decoded;
    std::vector<item> elements(planned.pool->begin(), planned.pool->end());
    for (item& e : elements) e.id.set_unknown({.not_null = true, .string_prefix = *e.name + "-"});
    planned.pool = tfpp::set<item>(elements);
    widget state = applied(planned);
    std::vector<item> filled(state.pool->begin(), state.pool->end());
    for (item& e : filled) e.id = *e.name + "-1";
    state.pool = tfpp::set<item>(filled);
    CHECK(check_apply(enc(planned), enc(state)).ok);
    for (item& e : filled)
        if (*e.name == "b") e.id = "a-1";
    state.pool = tfpp::set<item>(filled);
    const auto o = check_apply(enc(planned), enc(state));
    REQUIRE(o.diags.size() == 1);
    CHECK(contains(o.detail(), "name = \"b\""));
}

// ------------------------------------------------------------ the engine

struct gadget_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> behaviour;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> serial;
    tfpp::computed<std::string> id;
};

struct gadget {
    using model = gadget_model;
    static constexpr std::string_view type_name = "test_gadget";

    void modify_plan(tfpp::change<model>& c, tfpp::context&) {
        if (c.config.behaviour == "plan-name") c.planned.name = "normalized";
    }
    std::optional<model> create(model plan, tfpp::context&) {
        if (plan.behaviour == "upper") plan.name = "W";  // returns another value than planned
        plan.serial = "s-1";
        plan.id = "id-1";
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) {
        if (plan.behaviour == "new-serial") plan.serial = "s-2";  // the plan kept s-1
        if (plan.behaviour == "fail") ctx.error("Update failed", "half done");
        plan.id = "id-2";
        if (plan.behaviour == "fail") plan.serial = "s-3";  // after an error: not checked
        return plan;
    }
    void destroy(const model&, tfpp::context&) {}
};

struct gadget_provider {
    static constexpr std::string_view type_name = "test";
    using resources = tfpp::type_list<gadget>;
};

using engine = tfpp::detail::engine<gadget_provider>;

gadget_model gadget_config(std::string behaviour = "") {
    gadget_model m;
    m.name = "w";
    if (!behaviour.empty()) m.behaviour = std::move(behaviour);
    return m;
}

// Plans a create through the engine as Terraform would call it.
std::pair<tfpp::detail::plan_result, tfpp::diagnostics> engine_plan(engine& e, const gadget_model* prior,
                                                                    const gadget_model& config) {
    gadget_model proposed = config;
    if (prior) {
        proposed.serial = prior->serial;
        proposed.id = prior->id;
    }
    tfpp::context ctx = e.make_context();
    tfpp::detail::plan_result r;
    e.resource("test_gadget")
        ->plan(prior ? tfpp::to_msgpack(*prior) : std::string(), tfpp::to_msgpack(proposed), tfpp::to_msgpack(config),
               r, ctx);
    return {r, ctx.diagnostics()};
}

TEST_CASE("engine: a handler that returns another value than planned is caught, and its state kept",
          "[consistency][engine]") {
    engine e;
    const gadget_model config = gadget_config("upper");
    auto [plan, pd] = engine_plan(e, nullptr, config);
    REQUIRE(pd.empty());
    tfpp::context ctx = e.make_context();
    const auto state = e.resource("test_gadget")->apply("", plan.planned_state, tfpp::to_msgpack(config), ctx);
    REQUIRE(state);  // nothing lost: Terraform records what exists
    gadget_model decoded;
    tfpp::diagnostics dd;
    REQUIRE(tfpp::decode_msgpack(*state, decoded, dd));
    CHECK(decoded.name == "W");
    REQUIRE(ctx.diagnostics().size() == 1);
    const tfpp::diagnostic& d = ctx.diagnostics()[0];
    CHECK(d.severity == tfpp::severity::error);
    CHECK(d.summary == "Provider produced an inconsistent result");
    CHECK(d.path.to_string() == "name");
    CHECK(contains(d.detail, "tfpp checked what test_gadget create returned against the plan"));
    CHECK(contains(d.detail, "was \"w\", but now \"W\""));
}

TEST_CASE("engine: a computed value the plan kept must not change in apply", "[consistency][engine]") {
    engine e;
    gadget_model prior = gadget_config();
    prior.serial = "s-1";
    prior.id = "id-1";
    gadget_model config = gadget_config("new-serial");
    auto [plan, pd] = engine_plan(e, &prior, config);
    REQUIRE(pd.empty());
    tfpp::context ctx = e.make_context();
    const auto state =
        e.resource("test_gadget")->apply(tfpp::to_msgpack(prior), plan.planned_state, tfpp::to_msgpack(config), ctx);
    REQUIRE(state);
    REQUIRE(ctx.diagnostics().size() == 1);
    CHECK(ctx.diagnostics()[0].path.to_string() == "serial");
    CHECK(contains(ctx.diagnostics()[0].detail, "drop tfpp::use_state_for_unknown from serial"));

    // after an error the handler reported, Terraform does not compare: neither does tfpp
    tfpp::context failed = e.make_context();
    config = gadget_config("fail");
    auto [plan2, pd2] = engine_plan(e, &prior, config);
    (void)pd2;
    e.resource("test_gadget")->apply(tfpp::to_msgpack(prior), plan2.planned_state, tfpp::to_msgpack(config), failed);
    REQUIRE(failed.diagnostics().size() == 1);
    CHECK(failed.diagnostics()[0].summary == "Update failed");
}

TEST_CASE("engine: a modify_plan that breaks the rules gets an error instead of a plan", "[consistency][engine]") {
    engine e;
    auto [plan, d] = engine_plan(e, nullptr, gadget_config("plan-name"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].summary == "Provider produced an invalid plan");
    CHECK(d[0].path.to_string() == "name");
    CHECK(contains(d[0].detail, "tfpp checked the plan for test_gadget"));
    CHECK(contains(d[0].detail, "Planned value: \"normalized\"\nConfiguration value: \"w\""));

    // a well-behaved resource plans and applies without a word
    auto [good, none] = engine_plan(e, nullptr, gadget_config());
    CHECK(none.empty());
    tfpp::context ctx = e.make_context();
    CHECK(e.resource("test_gadget")->apply("", good.planned_state, tfpp::to_msgpack(gadget_config()), ctx));
    CHECK(ctx.diagnostics().empty());
}

TEST_CASE("the switch: off skips the check, warn reports warnings", "[consistency][engine]") {
    CHECK(tfpp::detail::parse_consistency_check("off") == tfpp::consistency_check::off);
    CHECK(tfpp::detail::parse_consistency_check("warn") == tfpp::consistency_check::warn);
    CHECK(tfpp::detail::parse_consistency_check("on") == tfpp::consistency_check::on);
    CHECK_FALSE(tfpp::detail::parse_consistency_check("maybe"));
    engine e;
    tfpp::set_consistency_check(tfpp::consistency_check::off);
    auto [off_plan, off] = engine_plan(e, nullptr, gadget_config("plan-name"));
    CHECK(off.empty());
    tfpp::set_consistency_check(tfpp::consistency_check::warn);
    auto [warn_plan, warn] = engine_plan(e, nullptr, gadget_config("plan-name"));
    tfpp::set_consistency_check(tfpp::consistency_check::on);
    REQUIRE(warn.size() == 1);
    CHECK(warn[0].severity == tfpp::severity::warning);
    CHECK_FALSE(warn_plan.planned_state.empty());
    CHECK(tfpp::consistency_check_mode() == tfpp::consistency_check::on);
}

struct anything {
    tfpp::optional<tfpp::dynamic> value;
};

// {"value": a dynamic value nesting a list of dynamic values `levels` deep},
// its innermost string `leaf`.
std::string deeply_nested(int levels, const std::string& leaf) {
    const std::string type_json = R"(["list","dynamic"])";
    std::string v = "\x81\xa5value";
    for (int i = 0; i < levels; ++i) {
        v += "\x92";
        v += static_cast<char>(0xa0 | type_json.size());
        v += type_json + "\x91";
    }
    return v + "\x92\xa8\"string\"" + static_cast<char>(0xa0 | leaf.size()) + leaf;
}

TEST_CASE("values nested deeper than the decoders allow are refused before any walk", "[consistency]") {
    const tfpp::block_schema& s = tfpp::schema_of<anything>();
    tfpp::diagnostics within;
    CHECK_FALSE(tfpp::check_apply_consistency(s, deeply_nested(50, "a"), deeply_nested(50, "b"), within));
    REQUIRE_FALSE(within.empty());
    CHECK(within[0].summary != "Malformed planned state");  // a real violation, found by walking

    // 100,000 levels: a walk of one stack frame per level would overflow the stack.
    for (const auto& [planned, actual, what] :
         {std::tuple{deeply_nested(100000, "a"), deeply_nested(50, "a"), "planned state"},
          std::tuple{deeply_nested(50, "a"), deeply_nested(100000, "a"), "new state"}}) {
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::check_apply_consistency(s, planned, actual, d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].summary == std::string("Malformed ") + what);
        CHECK(d[0].detail == std::string("the ") + what + ": the value nests deeper than 128 levels");
    }
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::check_plan_consistency(s, tfpp::detail::null_bytes, deeply_nested(100000, "a"),
                                             deeply_nested(100000, "a"), d));
    CHECK(d[0].summary == "Malformed configuration");
}

}  // namespace test_consistency
