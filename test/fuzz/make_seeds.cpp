// Writes the seed corpus of the fuzz targets: valid encodings made with tfpp's
// own encoders, and hand-made edge cases (truncations, depth bombs, huge
// length headers, bad UTF-8, refined unknowns, repeated keys).
//
//   fuzz_make_seeds OUT_DIR     (test/fuzz/corpus in the source tree)
//
// Each file starts with the selector byte its target reads first (none for
// type_json). The output is deterministic, so rerunning it changes nothing.
#include "../unit/codec_test_util.hpp"
#include "fuzz_common.hpp"

#include <filesystem>
#include <fstream>
#include <limits>

namespace fs = std::filesystem;
using namespace fuzz_model;
using tfpp::dynamic;
using tfpp::type;

namespace {

fs::path out_root;
std::size_t written = 0, total_bytes = 0;

void put(const std::string& target, const std::string& name, std::string_view bytes) {
    const fs::path dir = out_root / target;
    fs::create_directories(dir);
    std::ofstream f(dir / name, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!f) throw std::runtime_error("cannot write " + (dir / name).string());
    ++written;
    total_bytes += bytes.size();
}

std::string sel(unsigned selector, std::string_view body) {
    std::string s(1, static_cast<char>(selector));
    s += body;
    return s;
}

tfpp::refinements refined_string(std::string prefix) {
    tfpp::refinements r;
    r.not_null = true;
    r.string_prefix = std::move(prefix);
    return r;
}
tfpp::refinements refined_number(tfpp::number lo, tfpp::number hi, bool hi_inclusive = false) {
    tfpp::refinements r;
    r.not_null = true;
    r.lower = tfpp::number_bound{std::move(lo), true};
    r.upper = tfpp::number_bound{std::move(hi), hi_inclusive};
    return r;
}
tfpp::refinements refined_length(std::int64_t lo, std::optional<std::int64_t> hi) {
    tfpp::refinements r;
    r.not_null = true;
    r.length_min = lo;
    r.length_max = hi;
    return r;
}

root full_root() {
    root r;
    r.s = "hello";
    r.b = true;
    r.i = -42;
    r.d = 0.25;
    r.num = *tfpp::number::parse("0.1");
    r.opt = "present";
    r.vs = std::string("x\xc3\xa9y");
    r.vb = false;
    r.vi = std::int64_t{1} << 40;
    r.vd = 1e300;
    r.vn = *tfpp::number::parse("123456789012345678901234567890");
    r.list = std::vector<std::string>{"a", "b", ""};
    r.nums = std::vector<tfpp::value<tfpp::number>>{tfpp::number(1), tfpp::null, tfpp::number(2.5)};
    r.leaves = tfpp::set<leaf>{leaf{std::string("web"), std::int64_t{80}, {0.5, tfpp::null}},
                               leaf{std::string("db"), tfpp::null, {}}};
    r.tags = tfpp::set<tfpp::value<std::string>>{std::string("b"), std::string("a"), tfpp::null};
    r.ports = std::set<std::int64_t>{443, 80, -1};
    r.by_name = std::map<std::string, tfpp::value<inner>>{
        {"one", inner{"l1", true, tfpp::number(7), std::vector<tfpp::value<std::string>>{std::string("n")}}},
        {"two", tfpp::null}};
    r.tup = std::tuple<std::string, tfpp::value<std::int64_t>, std::vector<tfpp::value<bool>>>{
        "t", std::int64_t{3}, {true, false}};
    r.nested = inner{"nest", false, tfpp::null, tfpp::null};
    r.deep = std::vector<tfpp::value<std::map<std::string, tfpp::value<std::vector<tfpp::value<std::int64_t>>>>>>{
        std::map<std::string, tfpp::value<std::vector<tfpp::value<std::int64_t>>>>{
            {"k", std::vector<tfpp::value<std::int64_t>>{std::int64_t{1}, tfpp::null}}}};
    r.dyn = dynamic::object({{"a", dynamic("x")}, {"b", dynamic::list(type::number(), {dynamic(1), dynamic(2)})}});
    r.dyns = std::vector<dynamic>{dynamic(true), dynamic(), dynamic::unknown(type::string())};
    return r;
}

root unknown_root() {
    root r;
    r.s = "s";
    r.vs = tfpp::value<std::string>(tfpp::unknown, refined_string("ab"));
    r.vb = tfpp::unknown;
    r.vi = tfpp::value<std::int64_t>(tfpp::unknown, refined_number(0, 10));
    r.vd = tfpp::unknown;
    r.vn = tfpp::value<tfpp::number>(tfpp::unknown,
                                     refined_number(tfpp::number::infinity(true), *tfpp::number::parse("0.5")));
    r.list = tfpp::value<std::vector<std::string>>(tfpp::unknown, refined_length(1, 4));
    r.nums = std::vector<tfpp::value<tfpp::number>>{tfpp::unknown, tfpp::number(1)};
    r.leaves = tfpp::set<leaf>{leaf{tfpp::unknown, std::int64_t{1}, {}},
                               leaf{std::string("z"), tfpp::unknown, {tfpp::unknown}}};
    r.tags = tfpp::set<tfpp::value<std::string>>{tfpp::unknown, std::string("q")};
    r.by_name = tfpp::value<std::map<std::string, tfpp::value<inner>>>(tfpp::unknown, refined_length(0, 0));
    r.tup = tfpp::unknown;
    r.nested = inner{"n", true, tfpp::value<tfpp::number>(tfpp::unknown, refined_number(5, 5, true)), tfpp::unknown};
    r.deep = tfpp::unknown;
    r.dyn = dynamic::unknown(type::list(type::string()), refined_length(2, 2));
    r.dyns = tfpp::unknown;
    return r;
}

void typed_seeds() {
    const std::string t = "msgpack_typed";
    const root full = full_root();
    const std::string full_bytes = tfpp::to_msgpack(full);
    put(t, "root-full", sel(0, full_bytes));
    put(t, "root-full-depth6", sel(0x80, full_bytes));
    put(t, "root-default", sel(0, tfpp::to_msgpack(root{})));
    put(t, "root-unknowns", sel(0, tfpp::to_msgpack(unknown_root())));
    // truncations of a valid value, at a few places
    for (std::size_t n :
         {std::size_t{0}, std::size_t{1}, full_bytes.size() / 3, full_bytes.size() / 2, full_bytes.size() - 1})
        put(t, "root-truncated-" + std::to_string(n), sel(0, full_bytes.substr(0, n)));
    put(t, "root-trailing-byte", sel(0, full_bytes + "\x01"));

    set_model sm =
        tfpp::set<leaf>{leaf{std::string("a"), std::int64_t{1}, {1.5}}, leaf{std::string("a"), std::int64_t{1}, {1.5}},
                        leaf{tfpp::null, tfpp::null, {}}, leaf{tfpp::unknown, std::int64_t{2}, {}}};
    put(t, "set", sel(1, tfpp::to_msgpack(sm)));
    put(t, "set-null", sel(1, "\xc0"));
    put(t, "set-unknown", sel(1, std::string("\xd4\x00\x00", 3)));
    // a set with two equal elements on the wire: kept once
    put(t, "set-duplicates",
        sel(1, test_codec::bytes("92 83 a4 6e 61 6d 65 a1 61 a4 70 6f 72 74 01 a7 77 65 69 67 68 74 73 90"
                                 "   83 a4 6e 61 6d 65 a1 61 a4 70 6f 72 74 01 a7 77 65 69 67 68 74 73 90")));

    map_model mm{{"x",
                  std::tuple<tfpp::number, tfpp::value<std::string>, dynamic>{
                      *tfpp::number::parse("1e400"), std::string("s"), dynamic::map(type::boolean(), {})}},
                 {"y", tfpp::null}};
    put(t, "map", sel(2, tfpp::to_msgpack(mm)));
    put(t, "map-duplicate-key", sel(2, test_codec::bytes("82 a1 6b c0 a1 6b c0")));
    put(t, "map-invalid-utf8-key", sel(2, test_codec::bytes("81 a2 c3 28 c0")));
    put(t, "map-tuple-invalid-utf8", sel(2, test_codec::bytes("81 a1 6b 93 01 a3 ed a0 80 c0")));
    put(t, "map-tuple-short", sel(2, test_codec::bytes("81 a1 6b 92 01 c0")));

    list_model lm{tfpp::set<tfpp::value<tfpp::number>>{tfpp::number(3), tfpp::number(1), tfpp::null, tfpp::unknown,
                                                       *tfpp::number::parse("0.1"), tfpp::number::infinity()},
                  tfpp::null, tfpp::unknown};
    put(t, "list", sel(3, tfpp::to_msgpack(lm)));
    // numbers in every wire form: uint64 max, int64 min, float32, decimal text, NaN, -Inf
    put(t, "list-number-forms",
        sel(3, test_codec::bytes("91 96 cf ff ff ff ff ff ff ff ff d3 80 00 00 00 00 00 00 00 ca 3f c0 00 00 "
                                 "a4 31 65 39 39 c4 03 2d 30 35 cb ff f0 00 00 00 00 00 00")));
    put(t, "list-nan", sel(3, test_codec::bytes("91 92 01 cb 7f f8 00 00 00 00 00 00")));

    // depth bombs: nested one-element arrays, far deeper than any limit
    put(t, "depth-bomb-array", sel(3, std::string(10000, '\x91')));
    put(t, "depth-bomb-map", sel(2, [] {
            std::string s;
            for (int i = 0; i < 1300; ++i) s += test_codec::bytes("81 a1 6b");
            return s;
        }()));
    // length headers far larger than the input
    put(t, "huge-array32", sel(3, test_codec::bytes("dd ff ff ff ff 91 c0")));
    put(t, "huge-map32", sel(2, test_codec::bytes("df ff ff ff ff a1 61")));
    put(t, "huge-str32", sel(0, test_codec::bytes("81 a1 73 db ff ff ff ff 61")));
    put(t, "huge-bin32", sel(0, test_codec::bytes("81 a1 73 c6 7f ff ff ff 61")));
    put(t, "huge-ext32", sel(1, test_codec::bytes("c9 ff ff ff ff 0c 81")));
    put(t, "huge-array16", sel(3, test_codec::bytes("dc ff ff 90")));
    // invalid UTF-8 in a string field, overlong NUL, surrogate
    put(t, "invalid-utf8",
        sel(1, test_codec::bytes("91 83 a4 6e 61 6d 65 a3 ff fe fd a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 90")));
    put(t, "overlong-nul", sel(2, test_codec::bytes("81 a2 c0 80 c0")));
    // refined unknowns (ext 12) of every kind, and malformed ones
    put(t, "ext12-string-prefix",
        sel(1, test_codec::bytes(
                   "91 83 a4 6e 61 6d 65 c7 06 0c 82 01 c2 02 a1 70 a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 90")));
    put(t, "ext12-number-bounds",
        sel(1, test_codec::bytes("91 83 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c7 0b 0c 83 01 c2 03 92 01 c3 04 92 05 c2 a7 "
                                 "77 65 69 67 68 74 73 90")));
    put(t, "ext12-collapse-number",
        sel(1, test_codec::bytes("91 83 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c7 0b 0c 83 01 c2 03 92 07 c3 04 92 07 c3 a7 "
                                 "77 65 69 67 68 74 73 90")));
    put(t, "ext12-length", sel(3, test_codec::bytes("91 c7 07 0c 83 01 c2 05 01 06 03")));
    put(t, "ext12-length-zero", sel(3, test_codec::bytes("91 c7 05 0c 82 01 c2 06 00")));
    put(t, "ext12-is-null", sel(3, test_codec::bytes("91 c7 03 0c 81 01 c3")));
    put(t, "ext12-unknown-key", sel(3, test_codec::bytes("91 c7 05 0c 82 01 c2 63 c0")));
    put(t, "ext12-bad-key", sel(3, test_codec::bytes("91 c7 04 0c 81 a1 78 c0")));
    put(t, "ext12-not-map", sel(3, test_codec::bytes("91 d5 0c 91 01")));
    put(t, "ext-other-type", sel(1, test_codec::bytes("d5 05 00 00")));
    put(t, "ext12-prefix-for-number", sel(3, test_codec::bytes("91 91 c7 04 0c 81 02 a1 70")));
    // repeated and unknown object attributes, nulls where plain types stand
    put(t, "object-duplicate-attribute",
        sel(1, test_codec::bytes(
                   "91 84 a4 6e 61 6d 65 c0 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 90")));
    put(t, "object-unknown-attribute",
        sel(1, test_codec::bytes("91 84 a4 6e 61 6d 65 c0 a1 7a c0 a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 90")));
    put(t, "object-missing-attribute", sel(1, test_codec::bytes("91 82 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c0")));
    put(t, "object-null-plain",
        sel(1, test_codec::bytes("91 83 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 c0")));
    put(t, "unknown-in-plain",
        sel(1, test_codec::bytes("91 83 a4 6e 61 6d 65 c0 a4 70 6f 72 74 c0 a7 77 65 69 67 68 74 73 d4 00 00")));
    put(t, "reserved-byte", sel(0, "\xc1"));
}

// The dynamic constraint table (fuzz_common.hpp), in order:
// 0 dynamic, 1 list(dynamic), 2 set(object), 3 tuple, 4 map(number), 5 nested
// object with an optional attribute, 6 map(list(set(string))), 7 object of dynamics.
void dynamic_seeds() {
    const std::string t = "msgpack_dynamic";
    const auto& c = fuzz_support::constraints();
    auto enc = [&](unsigned i, const dynamic& v) { return sel(i, tfpp::to_msgpack(v, c[i])); };

    const dynamic obj = dynamic::object({{"id", dynamic("a")}, {"n", dynamic(1)}, {"on", dynamic(true)}});
    const dynamic nested =
        dynamic::object({{"s", dynamic("x")},
                         {"l", dynamic::list(type::number(), {dynamic(1), dynamic(*tfpp::number::parse("0.1"))})},
                         {"m", dynamic::map(type::boolean(), {{"k", dynamic(false)}})},
                         {"t", dynamic::tuple({dynamic("a"), dynamic::null(type::number())})}});
    put(t, "0-string", enc(0, dynamic("hello")));
    put(t, "0-object", enc(0, nested));
    put(t, "0-null", enc(0, dynamic()));
    put(t, "0-unknown", enc(0, dynamic::unknown(type::dynamic())));
    put(t, "0-unknown-number", enc(0, dynamic::unknown(type::number(), refined_number(1, 9))));
    put(t, "0-set",
        enc(0, dynamic::set(type::string(), {dynamic("b"), dynamic("a"), dynamic::unknown(type::string())})));
    // a wrapper whose type is itself dynamic, wrapping another wrapper
    put(t, "0-wrapper-in-wrapper",
        sel(0, test_codec::bytes("92 a9 22 64 79 6e 61 6d 69 63 22 92 c4 08 22 73 74 72 69 6e 67 22 a1 78")));
    put(t, "0-wrapper-bad-type-json", sel(0, test_codec::bytes("92 c4 05 5b 22 6c 69 73 a1 78")));
    put(t, "0-wrapper-one-element", sel(0, test_codec::bytes("91 c4 08 22 73 74 72 69 6e 67 22")));
    put(t, "0-object-optional",
        sel(0, tfpp::to_msgpack(dynamic::object(type::object({{"a", type::string(), true}}), {dynamic("v")}),
                                type::dynamic())));
    put(t, "0-depth-bomb", sel(0, [] {
            std::string s;
            for (int i = 0; i < 300; ++i) s += test_codec::bytes("92 c4 09 22 64 79 6e 61 6d 69 63 22");
            return s + "\xc0";
        }()));
    put(t, "0-type-depth-bomb", sel(0, [] {
            std::string ty;
            for (int i = 0; i < 500; ++i) ty += "[\"list\",";
            ty += "\"string\"";
            for (int i = 0; i < 500; ++i) ty += "]";
            std::string s = test_codec::bytes("92 c5");
            s += static_cast<char>(ty.size() >> 8);
            s += static_cast<char>(ty.size() & 0xff);
            return s + ty + "\x90";
        }()));

    put(t, "1-list", enc(1, dynamic::list(type::dynamic(), {dynamic("a"), dynamic("b"), dynamic()})));
    put(t, "1-list-mixed-types",
        sel(1, test_codec::bytes("92 92 c4 08 22 73 74 72 69 6e 67 22 a1 61 92 c4 08 22 6e 75 6d 62 65 72 22 01")));
    put(t, "1-depth-bomb", sel(1, std::string(10000, '\x91')));
    put(t, "1-huge-array", sel(1, test_codec::bytes("dd 7f ff ff ff c0")));

    put(t, "2-set",
        enc(2, dynamic::set(c[2].element(),
                            {obj, dynamic::object(c[2].element(), {dynamic("b"), dynamic(2.5), dynamic(false)})})));
    put(t, "2-set-duplicates", sel(2, [&] {
            std::string one = tfpp::to_msgpack(obj, c[2].element());
            return "\x92" + one + one;
        }()));
    put(t, "2-duplicate-attribute",
        sel(2, test_codec::bytes("91 84 a2 69 64 a1 61 a1 6e 01 a2 6f 6e c3 a2 69 64 a1 62")));
    put(t, "2-set-unknown-length", sel(2, test_codec::bytes("c7 07 0c 83 01 c2 05 01 06 01")));

    put(t, "3-tuple",
        enc(3, dynamic::tuple({dynamic("s"), dynamic(*tfpp::number::parse("1e-400")), dynamic(true),
                               dynamic::list(type::boolean(), {dynamic(true)})})));
    put(t, "3-tuple-short", sel(3, test_codec::bytes("92 a1 73 01")));

    put(t, "4-map",
        enc(4, dynamic::map(type::number(),
                            {{"a", dynamic(1)}, {"b", dynamic(-2.5)}, {"c", dynamic::null(type::number())}})));
    put(t, "4-duplicate-key", sel(4, test_codec::bytes("82 a1 6b 01 a1 6b 02")));
    put(t, "4-number-forms",
        sel(4, test_codec::bytes(
                   "84 a1 61 cf ff ff ff ff ff ff ff ff a1 62 a6 2b 31 65 33 30 30 a1 63 a3 49 6e 66 a1 64 a2 2e 35")));

    const dynamic obj5 = dynamic::object(
        c[5], {dynamic::list(c[5].attributes()[0].type.element(),
                             {dynamic::object(c[5].attributes()[0].type.element(),
                                              {dynamic("k"), dynamic::set(type::number(), {dynamic(3), dynamic(1)})})}),
               dynamic::null(c[5].attributes()[1].type), dynamic("n")});
    put(t, "5-object", enc(5, obj5));
    put(t, "5-missing-attribute", sel(5, test_codec::bytes("81 a4 6e 61 6d 65 a1 6e")));

    put(t, "6-map",
        enc(6, dynamic::map(c[6].element(), {{"k", dynamic::list(type::set(type::string()),
                                                                 {dynamic::set(type::string(), {dynamic("x")})})}})));
    put(t, "6-unknown-list", sel(6, test_codec::bytes("81 a1 6b c7 07 0c 83 01 c2 05 03 06 03")));

    const dynamic obj7 = dynamic::object(
        type::object({{"a", type::string()},
                      {"b", type::tuple({type::number(), type::dynamic()})},
                      {"c", type::map(type::boolean())}}),
        {dynamic("x"), dynamic::tuple({dynamic(1), dynamic()}), dynamic::map(type::boolean(), {{"z", dynamic(true)}})});
    put(t, "7-object", enc(7, obj7));
    put(t, "7-map-mixed",
        sel(7, test_codec::bytes("83 a1 61 c0 a1 62 92 c0 c0 a1 63 82 a1 78 92 c4 06 22 62 6f 6f 6c 22 c3 a1 79 92 c4 "
                                 "08 22 73 74 72 69 6e 67 22 a1 73")));
    put(t, "7-depth6", sel(0x87, tfpp::to_msgpack(obj7, c[7])));
}

void type_json_seeds() {
    const std::string t = "type_json";
    int n = 0;
    for (std::string_view s : {
             R"("string")",
             R"("number")",
             R"("bool")",
             R"("dynamic")",
             R"(["list","string"])",
             R"(["set",["map","bool"]])",
             R"(["object",{"a":"string","b":["list","number"]}])",
             R"(["object",{"a":"string","b":"bool"},["b"]])",
             R"(["tuple",["string",["tuple",[]],"dynamic"]])",
             R"(["object",{}])",
             R"(["object",{"\u2028<&>":"string","":"bool"}])",
             R"(["object",{"a":"string","a":"number"}])",
             R"(["object",{"a":"string"},["z"]])",
             R"(["object",{"a":"string"},null])",
             R"(["tuple",null])",
             R"(["list"])",
             R"(["list","string","extra"])",
             R"("str")",
             R"(["what","string"])",
             R"([])",
             R"({"list":"string"})",
             R"(["list",)",
             R"(["object",{"\ud800":"string"}])",
             "[\"object\",{\"\xff\":\"string\"}]",
             R"(["object",{"a":"string"},["a","a"]])",
             R"(1)",
             R"(null)",
         })
        put(t, "text-" + std::to_string(n++), s);
    std::string deep;
    for (int i = 0; i < 70; ++i) deep += "[\"list\",";
    deep += "\"string\"" + std::string(70, ']');
    put(t, "deep-70", deep);
    put(t, "bracket-bomb", std::string(4000, '['));
    put(t, "string-brackets", "[\"object\",{\"[[[[[[[[[[\\\"[[[\":\"string\"}]");
    std::string obj_deep;
    for (int i = 0; i < 64; ++i) obj_deep += "[\"object\",{\"a\":";
    obj_deep += "\"number\"";
    for (int i = 0; i < 64; ++i) obj_deep += "}]";
    put(t, "deep-object-64", obj_deep);
}

void json_seeds() {
    const std::string t = "json";
    // typed (selector 8..11 -> model 0..3)
    put(t, "typed-root",
        sel(8,
            R"({"s":"hello","b":true,"i":-42,"d":0.25,"num":0.1,"opt":"o","vs":"x","vb":false,"vi":1099511627776,)"
            R"("vd":1e300,"vn":123456789012345678901234567890,"list":["a","b"],"nums":[1,null,2.5],)"
            R"("leaves":[{"name":"web","port":80,"weights":[0.5,null]},{"name":"db","port":null,"weights":[]}],)"
            R"("tags":["b","a",null],"ports":[443,80,443],"by_name":{"one":{"label":"l","flag":true,"exact":7,"names":["n"]},"two":null},)"
            R"("tup":["t",3,[true,false]],"nested":{"label":"n","flag":false,"exact":null,"names":null},)"
            R"("deep":[{"k":[1,null]}],"dyn":{"value":{"a":"x"},"type":["object",{"a":"string"}]},"dyns":[{"value":true,"type":"bool"},null]})"));
    put(t, "typed-root-minimal", sel(8, R"({"s":"","b":false,"i":0,"d":0,"num":0})"));
    put(t, "typed-root-conversions", sel(8, R"({"s":12,"b":"true","i":"7","d":"1e400","num":"-0.0e5","extra":1})"));
    put(t, "typed-set",
        sel(9, R"([{"name":"a","port":1,"weights":[1.5]},{"name":"a","port":1,"weights":[1.5]},{"name":null}])"));
    put(t, "typed-map", sel(10, R"({"x":["1e400","s",{"value":[1,2],"type":["list","number"]}],"y":null,"x":null})"));
    put(t, "typed-list", sel(11, R"([[3,1,null,0.1,1e-400],null,[]])"));
    put(t, "typed-bad-utf8", sel(9, "[{\"name\":\"\xc3\x28\"}]"));
    put(t, "typed-depth-bomb", sel(11, std::string(3000, '[')));
    put(t, "typed-huge-number", sel(11, "[[1e999999999999, 123456789012345678901234567890123456789e-99999]]"));
    // dynamic (selector 0..7 -> constraint 0..7)
    put(t, "dyn-0-wrapper", sel(0, R"({"value":{"a":[1,2]},"type":["object",{"a":["list","number"]}]})"));
    put(t, "dyn-0-nested-wrapper", sel(0, R"({"value":{"value":"x","type":"string"},"type":"dynamic"})"));
    put(t, "dyn-0-bad-key", sel(0, R"({"value":1,"type":"number","x":1})"));
    put(t, "dyn-1-list", sel(1, R"([{"value":"a","type":"string"},null,{"value":"b","type":"string"}])"));
    put(t, "dyn-1-mixed", sel(1, R"([{"value":"a","type":"string"},{"value":1,"type":"number"}])"));
    put(t, "dyn-2-set",
        sel(2, R"([{"id":"a","n":1,"on":true},{"id":"a","n":1,"on":true},{"id":"b","n":"2","on":"false"}])"));
    put(t, "dyn-3-tuple", sel(3, R"(["s",0.1,{"value":null,"type":"bool"},[true]])"));
    put(t, "dyn-4-map-duplicates", sel(4, R"({"a":1,"b":2,"a":3})"));
    put(t, "dyn-5-object", sel(5, R"({"name":"n","items":[{"k":"k","v":[3,1,3]}]})"));
    put(t, "dyn-6-map", sel(6, R"({"k":[["x","y"],[]]})"));
    put(t, "dyn-7-object",
        sel(7, R"({"a":null,"b":[{"value":1,"type":"number"},null],"c":{"x":{"value":true,"type":"bool"}}})"));
    put(t, "dyn-depth-bomb", sel(1, std::string(3000, '[')));
}

// Triples for fuzz_plan: each value after a two-byte length.
std::string triple(std::string_view prior, std::string_view proposed, std::string_view config) {
    std::string out;
    for (const std::string_view v : {prior, proposed}) {
        out += static_cast<char>(v.size() >> 8);
        out += static_cast<char>(v.size() & 0xff);
        out += v;
    }
    return out += config;
}

void plan_seeds() {
    const std::string null("\xc0", 1);
    plan_model config;
    config.name = "web";
    config.secret = "s3cret";
    config.password_wo = "pw";
    config.labels = std::map<std::string, std::string>{{"env", "prod"}};
    config.rules = tfpp::set<plan_rule>{{.port = 80, .proto = "tcp"}, {.port = 443}};
    config.disk = std::vector<plan_disk>{{.label = "root", .size = 10}, {.label = "data"}};
    config.rule = tfpp::set<plan_rule>{{.port = 22}};
    config.extra = tfpp::dynamic(std::string("anything"));
    const std::string c = tfpp::to_msgpack(config);
    put("plan", "create", triple(null, c, c));
    plan_model state = config;
    state.password_wo = tfpp::null;
    state.id = "id-1";
    state.mode = "x";
    const std::string s = tfpp::to_msgpack(state);
    put("plan", "no-change", triple(s, s, c));
    plan_model renamed = config;
    renamed.name = "web2";
    put("plan", "replace", triple(s, tfpp::to_msgpack(renamed), tfpp::to_msgpack(renamed)));
    put("plan", "destroy", triple(s, null, null));
    put("plan", "unknown-config", triple(null, std::string("\xd4\x00\x00", 3), std::string("\xd4\x00\x00", 3)));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
        return 2;
    }
    out_root = argv[1];
    typed_seeds();
    dynamic_seeds();
    type_json_seeds();
    json_seeds();
    plan_seeds();
    std::printf("wrote %zu seed files, %zu bytes, under %s\n", written, total_bytes, out_root.c_str());
    return 0;
}
