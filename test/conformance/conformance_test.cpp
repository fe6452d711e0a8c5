// tfpp against go-cty: every vector in golden.jsonl, which the Go program in
// gocty/ writes with the real go-cty (check_golden.py proves the file is
// current). Values must decode to what go-cty decoded, re-encode to go-cty's
// bytes, and print go-cty's JSON; what go-cty rejects, tfpp must reject.
// The places where tfpp deliberately differs are listed below, each with its
// reason, and docs/values.md explains them.
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <string>

namespace {

using nlohmann::json;

std::string unhex(const std::string& h) {
    std::string out;
    for (std::size_t i = 0; i + 1 < h.size(); i += 2) out += static_cast<char>(std::stoi(h.substr(i, 2), nullptr, 16));
    return out;
}
std::string hex(std::string_view b) {
    static constexpr char d[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) out += d[c >> 4], out += d[c & 15];
    return out;
}

std::vector<json> corpus() {
    std::ifstream in(TFPP_GOLDEN);
    REQUIRE(in.good());
    std::vector<json> out;
    for (std::string line; std::getline(in, line);) out.push_back(json::parse(line));
    return out;
}

tfpp::type parse_type(const json& j) {
    tfpp::diagnostics d;
    auto t = tfpp::parse_type_json(j.dump(), d);
    REQUIRE(t);
    return *t;
}

// Where tfpp deliberately differs from go-cty. Each entry names the behaviour
// tfpp has instead; the test checks that behaviour, so the list cannot go stale.
enum class deviation {
    rejects,           // go-cty accepts input that tfpp refuses (malformed or ambiguous)
    accepts,           // go-cty panics on input that tfpp decodes
    exact_number,      // tfpp keeps a number exactly where go-cty rounds or compares loosely
    no_nfc,            // go-cty normalizes strings to NFC; tfpp keeps the bytes
    no_negative_zero,  // tfpp has one zero; go-cty writes -0 in JSON
    prefix_cut,        // long refinement prefixes: tfpp cuts without Unicode tables
    canonical_text,    // tfpp prints the canonical form of an odd input
    refinement_merge,  // tfpp takes refinements as sent; go-cty merges or misreads them
};
struct known_deviation {
    deviation what;
    const char* why;
};

const std::map<std::string, known_deviation>& deviations() {
    static const std::map<std::string, known_deviation> d = {
#include "deviations.inc"
    };
    return d;
}

// Compares a decoded value with go-cty's description of it; returns "" or the mismatch.
std::string compare(const tfpp::dynamic& got, const json& e, const std::string& at) {
    auto mismatch = [&](const std::string& what) { return at + ": " + what; };
    if (e.contains("dynamic")) {
        const auto t = parse_type(e["dynamic"]["type"]);
        if (!(got.type() == t))
            return mismatch("type " + tfpp::to_type_json(got.type()) + " != " + e["dynamic"]["type"].dump());
        return compare(got, e["dynamic"]["value"], at);
    }
    if (e.contains("null")) return got.is_null() ? "" : mismatch("expected null");
    if (e.contains("unknown")) {
        if (!got.is_unknown()) return mismatch("expected unknown");
        const json& r = e["unknown"];
        const tfpp::refinements none{};
        const tfpp::refinements& g = got.refinement() ? *got.refinement() : none;
        if (g.not_null != r.value("not_null", false)) return mismatch("not_null refinement differs");
        if (g.string_prefix != r.value("prefix", std::string()))
            return mismatch("prefix \"" + g.string_prefix + "\" differs");
        for (const auto& [key, bound] : {std::pair{"lower", &g.lower}, std::pair{"upper", &g.upper}}) {
            if (r.contains(key) != bound->has_value()) return mismatch(std::string(key) + " bound presence differs");
            if (r.contains(key) && ((*bound)->value.to_string() != r[key]["number"].get<std::string>() ||
                                    (*bound)->inclusive != r[key]["inclusive"].get<bool>()))
                return mismatch(std::string(key) + " bound differs");
        }
        if (g.length_min != r.value("len_lower", std::int64_t{0})) return mismatch("length lower bound differs");
        if (r.contains("len_upper") != g.length_max.has_value() ||
            (g.length_max && *g.length_max != r["len_upper"].get<std::int64_t>()))
            return mismatch("length upper bound differs");
        return "";
    }
    if (!got.is_known()) return mismatch("expected a known value");
    if (e.contains("bool")) return got.as_bool() == e["bool"].get<bool>() ? "" : mismatch("bool differs");
    if (e.contains("string"))
        return got.as_string() == e["string"].get<std::string>()
                   ? ""
                   : mismatch("string \"" + got.as_string() + "\" differs");
    if (e.contains("number")) {
        const std::string want = e["number"].get<std::string>();
        return got.as_number().to_string() == want ? ""
                                                   : mismatch("number " + got.as_number().to_string() + " != " + want);
    }
    for (const char* seq : {"list", "set", "tuple"}) {
        if (!e.contains(seq)) continue;
        const json& items = e[seq];
        const auto es = got.elements();
        if (es.size() != items.size())
            return mismatch(std::string(seq) + " of " + std::to_string(es.size()) +
                            " != " + std::to_string(items.size()));
        for (std::size_t i = 0; i < es.size(); ++i)
            if (auto m = compare(es[i], items[i], at + "[" + std::to_string(i) + "]"); !m.empty()) return m;
        return "";
    }
    if (e.contains("map")) {
        const auto es = got.entries();
        if (es.size() != e["map"].size()) return mismatch("map size differs");
        for (const auto& [k, v] : es) {
            if (!e["map"].contains(k)) return mismatch("unexpected key " + k);
            if (auto m = compare(v, e["map"][k], at + "[\"" + k + "\"]"); !m.empty()) return m;
        }
        return "";
    }
    if (e.contains("object")) {
        const auto attrs = got.type().attributes();
        if (attrs.size() != e["object"].size()) return mismatch("attribute count differs");
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            if (!e["object"].contains(attrs[i].name)) return mismatch("unexpected attribute " + attrs[i].name);
            if (auto m = compare(got.elements()[i], e["object"][attrs[i].name], at + "." + attrs[i].name); !m.empty())
                return m;
        }
        return "";
    }
    return mismatch("unhandled expectation " + e.dump());
}

const known_deviation* deviation_of(const json& v) {
    const auto it = deviations().find(v["name"].get<std::string>());
    return it == deviations().end() ? nullptr : &it->second;
}

}  // namespace

TEST_CASE("every golden vector from go-cty", "[conformance]") {
    const auto vectors = corpus();
    REQUIRE(vectors.size() > 600);
    std::map<std::string, int> checked;
    std::set<std::string> names;
    for (const json& v : vectors) {
        const std::string name = v["name"];
        const std::string kind = v["kind"];
        names.insert(name);
        const known_deviation* dev = deviation_of(v);
        INFO(kind << " " << name << (dev ? std::string(" (deviation: ") + dev->why + ")" : std::string()));
        tfpp::diagnostics d;
        if (kind == "type" || kind == "type_in") {
            const std::string in = v.value("type_json_in", v["type_json"].get<std::string>());
            auto t = tfpp::parse_type_json(in, d);
            if (dev && dev->what == deviation::rejects) {
                CHECK_FALSE(t);
                ++checked["deviation"];
                continue;
            }
            CHECK(t);
            if (!t) continue;
            if (dev) {
                CHECK(tfpp::to_type_json(*t) != v["type_json"].get<std::string>());
                ++checked["deviation"];
                continue;
            }
            CHECK(tfpp::to_type_json(*t) == v["type_json"].get<std::string>());
        } else if (kind == "type_reject") {
            auto t = tfpp::parse_type_json(v["type_json_in"].get<std::string>(), d);
            CHECK_FALSE(t);
            CHECK(d.has_errors());
        } else if (kind == "reject") {
            const auto t = parse_type(v["type"]);
            tfpp::dynamic out;
            const bool ok = tfpp::decode_msgpack(unhex(v["msgpack"]), t, out, d);
            if (dev) {
                CHECK(ok);  // go-cty panics here; tfpp decodes the value
                ++checked["deviation"];
                continue;
            }
            CHECK_FALSE(ok);
            CHECK(d.has_errors());
        } else if (kind == "json_reject") {
            const auto t = parse_type(v["type"]);
            tfpp::dynamic out;
            CHECK_FALSE(tfpp::decode_json(v["json_in"].get<std::string>(), t, out, d));
            CHECK(d.has_errors());
        } else if (kind == "value" || kind == "json_in") {
            const auto t = parse_type(v["type"]);
            const std::string bytes = unhex(v["msgpack"]);
            tfpp::dynamic got;
            bool ok;
            if (kind == "value") ok = tfpp::decode_msgpack(bytes, t, got, d);
            else ok = tfpp::decode_json(v["json_in"].get<std::string>(), t, got, d);
            if (dev && dev->what == deviation::rejects) {
                CHECK_FALSE(ok);
                CHECK(d.has_errors());
                ++checked["deviation"];
                continue;
            }
            INFO((d.empty() ? std::string() : d[0].summary + ": " + d[0].detail + " at " + d[0].path.to_string()));
            CHECK(ok);
            if (!ok) continue;
            const std::string mismatch = compare(got, v["expect"], "value");
            const std::string encoded = hex(tfpp::to_msgpack(got, t));
            const std::string go_encoded = v.value("roundtrip", true) || kind == "json_in"
                                               ? v["msgpack"].get<std::string>()
                                               : v.value("remarshal", v["msgpack"].get<std::string>());
            std::string json_out;
            tfpp::diagnostics jd;
            const bool json_ok = tfpp::encode_json(got, t, json_out, jd);
            if (dev) {
                // A documented difference: tfpp must differ from go-cty here,
                // or the entry is stale.
                CHECK((!mismatch.empty() || encoded != go_encoded ||
                       (v["json"].is_string() && json_out != v["json"].get<std::string>())));
                ++checked["deviation"];
                continue;
            }
            CHECK(mismatch == "");
            CHECK(encoded == go_encoded);
            if (v["json"].is_string()) {
                CHECK(json_ok);
                CHECK(json_out == v["json"].get<std::string>());
                // And back: go-cty's JSON reads to a value that prints the same.
                tfpp::dynamic again;
                tfpp::diagnostics d2;
                std::string json_again;
                CHECK((tfpp::decode_json(json_out, t, again, d2) && tfpp::encode_json(again, t, json_again, d2)));
                CHECK(json_again == json_out);
            } else {
                CHECK_FALSE(json_ok);  // go-cty could not write it either (unknowns)
            }
        } else {
            FAIL("unknown vector kind " << kind);
        }
        ++checked[kind];
    }
    for (const auto& [name, _] : deviations()) {
        INFO("deviation entry " << name);
        CHECK(names.count(name) == 1);
    }
    for (const auto& [kind, n] : checked) WARN(kind << ": " << n);
}
