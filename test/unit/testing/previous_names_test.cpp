// The previous release's names, kept for one release with [[deprecated]]:
// each still does what its new name does. The warnings are what this file
// means to use, so they are off here (before any header, so that they are off
// in tfpp's headers too); test/compile_fail/*renamed* and *string_ids* show
// the warnings themselves.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace test_previous_names {

struct note_model_v0 {
    tfpp::required<std::string> title;
    tfpp::computed<std::string> id;
};
struct note_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct note_identity {
    tfpp::required<std::string> id;
};
struct note_identity_v0 {
    tfpp::required<std::string> key;
};

struct note_resource {
    using model = note_model;
    using identity = note_identity;
    static constexpr std::string_view type_name = "old_note";
    static constexpr std::int64_t schema_version = 1;
    static constexpr std::int64_t identity_version = 1;
    using prior_models = tfpp::type_list<note_model_v0>;
    using prior_identities = tfpp::type_list<note_identity_v0>;

    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = "note-" + *plan.name;
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    // upgrade_state and upgrade_identity now.
    model upgrade(note_model_v0 old, tfpp::context&) {
        model m;
        m.name = *old.title;
        m.id = *old.id;
        return m;
    }
    note_identity upgrade(note_identity_v0 old, tfpp::context&) {
        note_identity id;
        id.id = *old.key;
        return id;
    }
};

struct note_data_source {
    using model = note_model;
    static constexpr std::string_view type_name = "old_note";
    std::optional<model> read(model config, tfpp::context&) {
        config.id = "read-" + *config.name;
        return config;
    }
};

// Typed private data through `using private_data` and T& parameters: now
// tfpp::set_private_data and tfpp::private_data<T>, as for resources.
struct lease {
    std::string id;
    std::int64_t renewals = 0;
};
struct lease_ephemeral {
    using model = note_model;
    using private_data = lease;
    static constexpr std::string_view type_name = "old_lease";
    std::optional<model> open(model config, lease& l, tfpp::context&) {
        l.id = "lease-" + *config.name;
        config.id = l.id;
        return config;
    }
    void renew(lease& l, tfpp::context&) { ++l.renewals; }
    void close(const lease& l, tfpp::context& ctx) {
        if (l.renewals != 1) ctx.error("Wrong lease", "renewed " + std::to_string(l.renewals) + " times");
    }
};

struct filter {
    tfpp::optional<std::string> prefix;
};
struct note_list {
    using resource = note_resource;
    using config = filter;
    void list(const filter&, tfpp::list_results<note_resource>& results, tfpp::context&) {
        note_model m;
        m.name = "a";
        m.id = "note-a";
        results.push(m, "note a");
    }
};

struct say_config {
    tfpp::required<std::string> words;
};
struct say_action {
    static constexpr std::string_view type_name = "old_say";
    using config = say_config;
    void invoke(const say_config& c, tfpp::action_progress& progress, tfpp::context&) { progress.report(*c.words); }
};

// Ids as `const std::string&`: std::string_view now.
struct store_config {
    tfpp::optional<std::string> bucket;
};
struct string_id_store {
    static constexpr std::string_view type_name = "old_store";
    using config = store_config;
    std::map<std::string, std::string> held;
    void read(const std::string& state_id, tfpp::state_sink& out, tfpp::context&) {
        if (auto it = held.find(state_id); it != held.end()) {
            out.size(it->second.size());
            out.write(it->second);
        }
    }
    void write(const std::string& state_id, tfpp::state_source& in, tfpp::context&) {
        std::string bytes;
        while (auto chunk = in.next()) bytes.append(*chunk);
        held[state_id] = bytes;
    }
    std::string lock(const std::string& state_id, const std::string& operation, tfpp::context&) {
        return state_id + "/" + operation;
    }
    void unlock(const std::string& state_id, const std::string& lock_id, tfpp::context& ctx) {
        if (lock_id != state_id + "/OperationTypeApply") ctx.error("Not your lock", "wrong lock");
    }
    std::vector<std::string> states(tfpp::context&) {
        std::vector<std::string> names{"default"};
        for (const auto& [name, bytes] : held)
            if (name != "default") names.push_back(name);
        return names;
    }
    void delete_state(const std::string& state_id, tfpp::context&) { held.erase(state_id); }
};

struct provider {
    static constexpr std::string_view type_name = "old";
    using resources = tfpp::type_list<note_resource>;
    using data_sources = tfpp::type_list<note_data_source>;
    using ephemeral_resources = tfpp::type_list<lease_ephemeral>;
    using list_resources = tfpp::type_list<note_list>;
    using actions = tfpp::type_list<say_action>;
    using state_stores = tfpp::type_list<string_id_store>;
};
static_assert(tfpp::valid_provider<provider>);

note_model named(std::string name) {
    note_model m;
    m.name = std::move(name);
    return m;
}

TEST_CASE("previous names: a resource's upgrade() upgrades state and identity", "[testing][previous-names]") {
    tfpp::testing::provider_under_test<provider> p;
    auto upgraded = p.upgrade<note_resource>(0, R"({"title":"t","id":"note-t"})");
    REQUIRE(upgraded.ok());
    CHECK(upgraded.state->name == "t");
    CHECK(p.upgrade_state<note_resource>(0, R"({"title":"t","id":"note-t"})").state->id == "note-t");
    auto outcome = p.upgrade_then_empty_plan<note_resource>(0, R"({"title":"t","id":"note-t"})", named("t"));
    CHECK(outcome);
}

TEST_CASE("previous names: the driver's operations of the other kinds", "[testing][previous-names]") {
    tfpp::testing::provider_under_test<provider> p;

    auto read = p.read_data<note_data_source>(named("x"));
    REQUIRE(read.ok());
    CHECK(read.state->id == "read-x");

    auto opened = p.open_ephemeral<lease_ephemeral>(named("x"));
    REQUIRE(opened.ok());
    CHECK(opened.result->id == "lease-x");
    CHECK(opened.private_state == R"({"id":"lease-x","renewals":0})");
    auto renewed = p.renew_ephemeral<lease_ephemeral>(opened);
    REQUIRE(renewed.ok());
    CHECK(renewed.private_state == R"({"id":"lease-x","renewals":1})");
    CHECK(p.close_ephemeral<lease_ephemeral>(renewed).empty());
    // What the typed private data's close reported for bytes open() did not store.
    renewed.private_state = "not json";
    const tfpp::diagnostics unreadable = p.close_ephemeral<lease_ephemeral>(renewed);
    REQUIRE(unreadable.size() == 1);
    CHECK(unreadable[0].summary == "Unreadable private data");

    auto listed = p.list<note_list>(filter{});
    REQUIRE(listed.ok());
    REQUIRE(listed.results.size() == 1);
    CHECK(listed.results[0].identity.id == "note-a");

    auto invoked = p.invoke<say_action>(say_config{"hello"});
    REQUIRE(invoked.ok());
    CHECK(invoked.progress == std::vector<std::string>{"hello"});
}

TEST_CASE("previous names: a state store with std::string ids, and states()", "[testing][previous-names]") {
    tfpp::testing::provider_under_test<provider> p;
    REQUIRE(p.configure_state_store<string_id_store>(store_config{}).ok());
    CHECK(p.write_state<string_id_store>("dev", "{}").empty());
    auto stored = p.read_state<string_id_store>("dev");
    REQUIRE(stored.ok());
    CHECK(stored.bytes == "{}");
    auto lock = p.lock_state<string_id_store>("dev");
    REQUIRE(lock.ok());
    CHECK(lock.lock_id == "dev/OperationTypeApply");
    CHECK(p.unlock_state<string_id_store>("dev", lock.lock_id).empty());
    CHECK(p.states<string_id_store>().names == std::vector<std::string>{"default", "dev"});
    CHECK(p.delete_state<string_id_store>("dev").empty());
    CHECK(p.get_states<string_id_store>().names == std::vector<std::string>{"default"});
}

}  // namespace test_previous_names
