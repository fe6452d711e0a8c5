// A provider whose configure() defers (its endpoint is not known yet): every
// later read, plan, import, data source read and open answers deferred with
// that reason, and no handler that would need the configured client runs.
#include <tfpp/rpc/services.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <optional>
#include <string>

namespace test_provider_deferral {

struct config_model {
    tfpp::optional<std::string> endpoint;
};

struct item_model {
    tfpp::required<std::string> name;
    tfpp::optional_computed<std::string, tfpp::default_value<"small">> size;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct provider;

// Each handler counts its calls: none may run while the provider is deferred.
struct calls {
    int handlers = 0;
};
inline calls counted;

struct item_resource {
    using model = item_model;
    static constexpr std::string_view type_name = "remote_item";
    static constexpr std::string_view import_id_attribute = "id";
    provider& p;
    std::optional<model> create(model plan, tfpp::context&) {
        ++counted.handlers;
        plan.id = "i-1";
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) {
        ++counted.handlers;
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    void modify_plan(tfpp::change<model>&, tfpp::context&) { ++counted.handlers; }
};

struct lookup_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> address;
};

struct lookup_data_source {
    using model = lookup_model;
    static constexpr std::string_view type_name = "remote_lookup";
    std::optional<model> read(model config, tfpp::context&) {
        ++counted.handlers;
        config.address = "10.0.0.1";
        return config;
    }
};

struct token_ephemeral {
    using model = lookup_model;
    static constexpr std::string_view type_name = "remote_token";
    std::optional<model> open(model config, tfpp::context&) {
        ++counted.handlers;
        config.address = "secret";
        return config;
    }
};

struct provider {
    static constexpr std::string_view type_name = "remote";
    using config = config_model;
    using resources = tfpp::type_list<item_resource>;
    using data_sources = tfpp::type_list<lookup_data_source>;
    using ephemeral_resources = tfpp::type_list<token_ephemeral>;
    void configure(const config_model& c, tfpp::context& ctx) {
        if (c.endpoint.is_unknown()) ctx.defer(tfpp::deferral_reason::provider_config_unknown);
    }
};

using engine = tfpp::detail::engine<provider>;
using reason = tfplugin6::Deferred::Reason;

template <class Request>
void allow_deferral(Request& req, bool allowed = true) {
    req.mutable_client_capabilities()->set_deferral_allowed(allowed);
}

void configure(tfpp::detail::provider_service_v6& v6, const config_model& c, bool allowed = true) {
    tfplugin6::ConfigureProvider_Request req;
    tfplugin6::ConfigureProvider_Response resp;
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(c));
    allow_deferral(req, allowed);
    REQUIRE(v6.ConfigureProvider(nullptr, &req, &resp).ok());
    if (allowed) REQUIRE(resp.diagnostics_size() == 0);
}

item_model item(std::string name) {
    item_model m;
    m.name = std::move(name);
    return m;
}

TEST_CASE("a deferred configuration defers reads, plans, imports and opens, calling no handler", "[deferral][rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    config_model unknown_endpoint;
    unknown_endpoint.endpoint = tfpp::unknown;
    configure(v6, unknown_endpoint);
    REQUIRE(e.provider_deferred() == tfpp::deferral_reason::provider_config_unknown);
    counted = {};

    SECTION("read keeps the current state and its private data") {
        item_model state = item("a");
        state.size = "small";
        state.id = "i-1";
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("remote_item");
        req.mutable_current_state()->set_msgpack(tfpp::to_msgpack(state));
        req.set_private_("kept");
        allow_deferral(req);
        REQUIRE(v6.ReadResource(nullptr, &req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(resp.deferred().reason() == reason::Deferred_Reason_PROVIDER_CONFIG_UNKNOWN);
        CHECK(resp.new_state().msgpack() == req.current_state().msgpack());
        CHECK(resp.private_() == "kept");
    }
    SECTION("plan runs tfpp's planning (defaults, unknowns) but not modify_plan") {
        tfplugin6::PlanResourceChange_Request req;
        tfplugin6::PlanResourceChange_Response resp;
        req.set_type_name("remote_item");
        req.mutable_prior_state()->set_msgpack(std::string("\xc0", 1));
        req.mutable_proposed_new_state()->set_msgpack(tfpp::to_msgpack(item("a")));
        req.mutable_config()->set_msgpack(tfpp::to_msgpack(item("a")));
        allow_deferral(req);
        REQUIRE(v6.PlanResourceChange(nullptr, &req, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(resp.deferred().reason() == reason::Deferred_Reason_PROVIDER_CONFIG_UNKNOWN);
        item_model planned;
        tfpp::diagnostics d;
        REQUIRE(tfpp::decode_msgpack(resp.planned_state().msgpack(), planned, d));
        CHECK(planned.size == "small");
        CHECK(planned.id.is_unknown());
    }
    SECTION("a data source and an ephemeral resource answer their configuration, computed values unknown") {
        tfplugin6::ReadDataSource_Request read;
        tfplugin6::ReadDataSource_Response data;
        read.set_type_name("remote_lookup");
        lookup_model config;
        config.name = "db";
        read.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        allow_deferral(read);
        REQUIRE(v6.ReadDataSource(nullptr, &read, &data).ok());
        CHECK(data.deferred().reason() == reason::Deferred_Reason_PROVIDER_CONFIG_UNKNOWN);
        lookup_model state;
        tfpp::diagnostics d;
        REQUIRE(tfpp::decode_msgpack(data.state().msgpack(), state, d));
        CHECK(state.name == "db");
        CHECK(state.address.is_unknown());

        tfplugin6::OpenEphemeralResource_Request open;
        tfplugin6::OpenEphemeralResource_Response opened;
        open.set_type_name("remote_token");
        open.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
        allow_deferral(open);
        REQUIRE(v6.OpenEphemeralResource(nullptr, &open, &opened).ok());
        CHECK(opened.deferred().reason() == reason::Deferred_Reason_PROVIDER_CONFIG_UNKNOWN);
        REQUIRE(tfpp::decode_msgpack(opened.result().msgpack(), state, d));
        CHECK(state.address.is_unknown());
    }
    SECTION("import answers an object not known yet") {
        tfplugin6::ImportResourceState_Request req;
        tfplugin6::ImportResourceState_Response resp;
        req.set_type_name("remote_item");
        req.set_id("i-9");
        allow_deferral(req);
        REQUIRE(v6.ImportResourceState(nullptr, &req, &resp).ok());
        CHECK(resp.deferred().reason() == reason::Deferred_Reason_PROVIDER_CONFIG_UNKNOWN);
        REQUIRE(resp.imported_resources_size() == 1);
        CHECK(resp.imported_resources(0).state().msgpack() == std::string("\xd4\x00\x00", 3));
    }
    CHECK(counted.handlers == 0);
}

TEST_CASE("configure defers only where the client allows it, and a later configure clears it", "[deferral][rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    config_model unknown_endpoint;
    unknown_endpoint.endpoint = tfpp::unknown;

    tfplugin6::ConfigureProvider_Request req;
    tfplugin6::ConfigureProvider_Response resp;
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(unknown_endpoint));
    allow_deferral(req, false);
    REQUIRE(v6.ConfigureProvider(nullptr, &req, &resp).ok());
    REQUIRE(resp.diagnostics_size() == 1);
    CHECK(resp.diagnostics(0).summary() == "Operation cannot be completed yet");
    CHECK_FALSE(e.provider_deferred());

    configure(v6, unknown_endpoint);
    CHECK(e.provider_deferred());
    config_model known;
    known.endpoint = "https://db.example";
    configure(v6, known);
    CHECK_FALSE(e.provider_deferred());
    counted = {};
    tfplugin6::ReadDataSource_Request read;
    tfplugin6::ReadDataSource_Response data;
    read.set_type_name("remote_lookup");
    lookup_model config;
    config.name = "db";
    read.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
    REQUIRE(v6.ReadDataSource(nullptr, &read, &data).ok());
    CHECK_FALSE(data.has_deferred());
    CHECK(counted.handlers == 1);
}

}  // namespace test_provider_deferral
