// Secrets in logs: values of sensitive and write-only attributes (nested,
// in sets, in the provider's configuration) are masked in every line a
// handler writes during the request, and each request's lines carry its
// fields.
#include <tfpp/rpc/services.hpp>
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_log_masking {

std::vector<std::string> lines;
void capture(tfpp::log::level, std::string_view, std::string_view message, std::span<const tfpp::log::field> fields) {
    std::string line(message);
    for (const auto& f : fields) line += " " + std::string(f.key) + "=" + std::string(f.value);
    lines.push_back(std::move(line));
}

struct login_block {
    tfpp::required<std::string> user;
    tfpp::optional<std::string, tfpp::sensitive> token;
};

struct account_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::sensitive> api_key;
    tfpp::optional<std::string, tfpp::write_only> password_wo;
    tfpp::block_set<login_block> login;
    tfpp::computed<std::string> id;
};

struct provider_config {
    tfpp::optional<std::string, tfpp::sensitive> master_key;
};

struct provider;
struct account {
    using model = account_model;
    static constexpr std::string_view type_name = "demo_account";
    provider& p;
    // A careless handler: it logs everything it gets.
    void validate(const model& config, tfpp::context&) {
        tfpp::log::info("validating {} with key {}", *config.name, config.api_key.value_or("-"));
    }
    std::optional<model> create(model plan, tfpp::context&);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct provider {
    static constexpr std::string_view type_name = "demo";
    using config = provider_config;
    using resources = tfpp::type_list<account>;
    std::string master_key;
    void configure(const provider_config& c, tfpp::context&) { master_key = c.master_key.value_or(""); }
};

std::optional<account_model> account::create(model plan, tfpp::context&) {
    std::string tokens;
    for (const auto& l : *plan.login) tokens += l.token.value_or("") + ",";
    tfpp::log::scope fields{{"api_key", plan.api_key.value_or("")}};
    tfpp::log::info("creating {} key={} password={} tokens={} master={}", *plan.name, plan.api_key.value_or(""),
                    plan.password_wo.value_or(""), tokens, p.master_key);
    plan.id = *plan.name;
    return plan;
}

TEST_CASE("log: secrets of the request's models and of the provider's configuration are masked", "[log][sensitive]") {
    lines.clear();
    tfpp::log::sink = &capture;
    tfpp::log::threshold = tfpp::log::level::info;
    {
        provider_config c;
        c.master_key = "MASTER-0001";
        tfpp::testing::provider_under_test<provider> p(c);
        REQUIRE(p.configure_diagnostics().empty());

        account_model m;
        m.name = "alice";
        m.api_key = "KEY-42-SECRET";
        m.password_wo = "PW-hunter2";
        m.login = tfpp::set<login_block>{{.user = "a", .token = "TOKEN-AAA"}, {.user = "b", .token = tfpp::null}};
        const tfpp::detail::log_request request("ApplyResourceChange", "tf_resource_type", "demo_account");
        auto created = p.create<account>(m);
        REQUIRE(created);
    }
    tfpp::log::sink = nullptr;
    tfpp::log::threshold = tfpp::log::level::off;

    const auto creating =
        std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("creating"); });
    REQUIRE(creating != lines.end());
    CHECK(creating->starts_with("creating alice key=*** password=*** tokens=***,, master=***"));
    CHECK(creating->find("api_key=***") != std::string::npos);
    CHECK(creating->find("tf_resource_type=demo_account") != std::string::npos);
    for (const std::string& line : lines)
        for (const char* secret : {"KEY-42-SECRET", "PW-hunter2", "TOKEN-AAA", "MASTER-0001"})
            CHECK(line.find(secret) == std::string::npos);
}

TEST_CASE("log: an RPC's lines carry tf_rpc, tf_req_id and tf_resource_type, with its secrets masked",
          "[log][rpc][sensitive]") {
    using engine = tfpp::detail::engine<provider>;
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    account_model m;
    m.name = "bob";
    m.api_key = "KEY-RPC-777";
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("demo_account");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(m));
    tfplugin6::ValidateResourceConfig_Response resp;

    lines.clear();
    tfpp::log::sink = &capture;
    tfpp::log::threshold = tfpp::log::level::info;
    REQUIRE(v6.ValidateResourceConfig(nullptr, &req, &resp).ok());
    tfpp::log::sink = nullptr;
    tfpp::log::threshold = tfpp::log::level::off;

    REQUIRE(lines.size() == 1);
    CHECK(lines[0].starts_with("validating bob with key *** tf_rpc=ValidateResourceConfig tf_req_id="));
    CHECK(lines[0].ends_with(" tf_resource_type=demo_account"));
}

}  // namespace test_log_masking
