// State stores: configuration validated and the chunk size agreed, states
// read and written in chunks Terraform accepts, uploads that break off never
// stored, lock ids checked, and the store's own mistakes reported.
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace test_state_store {

struct memory_config {
    tfpp::required<std::string, tfpp::min_length<1>> bucket;
    tfpp::optional<std::string, tfpp::sensitive> password;  // masked in diagnostics: test/serve/rpc_coverage.cpp
};

struct provider;
struct memory_store {
    static constexpr std::string_view type_name = "mem_states";
    static constexpr std::size_t max_chunk_size = 16;
    using config = memory_config;
    provider& p;

    void validate(const memory_config& c, tfpp::context& ctx) {
        if (c.bucket == "forbidden") ctx.error("Not allowed", "this bucket is not for states", "bucket");
    }
    void configure(const memory_config& c, tfpp::context& ctx);
    void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx);
    void unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context&);
    void delete_state(std::string_view state_id, tfpp::context& ctx);
};

struct provider {
    static constexpr std::string_view type_name = "mem";
    using resources = tfpp::type_list<>;
    using state_stores = tfpp::type_list<memory_store>;

    std::string bucket;
    std::map<std::string, std::string, std::less<>> stored;
    std::map<std::string, std::string, std::less<>> locks;  // state -> lock id
    int next_lock = 0;
    // Misbehaviours a test switches on.
    bool write_too_little = false;
    bool stop_reading_early = false;
    std::size_t write_piece = 7;  // read() writes in pieces of this size
};
static_assert(tfpp::valid_provider<provider>);

void memory_store::configure(const memory_config& c, tfpp::context& ctx) {
    if (c.password.is_known() && *c.password != "open sesame")
        ctx.error("Wrong password", "the bucket refused password " + *c.password);
    p.bucket = *c.bucket;
}

void memory_store::read(std::string_view state_id, tfpp::state_sink& out, tfpp::context&) {
    auto it = p.stored.find(state_id);
    if (it == p.stored.end()) return;
    const std::string& bytes = it->second;
    out.size(bytes.size());
    const std::size_t end = p.write_too_little ? bytes.size() / 2 : bytes.size();
    for (std::size_t at = 0; at < end; at += p.write_piece)
        out.write(std::string_view(bytes).substr(at, std::min(p.write_piece, end - at)));
}

void memory_store::write(std::string_view state_id, tfpp::state_source& in, tfpp::context&) {
    std::string bytes;
    bytes.reserve(in.size());
    while (auto chunk = in.next()) {
        bytes.append(*chunk);
        if (p.stop_reading_early) return;
    }
    p.stored[std::string(state_id)] = std::move(bytes);  // only a whole state gets here
}

std::string memory_store::lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx) {
    if (auto held = p.locks.find(state_id); held != p.locks.end()) {
        ctx.error("State locked", "lock " + held->second + " holds it; wanted for " + std::string(operation));
        return {};
    }
    return p.locks[std::string(state_id)] = "lock-" + std::to_string(++p.next_lock);
}

void memory_store::unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx) {
    auto held = p.locks.find(state_id);
    if (held == p.locks.end() || held->second != lock_id) {
        ctx.error("Not your lock", "state " + std::string(state_id) + " is not locked by " + std::string(lock_id));
        return;
    }
    p.locks.erase(held);
}

std::vector<std::string> memory_store::states(tfpp::context&) {
    std::vector<std::string> names{"default"};
    for (const auto& [name, bytes] : p.stored)
        if (name != "default") names.push_back(name);
    return names;
}

void memory_store::delete_state(std::string_view state_id, tfpp::context& ctx) {
    if (p.stored.erase(std::string(state_id)) == 0) ctx.error("No such state", std::string(state_id));
}

memory_config bucket(std::string name) {
    memory_config c;
    c.bucket = std::move(name);
    return c;
}

bool mentions(const tfpp::diagnostics& d, std::string_view text) {
    for (const auto& x : d)
        if (x.summary.find(text) != std::string::npos || x.detail.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace test_state_store

using namespace test_state_store;

TEST_CASE("a state store is validated, configured and agrees on a chunk size", "[state_store]") {
    tfpp::testing::provider_under_test<provider> p;
    SECTION("every call before ConfigureStateStore is refused") {
        const auto read = p.read_state<memory_store>("default");
        CHECK(mentions(read.diagnostics, "State store not configured"));
        CHECK(mentions(p.write_state<memory_store>("default", "{}"), "State store not configured"));
    }
    SECTION("the store's max_chunk_size caps Terraform's proposal") {
        const auto c = p.configure_state_store<memory_store>(bucket("b1"));
        REQUIRE(c.ok());
        CHECK(c.chunk_size == 16);
        CHECK(p.provider().bucket == "b1");
        CHECK(p.configure_state_store<memory_store>(bucket("b1"), 8).chunk_size == 8);
    }
    SECTION("validators and validate report at the attribute") {
        const auto empty = p.configure_state_store<memory_store>(bucket(""));
        CHECK_FALSE(empty.ok());
        REQUIRE(empty.diagnostics.size() == 1);
        CHECK(empty.diagnostics[0].path.to_string() == "bucket");
        const auto refused = p.configure_state_store<memory_store>(bucket("forbidden"));
        CHECK_FALSE(refused.ok());
        CHECK(refused.diagnostics[0].summary == "Not allowed");
        CHECK(p.provider().bucket.empty());
    }
}

TEST_CASE("a state travels in chunks of the agreed size, both ways", "[state_store]") {
    tfpp::testing::provider_under_test<provider> p;
    REQUIRE(p.configure_state_store<memory_store>(bucket("b1")).ok());
    CHECK_FALSE(p.read_state<memory_store>("default").bytes.has_value());  // no state yet: no chunk

    std::string state;
    for (int i = 0; i < 10; ++i) state += "{\"serial\": " + std::to_string(i) + "}\n";  // 131 bytes
    REQUIRE(p.write_state<memory_store>("default", state).empty());
    CHECK(p.provider().stored["default"] == state);

    for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{16}, std::size_t{200}}) {
        p.provider().write_piece = piece;  // however read() writes, Terraform gets 16-byte chunks
        const tfpp::testing::stored_state read = p.read_state<memory_store>("default");
        INFO("read() writing pieces of " << piece);
        CHECK(read.ok());
        CHECK(read.bytes == state);
        CHECK(read.chunks == 9);  // 8 of 16 bytes and one of 3
    }

    const std::string exact(32, 'x');  // a whole number of chunks: the last is full, not empty
    REQUIRE(p.write_state<memory_store>("dev", exact).empty());
    const auto read = p.read_state<memory_store>("dev");
    CHECK(read.ok());
    CHECK(read.bytes == exact);
    CHECK(read.chunks == 2);
}

TEST_CASE("an upload that breaks off or is malformed is not stored", "[state_store]") {
    tfpp::detail::engine<provider> e;
    tfpp::context configure_ctx = e.make_context();
    tfpp::detail::state_store_handler& h = *e.state_store("mem_states");
    REQUIRE(h.configure(tfpp::to_msgpack(bucket("b1")), 16, configure_ctx));
    e.provider().stored["default"] = "the old state";

    const auto upload = [&](std::vector<tfpp::detail::state_chunk> chunks) {
        tfpp::context ctx = e.make_context();
        tfpp::testing::detail::state_store_ops::listed_state_chunks from(std::move(chunks), 16, ctx);
        h.write("default", from, ctx);
        return ctx.diagnostics();
    };
    const std::string a(16, 'a'), b(4, 'b');
    SECTION("short: the stream ends before the total length") {
        const auto d = upload({{a, 20, 0, 15}});
        CHECK(mentions(d, "ended after 16 of 20 bytes"));
    }
    SECTION("a gap between chunks") {
        CHECK(mentions(upload({{a, 24, 0, 15}, {b, 24, 20, 23}}), "claims the range 20-23 after 16 bytes"));
    }
    SECTION("a chunk larger than agreed") {
        CHECK(mentions(upload({{a + b, 20, 0, 19}}), "exceeds the agreed chunk size of 16"));
    }
    SECTION("a total that changes") {
        CHECK(mentions(upload({{a, 20, 0, 15}, {b, 21, 16, 19}}), "gives the total length 21, the first gave 20"));
    }
    SECTION("more than the total") {
        CHECK(mentions(upload({{a, 18, 0, 15}, {b, 18, 16, 19}}), "more than the total length of 18"));
    }
    SECTION("a negative total") { CHECK(mentions(upload({{a, -1, 0, 15}}), "negative")); }
    CHECK(e.provider().stored["default"] == "the old state");
}

TEST_CASE("the store's own mistakes are reported, not sent as a state", "[state_store]") {
    tfpp::testing::provider_under_test<provider> p;
    REQUIRE(p.configure_state_store<memory_store>(bucket("b1")).ok());
    p.provider().stored["default"] = std::string(40, 's');
    SECTION("read() writes less than it declared") {
        p.provider().write_too_little = true;
        const auto read = p.read_state<memory_store>("default");
        CHECK(mentions(read.diagnostics, "wrote less than it declared"));
        CHECK(mentions(read.diagnostics, "declared 40 bytes"));
    }
    SECTION("write() returns before the whole state arrived") {
        p.provider().stop_reading_early = true;
        const auto d = p.write_state<memory_store>("default", std::string(40, 'n'));
        CHECK(mentions(d, "did not read the whole state"));
        CHECK(p.provider().stored["default"] == std::string(40, 's'));
    }
}

TEST_CASE("locks, workspaces and deletion go through the store", "[state_store]") {
    tfpp::testing::provider_under_test<provider> p;
    REQUIRE(p.configure_state_store<memory_store>(bucket("b1")).ok());
    const tfpp::testing::state_lock first = p.lock_state<memory_store>("default");
    REQUIRE(first.ok());
    const tfpp::testing::state_lock second = p.lock_state<memory_store>("default", "OperationTypePlan");
    CHECK_FALSE(second.ok());
    CHECK(second.lock_id.empty());
    CHECK(mentions(second.diagnostics, "lock-1 holds it; wanted for OperationTypePlan"));
    CHECK(mentions(p.unlock_state<memory_store>("default", "lock-99"), "Not your lock"));
    CHECK(p.unlock_state<memory_store>("default", first.lock_id).empty());
    CHECK(p.lock_state<memory_store>("default").ok());

    REQUIRE(p.write_state<memory_store>("staging", "{}").empty());
    const tfpp::testing::state_names names = p.get_states<memory_store>();
    CHECK(names.ok());
    CHECK(names.names == std::vector<std::string>{"default", "staging"});
    CHECK(p.delete_state<memory_store>("staging").empty());
    CHECK(mentions(p.delete_state<memory_store>("staging"), "No such state"));
    CHECK(p.get_states<memory_store>().names == std::vector<std::string>{"default"});
}

TEST_CASE("a state store's schema is its config struct", "[state_store]") {
    tfpp::detail::engine<provider> e;
    const tfpp::block_schema& s = e.state_store("mem_states")->schema();
    REQUIRE(s.find("bucket") != nullptr);
    CHECK(s.find("bucket")->is_required());
    REQUIRE(s.find("password") != nullptr);
    CHECK(s.find("password")->sensitive);
}
