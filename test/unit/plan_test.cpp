#include "codec_test_util.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/plan.hpp>

#include <catch2/catch.hpp>

#include <string>

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
    tfpp::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::plan_resource_change(tfpp::schema_of<model>(), prior, proposed, config, r, d));
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
    const auto p = plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)),
                        tfpp::to_msgpack(config));
    CHECK(p.decoded.note == "changed");
    CHECK(p.decoded.id == "id-1");          // use_state_for_unknown
    CHECK(p.decoded.digest.is_unknown());   // will be recomputed
    CHECK(p.decoded.mode.is_unknown());     // optional+computed, unset in config
    CHECK(p.replace.empty());
}

TEST_CASE("a configured optional+computed value is kept as configured", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "a";
    config.mode = "0600";
    const auto p = plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)),
                        tfpp::to_msgpack(config));
    CHECK(p.decoded.mode == "0600");
}

TEST_CASE("a change of a requires_replace attribute asks for replacement", "[plan]") {
    const model prior = existing();
    model config;
    config.name = "b";
    const auto p = plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed_from(config, prior)),
                        tfpp::to_msgpack(config));
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
    tfpp::plan_result r;
    tfpp::diagnostics d;
    REQUIRE(tfpp::plan_resource_change(tfpp::schema_of<model>(), "", config, config, r, d));
    CHECK(r.planned_state.find(refined) != std::string::npos);
}

TEST_CASE("malformed planning input is an error, not a crash", "[plan][bad-input]") {
    tfpp::plan_result r;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::plan_resource_change(tfpp::schema_of<model>(), "", test_codec::bytes("85 a4"), "", r, d));
    REQUIRE(d.has_errors());
    CHECK(d[0].summary == "Malformed proposed new state");
}

}  // namespace test_plan
