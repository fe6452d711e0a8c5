// tfpp::log: the fields of scopes and requests, and masking.
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/log.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace {

struct captured_line {
    std::string message;
    std::map<std::string, std::string> fields;
};
std::vector<captured_line> lines;

void capture(tfpp::log::level, std::string_view, std::string_view message, std::span<const tfpp::log::field> fields) {
    captured_line line{std::string(message), {}};
    for (const auto& f : fields) line.fields[std::string(f.key)] = std::string(f.value);
    lines.push_back(std::move(line));
}

// Captures lines for one test.
struct capturing {
    capturing() {
        lines.clear();
        tfpp::log::sink = &capture;
        tfpp::log::threshold = tfpp::log::level::trace;
    }
    ~capturing() {
        tfpp::log::sink = nullptr;
        tfpp::log::threshold = tfpp::log::level::off;
    }
};

}  // namespace

TEST_CASE("log: a scope's fields are on every line of its thread until it ends", "[log]") {
    capturing c;
    {
        tfpp::log::scope outer{{"database", "app"}};
        {
            tfpp::log::scope inner{{"role", "reader"}, {"attempt", "2"}};
            tfpp::log::info("granting {}", "SELECT");
        }
        tfpp::log::info("done");
    }
    tfpp::log::info("after");
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].message == "granting SELECT");
    CHECK(lines[0].fields ==
          std::map<std::string, std::string>{{"database", "app"}, {"role", "reader"}, {"attempt", "2"}});
    CHECK(lines[1].fields == std::map<std::string, std::string>{{"database", "app"}});
    CHECK(lines[2].fields.empty());
}

TEST_CASE("log: a request's lines carry tf_rpc, tf_req_id and its type; each request has its own id", "[log]") {
    capturing c;
    std::string first_id;
    {
        tfpp::detail::log_request request("ApplyResourceChange", "tf_resource_type", "postgresql_role");
        tfpp::log::info("one");
        tfpp::log::info("two");
    }
    {
        tfpp::detail::log_request request("ReadDataSource", "tf_data_source_type", "postgresql_schemas");
        tfpp::log::info("three");
    }
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].fields["tf_rpc"] == "ApplyResourceChange");
    CHECK(lines[0].fields["tf_resource_type"] == "postgresql_role");
    CHECK(lines[0].fields["tf_req_id"].size() == 36);  // a UUID's form
    CHECK(lines[0].fields["tf_req_id"][14] == '4');
    CHECK(lines[0].fields["tf_req_id"] == lines[1].fields["tf_req_id"]);
    CHECK(lines[2].fields["tf_req_id"] != lines[0].fields["tf_req_id"]);
    CHECK(lines[2].fields["tf_data_source_type"] == "postgresql_schemas");
    CHECK(lines[2].fields.count("tf_resource_type") == 0);
}

TEST_CASE("log: a value masked in a request is hidden in messages and fields until the request ends", "[log]") {
    capturing c;
    {
        tfpp::detail::log_request request("ApplyResourceChange", "tf_resource_type", "postgresql_role");
        tfpp::log::mask_value("hunter2");
        tfpp::log::mask_value("hunter2-and-more");
        tfpp::log::mask_value("");  // ignored: it would hide nothing
        tfpp::log::scope s{{"sql", "ALTER ROLE x PASSWORD 'hunter2-and-more'"}};
        tfpp::log::info("password is hunter2, twice: hunter2");
        tfpp::log::write(tfpp::log::level::warn, "provider", "connecting", {{"dsn", "user=x password=hunter2"}});
    }
    tfpp::log::info("hunter2 outside the request");
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].message == "password is ***, twice: ***");
    CHECK(lines[0].fields["sql"] == "ALTER ROLE x PASSWORD '***'");  // the longer secret first: no tail left
    CHECK(lines[1].fields["dsn"] == "user=x password=***");
    CHECK(lines[2].message == "hunter2 outside the request");  // that request's masks ended with it
}

TEST_CASE("log: a value masked always, and a field masked by name, are hidden on every thread", "[log]") {
    capturing c;
    tfpp::log::mask_value("s3cr3t-provider-password", true);
    tfpp::log::mask_field("token");
    tfpp::log::write(tfpp::log::level::info, "provider", "using s3cr3t-provider-password",
                     {{"token", "abc"}, {"user", "admin"}});
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].message == "using ***");
    CHECK(lines[0].fields["token"] == "***");
    CHECK(lines[0].fields["user"] == "admin");
}

TEST_CASE("log: nothing is formatted or kept when no sink is installed", "[log]") {
    tfpp::log::sink = nullptr;
    CHECK_FALSE(tfpp::log::enabled(tfpp::log::level::error));
    tfpp::log::scope s{{"a", "b"}};
    tfpp::log::error("dropped {}", 1);  // no crash, no line
}

TEST_CASE("log: no line grows with its input; a secret is masked before the line is cut", "[log]") {
    capturing c;
    const std::string big(5 * 1024 * 1024, 'x');
    tfpp::log::write(tfpp::log::level::info, "provider", big, {{"value", big}});
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].message.size() < 17 * 1024);
    CHECK(lines[0].message.find(std::to_string(big.size()) + " bytes in all") != std::string::npos);
    CHECK(lines[0].fields["value"].size() < 17 * 1024);

    // A secret that straddles the cut is masked whole first.
    {
        tfpp::detail::log_request request("ApplyResourceChange", "tf_resource_type", "local_file");
        const std::string secret(100, 's');
        tfpp::log::mask_value(secret);
        tfpp::log::info("{}{}", std::string(16 * 1024 - 50, 'a'), secret);
    }
    REQUIRE(lines.size() == 2);
    CHECK(lines[1].message.find('s') == std::string::npos);
    CHECK(lines[1].message.find("***") != std::string::npos);
}

TEST_CASE("tfpp::quoted: at most the limit, cut at a UTF-8 boundary, the full length stated", "[log]") {
    CHECK(tfpp::quoted("short") == "\"short\"");
    CHECK(tfpp::quoted("a\"b\n") == "\"a\\\"b\\n\"");
    const std::string big(5 * 1024 * 1024, '9');
    const std::string q = tfpp::quoted(big);
    CHECK(q.size() < 300);
    CHECK(q == "\"" + std::string(tfpp::quoted_bytes_limit, '9') + "\"... (5242880 bytes in all)");
    // "é" is two bytes: a cut between them leaves out the whole character.
    CHECK(tfpp::quoted("ab\xc3\xa9", 3) == "\"ab\"... (4 bytes in all)");
    CHECK(tfpp::quoted("\xe2\x82\xac\xe2\x82\xac", 4) == "\"\xe2\x82\xac\"... (6 bytes in all)");
}
