#include "codec_test_util.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/schema/attribute.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace test_codec {

struct pair_object {
    tfpp::value<std::string> a;
    tfpp::value<std::string> b;
};

struct with_id {
    tfpp::computed<std::string> id;
};

struct everything {
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t> count;
    tfpp::optional<double> ratio;
    tfpp::optional<bool> enabled;
    tfpp::optional<std::vector<std::string>> tags;
    tfpp::optional<std::set<std::int64_t>> ports;
    tfpp::optional<std::map<std::string, pair_object>> pairs;
    tfpp::optional<std::vector<tfpp::value<std::string>>> nullable_items;
    tfpp::computed<std::string> id;
};

struct plain_fields {
    std::string must;
    std::optional<std::string> may;
};

template <class T>
std::string encoded(const T& v) {
    return hex(tfpp::to_msgpack(v));
}

template <class T>
tfpp::diagnostics decode_fails(std::string_view in) {
    T out{};
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::decode_msgpack(in, out, d));
    REQUIRE(d.has_errors());
    return d;
}

TEST_CASE("scalars encode exactly as go-cty writes them", "[msgpack]") {
    CHECK(encoded(std::string("abc")) == "a3 61 62 63");
    CHECK(encoded(true) == "c3");
    CHECK(encoded(false) == "c2");
    CHECK(encoded(std::int64_t{200}) == "cc c8");
    CHECK(encoded(std::int64_t{-1}) == "ff");
    CHECK(encoded(std::int64_t{-200}) == "d1 ff 38");
    CHECK(encoded(std::int64_t{0}) == "00");
    CHECK(encoded(1.5) == "cb 3f f8 00 00 00 00 00 00");
    // whole doubles travel as integers, as go-cty does for exact int64 values
    CHECK(encoded(3.0) == "03");
    // beyond int64: the exact decimal text
    CHECK(encoded(std::uint64_t{9223372036854775808ull}) == hex(bytes("b3") + "9223372036854775808"));
    CHECK(encoded(1e20) == hex(bytes("b5") + "100000000000000000000"));
    CHECK(encoded(std::numeric_limits<double>::infinity()) == "cb 7f f0 00 00 00 00 00 00");
    CHECK_THROWS(tfpp::to_msgpack(std::numeric_limits<double>::quiet_NaN()));
}

TEST_CASE("objects encode every attribute, sorted, nil for null", "[msgpack]") {
    pair_object o{"x", tfpp::null};
    CHECK(encoded(o) == "82 a1 61 a1 78 a1 62 c0");
    with_id u;
    u.id = tfpp::unknown;
    CHECK(encoded(u) == "81 a2 69 64 d4 00 00");
}

TEST_CASE("a model round-trips through msgpack", "[msgpack]") {
    everything e;
    e.name = "web";
    e.count = 3;
    e.ratio = 0.25;
    e.enabled = false;
    e.tags = std::vector<std::string>{"a", "b"};
    e.ports = std::set<std::int64_t>{443, 80};
    e.pairs = std::map<std::string, pair_object>{{"k", {"x", tfpp::unknown}}};
    e.nullable_items = std::vector<tfpp::value<std::string>>{"one", tfpp::null, tfpp::unknown};
    e.id = tfpp::unknown;
    const std::string b = tfpp::to_msgpack(e);

    everything back;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(b, back, d));
    CHECK(d.empty());
    CHECK(back.name == e.name);
    CHECK(back.count == e.count);
    CHECK(back.ratio == e.ratio);
    CHECK(back.enabled == e.enabled);
    CHECK(back.tags == e.tags);
    CHECK(back.ports == e.ports);
    REQUIRE(back.pairs.is_known());
    CHECK(back.pairs->at("k").a == "x");
    CHECK(back.pairs->at("k").b.is_unknown());
    CHECK(back.nullable_items == e.nullable_items);
    CHECK(back.id.is_unknown());
    CHECK(tfpp::to_msgpack(back) == b);
}

TEST_CASE("numbers decode from every form go-cty may send", "[msgpack]") {
    tfpp::diagnostics d;
    std::int64_t i = 0;
    REQUIRE(tfpp::decode_msgpack(bytes("cd 01 00"), i, d));
    CHECK(i == 256);
    REQUIRE(tfpp::decode_msgpack(bytes("d0 80"), i, d));
    CHECK(i == -128);
    REQUIRE(tfpp::decode_msgpack(bytes("cb 40 59 00 00 00 00 00 00"), i, d));  // 100.0
    CHECK(i == 100);
    REQUIRE(tfpp::decode_msgpack(bytes("a4") + "1000", i, d));
    CHECK(i == 1000);
    REQUIRE(tfpp::decode_msgpack(bytes("a3") + "1e3", i, d));
    CHECK(i == 1000);
    double x = 0;
    REQUIRE(tfpp::decode_msgpack(bytes("a3") + "0.1", x, d));
    CHECK(x == 0.1);
    REQUIRE(tfpp::decode_msgpack(bytes("ca 3f c0 00 00"), x, d));  // float32 1.5
    CHECK(x == 1.5);
    std::uint64_t u = 0;
    REQUIRE(tfpp::decode_msgpack(bytes("b3") + "9223372036854775808", u, d));
    CHECK(u == 9223372036854775808ull);
    CHECK(d.empty());

    CHECK(decode_fails<std::int64_t>(bytes("b3") + "9223372036854775808")[0].summary == "Number out of range");
    CHECK(decode_fails<std::int64_t>(bytes("cb 3f f8 00 00 00 00 00 00"))[0].detail ==
          "the number is not a whole number");
    CHECK(decode_fails<std::uint32_t>(bytes("ff"))[0].summary == "Number out of range");
    CHECK(decode_fails<std::int16_t>(bytes("cd 80 00"))[0].summary == "Number out of range");
    CHECK(decode_fails<double>(bytes("a3") + "abc")[0].detail == "the string is not a number");
}

TEST_CASE("any extension value is an unknown; refined unknowns too", "[msgpack]") {
    tfpp::diagnostics d;
    tfpp::value<std::string> s = "x";
    REQUIRE(tfpp::decode_msgpack(bytes("d4 00 00"), s, d));
    CHECK(s.is_unknown());
    s = "x";
    REQUIRE(tfpp::decode_msgpack(bytes("c7 07 0c 82 01 c2 02 a2 61 62"), s, d));  // not null, prefix "ab"
    CHECK(s.is_unknown());
    REQUIRE(s.refinement());
    CHECK(s.refinement()->not_null);
    CHECK(s.refinement()->string_prefix == "ab");
    CHECK(tfpp::to_msgpack(s) == bytes("c7 07 0c 82 01 c2 02 a2 61 62"));
    s = "x";
    REQUIRE(tfpp::decode_msgpack(bytes("d4 07 00"), s, d));  // length <= 1: any type code
    CHECK(s.is_unknown());
    CHECK(d.empty());
    CHECK(decode_fails<tfpp::value<std::string>>(bytes("d5 05 00 00"))[0].detail ==
          "unsupported MessagePack extension type 5 with 2 bytes");
}

TEST_CASE("an unknown inside a plain C++ type makes the enclosing value unknown", "[msgpack]") {
    tfpp::value<std::vector<std::string>> tags;
    tfpp::diagnostics d;
    // ["x", unknown]
    REQUIRE(tfpp::decode_msgpack(bytes("92 a1 78 d4 00 00"), tags, d));
    CHECK(tags.is_unknown());
}

TEST_CASE("nulls where the model cannot hold them are errors with a path", "[msgpack]") {
    // {"tags": ["x", null]}
    auto d = decode_fails<everything>(bytes("81 a4 74 61 67 73 92 a1 78 c0"));
    CHECK(d[0].summary == "Null value not allowed");
    CHECK(d[0].path.to_string() == "tags[1]");

    auto missing = decode_fails<plain_fields>(bytes("80"));
    CHECK(missing[0].summary == "Missing attribute");
    CHECK(missing[0].path.to_string() == "may");  // the first missing attribute by name

    plain_fields p;
    tfpp::diagnostics ok;
    REQUIRE(tfpp::decode_msgpack(bytes("82 a3 6d 61 79 c0 a4 6d 75 73 74 a1 61"), p, ok));
    CHECK(p.must == "a");
    CHECK_FALSE(p.may.has_value());
}

TEST_CASE("malformed input gives a diagnostic, never a crash", "[msgpack][bad-input]") {
    everything e;
    e.name = "web";
    e.tags = std::vector<std::string>{"a", "b"};
    e.pairs = std::map<std::string, pair_object>{{"k", {"x", "y"}}};
    const std::string good = tfpp::to_msgpack(e);
    for (std::size_t n = 0; n < good.size(); ++n) {
        INFO("truncated to " << n << " bytes");
        decode_fails<everything>(good.substr(0, n));
    }
    CHECK(decode_fails<everything>(good + "x")[0].detail == "unexpected bytes after the end of the value");
    CHECK(decode_fails<std::string>(bytes("c1"))[0].summary == "Malformed value");
}

TEST_CASE("length fields larger than the input are refused before allocating", "[msgpack][bad-input]") {
    CHECK(decode_fails<std::vector<std::string>>(bytes("dd ff ff ff ff a1 61"))[0].summary == "Malformed value");
    CHECK(decode_fails<std::map<std::string, std::string>>(bytes("df ff ff ff ff"))[0].summary == "Malformed value");
    CHECK(decode_fails<std::string>(bytes("db ff ff ff ff 61"))[0].summary == "Malformed value");
    CHECK(decode_fails<tfpp::value<std::string>>(bytes("c9 ff ff ff ff 0c 81"))[0].summary == "Malformed value");
}

TEST_CASE("wrong types, bad text and repeated keys are named", "[msgpack][bad-input]") {
    auto wrong = decode_fails<everything>(bytes("81 a4 6e 61 6d 65 05"));  // {"name": 5}
    CHECK(wrong[0].summary == "Incorrect value type");
    CHECK(wrong[0].detail == "expected a string, got a number");
    CHECK(wrong[0].path.to_string() == "name");

    auto utf8 = decode_fails<std::string>(bytes("a3 ff fe fd"));
    CHECK(utf8[0].detail == "the string is not valid UTF-8");
    decode_fails<std::string>(bytes("a2 c0 80"));        // overlong NUL
    decode_fails<std::string>(bytes("a3 ed a0 80"));     // surrogate
    decode_fails<std::string>(bytes("a4 f4 90 80 80"));  // beyond U+10FFFF

    auto dup = decode_fails<pair_object>(bytes("82 a1 61 a1 78 a1 61 a1 79"));
    CHECK(dup[0].detail == "the object holds this attribute twice");
    CHECK(dup[0].path.to_string() == "a");
    auto extra = decode_fails<pair_object>(bytes("81 a1 7a c0"));
    CHECK(extra[0].summary == "Unsupported attribute");
    auto dup_key = decode_fails<std::map<std::string, std::int64_t>>(bytes("82 a1 6b 01 a1 6b 02"));
    CHECK(dup_key[0].detail == "the map holds the same key twice");
    std::set<std::int64_t> dup_elem;  // go-cty keeps equal set elements once
    tfpp::diagnostics dd;
    REQUIRE(tfpp::decode_msgpack(bytes("92 01 01"), dup_elem, dd));
    CHECK(dup_elem == std::set<std::int64_t>{1});
    auto key_type = decode_fails<std::map<std::string, std::int64_t>>(bytes("81 01 01"));
    CHECK(key_type[0].detail == "a map key is not a string");
}

TEST_CASE("extra attributes are an error unless the options say to ignore them", "[msgpack]") {
    const std::string bytes_with_extra =
        bytes("83 a1 61 a1 78 a1 62 a1 79 a1 7a 92 01 02");  // {"a":"x","b":"y","z":[1,2]}
    pair_object typed;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::decode_msgpack(bytes_with_extra, typed, d));
    CHECK(d[0].summary == "Unsupported attribute");
    CHECK(d[0].path.to_string() == "z");
    tfpp::diagnostics ignored;
    REQUIRE(tfpp::decode_msgpack(bytes_with_extra, typed, ignored, {.extra = tfpp::extra_attributes::ignore}));
    CHECK(ignored.empty());
    CHECK(typed.a == "x");
    CHECK(typed.b == "y");

    const tfpp::type t = tfpp::type_of<pair_object>();
    tfpp::dynamic v;
    tfpp::diagnostics dd;
    CHECK_FALSE(tfpp::decode_msgpack(bytes_with_extra, t, v, dd));
    REQUIRE(tfpp::decode_msgpack(bytes_with_extra, t, v, dd = {}, {.extra = tfpp::extra_attributes::ignore}));
    CHECK(v.type() == t);
}

TEST_CASE("nesting deeper than the limit is refused", "[msgpack][bad-input]") {
    using nested = std::vector<std::vector<std::vector<std::int64_t>>>;
    nested out;
    tfpp::diagnostics d;
    CHECK_FALSE(tfpp::decode_msgpack(bytes("91 91 91 01"), out, d, tfpp::decode_options{.max_depth = 2}));
    REQUIRE(d.has_errors());
    CHECK(d[0].summary == "Value nested too deeply");
    tfpp::diagnostics ok;
    CHECK(tfpp::decode_msgpack(bytes("91 91 91 01"), out, ok));
    CHECK(out[0][0][0] == 1);
}

TEST_CASE("the reader skips whole values iteratively", "[msgpack]") {
    // a deeply nested array: skipping it must not recurse
    std::string deep(100000, '\x91');
    deep += '\x01';
    tfpp::detail::msgpack_reader r(deep);
    CHECK(r.skip());
    CHECK(r.at_end());
    tfpp::detail::msgpack_reader truncated(std::string_view(deep).substr(0, 5000));
    CHECK_FALSE(truncated.skip());
}

}  // namespace test_codec

namespace test_codec {

// A value leaving the provider: the encoder checks each string as it writes
// it, and names the attribute of the first that is not UTF-8.
TEST_CASE("encoding with diagnostics refuses a string that is not UTF-8, at its path", "[msgpack][utf8]") {
    const std::string bad = "\xff\xfe";
    tfpp::diagnostics d;
    std::string out;
    SECTION("valid text encodes as without diagnostics, byte for byte") {
        everything m;
        m.name = "caf\xc3\xa9";
        m.tags = std::vector<std::string>{"\xf0\x9f\x98\x80"};
        REQUIRE(tfpp::encode_msgpack(m, out, d));
        CHECK(d.empty());
        CHECK(out == tfpp::to_msgpack(m));
    }
    SECTION("a top-level attribute") {
        everything m;
        m.name = bad;
        CHECK_FALSE(tfpp::encode_msgpack(m, out, d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].summary == "Invalid UTF-8");
        CHECK(d[0].path.to_string() == "name");
        CHECK(d[0].detail.find(bad) == std::string::npos);  // the bytes are not echoed
    }
    SECTION("an element of a list, and a map key and a value inside a map of objects") {
        everything m;
        m.name = "ok";
        m.tags = std::vector<std::string>{"fine", "x" + bad};
        CHECK_FALSE(tfpp::to_msgpack(m, d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].path.to_string() == "tags[1]");

        everything n;
        n.name = "ok";
        n.pairs = std::map<std::string, pair_object>{{"k", pair_object{.a = "fine", .b = bad}}};
        tfpp::diagnostics d2;
        CHECK_FALSE(tfpp::to_msgpack(n, d2));
        REQUIRE(d2.size() == 1);
        CHECK(d2[0].path.to_string() == "pairs[\"k\"].b");

        everything key;
        key.name = "ok";
        key.pairs = std::map<std::string, pair_object>{{bad, pair_object{}}};
        tfpp::diagnostics d3;
        CHECK_FALSE(tfpp::to_msgpack(key, d3));
        REQUIRE(d3.size() == 1);
        CHECK(d3[0].path.to_string() == "pairs");
    }
    SECTION("a dynamic value, where the constraint is dynamic too") {
        const tfpp::dynamic v = tfpp::dynamic::object({{"inner", tfpp::dynamic::list(tfpp::type::string(), {"a", bad})}});
        CHECK_FALSE(tfpp::to_msgpack(v, v.type(), d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].path.to_string() == "inner[1]");
        tfpp::diagnostics d2;
        CHECK_FALSE(tfpp::encode_msgpack(v, tfpp::type::dynamic(), out, d2));
        REQUIRE(d2.size() == 1);
        CHECK(d2[0].path.to_string() == "inner[1]");
    }
    SECTION("the prefix of a refined unknown string") {
        tfpp::value<std::string> v;
        v.set_unknown(tfpp::refinements{.string_prefix = "a" + bad});
        CHECK_FALSE(tfpp::to_msgpack(v, d));
        CHECK(d.size() == 1);
    }
}

}  // namespace test_codec
