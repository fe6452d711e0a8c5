// Resource identity through the protocol: every response that carries an
// object carries its identity, an existing object keeps its identity,
// import by identity fills the model, and stored identities are upgraded
// through typed versions.
#include <tfpp/rpc/services.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <optional>
#include <string>

namespace test_identity {

struct bucket_model {
    tfpp::required<std::string, tfpp::requires_replace> region;
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string> note;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

// Taken from the model's attributes of the same names.
struct bucket_identity {
    tfpp::required<std::string> region;
    tfpp::required<std::string> name;
};
struct bucket_identity_v0 {
    tfpp::required<std::string> location;  // "region/name"
};

// Set by a test to make read() move the object elsewhere.
inline std::optional<std::string> read_renames_to;

struct bucket_resource {
    using model = bucket_model;
    using identity = bucket_identity;
    static constexpr std::string_view type_name = "store_bucket";
    static constexpr std::string_view import_id_attribute = "id";
    static constexpr std::int64_t identity_version = 1;
    using prior_identities = tfpp::type_list<bucket_identity_v0>;

    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = *plan.region + "/" + *plan.name;
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) {
        if (state.id.is_null()) state.id = *state.region + "/" + *state.name;  // after an import by identity
        if (read_renames_to) state.name = *read_renames_to;
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    bucket_identity upgrade_identity(bucket_identity_v0 old, tfpp::context& ctx) {
        const std::string location = *old.location;
        const auto slash = location.find('/');
        bucket_identity next;
        if (slash == std::string::npos) {
            ctx.error("Bad stored identity", "location has no '/'");
            return next;
        }
        next.region = location.substr(0, slash);
        next.name = location.substr(slash + 1);
        return next;
    }
};

struct provider {
    static constexpr std::string_view type_name = "store";
    using resources = tfpp::type_list<bucket_resource>;
};

using engine = tfpp::detail::engine<provider>;
using service = tfpp::detail::provider_service_v6;

bucket_model bucket(std::string name, std::optional<std::string> id = {}) {
    bucket_model m;
    m.region = "eu";
    m.name = std::move(name);
    if (id) m.id = *id;
    else m.id = tfpp::unknown;
    return m;
}

bucket_identity identity(std::string name) {
    bucket_identity id;
    id.region = "eu";
    id.name = std::move(name);
    return id;
}

std::string encoded_identity(std::string name) { return tfpp::to_msgpack(identity(std::move(name))); }

template <class Response>
std::string summaries(const Response& resp) {
    std::string out;
    for (const auto& d : resp.diagnostics()) out += d.summary() + ": " + d.detail() + "\n";
    return out;
}

TEST_CASE("identity in plan, apply and read", "[identity][rpc]") {
    engine e;
    service v6(e);
    read_renames_to.reset();
    const std::string null(1, '\xc0');

    tfplugin6::PlanResourceChange_Request plan;
    tfplugin6::PlanResourceChange_Response planned;
    plan.set_type_name("store_bucket");
    plan.mutable_prior_state()->set_msgpack(null);
    bucket_model config = bucket("logs");
    config.id = tfpp::null;
    plan.mutable_proposed_new_state()->set_msgpack(tfpp::to_msgpack(bucket("logs")));
    plan.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
    REQUIRE(v6.PlanResourceChange(nullptr, &plan, &planned).ok());
    INFO(summaries(planned));
    REQUIRE(planned.diagnostics_size() == 0);
    CHECK(planned.planned_identity().identity_data().msgpack() == encoded_identity("logs"));

    tfplugin6::ApplyResourceChange_Request apply;
    tfplugin6::ApplyResourceChange_Response applied;
    apply.set_type_name("store_bucket");
    apply.mutable_prior_state()->set_msgpack(null);
    apply.mutable_planned_state()->CopyFrom(planned.planned_state());
    apply.mutable_config()->set_msgpack(tfpp::to_msgpack(config));
    apply.mutable_planned_identity()->CopyFrom(planned.planned_identity());
    REQUIRE(v6.ApplyResourceChange(nullptr, &apply, &applied).ok());
    REQUIRE(applied.diagnostics_size() == 0);
    CHECK(applied.new_identity().identity_data().msgpack() == encoded_identity("logs"));

    SECTION("an update keeps the stored identity") {
        bucket_model noted = bucket("logs", "eu/logs");
        noted.note = "kept";
        tfplugin6::PlanResourceChange_Request update;
        tfplugin6::PlanResourceChange_Response updated;
        update.set_type_name("store_bucket");
        update.mutable_prior_state()->CopyFrom(applied.new_state());
        update.mutable_proposed_new_state()->set_msgpack(tfpp::to_msgpack(noted));
        update.mutable_config()->set_msgpack(tfpp::to_msgpack(noted));
        update.mutable_prior_identity()->CopyFrom(applied.new_identity());
        REQUIRE(v6.PlanResourceChange(nullptr, &update, &updated).ok());
        REQUIRE(updated.diagnostics_size() == 0);
        CHECK(updated.planned_identity().identity_data().msgpack() == encoded_identity("logs"));
    }
    SECTION("read returns the identity; one that changed is an error") {
        tfplugin6::ReadResource_Request read;
        tfplugin6::ReadResource_Response same, changed;
        read.set_type_name("store_bucket");
        read.mutable_current_state()->CopyFrom(applied.new_state());
        read.mutable_current_identity()->CopyFrom(applied.new_identity());
        REQUIRE(v6.ReadResource(nullptr, &read, &same).ok());
        CHECK(same.diagnostics_size() == 0);
        CHECK(same.new_identity().identity_data().msgpack() == encoded_identity("logs"));

        read_renames_to = "other";
        REQUIRE(v6.ReadResource(nullptr, &read, &changed).ok());
        REQUIRE(changed.diagnostics_size() == 1);
        CHECK(changed.diagnostics(0).summary() == "Unexpected Identity Change");
        CHECK_THAT(changed.diagnostics(0).detail(), Catch::Contains("changed: name"));
        read_renames_to.reset();
    }
    SECTION("a stored identity with nulls (an import by ID) is completed, not compared") {
        bucket_identity partial;
        partial.region = "eu";
        partial.name = tfpp::null;
        tfplugin6::ReadResource_Request read;
        tfplugin6::ReadResource_Response resp;
        read.set_type_name("store_bucket");
        read.mutable_current_state()->CopyFrom(applied.new_state());
        read.mutable_current_identity()->mutable_identity_data()->set_msgpack(tfpp::to_msgpack(partial));
        REQUIRE(v6.ReadResource(nullptr, &read, &resp).ok());
        CHECK(resp.diagnostics_size() == 0);
        CHECK(resp.new_identity().identity_data().msgpack() == encoded_identity("logs"));
    }
}

TEST_CASE("import by identity fills the model's attributes of the same names", "[identity][rpc]") {
    engine e;
    service v6(e);
    tfplugin6::ImportResourceState_Request req;
    tfplugin6::ImportResourceState_Response resp;
    req.set_type_name("store_bucket");
    req.mutable_identity()->mutable_identity_data()->set_msgpack(encoded_identity("logs"));
    REQUIRE(v6.ImportResourceState(nullptr, &req, &resp).ok());
    INFO(summaries(resp));
    REQUIRE(resp.diagnostics_size() == 0);
    REQUIRE(resp.imported_resources_size() == 1);
    bucket_model imported;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(resp.imported_resources(0).state().msgpack(), imported, d));
    CHECK(imported.region == "eu");
    CHECK(imported.name == "logs");
    CHECK(imported.id.is_null());
    CHECK(resp.imported_resources(0).identity().identity_data().msgpack() == encoded_identity("logs"));

    SECTION("by ID, the identity is what the imported state holds") {
        tfplugin6::ImportResourceState_Request by_id;
        tfplugin6::ImportResourceState_Response out;
        by_id.set_type_name("store_bucket");
        by_id.set_id("eu/logs");
        REQUIRE(v6.ImportResourceState(nullptr, &by_id, &out).ok());
        REQUIRE(out.imported_resources_size() == 1);
        bucket_identity partial;
        REQUIRE(tfpp::decode_msgpack(out.imported_resources(0).identity().identity_data().msgpack(), partial, d));
        CHECK(partial.name.is_null());  // read() fills the state, then the identity
    }
}

TEST_CASE("stored identities are upgraded through typed versions", "[identity][rpc]") {
    engine e;
    service v6(e);
    const auto upgrade = [&](std::int64_t version, std::string json) {
        tfplugin6::UpgradeResourceIdentity_Request req;
        tfplugin6::UpgradeResourceIdentity_Response resp;
        req.set_type_name("store_bucket");
        req.set_version(version);
        req.mutable_raw_identity()->set_json(std::move(json));
        REQUIRE(v6.UpgradeResourceIdentity(nullptr, &req, &resp).ok());
        return resp;
    };
    auto v0 = upgrade(0, R"({"location":"eu/logs"})");
    REQUIRE(v0.diagnostics_size() == 0);
    CHECK(v0.upgraded_identity().identity_data().msgpack() == encoded_identity("logs"));

    auto current = upgrade(1, R"({"region":"eu","name":"logs"})");
    REQUIRE(current.diagnostics_size() == 0);
    CHECK(current.upgraded_identity().identity_data().msgpack() == encoded_identity("logs"));

    auto bad = upgrade(0, R"({"location":"nowhere"})");
    REQUIRE(bad.diagnostics_size() == 1);
    CHECK(bad.diagnostics(0).summary() == "Bad stored identity");
    CHECK_FALSE(bad.has_upgraded_identity());

    // Terraform >= 1.12 asks with version 0 and no JSON when the state has no
    // identity stored (written by Terraform 1.8, or before the resource had one).
    auto none = upgrade(0, "");
    INFO(summaries(none));
    CHECK(none.diagnostics_size() == 0);
    CHECK_FALSE(none.has_upgraded_identity());

    auto newer = upgrade(2, R"({"region":"eu","name":"logs"})");
    REQUIRE(newer.diagnostics_size() == 1);
    CHECK(newer.diagnostics(0).summary() == "Resource identity is newer than the provider");
}

}  // namespace test_identity
