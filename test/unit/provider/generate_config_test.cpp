// GenerateResourceConfig: the configuration `-generate-config-out` writes for
// an object is its state without what a configuration cannot or need not
// say, at every depth; a resource's generate_config edits it, and may not set
// what only the provider computes.
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace test_generate_config {

struct port_model {
    tfpp::required<std::int64_t> number;
    tfpp::optional_computed<std::string, tfpp::default_value<"tcp">> protocol;
    tfpp::computed<std::string> opened_by;
};

struct disk_model {
    tfpp::required<std::int64_t> size;
    tfpp::optional_computed<bool, tfpp::default_value<false>> encrypted;
    tfpp::computed<std::string> device;
};

struct server_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> zone;
    tfpp::optional_computed<std::string, tfpp::default_value<"small">> size;
    tfpp::optional_computed<std::string> owner;
    tfpp::optional<std::string, tfpp::sensitive> token;
    tfpp::optional<std::string, tfpp::write_only> root_password_wo;
    tfpp::optional<std::string, tfpp::deprecated<"Use name.">> label;
    tfpp::optional<std::vector<port_model>> ports;
    tfpp::block_list<disk_model> disk;
    tfpp::computed<std::string> id;
};

struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "gen_server";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

// Leaves out the owner the server gives everything ("admin"), as a default
// the schema cannot express; sets what the test asks of it.
struct provider;
struct owned_server : server {
    static constexpr std::string_view type_name = "gen_owned";
    provider& p;
    explicit owned_server(provider& prov) : p(prov) {}
    void generate_config(const model& state, model& config, tfpp::context& ctx);
};

struct provider {
    static constexpr std::string_view type_name = "gen";
    using resources = tfpp::type_list<server, owned_server>;
    std::string hook_sets;  // "id": a read-only attribute; "error": reports an error
};
static_assert(tfpp::valid_provider<provider>);

void owned_server::generate_config(const model& state, model& config, tfpp::context& ctx) {
    if (state.owner == "admin") config.owner = tfpp::null;
    if (p.hook_sets == "id") config.id = *state.id;
    if (p.hook_sets == "error") ctx.error("Cannot describe the server", "the API is down", "name");
}

server_model existing() {
    server_model m;
    m.name = "web";
    m.zone = "north";
    m.size = "small";  // the default
    m.owner = "admin";
    m.token = "s3cret";
    m.label = "old";
    port_model http;
    http.number = 80;
    http.protocol = "tcp";  // the default
    http.opened_by = "ops";
    port_model dns;
    dns.number = 53;
    dns.protocol = "udp";
    dns.opened_by = "ops";
    m.ports = std::vector<port_model>{http, dns};
    disk_model d;
    d.size = 10;
    d.encrypted = true;
    d.device = "/dev/sda";
    m.disk = std::vector<disk_model>{d};
    m.id = "srv-1";
    return m;
}

TEST_CASE("the generated configuration keeps what a configuration sets and plans no change", "[generate_config]") {
    tfpp::testing::provider_under_test<provider> p;
    const server_model state = existing();
    const auto generated = p.generate_config<server>(state);
    REQUIRE(generated.ok());
    const server_model& c = *generated.config;
    CHECK(c.name == "web");
    CHECK(c.zone == "north");
    CHECK(c.owner == "admin");   // optional and computed: what exists is configurable
    CHECK(c.token == "s3cret");  // sensitive: Terraform writes it as such
    CHECK(c.size.is_null());     // equals its default
    CHECK(c.id.is_null());       // read-only
    CHECK(c.label == "old");     // deprecated: a warning, but leaving it out would change the object
    CHECK(c.root_password_wo.is_null());
    REQUIRE(c.ports.is_known());
    REQUIRE(c.ports->size() == 2);
    CHECK((*c.ports)[0].number == 80);
    CHECK((*c.ports)[0].protocol.is_null());   // default, inside a nested attribute
    CHECK((*c.ports)[0].opened_by.is_null());  // read-only, inside a nested attribute
    CHECK((*c.ports)[1].protocol == "udp");
    REQUIRE(c.disk.is_known());
    REQUIRE(c.disk->size() == 1);
    CHECK((*c.disk)[0].size == 10);
    CHECK((*c.disk)[0].encrypted == true);
    CHECK((*c.disk)[0].device.is_null());  // read-only, inside a block

    // what Terraform checks next: the configuration plans no change
    CHECK(p.validate<server>(c).has_errors() == false);
    const auto plan = p.plan<server>(c, state);
    REQUIRE(plan.ok());
    CHECK(plan.action == tfpp::testing::action::no_op);
}

TEST_CASE("a resource's generate_config edits tfpp's configuration", "[generate_config]") {
    tfpp::testing::provider_under_test<provider> p;
    server_model state = existing();
    auto generated = p.generate_config<owned_server>(state);
    REQUIRE(generated.ok());
    CHECK(generated.diagnostics.empty());      // a deprecated attribute kept is Terraform's to warn of
    CHECK(generated.config->owner.is_null());  // the hook's edit
    CHECK(generated.config->size.is_null());   // tfpp's, before it
    CHECK(generated.config->name == "web");
    CHECK(p.plan<owned_server>(*generated.config, state).action == tfpp::testing::action::no_op);

    state.owner = "alice";
    generated = p.generate_config<owned_server>(state);
    REQUIRE(generated.ok());
    CHECK(generated.config->owner == "alice");
}

TEST_CASE("generate_config cannot set a read-only attribute, and its errors reach Terraform", "[generate_config]") {
    tfpp::testing::provider_under_test<provider> p;
    p.provider().hook_sets = "id";
    auto generated = p.generate_config<owned_server>(existing());
    CHECK_FALSE(generated.ok());
    CHECK_FALSE(generated.config);
    REQUIRE(generated.diagnostics.has_errors());
    const tfpp::diagnostic& d = generated.diagnostics[0];
    CHECK(d.summary == "Generated configuration sets a read-only attribute");
    CHECK(d.path.to_string() == "id");

    p.provider().hook_sets = "error";
    generated = p.generate_config<owned_server>(existing());
    CHECK_FALSE(generated.config);
    REQUIRE(generated.diagnostics.has_errors());
    CHECK(generated.diagnostics[0].summary == "Cannot describe the server");
    for (const tfpp::diagnostic& x : generated.diagnostics) CHECK(x.detail.find("s3cret") == std::string::npos);
}

}  // namespace test_generate_config
