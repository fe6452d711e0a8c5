// tfpp::same_json and tfpp::parse_rfc3339 / tfpp::same_instant.
#include <tfpp/value/json_document.hpp>
#include <tfpp/value/timestamp.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

TEST_CASE("JSON documents compare by value", "[json]") {
    CHECK(tfpp::same_json(R"({"a": 1, "b": [true, null]})", R"({"b":[true,null],"a":1.0})"));
    CHECK(tfpp::same_json("1e2", "100"));
    CHECK(tfpp::same_json(R"("x")", " \"x\" "));
    CHECK_FALSE(tfpp::same_json("[1, 2]", "[2, 1]"));
    CHECK_FALSE(tfpp::same_json(R"({"a": 1})", R"({"a": "1"})"));
    CHECK_FALSE(tfpp::same_json("{", "{"));  // not a document, even equal to itself
    CHECK(tfpp::is_json_document(" {\"a\": [1, {\"b\": \"]]]\"}]} "));
    CHECK_FALSE(tfpp::is_json_document("{} {}"));
    CHECK_FALSE(tfpp::is_json_document(""));
    CHECK_FALSE(tfpp::is_json_document("1e999"));
    CHECK(tfpp::is_json_document(std::string(1000, '[') + std::string(1000, ']')));
    CHECK_FALSE(tfpp::is_json_document(std::string(100000, '[') + std::string(100000, ']')));  // refused, no crash
}

TEST_CASE("RFC 3339 timestamps name instants", "[timestamp]") {
    using namespace std::chrono;
    const auto t = tfpp::parse_rfc3339("2026-11-27T06:30:15.25+01:00");
    REQUIRE(t);
    CHECK(*t == sys_days(2026y / November / 27) + 5h + 30min + 15s + 250ms);
    CHECK(tfpp::same_instant("2026-11-27T05:30:15.250Z", "2026-11-27T06:30:15.25+01:00"));
    CHECK(tfpp::same_instant("2026-11-26T23:00:00-05:00", "2026-11-27T04:00:00Z"));
    CHECK_FALSE(tfpp::same_instant("2026-11-27T05:30:15Z", "2026-11-27T05:30:16Z"));
    CHECK(tfpp::parse_rfc3339("2024-02-29T00:00:00Z"));
    CHECK(tfpp::parse_rfc3339("2026-01-01T00:00:00.123456789123Z"));
    for (const char* bad :
         {"2025-02-29T00:00:00Z", "2026-11-27 05:30:15Z", "2026-11-27T05:30:15", "2026-11-27t05:30:15z",
          "2026-11-27T24:00:00Z", "2026-11-27T05:60:00Z", "2026-11-27T05:30:60Z", "2026-11-27T05:30:15+24:00",
          "2026-11-27T05:30:15.Z", "2026-11-27T05:30:15Z ", "", "2026-13-01T00:00:00Z"})
        CHECK_FALSE(tfpp::parse_rfc3339(bad));
}
