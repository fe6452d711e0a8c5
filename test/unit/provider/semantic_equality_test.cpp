// Semantic equality: a value a handler reads back in another form of what
// Terraform has ("1.5" for "1.50", a compacted JSON document, a timestamp in
// UTC) keeps Terraform's form after create, update, read and data source
// reads, so the next plan is empty; a real change still shows.
#include <tfpp/testing.hpp>
#include <tfpp/tfpp.hpp>
#include <tfpp/value/json_document.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace test_semantic {

// "1.50" and "1.5", "2.0" and "2": the remote system keeps no trailing zeros.
std::string trimmed_decimal(std::string s) {
    if (s.find('.') == std::string::npos) return s;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}
bool same_decimal(const std::string& a, const std::string& b) { return trimmed_decimal(a) == trimmed_decimal(b); }

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}
bool same_tag(const std::string& a, const std::string& b) { return upper(a) == upper(b); }

struct document_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::normalized_json> policy;
    tfpp::optional<std::string, tfpp::rfc3339> expires;
    tfpp::optional<std::string, tfpp::semantic_equal<&same_decimal>> price;
    tfpp::optional<std::vector<std::string>, tfpp::semantic_equal_elements<&same_tag>> tags;
    tfpp::optional<tfpp::set<std::string>, tfpp::rfc3339> windows;
    tfpp::optional<std::map<std::string, std::string>, tfpp::normalized_json> settings;
    tfpp::optional<std::string, tfpp::sensitive, tfpp::normalized_json> secret_policy;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

// What the remote system does to what it stores.
std::string compact_json(const std::string& s) { return nlohmann::json::parse(s).dump(); }
std::string utc(const std::string& s) {
    using namespace std::chrono;
    const auto t = floor<seconds>(*tfpp::parse_rfc3339(s));
    const auto day = floor<days>(t);
    const year_month_day d{day};
    const hh_mm_ss time{t - day};
    char out[32];
    std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02ld:%02ld:%02lldZ", int(d.year()), unsigned(d.month()),
                  unsigned(d.day()), long(time.hours().count()), long(time.minutes().count()),
                  static_cast<long long>(time.seconds().count()));
    return out;
}
document_model normalized(document_model m) {
    if (m.policy.is_known()) m.policy = compact_json(*m.policy);
    if (m.expires.is_known()) m.expires = utc(*m.expires);
    if (m.price.is_known()) m.price = trimmed_decimal(*m.price);
    if (m.tags.is_known())
        for (auto& t : *m.tags) t = upper(t);
    if (m.windows.is_known()) {
        tfpp::set<std::string> w;
        for (const auto& e : *m.windows) w.insert(utc(e));
        m.windows = w;
    }
    if (m.settings.is_known())
        for (auto& [k, v] : *m.settings) v = compact_json(v);
    return m;
}

inline std::map<std::string, document_model> remote;

struct document_resource {
    using model = document_model;
    static constexpr std::string_view type_name = "remote_document";
    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = *plan.name;
        remote[*plan.id] = normalized(plan);
        return remote[*plan.id];  // as the API answers: its own form
    }
    std::optional<model> read(model state, tfpp::context&) {
        auto it = remote.find(*state.id);
        if (it == remote.end()) return std::nullopt;
        return it->second;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) {
        remote[*plan.id] = normalized(plan);
        return remote[*plan.id];
    }
    void destroy(const model& state, tfpp::context&) { remote.erase(*state.id); }
};

struct lookup_model {
    tfpp::required<std::string, tfpp::rfc3339> at;
};
struct lookup_data_source {
    using model = lookup_model;
    static constexpr std::string_view type_name = "remote_lookup";
    std::optional<model> read(model config, tfpp::context&) {
        config.at = utc(*config.at);
        return config;
    }
};

// A comparison that throws counts as "not equal": the value read is kept.
bool throws(const std::string&, const std::string&) { throw std::runtime_error("cannot compare"); }

struct shouting_model {
    tfpp::required<std::string, tfpp::semantic_equal<&throws>> word;
};
struct shouting_resource {
    using model = shouting_model;
    static constexpr std::string_view type_name = "remote_shouting";
    std::optional<model> create(model plan, tfpp::context&) {
        plan.word = upper(*plan.word);
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct provider {
    static constexpr std::string_view type_name = "remote";
    using resources = tfpp::type_list<document_resource, shouting_resource>;
    using data_sources = tfpp::type_list<lookup_data_source>;
};

document_model configured() {
    document_model m;
    m.name = "doc";
    m.policy = R"({ "b": [1, 2.0], "a": {"x": true} })";
    m.expires = "2026-11-27T06:30:00+01:00";
    m.price = "1.50";
    m.tags = std::vector<std::string>{"blue", "Green"};
    m.windows = tfpp::set<std::string>{"2026-01-01T01:00:00+01:00", "2026-06-01T00:00:00Z"};
    m.settings = std::map<std::string, std::string>{{"a", R"({ "k": 1 })"}, {"b", "[ ]"}};
    return m;
}

TEST_CASE("values read back in another form keep the configured form", "[semantic]") {
    tfpp::testing::provider_under_test<provider> p;
    remote.clear();
    const document_model config = configured();
    auto created = p.create<document_resource>(config);  // includes refresh + empty plan
    REQUIRE(created);
    const document_model& state = *created.state;
    CHECK(*state.policy == *config.policy);
    CHECK(*state.expires == *config.expires);
    CHECK(*state.price == "1.50");
    CHECK(*state.tags == *config.tags);
    CHECK(*state.windows == *config.windows);
    CHECK(*state.settings == *config.settings);
    // the remote system holds its own forms
    CHECK(*remote["doc"].price == "1.5");
    CHECK(*remote["doc"].expires == "2026-11-27T05:30:00Z");

    SECTION("an update keeps the forms too") {
        document_model changed = config;
        changed.price = "2.50";
        REQUIRE(p.update<document_resource>(created, changed));
    }
    SECTION("a real change shows as drift") {
        remote["doc"].price = "3";
        remote["doc"].tags = std::vector<std::string>{"BLUE", "RED"};
        auto refreshed = p.read<document_resource>(*created.state);
        REQUIRE(refreshed.ok());
        CHECK(*refreshed.state->price == "3");
        CHECK(*refreshed.state->tags == std::vector<std::string>{"blue", "RED"});  // per element
        CHECK(*refreshed.state->policy == *config.policy);
        auto step = p.plan<document_resource>(config, refreshed);
        CHECK(step.action == tfpp::testing::action::update);
    }
}

TEST_CASE("a data source's result keeps the configuration's form", "[semantic]") {
    tfpp::testing::provider_under_test<provider> p;
    lookup_model m;
    m.at = "2026-11-27T00:00:00-05:00";
    auto r = p.read_data_source<lookup_data_source>(m);
    REQUIRE(r.ok());
    CHECK(*r.state->at == "2026-11-27T00:00:00-05:00");
}

TEST_CASE("normalized_json and rfc3339 validate, without showing sensitive values", "[semantic]") {
    tfpp::testing::provider_under_test<provider> p;
    document_model m;
    m.name = "bad";
    m.policy = "{not json";
    m.windows = tfpp::set<std::string>{"yesterday"};
    m.secret_policy = "hunter2-secret";
    auto step = p.plan<document_resource>(m, tfpp::testing::no_state);
    REQUIRE(step.diagnostics.size() == 3);
    std::map<std::string, std::string> by_path;
    for (const auto& d : step.diagnostics) by_path[d.path.to_string()] = d.detail;
    CHECK_THAT(by_path["policy"], Catch::Contains("must be a JSON document") && Catch::Contains("{not json"));
    CHECK_THAT(by_path["windows"], Catch::Contains("RFC 3339") && Catch::Contains("yesterday"));
    CHECK_THAT(by_path["secret_policy"], Catch::Contains("must be a JSON document"));
    CHECK_THAT(by_path["secret_policy"], !Catch::Contains("hunter2"));
}

TEST_CASE("a semantic comparison that throws keeps the value read, and Terraform's check reports it", "[semantic]") {
    tfpp::testing::provider_under_test<provider> p;
    shouting_model m;
    m.word = "hello";
    auto step = p.plan<shouting_resource>(m, tfpp::testing::no_state);
    REQUIRE(step.ok());
    auto applied = p.apply(step);
    REQUIRE(applied.state);
    CHECK(*applied.state->word == "HELLO");
    CHECK_FALSE(applied.ok());  // planned "hello", got "HELLO": an inconsistent result, not a crash
}

}  // namespace test_semantic
