// Hostile input: every decoder answers with a diagnostic naming the place,
// never a crash, a hang or unbounded memory. Limits are configurable.
#include "codec_test_util.hpp"

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>

#include <tfpp/codec/detail/json_tree.hpp>
#include <tfpp/codec/detail/msgpack_view.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace test_bad_input {

using namespace test_codec;
using tfpp::dynamic;
using tfpp::type;

namespace {

type nested_lists(int depth) {
    type t = type::string();
    for (int i = 0; i < depth; ++i) t = type::list(t);
    return t;
}

tfpp::diagnostics decode_dynamic_fails(std::string_view in, const type& t, tfpp::decode_options limits = {}) {
    dynamic out;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::decode_msgpack(in, t, out, d, limits));
    REQUIRE(d.has_errors());
    return d;
}

// A line of /proc/self/status in KiB ("VmRSS:", "VmHWM:").
long status_kib(std::string_view field) {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(field)) return std::stol(line.substr(field.size()));
    FAIL("no " << field << " in /proc/self/status");
    return 0;
}

}  // namespace

TEST_CASE("containers grow as elements arrive, not to the count a message claims", "[msgpack][bad-input]") {
    // Eight nested arrays, each claiming as many elements as bytes remain
    // (2 MiB), the innermost's first element of the wrong type: sized for
    // their claims, they would hold 16 Mi values (over 500 MiB) to fail.
    constexpr int levels = 8;
    constexpr std::uint32_t claim = 2u << 20;
    std::string message;
    type t = type::number();
    for (int i = 0; i < levels; ++i) {
        message += '\xdd';
        for (int shift = 24; shift >= 0; shift -= 8) message += static_cast<char>((claim >> shift) & 0xff);
        t = type::list(t);
    }
    message += "\xc3" + std::string(claim, '\0');   // true, where a number belongs
    std::ofstream("/proc/self/clear_refs") << "5";  // resets the peak (VmHWM) to what is resident now
    const long before = status_kib("VmRSS:");
    decode_dynamic_fails(message, t);
    CHECK(status_kib("VmHWM:") - before < 64 * 1024);
}

TEST_CASE("maps and objects out of key order are sorted once, then looked up by binary search",
          "[msgpack][bad-input]") {
    // {"c":1,"a":2,"b":3}, as go-cty never writes it.
    const std::string map = bytes("83 a1 63 01 a1 61 02 a1 62 03");
    std::vector<std::string_view> keys, values;
    REQUIRE(tfpp::detail::split_map(map, keys, values));
    CHECK(keys == std::vector<std::string_view>{"a", "b", "c"});
    CHECK(values == std::vector<std::string_view>{"\x02", "\x03", "\x01"});
    CHECK(tfpp::detail::find_key(keys, "c") == 2);
    CHECK(tfpp::detail::find_key(keys, "d") == std::string_view::npos);
    tfpp::detail::object_view o;
    REQUIRE(o.parse(map));
    CHECK(o.get("c") == "\x01");
    CHECK(o.attributes().front().first == "a");
}

TEST_CASE("JSON objects: every member found through one sorted index, the last duplicate winning",
          "[json][bad-input]") {
    tfpp::detail::json_node j;
    j.which = tfpp::detail::json_node::kind::object;
    j.keys = {"b", "a", "b", "c"};
    j.items.resize(4);
    for (std::size_t i = 0; i < 4; ++i) j.items[i].text = std::to_string(i);
    const std::vector<std::size_t> index = j.members_by_name();
    CHECK(index == std::vector<std::size_t>{1, 2, 3});
    CHECK(j.member(index, "b")->text == "2");
    CHECK(j.member(index, "d") == nullptr);

    // 20,000 members of a map and of an object type of 20,000 attributes.
    std::string text = "{";
    std::vector<tfpp::type::attribute> attrs;
    for (int i = 0; i < 20000; ++i) {
        text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
        attrs.push_back({"k" + std::to_string(i), type::number(), false});
    }
    text += ",\"k7\":-7}";
    dynamic as_map, as_object;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_json(text, type::map(type::number()), as_map, d));
    REQUIRE(tfpp::decode_json(text, type::object(attrs), as_object, d));
    CHECK(as_map.size() == 20000);
    CHECK(as_map["k7"] == dynamic(tfpp::number(-7)));
    CHECK(as_object["k7"] == dynamic(tfpp::number(-7)));
    CHECK(as_object["k19999"] == dynamic(tfpp::number(19999)));
}

TEST_CASE("nesting deeper than the limit is refused, and the limit is configurable", "[msgpack][bad-input]") {
    const type deep = nested_lists(200);
    const std::string bytes = std::string(200, '\x91') + "\xa1x";
    auto d = decode_dynamic_fails(bytes, deep);
    CHECK(d[0].summary == "Value nested too deeply");
    CHECK(d[0].detail == "the value nests deeper than 128 levels");
    CHECK(d[0].path.steps().size() == 128);  // the path says where

    dynamic out;
    tfpp::diagnostics ok;
    REQUIRE(tfpp::decode_msgpack(bytes, deep, out, ok, {.max_depth = 256}));
    CHECK(tfpp::to_msgpack(out, deep) == bytes);

    // A dynamic value nesting through its own type JSON: [["list",["list",...]], ...].
    std::string type_text;
    for (int i = 0; i < 5000; ++i) type_text += "[\"list\",";
    type_text += "\"string\"" + std::string(5000, ']');
    std::string wrapped = "\x92\xc5";
    wrapped += static_cast<char>(type_text.size() >> 8);
    wrapped += static_cast<char>(type_text.size() & 0xff);
    wrapped += type_text + std::string(5000, '\x91') + "\xa1x";
    auto dd = decode_dynamic_fails(wrapped, type::dynamic());
    CHECK(dd[0].summary == "Invalid type");

    // Dynamic wrappers inside dynamic wrappers.
    std::string chain;
    for (int i = 0; i < 10000; ++i) chain += "\x92\xc4\x09\"dynamic\"";
    chain += "\xc0";
    CHECK(decode_dynamic_fails(chain, type::dynamic())[0].summary == "Value nested too deeply");
}

TEST_CASE("the size limit is checked before any work", "[msgpack][json][bad-input]") {
    const std::string big(1000, '\xc0');
    auto d = decode_dynamic_fails(big, type::string(), {.max_bytes = 100});
    CHECK(d[0].summary == "Value too large");
    dynamic out;
    tfpp::diagnostics dj;
    CHECK_FALSE(tfpp::decode_json(std::string(1000, ' ') + "1", type::number(), out, dj, {.max_bytes = 100}));
    CHECK(dj[0].summary == "Value too large");
}

TEST_CASE("every truncation of a rich value is refused, with no crash", "[msgpack][bad-input]") {
    const type t = type::object({{"a", type::list(type::map(type::number())), false},
                                 {"b", type::dynamic(), false},
                                 {"c", type::set(type::tuple({type::string(), type::boolean()})), false},
                                 {"d", type::string(), false}});
    tfpp::refinements r;
    r.not_null = true;
    r.string_prefix = "pre";
    const dynamic v = dynamic::object(
        {{"a", dynamic::list(type::map(type::number()),
                             {dynamic::map(type::number(), {{"x", 1.5}, {"y", *tfpp::number::parse("0.1")}})})},
         {"b", dynamic::list(type::string(), {"p", "q"})},
         {"c", dynamic::set(type::tuple({type::string(), type::boolean()}), {dynamic::tuple({"s", true})})},
         {"d", dynamic::unknown(type::string(), r)}});
    const std::string good = tfpp::to_msgpack(v, t);
    for (std::size_t n = 0; n < good.size(); ++n) {
        INFO("truncated to " << n << " of " << good.size() << " bytes");
        decode_dynamic_fails(good.substr(0, n), t);
    }
    // Every single-byte corruption either decodes or is refused; it never crashes.
    int refused = 0;
    for (std::size_t i = 0; i < good.size(); ++i) {
        for (unsigned char flip : {0x00, 0xff, 0xc1, 0x80, 0xdd}) {
            std::string bad = good;
            bad[i] = static_cast<char>(flip);
            dynamic out;
            tfpp::diagnostics d;
            if (!tfpp::decode_msgpack(bad, t, out, d)) {
                CHECK(d.has_errors());
                ++refused;
            }
        }
    }
    CHECK(refused > 0);
}

TEST_CASE("wrong shapes, names and text are named by path", "[msgpack][bad-input]") {
    const type t = type::object({{"list", type::list(type::number()), false}, {"name", type::string(), false}});
    // {"list": [1, "x"], "name": "n"}
    auto d = decode_dynamic_fails(bytes("82 a4 6c 69 73 74 92 01 a1 78 a4 6e 61 6d 65 a1 6e"), t);
    CHECK(d[0].path.to_string() == "list[1]");
    CHECK(d[0].detail == "the string is not a number");
    // {"name": "n"}: "list" missing
    d = decode_dynamic_fails(bytes("81 a4 6e 61 6d 65 a1 6e"), t);
    CHECK(d[0].summary == "Missing attribute");
    CHECK(d[0].path.to_string() == "list");
    // {"name": "n", "name": "m"}
    d = decode_dynamic_fails(bytes("82 a4 6e 61 6d 65 a1 6e a4 6e 61 6d 65 a1 6d"), t);
    CHECK(d[0].detail == "the object holds this attribute twice");
    // {"list": [], "nope": 1}
    d = decode_dynamic_fails(bytes("82 a4 6c 69 73 74 90 a4 6e 6f 70 65 01"), t);
    CHECK(d[0].summary == "Unsupported attribute");
    CHECK(d[0].path.to_string() == "nope");
    // A map key that is not UTF-8, a string that is not.
    CHECK(decode_dynamic_fails(bytes("81 a1 ff 01"), type::map(type::number()))[0].detail ==
          "a map key is not valid UTF-8");
    CHECK(decode_dynamic_fails(bytes("a2 c3 28"), type::string())[0].detail == "the string is not valid UTF-8");
    // Extension codes other than go-cty's.
    CHECK(decode_dynamic_fails(bytes("d5 01 00 00"), type::string())[0].detail ==
          "unsupported MessagePack extension type 1 with 2 bytes");
    CHECK(decode_dynamic_fails(bytes("c7 03 0c 81 03 01"), type::number())[0].detail ==
          "unknown value: a number bound must be [number, bool]");
    CHECK(decode_dynamic_fails(bytes("c7 03 0c 81 02 01"), type::number())[0].detail ==
          "unknown value: a string prefix refinement for a non-string type");
    // A dynamic wrapper must be [type, value].
    CHECK(decode_dynamic_fails(bytes("93 c4 01 22 c0 c0"), type::dynamic())[0].summary == "Invalid value");
    CHECK(decode_dynamic_fails(bytes("92 c4 05 22 6e 6f 70 65 c0"), type::dynamic())[0].summary == "Invalid type");
    // NaN has no Terraform form.
    CHECK(decode_dynamic_fails(bytes("cb 7f f8 00 00 00 00 00 00"), type::number())[0].detail ==
          "NaN is not a number Terraform can hold");
}

TEST_CASE("hostile JSON is refused with a diagnostic", "[json][bad-input]") {
    dynamic out;
    {
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::decode_json(std::string(100000, '[') + std::string(100000, ']'), type::list(type::dynamic()),
                                      out, d));
        CHECK(d[0].summary == "Value nested too deeply");
    }
    for (const char* bad : {"", "{", "[1,]", "{\"a\":}", "\"\xff\"", "nul", "1e", "\"\\ud800\""}) {
        INFO(bad);
        tfpp::diagnostics d;
        CHECK_FALSE(tfpp::decode_json(bad, type::dynamic(), out, d));
        CHECK(d.has_errors());
    }
    tfpp::diagnostics d;
    const type t = type::object({{"n", type::number(), false}});
    CHECK_FALSE(tfpp::decode_json(R"({"n":"twelve"})", t, out, d));
    CHECK(d[0].path.to_string() == "n");
    tfpp::diagnostics d2;
    CHECK_FALSE(tfpp::decode_json(R"({"n":1,"x":2})", t, out, d2));
    CHECK(d2[0].summary == "Unsupported attribute");
    CHECK(d2[0].path.to_string() == "x");
    tfpp::diagnostics d3;
    CHECK_FALSE(tfpp::decode_json(R"({"value":1})", type::dynamic(), out, d3));
    CHECK(d3[0].detail == "missing type in a dynamic value");
}

TEST_CASE("refined unknowns collapse in typed models as in go-cty, and are never lost", "[msgpack][bad-input]") {
    // Found by fuzzing: a top-level list that was a refined unknown of length
    // exactly 1 decoded as an empty list. go-cty reads it as a list of one
    // unknown element, and so does tfpp now, typed and dynamic alike.
    const std::string one = bytes("c7 07 0c 83 01 c2 05 01 06 01");
    std::vector<tfpp::value<tfpp::set<tfpp::value<tfpp::number>>>> list;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(one, list, d));
    REQUIRE(list.size() == 1);
    CHECK(list[0].is_unknown());
    dynamic generic;
    REQUIRE(tfpp::decode_msgpack(one, tfpp::type_of<decltype(list)>(), generic, d));
    CHECK(tfpp::to_msgpack(generic, tfpp::type_of<decltype(list)>()) == tfpp::to_msgpack(list));

    // A plain number whose bounds meet is that number; a plain set of one is one unknown element.
    std::int64_t seven = 0;
    REQUIRE(tfpp::decode_msgpack(bytes("c7 0b 0c 83 01 c2 03 92 07 c3 04 92 07 c3"), seven, d));
    CHECK(seven == 7);
    tfpp::set<tfpp::value<std::string>> single;
    REQUIRE(tfpp::decode_msgpack(bytes("c7 07 0c 83 01 c2 05 01 06 01"), single, d));
    REQUIRE(single.size() == 1);
    CHECK(single.elements()[0].is_unknown());

    // An unknown the model has nowhere to keep is an error, not a silent default.
    std::vector<std::string> plain;
    tfpp::diagnostics lost;
    CHECK_FALSE(tfpp::decode_msgpack(bytes("d4 00 00"), plain, lost));
    CHECK(lost[0].summary == "Unknown value not allowed");
    // Inside a value<T> it makes that value unknown, and the document is fine.
    tfpp::value<std::vector<std::string>> held;
    tfpp::diagnostics ok;
    REQUIRE(tfpp::decode_msgpack(bytes("92 a1 61 d4 00 00"), held, ok));
    CHECK(held.is_unknown());
}

}  // namespace test_bad_input
