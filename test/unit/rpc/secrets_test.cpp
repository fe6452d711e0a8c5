// Secrets stay secret: a recognizable value in every sensitive and
// write-only position of a rich model, then validation failures, a decode
// error, consistency violations and handler errors, driven through the
// protocol service as Terraform drives it. No diagnostic the client gets
// and no log line holds any of the values.
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <span>
#include <string>
#include <vector>

namespace test_secrets {

std::vector<std::string> lines;
void capture(tfpp::log::level, std::string_view, std::string_view message, std::span<const tfpp::log::field> fields) {
    std::string line(message);
    for (const auto& f : fields) line += " " + std::string(f.key) + "=" + std::string(f.value);
    lines.push_back(std::move(line));
}

using lower_case = tfpp::regex<"^[a-z]+$", "lower-case letters">;

struct credential_block {
    tfpp::required<std::string> user;
    tfpp::optional<std::string, tfpp::sensitive, lower_case> token;
};

struct vault_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::sensitive, lower_case> api_key;
    tfpp::optional<std::string, tfpp::write_only, lower_case> password_wo;
    tfpp::optional<std::map<std::string, std::string>, tfpp::sensitive, tfpp::each<lower_case>> labels;
    tfpp::optional<std::int64_t, tfpp::sensitive> pin;
    tfpp::block_set<credential_block> credential;
    tfpp::computed<std::string> id;
};

// The same attributes, with pin as text: how a configuration that does not
// decode arrives.
struct vault_model_text_pin {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::sensitive> api_key;
    tfpp::optional<std::string, tfpp::write_only> password_wo;
    tfpp::optional<std::map<std::string, std::string>, tfpp::sensitive> labels;
    tfpp::optional<std::string, tfpp::sensitive> pin;
    tfpp::block_set<credential_block> credential;
    tfpp::computed<std::string> id;
};

const std::vector<std::string> secrets = {"SECRET-API-1111",   "SECRET-PW-2222",  "SECRET-LABEL-3333",
                                          "SECRET-TOKEN-4444", "SECRET-PIN-5555", "SECRET-MASTER-6666",
                                          "SECRET-KEY-7777"};

struct vault_provider;
struct vault {
    using model = vault_model;
    static constexpr std::string_view type_name = "demo_vault";
    vault_provider& p;
    // A careless handler: it quotes what it got, in logs and in errors.
    void validate(const model& m, tfpp::context& ctx) {
        tfpp::log::info("validating key {} password {}", m.api_key.value_or(""), m.password_wo.value_or(""));
        ctx.error("Refused",
                  "the server refused password " + m.password_wo.value_or("") + " for key " + m.api_key.value_or(""));
    }
    std::optional<model> create(model plan, tfpp::context& ctx) {
        std::string tokens;
        for (const auto& c : *plan.credential) tokens += c.token.value_or("") + " ";
        ctx.warning("Created", "with tokens " + tokens + "and labels " + plan.labels->begin()->second);
        plan.id = "id";
        plan.api_key = "SECRET-API-1111-CHANGED";  // a result that differs from the plan
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct vault_config {
    tfpp::optional<std::string, tfpp::sensitive> master_key;
};

// A careless state store: it quotes its access key when it refuses it.
struct vault_states_config {
    tfpp::required<std::string> bucket;
    tfpp::optional<std::string, tfpp::sensitive> access_key;
};
struct vault_states {
    static constexpr std::string_view type_name = "demo_states";
    using config = vault_states_config;
    void configure(const vault_states_config& c, tfpp::context& ctx) {
        tfpp::log::info("connecting with key {}", c.access_key.value_or(""));
        ctx.error("Refused", "the bucket refused key " + c.access_key.value_or(""));
    }
    void read(const std::string&, tfpp::state_sink&, tfpp::context&) {}
    void write(const std::string&, tfpp::state_source&, tfpp::context&) {}
    std::string lock(const std::string&, const std::string&, tfpp::context&) { return "l"; }
    void unlock(const std::string&, const std::string&, tfpp::context&) {}
    std::vector<std::string> states(tfpp::context&) { return {}; }
    void delete_state(const std::string&, tfpp::context&) {}
};

struct vault_provider {
    static constexpr std::string_view type_name = "demo";
    using config = vault_config;
    using resources = tfpp::type_list<vault>;
    using state_stores = tfpp::type_list<vault_states>;
    void configure(const vault_config&, tfpp::context&) {}
};

template <class M>
M secret_model() {
    M m;
    m.name = "v";
    m.api_key = secrets[0];
    m.password_wo = secrets[1];
    m.labels = std::map<std::string, std::string>{{secrets[6], secrets[2]}};
    if constexpr (std::is_same_v<M, vault_model_text_pin>) m.pin = secrets[4];
    else m.pin = 5555;
    m.credential = tfpp::set<credential_block>{{.user = "u", .token = secrets[3]}};
    return m;
}

// Every text of the diagnostics: summary, detail and the keys of the path.
template <class Diagnostics>
std::vector<std::string> texts(const Diagnostics& diags) {
    std::vector<std::string> out;
    for (const auto& d : diags) {
        out.push_back(d.summary() + ": " + d.detail());
        for (const auto& s : d.attribute().steps()) out.push_back(s.element_key_string());
    }
    return out;
}

void check_no_secret(const std::vector<std::string>& texts) {
    for (const std::string& t : texts)
        for (const std::string& secret : secrets) {
            INFO(t);
            CHECK(t.find(secret) == std::string::npos);
        }
}

struct session {
    tfpp::detail::engine<vault_provider> e;
    tfpp::detail::provider_service_v6 service{e};
    session() {
        lines.clear();
        tfpp::log::sink = &capture;
        tfpp::log::threshold = tfpp::log::level::trace;
        tfplugin6::ConfigureProvider_Request req;
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(vault_config{.master_key = secrets[5]}));
        tfplugin6::ConfigureProvider_Response resp;
        REQUIRE(service.ConfigureProvider(nullptr, &req, &resp).ok());
        REQUIRE(resp.diagnostics_size() == 0);
    }
    ~session() {
        tfpp::log::sink = nullptr;
        tfpp::log::threshold = tfpp::log::level::off;
        check_no_secret(lines);
    }
};

}  // namespace test_secrets

using namespace test_secrets;

TEST_CASE("secrets: validator failures and a handler's own error name no sensitive or write-only value", "[secrets]") {
    session s;
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("demo_vault");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(secret_model<vault_model>()));
    tfplugin6::ValidateResourceConfig_Response resp;
    REQUIRE(s.service.ValidateResourceConfig(nullptr, &req, &resp).ok());
    const auto all = texts(resp.diagnostics());
    CHECK(all.size() >= 5);  // four validators fail, then the handler refuses
    check_no_secret(all);
    CHECK(resp.diagnostics(resp.diagnostics_size() - 1).detail() == "the server refused password *** for key ***");
}

TEST_CASE("secrets: a configuration that does not decode names no value", "[secrets]") {
    session s;
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("demo_vault");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(secret_model<vault_model_text_pin>()));
    tfplugin6::ValidateResourceConfig_Response resp;
    REQUIRE(s.service.ValidateResourceConfig(nullptr, &req, &resp).ok());
    bool described = false;
    for (const auto& d : resp.diagnostics()) {
        INFO(d.summary() << ": " << d.detail());
        described = described || d.detail().find("not a number") != std::string::npos;
    }
    CHECK(described);
    check_no_secret(texts(resp.diagnostics()));
}

TEST_CASE("secrets: a create that returns another value, and its warning, name no value", "[secrets]") {
    session s;
    const vault_model m = secret_model<vault_model>();
    tfplugin6::ApplyResourceChange_Request req;
    req.set_type_name("demo_vault");
    req.mutable_prior_state()->set_msgpack(std::string("\xc0", 1));
    vault_model planned = m;
    planned.password_wo = tfpp::null;  // Terraform plans write-only attributes null
    planned.id = tfpp::unknown;
    req.mutable_planned_state()->set_msgpack(tfpp::to_msgpack(planned));
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(m));
    tfplugin6::ApplyResourceChange_Response resp;
    REQUIRE(s.service.ApplyResourceChange(nullptr, &req, &resp).ok());
    const auto all = texts(resp.diagnostics());
    INFO(all.size());
    bool inconsistent = false;
    for (const auto& t : all) inconsistent = inconsistent || t.find("sensitive") != std::string::npos;
    CHECK(inconsistent);
    check_no_secret(all);
}

TEST_CASE("secrets: the consistency checker shows no write-only value, alone or inside a block", "[secrets]") {
    const tfpp::block_schema& schema = tfpp::schema_of<vault_model>();
    vault_model config = secret_model<vault_model>();
    vault_model planned = config;  // a plan that keeps the write-only value: a violation
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::check_plan_consistency(schema, std::string("\xc0", 1), tfpp::to_msgpack(config),
                                             tfpp::to_msgpack(planned), d));
    REQUIRE(d.has_errors());
    bool write_only = false;
    for (const auto& x : d) {
        INFO(x.summary << ": " << x.detail);
        write_only = write_only || x.summary.find("write-only") != std::string::npos ||
                     x.detail.find("write-only") != std::string::npos;
        for (const std::string& secret : secrets) CHECK(x.detail.find(secret) == std::string::npos);
    }
    CHECK(write_only);
}

TEST_CASE("secrets: a state store's configuration names no sensitive value", "[secrets]") {
    session s;
    tfplugin6::ConfigureStateStore_Request req;
    req.set_type_name("demo_states");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(vault_states_config{.bucket = "b", .access_key = secrets[0]}));
    req.mutable_capabilities()->set_chunk_size(8 << 20);
    tfplugin6::ConfigureStateStore_Response resp;
    REQUIRE(s.service.ConfigureStateStore(nullptr, &req, &resp).ok());
    REQUIRE(resp.diagnostics_size() == 1);
    CHECK(resp.diagnostics(0).detail() == "the bucket refused key ***");
    CHECK(resp.capabilities().chunk_size() == 0);  // not configured
    check_no_secret(texts(resp.diagnostics()));
}
