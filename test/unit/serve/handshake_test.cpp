#include <tfpp/serve/detail/handshake.hpp>
#include <tfpp/serve/detail/hclog.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace test_handshake {

using tfpp::detail::negotiate_version;
using tfpp::detail::parse_versions;

TEST_CASE("protocol versions are parsed from the client's list", "[handshake]") {
    CHECK(parse_versions("5,6") == std::vector<int>{5, 6});
    CHECK(parse_versions(" 6 , 5 ") == std::vector<int>{6, 5});
    CHECK(parse_versions("") == std::vector<int>{});
    CHECK(parse_versions("x,6") == std::vector<int>{6});
}

TEST_CASE("the highest version both sides know wins", "[handshake]") {
    CHECK(negotiate_version({6, 5}, {5, 6}) == 6);
    CHECK(negotiate_version({6, 5}, {6, 5}) == 6);
    CHECK(negotiate_version({5, 6}, {5}) == 5);
    CHECK(negotiate_version({5}, {5, 6}) == 5);
    CHECK(negotiate_version({6, 5}, {}) == 6);
    // no overlap: the lowest server version, and the client reports the mismatch
    CHECK(negotiate_version({6, 5}, {4}) == 5);
}

TEST_CASE("the handshake line has go-plugin's six fields", "[handshake]") {
    CHECK(tfpp::detail::handshake_line(6, "unix", "/tmp/d/provider.sock", "QUJD") ==
          "1|6|unix|/tmp/d/provider.sock|grpc|QUJD\n");
    // TLS off: the field stays, empty
    CHECK(tfpp::detail::handshake_line(5, "unix", "/s", "") == "1|5|unix|/s|grpc|\n");
    CHECK(tfpp::detail::handshake_line(6, "tcp", "127.0.0.1:10000", "QUJD") == "1|6|tcp|127.0.0.1:10000|grpc|QUJD\n");
}

TEST_CASE("reattach configuration lists both registries for a short address", "[handshake]") {
    const auto j = nlohmann::json::parse(tfpp::detail::reattach_config("tfpp/local", 6, 42, "unix", "/tmp/x.sock"));
    for (const char* key : {"registry.terraform.io/tfpp/local", "registry.opentofu.org/tfpp/local"}) {
        INFO(key);
        REQUIRE(j.contains(key));
        CHECK(j[key]["Protocol"] == "grpc");
        CHECK(j[key]["ProtocolVersion"] == 6);
        CHECK(j[key]["Pid"] == 42);
        CHECK(j[key]["Test"] == true);
        CHECK(j[key]["Addr"]["Network"] == "unix");
        CHECK(j[key]["Addr"]["String"] == "/tmp/x.sock");
    }
    const auto full = nlohmann::json::parse(tfpp::detail::reattach_config("example.com/ns/x", 5, 1, "tcp", "127.0.0.1:10001"));
    CHECK(full.size() == 1);
    CHECK(full.contains("example.com/ns/x"));
    CHECK(full["example.com/ns/x"]["Addr"]["Network"] == "tcp");
    CHECK(full["example.com/ns/x"]["Addr"]["String"] == "127.0.0.1:10001");
    CHECK(tfpp::detail::shell_quote("a'b") == "'a'\"'\"'b'");
}

TEST_CASE("log lines are hclog JSON with Go's timestamp layout", "[handshake][log]") {
    using namespace std::chrono;
    const sys_time<microseconds> t = sys_days{year{2024} / 5 / 1} + 10h + 0min + 2s + 345us;
    CHECK(tfpp::detail::hclog_timestamp(t) == "2024-05-01T10:00:02.000345Z");

    const tfpp::log::field fields[] = {{"tf_rpc", "ReadResource"}};
    const std::string line =
        tfpp::detail::hclog_line(tfpp::log::level::debug, "sdk.tfpp", "Served \"x\"", fields, system_clock::now());
    REQUIRE(line.back() == '\n');
    const auto j = nlohmann::json::parse(line);
    CHECK(j["@level"] == "debug");
    CHECK(j["@message"] == "Served \"x\"");
    CHECK(j["@module"] == "sdk.tfpp");
    CHECK(j["tf_rpc"] == "ReadResource");
    CHECK(
        std::regex_match(j["@timestamp"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)")));
    // invalid UTF-8 from provider code does not break the line
    CHECK(nlohmann::json::accept(
        tfpp::detail::hclog_line(tfpp::log::level::info, "provider", "\xff\xfe", {}, system_clock::now())));
}

// Lines longer than a pipe's atomic write (PIPE_BUF) take several writes;
// the sink's lock keeps lines from threads whole, as go-hclog's does.
TEST_CASE("log lines from many threads arrive whole through a pipe", "[handshake][log]") {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const int saved = ::dup(STDERR_FILENO);
    ::dup2(fds[1], STDERR_FILENO);
    ::close(fds[1]);
    std::string received;
    std::thread reader([&] {
        char buf[4096];
        for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) received.append(buf, static_cast<std::size_t>(n));
    });
    constexpr int threads = 4, lines = 40;
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t)
        writers.emplace_back([t] {
            const std::string message(20000, static_cast<char>('a' + t));
            for (int i = 0; i < lines; ++i) tfpp::detail::hclog_sink(tfpp::log::level::info, "provider", message, {});
        });
    for (auto& w : writers) w.join();
    ::dup2(saved, STDERR_FILENO);  // closes the pipe's last write end: the reader sees EOF
    ::close(saved);
    reader.join();
    ::close(fds[0]);
    std::size_t count = 0;
    for (std::size_t at = 0, end; (end = received.find('\n', at)) != std::string::npos; at = end + 1, ++count) {
        const auto j = nlohmann::json::parse(received.substr(at, end - at), nullptr, false);
        REQUIRE_FALSE(j.is_discarded());
        const std::string m = j["@message"];
        CHECK(m.size() == 20000);
        CHECK(m.find_first_not_of(m[0]) == std::string::npos);
    }
    CHECK(count == threads * lines);
}

TEST_CASE("the log level follows TF_LOG_PROVIDER, then TF_LOG", "[handshake][log]") {
    using tfpp::log::level;
    ::unsetenv("TF_LOG_PROVIDER");
    ::unsetenv("TF_LOG");
    CHECK(tfpp::detail::level_from_environment() == level::warn);
    ::setenv("TF_LOG", "debug", 1);
    CHECK(tfpp::detail::level_from_environment() == level::debug);
    ::setenv("TF_LOG", "JSON", 1);
    CHECK(tfpp::detail::level_from_environment() == level::trace);
    ::setenv("TF_LOG_PROVIDER", "off", 1);
    CHECK(tfpp::detail::level_from_environment() == level::off);
    ::unsetenv("TF_LOG_PROVIDER");
    ::unsetenv("TF_LOG");
}

}  // namespace test_handshake
