// The resource lifecycle beyond create/read/update/destroy, driven through
// the engine: modify_plan, plan_destroy, import (by a passthrough attribute
// and by a handler), typed state upgrades across versions, raw upgrades,
// moves from another resource type (typed and raw), private state, stopping
// and deferral.
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/provider/private_state.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>

namespace test_lifecycle {

// --- a server resource at schema version 2, with its models of versions 0 and 1

struct server_v0 {  // version 0: one "size" string such as "4GB"
    tfpp::required<std::string> name;
    tfpp::optional<std::string> size;
    tfpp::computed<std::string> id;
};
struct server_v1 {  // version 1: memory in GB as a number
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t> memory_gb;
    tfpp::computed<std::string> id;
};
struct server_model {  // version 2: memory in MB, and a label
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t> memory_mb;
    tfpp::optional_computed<std::string> label;
    tfpp::computed<std::string> id;
};

struct legacy_disk_model {  // another resource type whose state can move to server
    tfpp::required<std::string> title;
    tfpp::computed<std::string> id;
};

struct legacy_disk {
    using model = legacy_disk_model;
    static constexpr std::string_view type_name = "life_legacy_disk";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct external_server {  // the state of another provider's resource type
    tfpp::required<std::string> hostname;
};

struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "life_server";
    static constexpr std::int64_t schema_version = 2;
    using prior_models = tfpp::type_list<server_v0, server_v1>;
    static constexpr std::string_view import_id_attribute = "id";

    std::optional<model> create(model plan, tfpp::context& ctx) {
        plan.id = "srv-" + *plan.name;
        if (plan.label.is_unknown()) plan.label = "default";
        ctx.set_private_state(R"({"etag":"1"})");
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) {
        ctx.set_private_state(std::string(ctx.private_state()) + "+");
        return plan;
    }
    void destroy(const model&, tfpp::context&) {}

    // The label follows the name unless configured; a smaller memory replaces.
    void modify_plan(tfpp::change<model>& c, tfpp::context& ctx) {
        if (c.config.label.is_null() && c.planned.name.is_known()) c.planned.label = "label-" + *c.planned.name;
        if (c.prior && c.prior->memory_mb.is_known() && c.planned.memory_mb.is_known() &&
            *c.planned.memory_mb < *c.prior->memory_mb)
            c.requires_replace("memory_mb");
        if (c.planned.name == "forbidden") ctx.error("Name not allowed", "pick another name", "name");
    }
    void plan_destroy(const model& state, tfpp::context& ctx) {
        if (state.name == "protected") ctx.error("Deletion protection", "this server cannot be destroyed");
    }

    server_v1 upgrade_state(server_v0 old, tfpp::context& ctx) {
        server_v1 next;
        next.name = old.name;
        next.id = old.id;
        if (old.size.is_known()) {
            const std::string& s = *old.size;
            if (!s.ends_with("GB")) {
                ctx.error("Cannot upgrade", "size \"" + s + "\" is not in GB", "size");
                return next;
            }
            next.memory_gb = std::stoll(s.substr(0, s.size() - 2));
        }
        return next;
    }
    std::optional<model> upgrade_state(server_v1 old, tfpp::context&) {
        model next;
        next.name = old.name;
        next.id = old.id;
        if (old.memory_gb.is_known()) next.memory_mb = *old.memory_gb * 1024;
        return next;
    }

    std::optional<model> move_from(const legacy_disk_model& from, tfpp::context&) {
        model m;
        m.name = from.title;
        m.id = from.id;
        return m;
    }
    std::optional<model> move_from(const tfpp::moved_state& from, tfpp::context& ctx) {
        if (from.type_name != "other_server")
            return ctx.error("Cannot move", "unknown source " + std::string(from.type_name));
        model m;
        tfpp::diagnostics d;
        external_server ext;
        if (!tfpp::decode_json(from.json, ext, d)) return ctx.error("Cannot read the source state", d[0].detail);
        m.name = ext.hostname;
        m.id = "moved";
        return m;
    }
};

// A resource that imports through its own handler.
struct record_model {
    tfpp::required<std::string> zone;
    tfpp::required<std::string> host;
};
struct record {
    using model = record_model;
    static constexpr std::string_view type_name = "life_record";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx) {
        const auto slash = id.find('/');
        if (slash == std::string_view::npos) return ctx.error("Invalid import ID", "expected ZONE/HOST");
        model m;
        m.zone = std::string(id.substr(0, slash));
        m.host = std::string(id.substr(slash + 1));
        return m;
    }
};

struct life_provider {
    static constexpr std::string_view type_name = "life";
    using resources = tfpp::type_list<server, legacy_disk, record>;
};
static_assert(tfpp::valid_provider<life_provider>);

using engine = tfpp::detail::engine<life_provider>;

template <class M>
M decode(const std::string& bytes) {
    M m;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(bytes, m, d));
    return m;
}

server_model config_of(std::string name, tfpp::value<std::int64_t> memory = tfpp::null) {
    server_model m;
    m.name = std::move(name);
    m.memory_mb = std::move(memory);
    return m;
}

TEST_CASE("modify_plan edits the typed plan and asks for replacement", "[engine][lifecycle]") {
    engine e;
    auto* r = e.resource("life_server");
    const server_model config = config_of("web", 2048);
    tfpp::detail::plan_result out;
    tfpp::context ctx = e.make_context();
    r->plan("", tfpp::to_msgpack(config), tfpp::to_msgpack(config), out, ctx);
    REQUIRE_FALSE(ctx.has_errors());
    const server_model planned = decode<server_model>(out.planned_state);
    CHECK(planned.label == "label-web");  // set by the hook
    CHECK(planned.id.is_unknown());       // tfpp's own plan kept where the hook did not touch it

    server_model prior = config_of("web", 4096);
    prior.label = "label-web";
    prior.id = "srv-web";
    server_model proposed = config_of("web", 2048);
    proposed.label = prior.label;
    proposed.id = prior.id;
    tfpp::detail::plan_result shrink;
    tfpp::context ctx2 = e.make_context();
    r->plan(tfpp::to_msgpack(prior), tfpp::to_msgpack(proposed), tfpp::to_msgpack(config), shrink, ctx2);
    REQUIRE_FALSE(ctx2.has_errors());
    REQUIRE(shrink.requires_replace.size() == 1);
    CHECK(shrink.requires_replace[0].to_string() == "memory_mb");

    const server_model bad = config_of("forbidden");
    tfpp::detail::plan_result refused;
    tfpp::context ctx3 = e.make_context();
    r->plan("", tfpp::to_msgpack(bad), tfpp::to_msgpack(bad), refused, ctx3);
    REQUIRE(ctx3.has_errors());
    CHECK(ctx3.diagnostics()[0].path.to_string() == "name");
}

TEST_CASE("plan_destroy can refuse a destroy", "[engine][lifecycle]") {
    engine e;
    auto* r = e.resource("life_server");
    server_model state = config_of("protected");
    state.label = "x";
    state.id = "srv-protected";
    tfpp::detail::plan_result out;
    tfpp::context ctx = e.make_context();
    r->plan(tfpp::to_msgpack(state), std::string("\xc0", 1), std::string("\xc0", 1), out, ctx);
    REQUIRE(ctx.has_errors());
    CHECK(ctx.diagnostics()[0].summary == "Deletion protection");
    state.name = "ordinary";
    tfpp::context ok = e.make_context();
    r->plan(tfpp::to_msgpack(state), std::string("\xc0", 1), std::string("\xc0", 1), out, ok);
    CHECK_FALSE(ok.has_errors());
    CHECK(out.planned_state == std::string("\xc0", 1));
}

TEST_CASE("import by a passthrough attribute and by a handler", "[engine][lifecycle]") {
    engine e;
    tfpp::context ctx = e.make_context();
    auto imported = e.resource("life_server")->import("srv-42", ctx);
    REQUIRE(imported);
    const server_model m = decode<server_model>(*imported);
    CHECK(m.id == "srv-42");
    CHECK(m.name.is_null());  // read() fills in the rest

    tfpp::context ctx2 = e.make_context();
    auto rec = e.resource("life_record")->import("example.com/www", ctx2);
    REQUIRE(rec);
    CHECK(decode<record_model>(*rec).host == "www");
    tfpp::context bad = e.make_context();
    CHECK_FALSE(e.resource("life_record")->import("nonsense", bad));
    CHECK(bad.diagnostics()[0].summary == "Invalid import ID");

    tfpp::context none = e.make_context();
    CHECK_FALSE(e.resource("life_legacy_disk")->import("x", none));
    CHECK(none.diagnostics()[0].summary == "Resource import not supported");
}

TEST_CASE("state written by older schema versions is upgraded step by step", "[engine][lifecycle]") {
    engine e;
    auto* r = e.resource("life_server");
    tfpp::context ctx = e.make_context();
    auto from_v0 = r->upgrade(0, R"({"name":"web","size":"4GB","id":"srv-web"})", nullptr, ctx);
    REQUIRE(from_v0);
    const server_model m = decode<server_model>(*from_v0);
    CHECK(m.memory_mb == std::int64_t{4096});
    CHECK(m.id == "srv-web");
    CHECK(m.label.is_null());

    tfpp::context ctx1 = e.make_context();
    auto from_v1 = r->upgrade(1, R"({"name":"web","memory_gb":2,"id":"srv-web"})", nullptr, ctx1);
    REQUIRE(from_v1);
    CHECK(decode<server_model>(*from_v1).memory_mb == std::int64_t{2048});

    // legacy flatmap state of version 0
    tfpp::context flat = e.make_context();
    const std::map<std::string, std::string> legacy{{"name", "old"}, {"size", "1GB"}, {"id", "srv-old"}};
    auto from_flat = r->upgrade(0, "", &legacy, flat);
    REQUIRE(from_flat);
    CHECK(decode<server_model>(*from_flat).memory_mb == std::int64_t{1024});

    // an upgrader's error stops the upgrade with its message
    tfpp::context bad = e.make_context();
    CHECK_FALSE(r->upgrade(0, R"({"name":"web","size":"4TB","id":"x"})", nullptr, bad));
    REQUIRE(bad.has_errors());
    CHECK(bad.diagnostics()[0].summary == "Cannot upgrade");

    // stored state that does not fit the old model is named precisely
    tfpp::context wrong = e.make_context();
    CHECK_FALSE(r->upgrade(1, R"({"name":"web","memory_gb":"lots","id":"x"})", nullptr, wrong));
    CHECK(wrong.diagnostics()[0].path.to_string() == "memory_gb");
}

// Other resources' models are looked at only for a resource that declares a
// move_from, overloaded (typed and raw, as server's) or not.
static_assert(tfpp::detail::declares_move_from<server>);
static_assert(!tfpp::detail::declares_move_from<legacy_disk>);

TEST_CASE("moved blocks: from this provider's own type, typed; from elsewhere, raw", "[engine][lifecycle]") {
    engine e;
    tfpp::context ctx = e.make_context();
    auto* target = e.resource("life_server");
    legacy_disk_model src;
    src.title = "disk";
    src.id = "d-1";
    const std::string current = tfpp::to_msgpack(src);
    const tfpp::moved_state from{"registry.terraform.io/tfpp/life", "life_legacy_disk", 0,
                                 R"({"title":"disk","id":"d-1"})", ""};
    auto moved = target->move(from, current, ctx);
    REQUIRE(moved);
    CHECK(decode<server_model>(*moved).name == "disk");

    tfpp::context raw = e.make_context();
    const tfpp::moved_state other{"registry.terraform.io/acme/servers", "other_server", 3, R"({"hostname":"h"})", ""};
    auto from_raw = target->move(other, "", raw);
    REQUIRE(from_raw);
    CHECK(decode<server_model>(*from_raw).name == "h");

    tfpp::context none = e.make_context();
    CHECK_FALSE(e.resource("life_record")->move(other, "", none));
    CHECK(none.diagnostics()[0].summary == "Move not supported");
}

TEST_CASE("private state travels with the object", "[engine][lifecycle]") {
    engine e;
    auto* r = e.resource("life_server");
    server_model planned = config_of("web");
    planned.label = "l";
    planned.id = tfpp::unknown;
    tfpp::context create = e.make_context();
    REQUIRE(r->apply("", tfpp::to_msgpack(planned), tfpp::to_msgpack(config_of("web")), create));
    CHECK(create.private_state() == R"({"etag":"1"})");
    tfpp::context update = e.make_context();
    update.set_private_state(create.private_state().data());
    server_model prior = planned;
    prior.id = "srv-web";
    REQUIRE(r->apply(tfpp::to_msgpack(prior), tfpp::to_msgpack(prior), tfpp::to_msgpack(config_of("web")), update));
    CHECK(update.private_state() == R"({"etag":"1"}+)");
}

struct server_private {
    std::string etag;
    std::int64_t generation = 0;
};

TEST_CASE("typed private state", "[engine][lifecycle]") {
    engine e;
    tfpp::context ctx = e.make_context();
    CHECK_FALSE(tfpp::private_data<server_private>(ctx));
    tfpp::set_private_data(ctx, server_private{"abc", 7});
    CHECK(ctx.private_state() == R"({"etag":"abc","generation":7})");
    const auto back = tfpp::private_data<server_private>(ctx);
    REQUIRE(back);
    CHECK(back->etag == "abc");
    CHECK(back->generation == 7);
    ctx.set_private_state("not json");
    CHECK_FALSE(tfpp::private_data<server_private>(ctx));
    CHECK(ctx.diagnostics()[0].summary == "Private state ignored");
    CHECK_FALSE(ctx.has_errors());
}

TEST_CASE("chosen_at_plan: nothing without store_planned_private; chosen once, then given back", "[engine][lifecycle]") {
    int calls = 0;
    const auto choose = [&] {
        ++calls;
        return std::string("id-") + std::to_string(calls);
    };
    tfpp::context tofu;  // OpenTofu, Terraform before 1.16, protocol 5
    CHECK_FALSE(tfpp::chosen_at_plan(tofu, choose));
    CHECK(calls == 0);
    CHECK(tofu.plan_time_values().empty());

    tfpp::context first;  // Terraform 1.16's first plan
    first.set_client_keeps_planned_private(true);
    CHECK(tfpp::chosen_at_plan(first, choose) == "id-1");
    CHECK(first.plan_time_values() == R"("id-1")");
    CHECK(tfpp::chosen_at_plan(first, choose) == "id-1");  // a second call: the same values
    CHECK(calls == 1);
    const std::string planned = tfpp::detail::planned_private_of(first);

    tfpp::context again;  // the plan at apply, sent the planned private bytes
    REQUIRE(tfpp::detail::take_plan_private(again, "", planned, true));
    CHECK(tfpp::chosen_at_plan(again, choose) == "id-1");
    CHECK(calls == 1);
    CHECK(again.private_state().empty());

    tfpp::context other;  // values of another type: an error, not a second choice
    other.set_client_keeps_planned_private(true);
    other.set_plan_time_values(R"({"etag":"abc","generation":7})");
    CHECK_FALSE(tfpp::chosen_at_plan(other, choose));
    CHECK(calls == 1);
    REQUIRE(other.has_errors());
    CHECK(other.diagnostics()[0].summary == "Invalid private data");
    CHECK(other.diagnostics()[0].detail.find("abc") == std::string::npos);
}

TEST_CASE("planned private bytes: the resource's own bytes beside the chosen values, framed", "[engine][lifecycle]") {
    tfpp::context plan;
    plan.set_client_keeps_planned_private(true);
    plan.set_private_state("own bytes");
    CHECK(tfpp::detail::planned_private_of(plan) == "own bytes");  // nothing chosen: as before
    plan.set_plan_time_values("[1]");
    const std::string framed = tfpp::detail::planned_private_of(plan);
    CHECK(framed != "own bytes");
    plan.set_client_keeps_planned_private(false);
    CHECK(tfpp::detail::planned_private_of(plan) == "own bytes");  // not sent to a client that drops them

    tfpp::context apply;
    REQUIRE(tfpp::detail::take_apply_private(apply, framed));
    CHECK(apply.private_state() == "own bytes");  // the frame is not stored with the object
    CHECK(apply.plan_time_values().empty());

    // A replacement's create: the first call's planned bytes come as prior_private.
    tfpp::context replacement;
    REQUIRE(tfpp::detail::take_plan_private(replacement, framed, "", true));
    CHECK(replacement.plan_time_values() == "[1]");
    CHECK(replacement.private_state() == "own bytes");
    tfpp::context dropped;  // the same without the capability: no values
    REQUIRE(tfpp::detail::take_plan_private(dropped, framed, "", false));
    CHECK(dropped.plan_time_values().empty());

    // A frame cut anywhere before its values end is refused; bytes without
    // the whole marker are the resource's own.
    const std::size_t frame_end = framed.size() - std::string_view("own bytes").size();
    for (std::size_t n = 23; n < frame_end; ++n) {
        tfpp::context cut;
        INFO(n);
        CHECK_FALSE(tfpp::detail::take_apply_private(cut, framed.substr(0, n)));
        CHECK(cut.diagnostics()[0].summary == "Invalid private data");
    }
    tfpp::context plain;
    REQUIRE(tfpp::detail::take_apply_private(plain, std::string("\0tfpp", 5)));
    CHECK(plain.private_state() == std::string("\0tfpp", 5));
}

TEST_CASE("a stop request wakes handlers that wait on it", "[engine][lifecycle]") {
    engine e;
    tfpp::context ctx = e.make_context();
    CHECK_FALSE(ctx.wait_for_stop(std::chrono::milliseconds(1)));
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        e.request_stop();
    });
    const auto start = std::chrono::steady_clock::now();
    CHECK(ctx.wait_for_stop(std::chrono::seconds(30)));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    stopper.join();
    CHECK(ctx.stop_token().stop_requested());
}

TEST_CASE("deferral: recorded where the client allows it, an error where it does not", "[engine][lifecycle]") {
    engine e;
    tfpp::context allowed = e.make_context(true);
    allowed.defer(tfpp::deferral_reason::resource_config_unknown);
    CHECK(allowed.deferred() == tfpp::deferral_reason::resource_config_unknown);
    CHECK_FALSE(allowed.has_errors());
    tfpp::context refused = e.make_context(false);
    refused.defer(tfpp::deferral_reason::absent_prerequisite, "the network does not exist yet");
    CHECK_FALSE(refused.deferred());
    REQUIRE(refused.has_errors());
    CHECK(refused.diagnostics()[0].detail == "the network does not exist yet");
}

}  // namespace test_lifecycle
