// List resources: validation of the list block's configuration, results
// streamed with identity, display name and (when asked) the object, the
// limit, StopProvider ending the stream, handler errors after results.
#include <tfpp/provider/list.hpp>
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace test_list_resource {

struct server_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string> zone;
    tfpp::optional<std::string, tfpp::write_only> root_password_wo;
    tfpp::computed<std::string> id;
};
struct server_identity {
    tfpp::required<std::string> id;
};

struct provider;
struct server {
    using model = server_model;
    using identity = server_identity;
    static constexpr std::string_view type_name = "mem_server";
    provider& p;
    std::optional<model> create(model plan, tfpp::context&);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct server_filter {
    tfpp::optional<std::string, tfpp::one_of<"north", "south">> zone;
    tfpp::optional<bool> fail_after_two;
    tfpp::optional<bool> endless;
};

struct server_list {
    using resource = server;
    using config = server_filter;
    provider& p;
    void list(const server_filter& f, tfpp::list_results<server>& results, tfpp::context& ctx);
    void validate(const server_filter& f, tfpp::context& ctx) {
        if (f.endless == true && f.fail_after_two == true)
            ctx.error("Conflicting filter", "endless and fail_after_two exclude each other",
                      tfpp::path_of(&server_filter::endless));
    }
};

struct provider {
    static constexpr std::string_view type_name = "mem";
    using resources = tfpp::type_list<server>;
    using list_resources = tfpp::type_list<server_list>;
    std::map<std::string, server_model> servers;   // by id
    std::function<void(std::size_t)> after_push;  // called with the count after each push
};
static_assert(tfpp::valid_provider<provider>);

std::optional<server_model> server::create(model plan, tfpp::context&) {
    plan.id = "srv-" + *plan.name;
    p.servers[*plan.id] = plan;
    return plan;
}

void server_list::list(const server_filter& f, tfpp::list_results<server>& results, tfpp::context& ctx) {
    if (f.endless == true) {
        for (std::int64_t i = 0;; ++i) {
            server_model m;
            m.name = "endless-" + std::to_string(i);
            m.id = "srv-endless-" + std::to_string(i);
            if (!results.push(m, *m.name)) return;
            if (p.after_push) p.after_push(results.count());
        }
    }
    for (const auto& [id, s] : p.servers) {
        if (f.zone.is_known() && s.zone != f.zone) continue;
        if (!results.push(s, *s.name)) return;
        if (f.fail_after_two == true && results.count() == 2) {
            ctx.error("Listing failed", "the API went away after two pages");
            return;
        }
    }
}

server_model a_server(std::string name, std::string zone) {
    server_model m;
    m.name = std::move(name);
    m.zone = std::move(zone);
    m.root_password_wo = "hunter2";
    return m;
}

using driver = tfpp::testing::provider_under_test<provider>;

TEST_CASE("a list resource streams identities, display names and objects", "[list]") {
    driver p;
    for (const char* name : {"web", "db", "cache"}) REQUIRE(p.create<server>(a_server(name, "north")));
    REQUIRE(p.create<server>(a_server("edge", "south")));

    auto all = p.list_resource<server_list>({});
    REQUIRE(all.ok());
    REQUIRE(all.results.size() == 4);
    CHECK(all.results[0].identity.id == "srv-cache");  // the provider's order
    CHECK(all.results[0].display_name == "cache");
    CHECK_FALSE(all.results[0].object);  // not asked for

    server_filter north;
    north.zone = "north";
    auto with_objects = p.list_resource<server_list>(north, {.include_resource = true});
    REQUIRE(with_objects.ok());
    REQUIRE(with_objects.results.size() == 3);
    REQUIRE(with_objects.results[1].object);
    CHECK(with_objects.results[1].object->name == "db");
    CHECK(with_objects.results[1].object->zone == "north");
    CHECK(with_objects.results[1].object->root_password_wo.is_null());  // write-only: never handed back
}

TEST_CASE("the limit stops the handler at that many results", "[list]") {
    driver p;
    for (const char* name : {"a", "b", "c", "d"}) REQUIRE(p.create<server>(a_server(name, "north")));
    auto two = p.list_resource<server_list>({}, {.limit = 2});
    REQUIRE(two.ok());
    CHECK(two.results.size() == 2);
    server_filter endless;
    endless.endless = true;
    auto capped = p.list_resource<server_list>(endless, {.limit = 5});  // ends only because push says so
    REQUIRE(capped.ok());
    CHECK(capped.results.size() == 5);
}

TEST_CASE("the list block's configuration is validated first, with paths", "[list]") {
    driver p;
    server_filter wrong;
    wrong.zone = "east";
    auto refused = p.list_resource<server_list>(wrong);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.results.empty());
    REQUIRE(refused.diagnostics.size() == 1);
    CHECK(refused.diagnostics[0].path.to_string() == "zone");

    server_filter conflicting;
    conflicting.endless = true;
    conflicting.fail_after_two = true;
    auto hook = p.list_resource<server_list>(conflicting);
    REQUIRE_FALSE(hook.ok());
    CHECK(hook.diagnostics[0].summary == "Conflicting filter");
    CHECK(hook.diagnostics[0].path.to_string() == "endless");
}

TEST_CASE("results sent before a handler's error are kept, the error follows", "[list]") {
    driver p;
    for (const char* name : {"a", "b", "c"}) REQUIRE(p.create<server>(a_server(name, "north")));
    server_filter f;
    f.fail_after_two = true;
    auto r = p.list_resource<server_list>(f);
    CHECK(r.results.size() == 2);
    REQUIRE_FALSE(r.ok());
    CHECK(r.diagnostics[0].summary == "Listing failed");
}

// The engine as the rpc layer uses it: a sink that writes each result at
// once, and StopProvider arriving while the handler still lists.
TEST_CASE("StopProvider ends a listing that would never end", "[list]") {
    tfpp::detail::engine<provider> e;
    struct counting_sink final : tfpp::detail::list_sink {
        int sent = 0;
        bool send(std::string identity, std::string, std::optional<std::string> object) override {
            CHECK_FALSE(identity.empty());
            CHECK_FALSE(object);
            ++sent;
            return true;
        }
    } sink;
    e.provider().after_push = [&](std::size_t count) {
        if (count == 3) e.request_stop();  // as StopProvider does, from another call
    };
    server_filter endless;
    endless.endless = true;
    tfpp::context ctx = e.make_context();
    e.list_resource("mem_server")->list(tfpp::to_msgpack(endless), false, 0, sink, ctx);
    CHECK(sink.sent == 3);
    CHECK_FALSE(ctx.has_errors());
}

TEST_CASE("a client that goes away ends the listing", "[list]") {
    tfpp::detail::engine<provider> e;
    struct closing_sink final : tfpp::detail::list_sink {
        int sent = 0;
        bool send(std::string, std::string, std::optional<std::string>) override { return ++sent < 4; }
    } sink;
    server_filter endless;
    endless.endless = true;
    tfpp::context ctx = e.make_context();
    e.list_resource("mem_server")->list(tfpp::to_msgpack(endless), false, 0, sink, ctx);
    CHECK(sink.sent == 4);
}

}  // namespace test_list_resource
