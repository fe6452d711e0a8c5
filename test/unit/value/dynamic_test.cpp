// tfpp::type, tfpp::dynamic and tfpp::set, and the typed codecs for every kind.
#include "codec_test_util.hpp"

#include <tfpp/codec/flatmap.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/value/detail/set_order.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace test_codec;
using tfpp::dynamic;
using tfpp::type;

namespace test_dynamic {

struct rule {
    std::string name;
    tfpp::value<std::int64_t> port;
};

struct everything {
    tfpp::value<tfpp::number> exact;
    tfpp::value<std::tuple<std::string, bool, double>> triple;
    tfpp::value<tfpp::set<rule>> rules;
    tfpp::value<tfpp::set<std::string>> names;
    tfpp::value<dynamic> anything;
    tfpp::value<std::vector<dynamic>> mixed;
    tfpp::value<std::map<std::string, tfpp::value<std::string>>> labels;
};

}  // namespace test_dynamic
using namespace test_dynamic;

TEST_CASE("types print and parse as go-cty's type JSON", "[value][type]") {
    const type t = type::object({{"b", type::list(type::number()), false},
                                 {"a", type::tuple({type::string(), type::dynamic()}), true},
                                 {"c", type::map(type::set(type::boolean())), false}});
    const std::string j = tfpp::to_type_json(t);
    CHECK(j ==
          R"(["object",{"a":["tuple",["string","dynamic"]],"b":["list","number"],"c":["map",["set","bool"]]},["a"]])");
    tfpp::diagnostics d;
    auto back = tfpp::parse_type_json(j, d);
    REQUIRE(back);
    CHECK(*back == t);
    CHECK(t.attributes()[0].name == "a");  // sorted
    CHECK(t.attribute_index("c") == 2);
    CHECK(t.attribute_index("z") == -1);
    CHECK(t.has_dynamic());
    CHECK_FALSE(type::list(type::string()).has_dynamic());
    CHECK(type::list(type::string()).friendly_name() == "list of string");
    CHECK_THROWS_AS(type::object({{"a", type::string(), false}, {"a", type::number(), false}}), std::invalid_argument);

    CHECK(tfpp::type_json<std::tuple<std::string, tfpp::number>>() == R"(["tuple",["string","number"]])");
    CHECK(tfpp::type_json<tfpp::set<rule>>() == R"(["set",["object",{"name":"string","port":"number"}]])");
    CHECK(tfpp::type_json<dynamic>() == R"("dynamic")");
}

TEST_CASE("bad type JSON is refused with a reason", "[value][type][bad-input]") {
    for (const char* bad : {"", "\"strin\"", "[\"list\"]", "[\"list\",\"string\",1]", "[\"object\",{\"a\":1}]",
                            "[\"object\",{\"a\":\"string\"},[\"b\"]]", "[\"tuple\",\"string\"]",
                            "[\"thing\",\"string\"]", "42", "{}", "[\"list\",\"string\"]]"}) {
        INFO(bad);
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::parse_type_json(bad, d));
        REQUIRE(d.has_errors());
        CHECK(d[0].summary == "Invalid type");
    }
    std::string bomb;
    for (int i = 0; i < 100000; ++i) bomb += "[\"list\",";
    bomb += "\"string\"";
    for (int i = 0; i < 100000; ++i) bomb += "]";
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::parse_type_json(bomb, d));
    CHECK(d[0].detail.find("nests deeper") != std::string::npos);
}

TEST_CASE("dynamic values carry their type and answer the questions users ask", "[value][dynamic]") {
    const dynamic obj =
        dynamic::object({{"name", "web"},
                         {"port", 8080},
                         {"tags", dynamic::list(type::string(), {"a", dynamic::unknown(type::string())})},
                         {"gone", dynamic::null(type::string())}});
    CHECK(obj.type().is_object());
    CHECK(obj["name"].as_string() == "web");
    CHECK(obj["port"].as_number() == tfpp::number(8080));
    CHECK(obj["tags"][0].as_string() == "a");
    CHECK(obj["tags"][1].is_unknown());
    CHECK(obj["gone"].is_null());
    CHECK(obj.is_known());
    CHECK_FALSE(obj.is_wholly_known());
    CHECK(obj["name"].is_wholly_known());
    CHECK_THROWS_AS(obj["nope"], std::out_of_range);
    CHECK_THROWS_AS(obj["tags"][1].as_string(), tfpp::value_access_error);
    CHECK_THROWS_AS(obj["name"].as_bool(), std::logic_error);
    CHECK_THROWS_AS(dynamic::list(type::string(), {"a", 1}), std::invalid_argument);
    CHECK_THROWS_AS(dynamic::map(type::string(), {{"k", "a"}, {"k", "b"}}), std::invalid_argument);
    // A list of dynamic takes its elements' common type.
    CHECK(dynamic::list(type::dynamic(), {1, 2}).type() == type::list(type::number()));
    CHECK_THROWS_AS(dynamic::list(type::dynamic(), {1, "x"}), std::invalid_argument);
}

TEST_CASE("sets are in go-cty's order, deduplicated, and compare in O(n)", "[value][set]") {
    const dynamic s = dynamic::set(
        type::string(), {"b", dynamic::unknown(type::string()), "a", "b", dynamic::null(type::string()), "A"});
    REQUIRE(s.size() == 5);
    CHECK(s[0].as_string() == "A");
    CHECK(s[1].as_string() == "a");
    CHECK(s[2].as_string() == "b");
    CHECK(s[3].is_unknown());
    CHECK(s[4].is_null());

    tfpp::set<std::int64_t> nums{3, 1, 2, 3, 10};
    CHECK(std::vector<std::int64_t>(nums.begin(), nums.end()) == std::vector<std::int64_t>{1, 2, 3, 10});
    CHECK_FALSE(nums.insert(2));
    CHECK(nums.insert(5));
    CHECK(nums.contains(5));
    CHECK(nums.erase(1));
    CHECK(std::vector<std::int64_t>(nums.begin(), nums.end()) == std::vector<std::int64_t>{2, 3, 5, 10});

    // Objects order by go-cty's hash text: <"name";port;> with strings quoted.
    tfpp::set<rule> rules{{"web", 80}, {"api", 443}, {"api", tfpp::unknown}, {"api", 443}};
    REQUIRE(rules.size() == 3);
    CHECK(rules.elements()[0].name == "api");
    CHECK(rules.elements()[0].port == 443);
    CHECK(rules.elements()[1].port.is_unknown());  // "<\"api\";?;>" sorts after "<\"api\";443;>"
    CHECK(rules.elements()[2].name == "web");
    CHECK(rules == tfpp::set<rule>{{"api", tfpp::unknown}, {"web", 80}, {"api", 443}});

    // Built in bulk in O(n log n): 200k elements well within a second even unoptimized.
    std::vector<std::int64_t> many(200000);
    for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<std::int64_t>((i * 7919) % many.size());
    const auto start = std::chrono::steady_clock::now();
    tfpp::set<std::int64_t> big(std::move(many));
    CHECK(big.size() == 200000);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("every kind encodes and decodes through a typed model", "[msgpack][dynamic]") {
    everything e;
    e.exact = *tfpp::number::parse("0.1");
    e.triple = std::tuple<std::string, bool, double>{"x", true, 2.5};
    e.rules = tfpp::set<rule>{{"web", 80}, {"api", tfpp::null}};
    e.names = tfpp::set<std::string>{"b", "a"};
    e.anything = dynamic::object({{"k", dynamic::list(type::number(), {1, 2})}});
    e.mixed = std::vector<dynamic>{dynamic("s"), dynamic("t")};
    e.labels = std::map<std::string, tfpp::value<std::string>>{{"a", tfpp::unknown}, {"b", "x"}};

    const std::string encoded = tfpp::to_msgpack(e);
    everything back;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(encoded, back, d));
    CHECK(back.exact == e.exact);
    CHECK(back.exact->to_string() == "0.1");
    CHECK(back.triple == e.triple);
    CHECK(back.rules == e.rules);
    CHECK(back.names == e.names);
    CHECK(back.anything == e.anything);
    CHECK(back.mixed == e.mixed);
    CHECK(back.labels == e.labels);
    CHECK_FALSE(tfpp::is_wholly_known(back));
    CHECK(tfpp::is_wholly_known(back.rules));

    // The same bytes through the dynamic path, against the model's type, give the same bytes back.
    dynamic generic;
    REQUIRE(tfpp::decode_msgpack(encoded, tfpp::type_of<everything>(), generic, d));
    CHECK(tfpp::to_msgpack(generic, tfpp::type_of<everything>()) == encoded);
    CHECK(generic["anything"]["k"][1].as_number() == tfpp::number(2));
    CHECK(generic["exact"].as_number().to_string() == "0.1");
}

TEST_CASE("refined unknowns survive typed and dynamic round trips", "[msgpack][dynamic]") {
    tfpp::refinements r;
    r.not_null = true;
    r.lower = tfpp::number_bound{1, true};
    r.upper = tfpp::number_bound{*tfpp::number::parse("9.5"), false};
    tfpp::value<double> n(tfpp::unknown, r);
    const std::string encoded = tfpp::to_msgpack(n);
    CHECK(hex(encoded) == "c7 13 0c 83 01 c2 03 92 01 c3 04 92 cb 40 23 00 00 00 00 00 00 c2");
    tfpp::value<double> back;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(encoded, back, d));
    REQUIRE(back.refinement());
    CHECK(*back.refinement() == r);

    tfpp::refinements len;
    len.length_min = 1;
    len.length_max = 3;
    dynamic l = dynamic::unknown(type::list(type::string()), len);
    dynamic lb;
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(l, l.type()), l.type(), lb, d));
    CHECK(lb == l);

    // go-cty's collapse: a not-null number whose bounds meet is that number.
    tfpp::refinements exact;
    exact.not_null = true;
    exact.lower = exact.upper = tfpp::number_bound{7, true};
    tfpp::value<std::int64_t> seven;
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(tfpp::value<std::int64_t>(tfpp::unknown, exact)), seven, d));
    CHECK(seven == 7);
    // Refinements that contradict each other are refused.
    tfpp::value<std::string> s;
    CHECK_FALSE(tfpp::decode_msgpack(bytes("c7 07 0c 82 02 a1 61 02 a1 62"), s, d));  // prefixes "a" and "b"
}

TEST_CASE("JSON both ways, typed and dynamic, exact numbers", "[json][dynamic]") {
    everything e;
    e.exact = *tfpp::number::parse("123456789012345678901234567890.5");
    e.triple = std::tuple<std::string, bool, double>{"<x>", false, 0.25};
    e.rules = tfpp::set<rule>{{"web", 80}};
    e.names = tfpp::set<std::string>{};
    e.anything = dynamic(true);
    e.mixed = std::vector<dynamic>{};
    e.labels = std::map<std::string, tfpp::value<std::string>>{{"k", tfpp::null}};
    std::string j;
    tfpp::diagnostics d;
    REQUIRE(tfpp::encode_json(e, j, d));
    CHECK(j ==
          R"({"anything":{"value":true,"type":"bool"},"exact":123456789012345678901234567890.5,"labels":{"k":null},)"
          R"("mixed":[],"names":[],"rules":[{"name":"web","port":80}],"triple":["\u003cx\u003e",false,0.25]})");
    everything back;
    REQUIRE(tfpp::decode_json(j, back, d));
    CHECK(back.exact == e.exact);
    CHECK(back.anything == e.anything);
    dynamic generic;
    REQUIRE(tfpp::decode_json(j, tfpp::type_of<everything>(), generic, d));
    std::string j2;
    REQUIRE(tfpp::encode_json(generic, tfpp::type_of<everything>(), j2, d));
    CHECK(j2 == j);

    e.labels = std::map<std::string, tfpp::value<std::string>>{{"k", tfpp::unknown}};
    std::string nope;
    tfpp::diagnostics d2;
    CHECK_FALSE(tfpp::encode_json(e, nope, d2));
    CHECK(d2[0].path.to_string() == "labels[\"k\"]");
}

TEST_CASE("legacy flatmap state reads into the model", "[json][flatmap]") {
    const std::map<std::string, std::string> flat = {
        {"id", "abc"},        {"count", "3"},
        {"enabled", "true"},  {"tags.#", "2"},
        {"tags.0", "x"},      {"tags.1", "y"},
        {"labels.%", "1"},    {"labels.env", "prod"},
        {"ports.#", "2"},     {"ports.1234", "443"},
        {"ports.99", "80"},   {"rule.#", "1"},
        {"rule.0.name", "r"}, {"rule.0.port", "74D93920-ED26-11E3-AC10-0800200C9A66"},
    };
    const type t = type::object({{"id", type::string(), false},
                                 {"count", type::number(), false},
                                 {"enabled", type::boolean(), false},
                                 {"missing", type::string(), false},
                                 {"tags", type::list(type::string()), false},
                                 {"labels", type::map(type::string()), false},
                                 {"ports", type::set(type::number()), false},
                                 {"rule", type::list(tfpp::type_of<rule>()), false}});
    dynamic v;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_flatmap(flat, t, v, d));
    CHECK(v["id"].as_string() == "abc");
    CHECK(v["count"].as_number() == tfpp::number(3));
    CHECK(v["enabled"].as_bool());
    CHECK(v["missing"].is_null());
    CHECK(v["tags"][1].as_string() == "y");
    CHECK(v["labels"]["env"].as_string() == "prod");
    CHECK(v["ports"][0].as_number() == tfpp::number(80));
    CHECK(v["ports"][1].as_number() == tfpp::number(443));
    CHECK(v["rule"][0]["name"].as_string() == "r");
    CHECK(v["rule"][0]["port"].is_unknown());

    tfpp::diagnostics bad;
    CHECK_FALSE(tfpp::decode_flatmap({{"count", "three"}}, t, v, bad));
    CHECK(bad[0].path.to_string() == "count");
}

TEST_CASE("numbers beyond double range survive JSON both ways", "[json][dynamic]") {
    // Found by fuzzing: encode_json wrote 1e400 as a number its own decoder refused.
    const type t = type::map(type::number());
    dynamic v;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_json(R"({"a":"1e400","b":-2e-400,"c":1e400})", t, v, d));
    std::string j;
    REQUIRE(tfpp::encode_json(v, t, j, d));
    dynamic back;
    REQUIRE(tfpp::decode_json(j, t, back, d));
    CHECK(back == v);
    CHECK(back["c"].as_number() == *tfpp::number::parse("1e400"));
    CHECK(back["b"].as_number().to_string() == "-0." + std::string(399, '0') + "2");
    // Strings that merely look like numbers are left alone.
    dynamic s;
    REQUIRE(tfpp::decode_json(R"(["1e400", "x\"1e999\""])", type::list(type::string()), s, d));
    CHECK(s[0].as_string() == "1e400");
    CHECK(s[1].as_string() == "x\"1e999\"");
}

namespace test_dynamic {
struct flags {
    tfpp::value<std::vector<bool>> bits;
};
}  // namespace test_dynamic

TEST_CASE("std::vector<bool> works as list(bool)", "[msgpack][json]") {
    flags f{std::vector<bool>{true, false, true}};
    flags back;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(f), back, d));
    CHECK(back.bits == f.bits);
    std::string j;
    REQUIRE(tfpp::encode_json(f, j, d));
    CHECK(j == R"({"bits":[true,false,true]})");
    flags fromjson;
    REQUIRE(tfpp::decode_json(j, fromjson, d));
    CHECK(fromjson.bits == f.bits);
}

namespace test_dynamic {
// A std::set element whose own operator< disagrees with go-cty's order.
struct by_port_desc {
    std::string name;
    std::int64_t port;
    friend bool operator<(const by_port_desc& a, const by_port_desc& b) { return a.port > b.port; }
    friend bool operator==(const by_port_desc&, const by_port_desc&) = default;
};
struct group {
    std::string label;
    std::set<by_port_desc> members;
};
}  // namespace test_dynamic

TEST_CASE("std::set of structs is written in go-cty's order, also nested in set elements", "[msgpack][json][set]") {
    const std::set<by_port_desc> s{{"b", 80}, {"a", 443}, {"c", 22}};
    const type t = tfpp::type_of<std::set<by_port_desc>>();
    dynamic generic;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(s), t, generic, d));
    // go-cty orders objects by their hash text <"name";port;>: a, b, c.
    CHECK(generic[0]["name"].as_string() == "a");
    CHECK(generic[2]["name"].as_string() == "c");
    CHECK(tfpp::to_msgpack(generic, t) == tfpp::to_msgpack(s));
    std::string j;
    REQUIRE(tfpp::encode_json(s, j, d));
    CHECK(j == R"([{"name":"a","port":443},{"name":"b","port":80},{"name":"c","port":22}])");

    // Elements holding such sets are ordered by keys built from the sets' canonical order.
    const tfpp::set<group> groups{{"x", {{"b", 1}, {"a", 2}}}, {"x", {{"a", 1}}}};
    const type gt = tfpp::type_of<tfpp::set<group>>();
    REQUIRE(tfpp::decode_msgpack(tfpp::to_msgpack(groups), gt, generic, d));
    CHECK(tfpp::to_msgpack(generic, gt) == tfpp::to_msgpack(groups));
    CHECK(groups.elements()[0].members.size() == 1);  // <"x";[<"a";1;>;];> sorts before <"x";[<"a";2;>;...
}

TEST_CASE("a set of 10,000 unknowns is put in order in linear time, and keeps them all", "[dynamic][set]") {
    // -1 stands for an unknown: no duplicate of anything, not even of itself.
    std::vector<int> elements(10000, -1);
    std::size_t calls = 0;
    tfpp::detail::canonicalize_set(
        elements, [](std::size_t, std::size_t) { return false; },  // all in one run, as unknowns are
        [&](int a, int b) {
            ++calls;
            return a >= 0 && a == b;
        });
    CHECK(elements.size() == 10000);
    CHECK(calls <= 10000);  // against each kept one: 50 million

    const dynamic s = dynamic::set(type::string(), std::vector<dynamic>(10000, dynamic::unknown(type::string())));
    CHECK(s.size() == 10000);
    const dynamic known = dynamic::set(type::string(), std::vector<dynamic>(3, dynamic(std::string("a"))));
    CHECK(known.size() == 1);
}
