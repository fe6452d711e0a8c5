// A deprecated attribute or block that a configuration sets gets a warning at
// its path when Terraform validates the configuration, as the Go framework
// gives; one left unset, null or unknown gets none.
#include <tfpp/rpc/services.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace test_deprecation {

struct config_model {
    tfpp::optional<std::string, tfpp::deprecated<"Use endpoint.">> url;
    tfpp::optional<std::string> endpoint;
};

struct rule_model {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string, tfpp::deprecated<"Use protocol.">> proto;
};

struct legacy_options {
    tfpp::optional<bool> verbose;
};

struct group_options {
    tfpp::optional<std::string> mode;
};

struct server_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::deprecated<"Use name instead.">> label;
    tfpp::optional<std::vector<rule_model>> rules;
    tfpp::optional<std::map<std::string, rule_model>> named_rules;
    tfpp::optional<tfpp::set<rule_model>> rule_set;
    tfpp::block_list<legacy_options, tfpp::deprecated<"Options are always verbose.">> legacy;
    tfpp::block_group<group_options, tfpp::deprecated<"">> group;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct server_resource {
    using model = server_model;
    static constexpr std::string_view type_name = "depr_server";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct lookup_model {
    tfpp::optional<std::string, tfpp::deprecated<"Look up by id.">> name;
    tfpp::computed<std::string> id;
};

struct lookup_data_source {
    using model = lookup_model;
    static constexpr std::string_view type_name = "depr_lookup";
    std::optional<model> read(model config, tfpp::context&) { return config; }
};

struct token_ephemeral {
    using model = lookup_model;
    static constexpr std::string_view type_name = "depr_token";
    std::optional<model> open(model config, tfpp::context&) { return config; }
};

struct provider {
    static constexpr std::string_view type_name = "depr";
    using config = config_model;
    using resources = tfpp::type_list<server_resource>;
    using data_sources = tfpp::type_list<lookup_data_source>;
    using ephemeral_resources = tfpp::type_list<token_ephemeral>;
};

using engine = tfpp::detail::engine<provider>;

struct warning {
    std::string summary, detail, path;
    bool operator==(const warning&) const = default;
    friend std::ostream& operator<<(std::ostream& o, const warning& w) {
        return o << w.path << ": " << w.summary << ": " << w.detail;
    }
};

template <class Response>
std::vector<warning> warnings_of(const Response& resp) {
    std::vector<warning> out;
    for (const auto& d : resp.diagnostics()) {
        REQUIRE(d.severity() == tfplugin6::Diagnostic::WARNING);
        std::string path;
        for (const auto& step : d.attribute().steps()) {
            if (step.has_attribute_name()) path += "." + step.attribute_name();
            if (step.has_element_key_string()) path += "[\"" + step.element_key_string() + "\"]";
            if (step.has_element_key_int()) path += "[" + std::to_string(step.element_key_int()) + "]";
        }
        out.push_back({d.summary(), d.detail(), path});
    }
    return out;
}

std::vector<warning> validate(const server_model& m) {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    tfplugin6::ValidateResourceConfig_Request req;
    tfplugin6::ValidateResourceConfig_Response resp;
    req.set_type_name("depr_server");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(m));
    REQUIRE(v6.ValidateResourceConfig(nullptr, &req, &resp).ok());
    return warnings_of(resp);
}

rule_model rule(std::int64_t port, std::optional<std::string> proto = {}) {
    rule_model r;
    r.port = port;
    if (proto) r.proto = *proto;
    return r;
}

TEST_CASE("a resource's deprecated attributes and blocks warn where the configuration sets them",
          "[deprecation][rpc]") {
    server_model m;
    m.name = "web";
    m.id = tfpp::unknown;

    SECTION("nothing deprecated set: no warning") {
        m.rules = std::vector<rule_model>{rule(80)};
        m.group = group_options{};
        CHECK(validate(m).empty());
    }
    SECTION("an unknown value is not reported before it is known") {
        m.label = tfpp::unknown;
        CHECK(validate(m).empty());
    }
    SECTION("top-level attribute, nested attributes by index and key, a set element at the set") {
        m.label = "old";
        m.rules = std::vector<rule_model>{rule(80), rule(443, "tcp")};
        m.named_rules = std::map<std::string, rule_model>{{"dns", rule(53, "udp")}};
        m.rule_set = tfpp::set<rule_model>{rule(22, "tcp")};
        // Terraform shows a diagnostic at an element of a nested attribute at
        // most; the detail names the attribute inside it.
        CHECK(validate(m) ==
              std::vector<warning>{
                  {"Attribute Deprecated", "Use name instead.", ".label"},
                  {"Attribute Deprecated", "named_rules[\"dns\"].proto: Use protocol.", ".named_rules[\"dns\"]"},
                  {"Attribute Deprecated", "rule_set.proto: Use protocol.", ".rule_set"},
                  {"Attribute Deprecated", "rules[1].proto: Use protocol.", ".rules[1]"},
              });
    }
    SECTION("a list block present, and a group block only when it sets something") {
        m.legacy = std::vector<legacy_options>{legacy_options{}};
        m.group = group_options{};
        CHECK(validate(m) == std::vector<warning>{{"Block Deprecated", "Options are always verbose.", ".legacy"}});
        group_options g;
        g.mode = "fast";
        m.group = g;
        m.legacy = std::vector<legacy_options>{};
        CHECK(validate(m) == std::vector<warning>{{"Block Deprecated",
                                                   "The block \"group\" is deprecated and may be removed in a future "
                                                   "version of the provider.",
                                                   ".group"}});
    }
}

TEST_CASE("deprecation warnings for provider configurations, data sources and ephemeral resources",
          "[deprecation][rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    lookup_model lookup;
    lookup.name = "db";

    tfplugin6::ValidateProviderConfig_Request provider_req;
    tfplugin6::ValidateProviderConfig_Response provider_resp;
    config_model c;
    c.url = "https://example.com";
    provider_req.mutable_config()->set_msgpack(tfpp::to_msgpack(c));
    REQUIRE(v6.ValidateProviderConfig(nullptr, &provider_req, &provider_resp).ok());
    CHECK(warnings_of(provider_resp) == std::vector<warning>{{"Attribute Deprecated", "Use endpoint.", ".url"}});

    tfplugin6::ValidateDataResourceConfig_Request data_req;
    tfplugin6::ValidateDataResourceConfig_Response data_resp;
    data_req.set_type_name("depr_lookup");
    data_req.mutable_config()->set_msgpack(tfpp::to_msgpack(lookup));
    REQUIRE(v6.ValidateDataResourceConfig(nullptr, &data_req, &data_resp).ok());
    CHECK(warnings_of(data_resp) == std::vector<warning>{{"Attribute Deprecated", "Look up by id.", ".name"}});

    tfplugin6::ValidateEphemeralResourceConfig_Request eph_req;
    tfplugin6::ValidateEphemeralResourceConfig_Response eph_resp;
    eph_req.set_type_name("depr_token");
    eph_req.mutable_config()->set_msgpack(tfpp::to_msgpack(lookup));
    REQUIRE(v6.ValidateEphemeralResourceConfig(nullptr, &eph_req, &eph_resp).ok());
    CHECK(warnings_of(eph_resp) == std::vector<warning>{{"Attribute Deprecated", "Look up by id.", ".name"}});
}

}  // namespace test_deprecation
