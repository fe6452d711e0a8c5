#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

namespace test_engine {

struct thing_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> behaviour;  // tells the test resource how to misbehave
    tfpp::computed<std::string> id;
};

struct test_provider;

struct thing {
    using model = thing_model;
    static constexpr std::string_view type_name = "test_thing";
    test_provider& p;

    void validate(const model& config, tfpp::context& ctx) {
        if (config.name == "invalid") ctx.error("Bad name", "names cannot be \"invalid\"", "name");
    }
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) {
        if (state.behaviour == "gone") return std::nullopt;
        if (state.behaviour == "throw") throw std::runtime_error("remote API down");
        return state;
    }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) {
        if (plan.behaviour == "fail") return ctx.error("Update failed");
        plan.id = "updated";
        return plan;
    }
    void destroy(const model& state, tfpp::context& ctx) {
        if (state.behaviour == "fail") ctx.error("Cannot delete");
    }
};

struct config_model {
    tfpp::optional<std::string> prefix;
};

struct test_provider {
    static constexpr std::string_view type_name = "test";
    using config = config_model;
    using resources = tfpp::type_list<thing>;
    void configure(const config_model& c, tfpp::context& ctx) {
        prefix = c.prefix.value_or("id-");
        client_version = ctx.terraform_version();
    }
    std::string prefix = "unset-";
    std::string client_version;
};

std::optional<thing_model> thing::create(model plan, tfpp::context& ctx) {
    const std::string b = plan.behaviour.value_or("");
    if (b == "fail") return ctx.error("Create failed", "nothing was created");
    if (b == "silent") return std::nullopt;
    if (b == "throw") throw std::runtime_error("boom");
    if (b == "read-null") {
        (void)*plan.id;  // reading an unknown value is a provider bug, reported clearly
    }
    if (b == "leave-unknown") return plan;
    plan.id = p.prefix + *plan.name;
    if (b == "partial") ctx.error("Half done", "the object exists but is incomplete");
    return plan;
}

using engine = tfpp::detail::engine<test_provider>;

thing_model planned(std::string name, std::string behaviour = "") {
    thing_model m;
    m.name = std::move(name);
    if (!behaviour.empty()) m.behaviour = std::move(behaviour);
    m.id = tfpp::unknown;
    return m;
}

thing_model decode(const std::string& b) {
    thing_model m;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(b, m, d));
    return m;
}

TEST_CASE("create returns the new state, using the configured provider", "[engine]") {
    engine e;
    tfpp::context cfg = e.make_context();
    config_model c;
    c.prefix = "x-";
    e.configure(tfpp::to_msgpack(c), "1.12.6", cfg);
    REQUIRE_FALSE(cfg.has_errors());
    CHECK(e.provider().client_version == "1.12.6");

    tfpp::context ctx = e.make_context();
    CHECK(ctx.terraform_version() == "1.12.6");
    auto r = e.resource("test_thing")->apply("", tfpp::to_msgpack(planned("a")), "", ctx);
    CHECK_FALSE(ctx.has_errors());
    REQUIRE(r);
    CHECK(decode(*r).id == "x-a");
}

TEST_CASE("a create that fails half-way still hands back the object", "[engine]") {
    engine e;
    tfpp::context ctx = e.make_context();
    auto r = e.resource("test_thing")->apply("", tfpp::to_msgpack(planned("a", "partial")), "", ctx);
    CHECK(ctx.has_errors());
    REQUIRE(r);
    CHECK(decode(*r).id == "unset-a");
}

TEST_CASE("a create that fails before anything exists returns no object", "[engine]") {
    engine e;
    tfpp::context ctx = e.make_context();
    auto r = e.resource("test_thing")->apply("", tfpp::to_msgpack(planned("a", "fail")), "", ctx);
    CHECK(ctx.diagnostics()[0].summary == "Create failed");
    CHECK_FALSE(r);
}

TEST_CASE("handler mistakes become clear diagnostics", "[engine]") {
    engine e;
    auto* r = e.resource("test_thing");
    {
        tfpp::context ctx = e.make_context();
        r->apply("", tfpp::to_msgpack(planned("a", "silent")), "", ctx);
        CHECK(ctx.diagnostics()[0].summary == "Provider returned no object");
    }
    {
        tfpp::context ctx = e.make_context();
        r->apply("", tfpp::to_msgpack(planned("a", "throw")), "", ctx);
        CHECK(ctx.diagnostics()[0].summary == "Unexpected error in test_thing create");
        CHECK(ctx.diagnostics()[0].detail == "boom");
    }
    {
        tfpp::context ctx = e.make_context();
        r->apply("", tfpp::to_msgpack(planned("a", "read-null")), "", ctx);
        CHECK(ctx.diagnostics()[0].summary == "Provider bug: test_thing create read a value that is not known");
    }
    {
        tfpp::context ctx = e.make_context();
        auto out = r->apply("", tfpp::to_msgpack(planned("a", "leave-unknown")), "", ctx);
        REQUIRE(out);
        CHECK(decode(*out).id.is_null());  // stored state must be wholly known
        CHECK(ctx.diagnostics()[0].summary == "Provider returned an unknown value");
        CHECK(ctx.diagnostics()[0].path.to_string() == "id");
    }
}

TEST_CASE("a failed update keeps the prior object", "[engine]") {
    engine e;
    thing_model prior = planned("a");
    prior.id = "old";
    const std::string prior_bytes = tfpp::to_msgpack(prior);
    tfpp::context ctx = e.make_context();
    auto r = e.resource("test_thing")->apply(prior_bytes, tfpp::to_msgpack(planned("a", "fail")), "", ctx);
    CHECK(ctx.has_errors());
    REQUIRE(r);
    CHECK(*r == prior_bytes);
}

TEST_CASE("destroy returns null, or the object when it failed", "[engine]") {
    engine e;
    thing_model prior = planned("a");
    prior.id = "old";
    tfpp::context ok = e.make_context();
    auto r = e.resource("test_thing")->apply(tfpp::to_msgpack(prior), std::string("\xc0", 1), "", ok);
    CHECK_FALSE(ok.has_errors());
    CHECK_FALSE(r);

    prior.behaviour = "fail";
    tfpp::context bad = e.make_context();
    auto kept = e.resource("test_thing")->apply(tfpp::to_msgpack(prior), "", "", bad);
    CHECK(bad.has_errors());
    REQUIRE(kept);
    CHECK(decode(*kept).id == "old");
}

TEST_CASE("read: gone objects are null, failed reads keep the state", "[engine]") {
    engine e;
    thing_model s = planned("a", "gone");
    s.id = "1";
    tfpp::context ctx = e.make_context();
    CHECK_FALSE(e.resource("test_thing")->read(tfpp::to_msgpack(s), ctx));

    s.behaviour = "throw";
    tfpp::context bad = e.make_context();
    bad.set_private_state("priv");
    auto r = e.resource("test_thing")->read(tfpp::to_msgpack(s), bad);
    CHECK(bad.diagnostics()[0].detail == "remote API down");
    REQUIRE(r);
    CHECK(*r == tfpp::to_msgpack(s));
    CHECK(bad.private_state() == "priv");
}

TEST_CASE("validate runs the resource's own checks", "[engine]") {
    engine e;
    thing_model c;
    c.name = "invalid";
    tfpp::context ctx = e.make_context();
    e.resource("test_thing")->validate(tfpp::to_msgpack(c), ctx);
    REQUIRE(ctx.has_errors());
    CHECK(ctx.diagnostics()[0].path.to_string() == "name");
}

TEST_CASE("state upgrade at the current version reads stored JSON and legacy flatmap", "[engine]") {
    engine e;
    auto* r = e.resource("test_thing");
    tfpp::context ctx = e.make_context();
    auto up = r->upgrade(0, R"({"name":"a","behaviour":null,"id":"1"})", nullptr, ctx);
    REQUIRE(up);
    CHECK(decode(*up).id == "1");

    tfpp::context newer = e.make_context();
    CHECK_FALSE(r->upgrade(3, "{}", nullptr, newer));
    CHECK(newer.diagnostics()[0].summary == "Resource state is newer than the provider");

    // The flatmap state of Terraform 0.11 and older reads into the same model.
    tfpp::context flat = e.make_context();
    const std::map<std::string, std::string> legacy{{"name", "a"}, {"id", "7"}};
    auto from_flat = r->upgrade(0, "", &legacy, flat);
    REQUIRE(from_flat);
    CHECK(decode(*from_flat).id == "7");
    CHECK(decode(*from_flat).name == "a");

    tfpp::context bad = e.make_context();
    CHECK_FALSE(r->upgrade(0, R"({"name":)", nullptr, bad));
    CHECK(bad.diagnostics()[0].summary == "Malformed JSON");
}

TEST_CASE("a stop reaches the calls running then, not the calls after it", "[engine]") {
    engine e;
    const tfpp::context running = e.make_context();
    CHECK_FALSE(running.stop_requested());
    e.request_stop();
    CHECK(running.stop_requested());
    // terraform-plugin-go's rule: a long-lived server is not stopped for good.
    const tfpp::context later = e.make_context();
    CHECK_FALSE(later.stop_requested());
    e.request_stop();
    CHECK(later.stop_requested());
}

TEST_CASE("contexts made while ConfigureProvider runs see the old or the new Terraform version, whole", "[engine]") {
    engine e;
    std::atomic<bool> done{false};
    std::thread reader([&] {
        while (!done) {
            const std::string v(e.make_context().terraform_version());
            CHECK((v.empty() || v == "1.12.6" || v == "1.8.5-a-much-longer-version-string-than-the-other"));
        }
    });
    for (int i = 0; i < 2000; ++i) {
        tfpp::context ctx = e.make_context();
        e.configure(tfpp::to_msgpack(typename engine::config_model{}),
                    i % 2 ? "1.12.6" : "1.8.5-a-much-longer-version-string-than-the-other", ctx);
    }
    done = true;
    reader.join();
}

}  // namespace test_engine

namespace test_engine_minimal {

struct note_model {
    tfpp::required<std::string> text;
};
struct note {
    using model = note_model;
    static constexpr std::string_view type_name = "bare_note";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};
// No configuration, no configure(), no data sources: all optional.
struct bare_provider {
    static constexpr std::string_view type_name = "bare";
    using resources = tfpp::type_list<note>;
};

TEST_CASE("a provider without configuration accepts an empty provider block", "[engine]") {
    static_assert(tfpp::valid_provider<bare_provider>);
    tfpp::detail::engine<bare_provider> e;
    CHECK(e.provider_schema().attributes.empty());
    CHECK(e.data_sources().empty());
    tfpp::context ctx = e.make_context();
    e.configure(std::string("\x80", 1), "1.0", ctx);  // {}
    CHECK_FALSE(ctx.has_errors());
    tfpp::context bad = e.make_context();
    e.configure(std::string("\x81\xa1x\x01", 4), "1.0", bad);  // {"x": 1}
    CHECK(bad.diagnostics()[0].summary == "Unsupported attribute");
}

}  // namespace test_engine_minimal
