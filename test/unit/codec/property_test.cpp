// Round-trip properties over random values of random types: whatever tfpp
// encodes, it decodes to an equal value and encodes to the same bytes again,
// in msgpack and JSON, through the dynamic and the typed paths alike.
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/schema/attribute.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using tfpp::dynamic;
using tfpp::type;

namespace test_property {

class generator {
public:
    explicit generator(std::uint64_t seed) : rng_(seed) {}

    type random_type(int depth = 0) {
        const int pick = below(depth > 3 ? 4 : 10);
        switch (pick) {
        case 0: return type::string();
        case 1: return type::number();
        case 2: return type::boolean();
        case 3: return depth > 0 && below(3) == 0 ? type::dynamic() : type::string();
        case 4: return type::list(random_type(depth + 1));
        case 5: return type::set(random_type(depth + 1));
        case 6: return type::map(random_type(depth + 1));
        case 7: {
            std::vector<type> elems;
            for (int i = below(4); i > 0; --i) elems.push_back(random_type(depth + 1));
            return type::tuple(std::move(elems));
        }
        default: {
            std::vector<type::attribute> attrs;
            for (int i = below(5); i > 0; --i)
                attrs.push_back(
                    {"a" + std::to_string(i) + "_" + std::to_string(below(3)), random_type(depth + 1), false});
            std::sort(attrs.begin(), attrs.end(), [](auto& a, auto& b) { return a.name < b.name; });
            attrs.erase(std::unique(attrs.begin(), attrs.end(), [](auto& a, auto& b) { return a.name == b.name; }),
                        attrs.end());
            return type::object(std::move(attrs));
        }
        }
    }

    // A value of type t; unknowns only when allowed (JSON cannot hold them).
    dynamic random_value(const type& t, bool unknowns, int depth = 0) {
        const int roll = below(20);
        if (roll == 0) return dynamic::null(t);
        if (unknowns && roll == 1) return dynamic::unknown(t, random_refinements(t));
        switch (t.which()) {
        case type::kind::string: return dynamic(random_string());
        case type::kind::number: return dynamic(random_number());
        case type::kind::boolean: return dynamic(below(2) == 0);
        case type::kind::dynamic: return random_value(random_type(depth + 2), unknowns, depth + 1);
        case type::kind::list:
        case type::kind::set: {
            std::vector<dynamic> elems;
            // One concrete type for all elements of a collection of dynamic.
            const type et = concretize(t.element(), depth);
            for (int i = below(5); i > 0; --i) elems.push_back(random_value(et, unknowns, depth + 1));
            return t.which() == type::kind::list ? dynamic::list(t.element(), std::move(elems))
                                                 : dynamic::set(t.element(), std::move(elems));
        }
        case type::kind::map: {
            std::vector<dynamic::entry> entries;
            const type et = concretize(t.element(), depth);
            for (int i = below(4); i > 0; --i)
                entries.emplace_back("k" + std::to_string(i), random_value(et, unknowns, depth + 1));
            return dynamic::map(t.element(), std::move(entries));
        }
        case type::kind::tuple: {
            std::vector<dynamic> elems;
            for (const auto& et : t.elements()) elems.push_back(random_value(et, unknowns, depth + 1));
            return dynamic::tuple(std::move(elems));
        }
        case type::kind::object: {
            std::vector<dynamic::entry> attrs;
            for (const auto& a : t.attributes()) attrs.emplace_back(a.name, random_value(a.type, unknowns, depth + 1));
            return dynamic::object(std::move(attrs));
        }
        }
        return {};
    }

private:
    // The constraint with each dynamic replaced by a random concrete type:
    // elements of one collection must share one type.
    type concretize(const type& t, int depth) {
        if (!t.has_dynamic()) return t;
        switch (t.which()) {
        case type::kind::dynamic: {
            type c = random_type(depth + 2);
            return concretize(c, depth + 1);
        }
        case type::kind::list: return type::list(concretize(t.element(), depth));
        case type::kind::set: return type::set(concretize(t.element(), depth));
        case type::kind::map: return type::map(concretize(t.element(), depth));
        case type::kind::tuple: {
            std::vector<type> elems;
            for (const auto& e : t.elements()) elems.push_back(concretize(e, depth));
            return type::tuple(std::move(elems));
        }
        default: {
            std::vector<type::attribute> attrs(t.attributes().begin(), t.attributes().end());
            for (auto& a : attrs) a.type = concretize(a.type, depth);
            return type::object(std::move(attrs));
        }
        }
    }

    int below(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }

    std::string random_string() {
        static const char* pieces[] = {"a",
                                       "Z",
                                       "0",
                                       " ",
                                       "\n",
                                       "\"",
                                       "\\",
                                       "<",
                                       "&",
                                       "\xc3\xa9",
                                       "\xe2\x82\xac",
                                       "\xf0\x9f\x98\x80",
                                       "\x01",
                                       "\x7f",
                                       "\xe2\x80\xa8",
                                       "-"};
        std::string s;
        for (int i = below(8); i > 0; --i) s += pieces[below(16)];
        if (below(30) == 0) s.assign(static_cast<std::size_t>(40 + below(300)), 'x');  // longer str headers
        return s;
    }
    tfpp::number random_number() {
        switch (below(6)) {
        case 0: return tfpp::number(static_cast<std::int64_t>(rng_()));
        case 1: return tfpp::number(below(300) - 150);
        case 2: return tfpp::number(static_cast<double>(below(1000)) / 8.0 + 0.125);
        case 3: return *tfpp::number::parse(std::to_string(below(100000)) + "." + std::to_string(below(1000)) + "1");
        case 4:
            return *tfpp::number::parse("1" + std::string(static_cast<std::size_t>(20 + below(40)), '3') + "e" +
                                        std::to_string(below(80) - 40));
        default: return tfpp::number(std::ldexp(static_cast<double>(rng_() >> 11), below(120) - 60));
        }
    }
    tfpp::refinements random_refinements(const type& t) {
        tfpp::refinements r;
        if (t.is_dynamic()) return r;  // go-cty keeps none for dynamic
        r.not_null = below(2) == 0;
        if (t.which() == type::kind::string && below(2) == 0) r.string_prefix = "pre";
        if (t.which() == type::kind::number && below(2) == 0) {
            r.lower = tfpp::number_bound{below(10), below(2) == 0};
            r.upper = tfpp::number_bound{*tfpp::number::parse("100.5"), below(2) == 0};
        }
        if (t.is_collection() && below(2) == 0) {
            r.length_min = 2;  // never collapses: min != max
            r.length_max = 9;
        }
        return r;
    }

    std::mt19937_64 rng_;
};

// Numbers are tfpp::number here: any number the generator makes fits exactly.
// Every position nullable, as the generator puts nulls and unknowns anywhere.
struct item {
    tfpp::value<std::string> name;
    tfpp::value<tfpp::number> port;
    tfpp::value<tfpp::number> weight;
    tfpp::value<std::map<std::string, tfpp::value<std::string>>> tags;
};
struct model {
    tfpp::required<std::string> id;
    tfpp::optional<std::vector<tfpp::value<item>>> items;
    tfpp::optional<tfpp::set<tfpp::value<item>>> item_set;
    tfpp::optional<tfpp::number> exact;
    tfpp::optional<std::tuple<tfpp::value<std::string>, tfpp::value<bool>>> pair;
    tfpp::optional<tfpp::dynamic> extra;
};

}  // namespace test_property
using namespace test_property;

namespace {
std::string why(const tfpp::diagnostics& d) {
    return d.empty() ? std::string("no diagnostic")
                     : d[0].summary + ": " + d[0].detail + " at " + d[0].path.to_string();
}
}  // namespace

TEST_CASE("random values of random types round-trip through msgpack", "[msgpack][property]") {
    generator g(20261121);
    int checked = 0;
    for (int i = 0; i < 3000; ++i) {
        const type t = g.random_type();
        const dynamic v = g.random_value(t, true);
        const std::string bytes = tfpp::to_msgpack(v, t);
        dynamic back;
        tfpp::diagnostics d;
        INFO("type " << tfpp::to_type_json(t) << " case " << i);
        const bool ok = tfpp::decode_msgpack(bytes, t, back, d);
        INFO(why(d));
        REQUIRE(ok);
        // Where the type has dynamic positions, a null or unknown there carries
        // no type on the wire, so only the bytes can be compared.
        if (!t.has_dynamic()) CHECK(back == v);
        CHECK(tfpp::to_msgpack(back, t) == bytes);
        // The type survives its JSON form too.
        auto t2 = tfpp::parse_type_json(tfpp::to_type_json(t), d);
        REQUIRE(t2);
        CHECK(*t2 == t);
        ++checked;
    }
    CHECK(checked == 3000);
}

TEST_CASE("random wholly known values round-trip through JSON", "[json][property]") {
    generator g(42);
    for (int i = 0; i < 3000; ++i) {
        const type t = g.random_type();
        const dynamic v = g.random_value(t, false);
        std::string json;
        tfpp::diagnostics d;
        INFO("type " << tfpp::to_type_json(t) << " case " << i);
        REQUIRE(tfpp::encode_json(v, t, json, d));
        dynamic back;
        const bool ok = tfpp::decode_json(json, t, back, d);
        INFO(json << " -> " << why(d));
        REQUIRE(ok);
        std::string again;
        REQUIRE(tfpp::encode_json(back, t, again, d));
        CHECK(again == json);
        // JSON carries decimal text: doubles come back as their shortest decimal,
        // so compare through msgpack only where no double is involved.
        if (json.find('.') == std::string::npos && !t.has_dynamic()) CHECK(back == v);
    }
}

TEST_CASE("typed models and dynamic values agree byte for byte", "[msgpack][property]") {
    generator g(7);
    const type t = tfpp::type_of<model>();
    for (int i = 0; i < 2000; ++i) {
        // Random wire values of the model's type, read by both paths.
        dynamic v = g.random_value(t, true);
        if (!v.is_known() || v["id"].is_unknown()) continue;
        if (v["id"].is_null()) continue;  // required: the typed model may hold null too, but keep it simple
        const std::string bytes = tfpp::to_msgpack(v, t);
        model m;
        tfpp::diagnostics d;
        INFO("case " << i << ": " << tfpp::to_type_json(t));
        const bool ok = tfpp::decode_msgpack(bytes, m, d);
        INFO(why(d));
        REQUIRE(ok);
        // An unknown nested in a plain field makes its enclosing value unknown,
        // so typed bytes may say less than the dynamic value; both must decode.
        const std::string typed = tfpp::to_msgpack(m);
        dynamic from_typed;
        REQUIRE(tfpp::decode_msgpack(typed, t, from_typed, d));
        CHECK(tfpp::to_msgpack(from_typed, t) == typed);
        model again;
        REQUIRE(tfpp::decode_msgpack(typed, again, d));
        CHECK(tfpp::to_msgpack(again) == typed);
        if (tfpp::is_wholly_known(m)) CHECK(typed == bytes);
    }
}
