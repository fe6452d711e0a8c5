#include "codec_test_util.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/detail/planner.hpp>
#include <tfpp/provider/detail/schemas.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_plan {

struct model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string> note;
    tfpp::optional_computed<std::string> mode;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> digest;
};

struct planned {
    std::string state;
    std::vector<std::string> replace;
    model decoded;
};

planned plan(const std::string& prior, const std::string& proposed, const std::string& config) {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::detail::plan_resource_change(tfpp::schema_of<model>(), prior, proposed, config, r, d));
    REQUIRE(d.empty());
    planned out{r.planned_state, {}, {}};
    for (const auto& p : r.requires_replace) out.replace.push_back(p.to_string());
    if (r.planned_state != std::string("\xc0", 1)) {
        tfpp::diagnostics dd;
        REQUIRE(tfpp::decode_msgpack(r.planned_state, out.decoded, dd));
    }
    return out;
}

model existing() {
    model m;
    m.name = "a";
    m.mode = "0644";
    m.id = "id-1";
    m.digest = "d-1";
    return m;
}

// What Terraform proposes: config values, prior values for unset computed ones.
model proposed_from(const model& config, const model& prior) {
    model p = config;
    if (config.mode.is_null()) p.mode = prior.mode;
    p.id = prior.id;
    p.digest = prior.digest;
    return p;
}

TEST_CASE("create: unset computed attributes become unknown, config is kept", "[plan]") {
    model config;
    config.name = "a";
    const auto p = plan("", tfpp::to_msgpack(proposed_from(config, model{})), tfpp::to_msgpack(config));
    CHECK(p.decoded.name == "a");
    CHECK(p.decoded.note.is_null());
    CHECK(p.decoded.mode.is_unknown());
    CHECK(p.decoded.id.is_unknown());
    CHECK(p.decoded.digest.is_unknown());
    CHECK(p.replace.empty());
}

TEST_CASE("no change: the plan is the prior state", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "a";
    const std::string prior_bytes = tfpp::to_msgpack(prior);
    const auto p = plan(prior_bytes, tfpp::to_msgpack(proposed_from(config, prior)), tfpp::to_msgpack(config));
    CHECK(p.state == prior_bytes);
    CHECK(p.replace.empty());
}

TEST_CASE("update: computed values are unknown unless kept from state", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "a";
    config.note = "changed";
    const auto p =
        plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)), tfpp::to_msgpack(config));
    CHECK(p.decoded.note == "changed");
    CHECK(p.decoded.id == "id-1");         // use_state_for_unknown
    CHECK(p.decoded.digest.is_unknown());  // will be recomputed
    CHECK(p.decoded.mode.is_unknown());    // optional+computed, unset in config
    CHECK(p.replace.empty());
}

TEST_CASE("a configured optional+computed value is kept as configured", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "a";
    config.mode = "0600";
    const auto p =
        plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)), tfpp::to_msgpack(config));
    CHECK(p.decoded.mode == "0600");
}

TEST_CASE("a change of a requires_replace attribute asks for replacement", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "b";
    const auto p =
        plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)), tfpp::to_msgpack(config));
    REQUIRE(p.replace.size() == 1);
    CHECK(p.replace[0] == "name");
}

TEST_CASE("destroy plans null", "[plan]") {
    const auto p = plan(tfpp::to_msgpack(existing()), std::string("\xc0", 1), std::string("\xc0", 1));
    CHECK(p.state == std::string("\xc0", 1));
}

TEST_CASE("values the model could not hold reach the plan unchanged", "[plan]") {
    // note = a refined unknown string (not null, prefix "ab"), kept byte for byte
    const std::string refined = test_codec::bytes("c7 07 0c 82 01 c2 02 a2 61 62");
    const std::string config = test_codec::bytes("85 a4 6e 61 6d 65 a1 61 a4 6e 6f 74 65") + refined +
                               test_codec::bytes("a4 6d 6f 64 65 c0 a2 69 64 c0 a6 64 69 67 65 73 74 c0");
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::detail::plan_resource_change(tfpp::schema_of<model>(), "", config, config, r, d));
    CHECK(r.planned_state.find(refined) != std::string::npos);
}

TEST_CASE("malformed planning input is an error, not a crash", "[plan][bad-input]") {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::detail::plan_resource_change(tfpp::schema_of<model>(), "", test_codec::bytes("85 a4"), "", r, d));
    REQUIRE(d.has_errors());
    CHECK(d[0].summary == "Malformed proposed new state");
}

// Planning and its checks walk values recursively: input nested deeper than
// the decoder allows is refused first, however it is nested.
TEST_CASE("planning input nested deeper than the decoder's limit is refused", "[plan][bad-input]") {
    const std::string head = test_codec::bytes("85 a4 6e 61 6d 65 a1 61 a4 6e 6f 74 65");  // { name = "a", note =
    const std::string tail = test_codec::bytes("a4 6d 6f 64 65 c0 a2 69 64 c0 a6 64 69 67 65 73 74 c0");
    for (const std::size_t depth : {std::size_t{127}, std::size_t{100000}}) {
        std::string deep(depth, '\x91');  // [[[...
        deep += '\xc0';
        tfpp::detail::plan_result r;
        tfpp::diagnostics d;
        const bool planned = tfpp::detail::plan_resource_change(tfpp::schema_of<model>(), "", head + deep + tail,
                                                                head + deep + tail, r, d);
        bool too_deep = false;
        for (const auto& x : d)
            too_deep = too_deep || x.detail.find("nests deeper than 128 levels") != std::string::npos;
        // Within the limit the value is only of the wrong type (the checker's concern); beyond it, too deep.
        CHECK(too_deep == (depth > 127));
        if (depth > 127) CHECK_FALSE(planned);
    }
}

// What go-cty refuses, and tfpp's decoder with it, is refused before planning
// too, in each of the three values: an extension other than an unknown, and
// refinements that are not well-formed.
TEST_CASE("unknowns the decoder would refuse are refused in every planning input", "[plan][bad-input]") {
    const std::string head = test_codec::bytes("85 a4 6e 61 6d 65 a1 61 a4 6e 6f 74 65");  // { name = "a", note =
    const std::string tail = test_codec::bytes("a4 6d 6f 64 65 c0 a2 69 64 c0 a6 64 69 67 65 73 74 c0");
    const std::string good = head + test_codec::bytes("c0") + tail;
    const std::vector<std::pair<std::string, std::string>> bad_unknowns = {
        {test_codec::bytes("d5 05 00 00"), "unsupported MessagePack extension type 5 with 2 bytes"},
        {test_codec::bytes("c7 03 0c 81 01 c0"), "unknown value: the null refinement is not a bool"},
        {test_codec::bytes("c7 02 0c 90 90"), "unknown value: the refinements are not a map"},
        {test_codec::bytes("c7 03 0c 81 06 ff"), "unknown value: a collection length cannot be below zero"},
    };
    for (const auto& [unknown, problem] : bad_unknowns) {
        for (const bool whole : {true, false}) {
            const std::string bad = whole ? unknown : head + unknown + tail;
            for (const int at : {0, 1, 2}) {
                INFO("problem " << problem << (whole ? ", the whole value" : ", an attribute") << ", input " << at);
                tfpp::detail::plan_result r;
                tfpp::diagnostics d;
                CHECK_FALSE(tfpp::detail::plan_resource_change(tfpp::schema_of<model>(), at == 0 ? bad : good,
                                                               at == 1 ? bad : good, at == 2 ? bad : good, r, d));
                REQUIRE(d.has_errors());
                CHECK(d[0].summary == std::string("Malformed ") + (at == 0   ? "prior state"
                                                                   : at == 1 ? "proposed new state"
                                                                             : "configuration"));
                CHECK(d[0].detail.find(problem) != std::string::npos);
            }
        }
    }
}

// ------------------------------------------------------------ nested values

struct disk {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t> size;
    tfpp::computed<std::string> device;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> uuid;
    tfpp::optional<std::string, tfpp::requires_replace> kind;
};
struct port_rule {
    tfpp::required<std::int64_t> port;
    tfpp::computed<std::string> rule_id;
};
struct network {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> address;
    tfpp::block_list<port_rule> rule;
};
struct machine {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<disk>> disks;
    tfpp::optional<std::map<std::string, disk>> volumes;
    tfpp::optional<tfpp::set<disk>> spares;
    tfpp::optional<std::string, tfpp::write_only> password;
    tfpp::block_list<network> nic;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct machine_plan {
    machine decoded;
    std::vector<std::string> replace;
};

machine_plan plan_machine(const machine* prior, const machine& proposed, const machine& config) {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::detail::plan_resource_change(tfpp::schema_of<machine>(),
                                               prior ? tfpp::to_msgpack(*prior) : std::string(),
                                               tfpp::to_msgpack(proposed), tfpp::to_msgpack(config), r, d));
    REQUIRE(d.empty());
    machine_plan out;
    tfpp::diagnostics dd;
    REQUIRE(tfpp::decode_msgpack(r.planned_state, out.decoded, dd));
    for (const auto& path : r.requires_replace) out.replace.push_back(path.to_string());
    return out;
}

disk config_disk(std::string label, std::int64_t size) {
    disk d;
    d.label = std::move(label);
    d.size = size;
    return d;
}
disk applied_disk(std::string label, std::int64_t size, std::string device) {
    disk d = config_disk(label, size);
    d.device = std::move(device);
    d.uuid = "uuid-" + label;
    return d;
}

machine machine_config() {
    machine m;
    m.name = "m";
    m.disks = std::vector<disk>{config_disk("root", 10), config_disk("data", 20)};
    m.nic = std::vector<network>{};
    return m;
}

TEST_CASE("create: computed attributes inside nested attributes and blocks become unknown", "[plan]") {
    machine config = machine_config();
    network n;
    n.name = "eth0";
    port_rule r;
    r.port = 22;
    n.rule = std::vector<port_rule>{r};
    config.nic = std::vector<network>{n};
    const machine_plan p = plan_machine(nullptr, config, config);
    REQUIRE(p.decoded.disks.is_known());
    REQUIRE(p.decoded.disks->size() == 2);
    for (const disk& d : *p.decoded.disks) {
        CHECK(d.device.is_unknown());
        CHECK(d.uuid.is_unknown());  // nothing to keep on create
        CHECK(d.kind.is_null());     // optional, not set: stays null
    }
    CHECK((*p.decoded.disks)[1].label == "data");
    CHECK((*p.decoded.disks)[1].size == std::int64_t{20});
    REQUIRE(p.decoded.nic->size() == 1);
    const network& nic = (*p.decoded.nic)[0];
    CHECK(nic.name == "eth0");
    CHECK(nic.address.is_unknown());
    REQUIRE(nic.rule->size() == 1);
    CHECK((*nic.rule)[0].port == std::int64_t{22});
    CHECK((*nic.rule)[0].rule_id.is_unknown());
    CHECK(p.decoded.id.is_unknown());
    CHECK(p.replace.empty());
}

TEST_CASE("no change: nested computed values stay as they are", "[plan]") {
    machine prior = machine_config();
    prior.disks = std::vector<disk>{applied_disk("root", 10, "/dev/a"), applied_disk("data", 20, "/dev/b")};
    prior.id = "m-1";
    const machine config = machine_config();
    const machine_plan p = plan_machine(&prior, prior, config);  // proposed == prior
    CHECK((*p.decoded.disks)[0].device == "/dev/a");
    CHECK((*p.decoded.disks)[1].uuid == "uuid-data");
    CHECK(p.decoded.id == "m-1");
}

TEST_CASE("update: nested computed values become unknown, use_state_for_unknown keeps them, element by element",
          "[plan]") {
    machine prior = machine_config();
    prior.disks = std::vector<disk>{applied_disk("root", 10, "/dev/a"), applied_disk("data", 20, "/dev/b")};
    prior.id = "m-1";
    machine config = machine_config();
    (*config.disks)[1].size = 30;
    config.disks->push_back(config_disk("logs", 5));
    // what Core proposes: config values; prior values of unset computed ones, by index
    machine proposed = config;
    proposed.id = prior.id;
    for (std::size_t i = 0; i < 2; ++i) {
        (*proposed.disks)[i].device = (*prior.disks)[i].device;
        (*proposed.disks)[i].uuid = (*prior.disks)[i].uuid;
    }
    const machine_plan p = plan_machine(&prior, proposed, config);
    const auto& disks = *p.decoded.disks;
    REQUIRE(disks.size() == 3);
    CHECK(disks[1].size == std::int64_t{30});
    CHECK(disks[0].device.is_unknown());
    CHECK(disks[0].uuid == "uuid-root");  // kept
    CHECK(disks[1].uuid == "uuid-data");  // kept
    CHECK(disks[2].uuid.is_unknown());    // new element: nothing to keep
    CHECK(p.decoded.id == "m-1");
}

TEST_CASE("maps of nested attributes are planned by key", "[plan]") {
    machine prior = machine_config();
    prior.volumes =
        std::map<std::string, disk>{{"a", applied_disk("a", 1, "/dev/a")}, {"b", applied_disk("b", 2, "/dev/b")}};
    prior.id = "m-1";
    machine config = machine_config();
    config.volumes = std::map<std::string, disk>{{"b", config_disk("b", 2)}, {"c", config_disk("c", 3)}};
    machine proposed = config;
    proposed.id = prior.id;
    (*proposed.volumes)["b"].device = "/dev/b";
    (*proposed.volumes)["b"].uuid = "uuid-b";
    const machine_plan p = plan_machine(&prior, proposed, config);
    const auto& volumes = *p.decoded.volumes;
    REQUIRE(volumes.size() == 2);
    CHECK(volumes.at("b").uuid == "uuid-b");
    CHECK(volumes.at("b").device.is_unknown());
    CHECK(volumes.at("c").uuid.is_unknown());
    CHECK(volumes.at("c").label == "c");
}

TEST_CASE("sets of nested attributes: each element is planned against the configuration element it came from",
          "[plan]") {
    machine prior = machine_config();
    prior.spares = tfpp::set<disk>{applied_disk("s1", 1, "/dev/s1"), applied_disk("s2", 2, "/dev/s2")};
    prior.id = "m-1";
    machine config = machine_config();
    config.spares = tfpp::set<disk>{config_disk("s1", 1), config_disk("s3", 3)};
    machine proposed = config;
    proposed.id = prior.id;
    // Core matched s1 to its prior element and kept its computed values
    proposed.spares = tfpp::set<disk>{applied_disk("s1", 1, "/dev/s1"), config_disk("s3", 3)};
    const machine_plan p = plan_machine(&prior, proposed, config);
    REQUIRE(p.decoded.spares->size() == 2);
    int seen = 0;
    for (const disk& d : *p.decoded.spares) {
        if (d.label == "s1") {
            ++seen;
            CHECK(d.uuid == "uuid-s1");  // use_state_for_unknown: kept from the matched prior element
            CHECK(d.device.is_unknown());
        } else {
            ++seen;
            CHECK(d.label == "s3");
            CHECK(d.uuid.is_unknown());
            CHECK(d.device.is_unknown());
        }
    }
    CHECK(seen == 2);
}

TEST_CASE("write-only attributes are planned null", "[plan]") {
    machine config = machine_config();
    config.password = "secret";
    const machine_plan p = plan_machine(nullptr, config, config);
    CHECK(p.decoded.password.is_null());
}

TEST_CASE("requires_replace inside nested attributes names the element, or the set", "[plan]") {
    machine prior = machine_config();
    prior.disks = std::vector<disk>{applied_disk("root", 10, "/dev/a"), applied_disk("data", 20, "/dev/b")};
    (*prior.disks)[1].kind = "ssd";
    prior.spares = tfpp::set<disk>{applied_disk("s1", 1, "/dev/s1")};
    prior.id = "m-1";
    machine config = machine_config();
    (*config.disks)[1].kind = "hdd";
    disk spare = config_disk("s1", 1);
    spare.kind = "hdd";
    config.spares = tfpp::set<disk>{spare};
    machine proposed = config;
    proposed.id = prior.id;
    for (std::size_t i = 0; i < 2; ++i) {
        (*proposed.disks)[i].device = (*prior.disks)[i].device;
        (*proposed.disks)[i].uuid = (*prior.disks)[i].uuid;
    }
    const machine_plan p = plan_machine(&prior, proposed, config);
    CHECK(p.replace == std::vector<std::string>{"disks[1].kind", "spares"});
}

TEST_CASE("a set of 10,000 nested objects is planned element by element", "[plan][scale]") {
    machine config = machine_config();
    std::vector<disk> disks;
    for (int i = 0; i < 10000; ++i) disks.push_back(config_disk("d" + std::to_string(i), i));
    config.spares = tfpp::set<disk>(disks);
    machine prior = config;
    std::vector<disk> applied;
    for (int i = 0; i < 10000; ++i)
        applied.push_back(applied_disk("d" + std::to_string(i), i, "/dev/" + std::to_string(i)));
    prior.spares = tfpp::set<disk>(applied);
    prior.id = "m-1";
    // one element changes size; Core keeps the others' computed values
    std::vector<disk> proposed_disks = applied;
    proposed_disks[42] = config_disk("d42", 4242);
    std::vector<disk> config_disks = disks;
    config_disks[42] = config_disk("d42", 4242);
    config.spares = tfpp::set<disk>(config_disks);
    machine proposed = config;
    proposed.spares = tfpp::set<disk>(proposed_disks);
    proposed.id = prior.id;
    const machine_plan p = plan_machine(&prior, proposed, config);
    REQUIRE(p.decoded.spares->size() == 10000);
    std::size_t kept = 0, unknown = 0;
    for (const disk& d : *p.decoded.spares) {
        if (d.uuid.is_known()) ++kept;
        if (d.uuid.is_unknown()) ++unknown;
    }
    CHECK(kept == 9999);
    CHECK(unknown == 1);
}

// ------------------------------------------------ plan modifiers and defaults

bool shrinks(const std::int64_t& prior, const std::int64_t& planned) { return planned < prior; }

struct volume {
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t, tfpp::requires_replace_if<&shrinks>> size;
    tfpp::optional_computed<std::string, tfpp::default_value<"ext4">> format;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> serial;
    tfpp::computed<std::string, tfpp::use_non_null_state_for_unknown> mounted_at;
};

std::string default_label(const struct server_config&);

struct server_config {
    tfpp::required<std::string> name;
    tfpp::optional_computed<std::int64_t, tfpp::default_value<8080>> port;
    tfpp::optional_computed<bool, tfpp::default_value<true>> enabled;
    tfpp::optional_computed<std::string, tfpp::default_from<&default_label>> label;
    tfpp::optional<std::vector<volume>, tfpp::match_by<"name">> volumes;
    tfpp::optional<std::vector<volume>> by_index;
    tfpp::block_set<volume, tfpp::match_by<"name">> spare;
};

std::string default_label(const server_config& config) { return "srv-" + *config.name; }

volume planned_volume(std::string name, std::int64_t size) {
    volume v;
    v.name = std::move(name);
    v.size = size;
    return v;
}
volume applied_volume(std::string name, std::int64_t size, std::string serial, tfpp::value<std::string> mounted) {
    volume v = planned_volume(std::move(name), size);
    v.format = "ext4";
    v.serial = std::move(serial);
    v.mounted_at = std::move(mounted);
    return v;
}

struct server_plan {
    server_config decoded;
    std::vector<std::string> replace;
};

server_plan plan_server(const server_config* prior, const server_config& proposed, const server_config& config) {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    const tfpp::block_schema& schema = tfpp::detail::handler_block<server_config, server_config>();
    REQUIRE(tfpp::detail::plan_resource_change(schema, prior ? tfpp::to_msgpack(*prior) : std::string(),
                                               tfpp::to_msgpack(proposed), tfpp::to_msgpack(config), r, d));
    INFO((d.empty() ? std::string() : d[0].summary + ": " + d[0].detail));
    REQUIRE(d.empty());
    server_plan out;
    tfpp::diagnostics dd;
    REQUIRE(tfpp::decode_msgpack(r.planned_state, out.decoded, dd));
    for (const auto& path : r.requires_replace) out.replace.push_back(path.to_string());
    return out;
}

server_config base_config() {
    server_config c;
    c.name = "web";
    c.spare = tfpp::set<volume>{};
    return c;
}

TEST_CASE("static and computed defaults, also inside nested attributes and blocks", "[plan]") {
    server_config config = base_config();
    config.volumes = std::vector<volume>{planned_volume("data", 10)};
    config.spare = tfpp::set<volume>{planned_volume("s", 1)};
    const server_plan p = plan_server(nullptr, config, config);
    CHECK(p.decoded.port == std::int64_t{8080});
    CHECK(p.decoded.enabled == true);
    CHECK(p.decoded.label == "srv-web");
    CHECK((*p.decoded.volumes)[0].format == "ext4");    // default inside a list of nested attributes
    CHECK(p.decoded.spare->begin()->format == "ext4");  // and inside a set block
    CHECK((*p.decoded.volumes)[0].serial.is_unknown());

    // a configured value wins over the default
    server_config explicit_port = config;
    explicit_port.port = 9090;
    CHECK(plan_server(nullptr, explicit_port, explicit_port).decoded.port == std::int64_t{9090});
}

struct revised {
    tfpp::required<std::string> name;
    tfpp::optional_computed<std::string, tfpp::default_value<"standard">> mode;
    tfpp::computed<std::int64_t> revision;
};

TEST_CASE("a default that changes the prior value is a change: computed values are planned unknown", "[plan]") {
    // `mode = ""` removed from the configuration: Core proposes the prior ""
    // (optional and computed), the default plans "standard", so the object
    // changes and `revision` may change with it (found by tfpp::testing::explore).
    revised prior;
    prior.name = "a";
    prior.mode = "";
    prior.revision = 1;
    revised config;
    config.name = "a";
    const tfpp::block_schema& schema = tfpp::detail::handler_block<revised, revised>();
    const auto planned = [&](const revised& proposed) {
        tfpp::detail::plan_result r;
        tfpp::diagnostics d;
        REQUIRE(tfpp::detail::plan_resource_change(schema, tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed),
                                                   tfpp::to_msgpack(config), r, d));
        REQUIRE(d.empty());
        revised out;
        REQUIRE(tfpp::decode_msgpack(r.planned_state, out, d));
        return out;
    };
    const revised changed = planned(prior);
    CHECK(changed.mode == "standard");
    CHECK(changed.revision.is_unknown());
    // Nothing to change: the computed value stays.
    prior.mode = "standard";
    const revised same = planned(prior);
    CHECK(same.mode == "standard");
    CHECK(same.revision == std::int64_t{1});
}

TEST_CASE("requires_replace_if asks the predicate", "[plan]") {
    server_config prior = base_config();
    prior.port = 8080;
    prior.enabled = true;
    prior.label = "srv-web";
    prior.volumes = std::vector<volume>{applied_volume("data", 10, "S1", "/mnt")};
    for (auto [size, replaced] : {std::pair{20, false}, std::pair{5, true}}) {
        server_config config = base_config();
        config.volumes = std::vector<volume>{planned_volume("data", size)};
        server_config proposed = config;
        proposed.port = prior.port;
        proposed.enabled = prior.enabled;
        proposed.label = prior.label;
        (*proposed.volumes)[0].serial = "S1";
        (*proposed.volumes)[0].format = "ext4";
        (*proposed.volumes)[0].mounted_at = "/mnt";
        const server_plan p = plan_server(&prior, proposed, config);
        INFO("size " << size);
        if (replaced) CHECK(p.replace == std::vector<std::string>{"volumes[0].size"});
        else CHECK(p.replace.empty());
    }
}

TEST_CASE("match_by: list elements keep their computed values by identity, not by index", "[plan]") {
    server_config prior = base_config();
    prior.port = 8080;
    prior.enabled = true;
    prior.label = "srv-web";
    prior.volumes = std::vector<volume>{applied_volume("a", 1, "SA", "/a"), applied_volume("b", 2, "SB", tfpp::null)};
    prior.by_index = prior.volumes;
    // a new element goes in front: Core correlates by index, so it hands
    // "new" the prior values of "a" and "a" those of "b"
    server_config config = base_config();
    config.volumes = std::vector<volume>{planned_volume("new", 3), planned_volume("a", 1), planned_volume("b", 2)};
    config.by_index = config.volumes;
    server_config proposed = config;
    proposed.port = prior.port;
    proposed.enabled = prior.enabled;
    proposed.label = prior.label;
    for (std::vector<volume>* list : {&*proposed.volumes, &*proposed.by_index})
        for (std::size_t i = 0; i < 2; ++i) {
            (*list)[i].serial = (*prior.volumes)[i].serial;
            (*list)[i].mounted_at = (*prior.volumes)[i].mounted_at;
            (*list)[i].format = "ext4";
        }
    const server_plan p = plan_server(&prior, proposed, config);
    const auto& matched = *p.decoded.volumes;
    CHECK(matched[0].serial.is_unknown());  // new: no prior element
    CHECK(matched[1].serial == "SA");       // found by name
    CHECK(matched[2].serial == "SB");
    CHECK(matched[1].mounted_at == "/a");       // use_non_null_state_for_unknown: kept
    CHECK(matched[2].mounted_at.is_unknown());  // prior value null: not kept
    const auto& by_index = *p.decoded.by_index;
    CHECK(by_index[0].serial == "SA");  // without match_by: the index's prior element (framework#709)
    CHECK(by_index[1].serial == "SB");
    CHECK(by_index[2].serial.is_unknown());
}

TEST_CASE("match_by on a set block finds the prior element whose other attributes changed", "[plan]") {
    server_config prior = base_config();
    prior.port = 8080;
    prior.enabled = true;
    prior.label = "srv-web";
    prior.spare = tfpp::set<volume>{applied_volume("s", 1, "SS", "/s")};
    server_config config = base_config();
    config.spare = tfpp::set<volume>{planned_volume("s", 2)};  // size changed: Core matches no prior element
    server_config proposed = config;
    proposed.port = prior.port;
    proposed.enabled = prior.enabled;
    proposed.label = prior.label;
    const server_plan p = plan_server(&prior, proposed, config);
    REQUIRE(p.decoded.spare->size() == 1);
    CHECK(p.decoded.spare->begin()->serial == "SS");
    CHECK(p.decoded.spare->begin()->format == "ext4");
}

}  // namespace test_plan
