#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/schema/attribute.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_json {

struct item {
    std::string name;
    tfpp::value<std::int64_t> size;
};

struct stored {
    tfpp::required<std::string> filename;
    tfpp::optional<std::int64_t> count;
    tfpp::optional<double> ratio;
    tfpp::computed<bool> ok;
    tfpp::optional<std::vector<item>> items;
    tfpp::optional<std::map<std::string, std::string>> labels;
};

TEST_CASE("stored state JSON decodes into the model", "[json]") {
    stored s;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_json(R"({"filename":"a.txt","count":3,"ratio":0.5,"ok":true,
        "items":[{"name":"x","size":null}],"labels":{"k":"v"}})",
                              s, d));
    CHECK(d.empty());
    CHECK(s.filename == "a.txt");
    CHECK(s.count == 3);
    CHECK(s.ratio == 0.5);
    CHECK(s.ok == true);
    REQUIRE(s.items.is_known());
    CHECK(s.items->at(0).name == "x");
    CHECK(s.items->at(0).size.is_null());
    CHECK(s.labels->at("k") == "v");
}

TEST_CASE("a JSON document parsed once decodes into several models", "[json]") {
    tfpp::diagnostics d;
    const auto doc = tfpp::json_document::parse(R"({"filename":"a.txt","count":3,"removed":1})", d);
    REQUIRE(doc);
    stored s;
    CHECK_FALSE(doc->decode(s, d));
    CHECK(d[0].summary == "Unsupported attribute");
    tfpp::diagnostics d2;
    REQUIRE(doc->decode(s, d2, {.extra = tfpp::extra_attributes::ignore}));
    CHECK(s.count == 3);
    tfpp::diagnostics bad;
    CHECK_FALSE(tfpp::json_document::parse("{", bad));
    CHECK(bad[0].summary == "Malformed JSON");
}

TEST_CASE("attributes the model lost are ignored, missing ones are null", "[json]") {
    stored s;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_json(R"({"filename":"a.txt","removed_attribute":1})", s, d,
                              {.extra = tfpp::extra_attributes::ignore}));
    CHECK(s.filename == "a.txt");
    CHECK(s.count.is_null());
    CHECK(s.items.is_null());
}

TEST_CASE("bad stored state gives an error with a path", "[json][bad-input]") {
    stored s;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::decode_json(R"({"filename":"a.txt","count":1.5})", s, d));
    CHECK(d[0].path.to_string() == "count");
    CHECK(d[0].detail == "the number is not a whole number");

    tfpp::diagnostics d2;
    CHECK_FALSE(tfpp::decode_json(R"({"filename":"a.txt","items":[{"name":[7]}]})", s, d2));
    CHECK(d2[0].path.to_string() == "items[0].name");

    tfpp::diagnostics d3;
    CHECK_FALSE(tfpp::decode_json(R"({"filename":)", s, d3));
    CHECK(d3[0].summary == "Malformed JSON");

    tfpp::diagnostics d4;
    CHECK_FALSE(tfpp::decode_json(R"({"filename":"a","count":99999999999999999999})", s, d4));
    CHECK(d4[0].summary == "Number out of range");
}

TEST_CASE("a number held as a double is written with its shortest digits, as go-cty writes it", "[json]") {
    // 2222222222222220.25 is exactly a double; its shortest digits name another number.
    const auto exact = *tfpp::number::parse("2222222222222220.25");
    REQUIRE(exact.representation() == tfpp::number::form::float64);
    std::string text;
    tfpp::diagnostics d;
    REQUIRE(tfpp::encode_json(exact, text, d));
    CHECK(text == "2222222222222220.2");
    tfpp::number back;
    REQUIRE(tfpp::decode_json(text, back, d));
    CHECK(back == *tfpp::number::parse("2222222222222220.2"));
    CHECK(back.to_double() == exact.to_double());  // the same double
    CHECK(tfpp::to_msgpack(exact) == tfpp::to_msgpack(tfpp::number(2222222222222220.25)));  // float64 wire form
}

}  // namespace test_json

namespace test_json {

TEST_CASE("JSON encoding refuses a string that is not UTF-8, at its path", "[json][utf8]") {
    const std::string bad = "\xff\xfe";
    SECTION("a typed model's attribute and a list element") {
        stored s;
        s.filename = "f";
        s.items = std::vector<item>{item{.name = "a", .size = 1}, item{.name = bad, .size = 2}};
        std::string out;
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::encode_json(s, out, d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].summary == "Invalid UTF-8");
        CHECK(d[0].path.to_string() == "items[1].name");
        CHECK(d[0].detail.find(bad) == std::string::npos);
    }
    SECTION("a dynamic map's key and value") {
        const tfpp::dynamic key = tfpp::dynamic::map(tfpp::type::string(), {{bad, "v"}});
        std::string out;
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::encode_json(key, key.type(), out, d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].path.empty());
        const tfpp::dynamic value = tfpp::dynamic::map(tfpp::type::string(), {{"k", bad}});
        tfpp::diagnostics d2;
        CHECK_FALSE(tfpp::encode_json(value, value.type(), out, d2));
        REQUIRE(d2.size() == 1);
        CHECK(d2[0].path.to_string() == "[\"k\"]");
    }
    SECTION("valid text is written as before") {
        std::string out;
        tfpp::diagnostics d;
        REQUIRE(tfpp::encode_json(tfpp::dynamic("caf\xc3\xa9"), tfpp::type::string(), out, d));
        CHECK(out == "\"caf\xc3\xa9\"");
    }
}

}  // namespace test_json
