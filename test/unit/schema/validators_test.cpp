// Validators and rules: each one passing, failing with its exact message and
// path, skipping nulls and unknowns; paths through nested attributes and
// blocks (lists by index, maps by key, sets at the set); composition; the
// descriptions in the schema; and the engine running them before the
// handler's own validate().
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/schema/detail/validation.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace test_validators {

struct problem {
    std::string path, summary, detail;
    friend bool operator==(const problem&, const problem&) = default;
};

std::ostream& operator<<(std::ostream& os, const problem& p) {
    return os << "{" << p.path << " | " << p.summary << " | " << p.detail << "}";
}

template <class M>
std::vector<problem> validate(const M& m) {
    tfpp::diagnostics d;
    tfpp::detail::run_validators(m, d);
    std::vector<problem> out;
    for (const auto& x : d) {
        CHECK(x.severity == tfpp::severity::error);
        out.push_back({x.path.to_string(), x.summary, x.detail});
    }
    return out;
}

using none = std::vector<problem>;

// --- length

struct length_model {
    tfpp::optional<std::string, tfpp::length<1, 5>> name;
    tfpp::optional<std::string, tfpp::min_length<2>> at_least;
    tfpp::optional<std::string, tfpp::max_length<1>> at_most;
    tfpp::optional<std::string, tfpp::length<3, 3>> exactly;
};

TEST_CASE("length: characters, bounds included", "[validate]") {
    length_model m;
    CHECK(validate(m) == none{});  // nulls are not checked
    m.name = "a";
    m.at_least = "ab";
    m.at_most = "x";
    m.exactly = "abc";
    CHECK(validate(m) == none{});
    m.name = "héllo";  // 5 characters, 6 bytes
    CHECK(validate(m) == none{});
    m.name = "\xF0\x9F\x92\x83\xF0\x9F\x92\x83";  // two code points
    CHECK(validate(m) == none{});

    m.name = "";
    m.at_least = "a";
    m.at_most = "xy";
    m.exactly = "abcd";
    CHECK(validate(m) == std::vector<problem>{
                             {"name", "Invalid value length", "must be 1 to 5 characters long, got 0"},
                             {"at_least", "Invalid value length", "must be at least 2 characters long, got 1"},
                             {"at_most", "Invalid value length", "must be at most 1 character long, got 2"},
                             {"exactly", "Invalid value length", "must be exactly 3 characters long, got 4"},
                         });
    m.name = "héllo!";
    CHECK(validate(m).front() == problem{"name", "Invalid value length", "must be 1 to 5 characters long, got 6"});

    length_model u;
    u.name = tfpp::unknown;
    u.exactly = tfpp::unknown;
    CHECK(validate(u) == none{});
}

// --- range

struct range_model {
    tfpp::optional<std::int64_t, tfpp::range<1, 65535>> port;
    tfpp::optional<tfpp::number, tfpp::at_least<0>> budget;
    tfpp::optional<std::uint64_t, tfpp::at_most<10>> cores;
    tfpp::optional<std::int64_t, tfpp::range<-5, -5>> fixed;
    tfpp::optional<std::uint64_t, tfpp::at_least<-3>> unsigned_count;
};

TEST_CASE("range: numbers of every C++ type, bounds included", "[validate]") {
    range_model m;
    m.port = 1;
    m.budget = tfpp::number(0);
    m.cores = 10u;
    m.fixed = -5;
    m.unsigned_count = 0u;
    CHECK(validate(m) == none{});
    m.port = 65535;
    CHECK(validate(m) == none{});

    m.port = 65536;
    m.budget = tfpp::number(-1);
    m.cores = 18446744073709551615u;
    m.fixed = 5;
    CHECK(validate(m) == std::vector<problem>{
                             {"port", "Invalid value", "must be at least 1 and at most 65535, got 65536"},
                             {"budget", "Invalid value", "must be at least 0, got -1"},
                             {"cores", "Invalid value", "must be at most 10, got 18446744073709551615"},
                             {"fixed", "Invalid value", "must be exactly -5, got 5"},
                         });

    range_model u;
    u.port = tfpp::unknown;
    CHECK(validate(u) == none{});
}

// A double as a template argument (P1907) is C++20, which clang implements
// from version 18 on: scripts/sanitize.sh builds this file with clang 16.
#if __cpp_nontype_template_args >= 201911L
struct fraction_model {
    tfpp::optional<double, tfpp::range<0.5, 1.5>> ratio;
};

TEST_CASE("range: fractions as bounds", "[validate]") {
    fraction_model m;
    for (double ok : {0.5, 1.5}) {
        m.ratio = ok;
        CHECK(validate(m) == none{});
    }
    m.ratio = 0.25;
    CHECK(validate(m) == std::vector<problem>{
                             {"ratio", "Invalid value", "must be at least 0.5 and at most 1.5, got 0.25"},
                         });
    m.ratio = tfpp::unknown;
    CHECK(validate(m) == none{});
    CHECK(tfpp::schema_of<fraction_model>().find("ratio")->constraints ==
          std::vector<std::string>{"at least 0.5 and at most 1.5"});
}
#endif

// --- one_of

struct one_of_model {
    tfpp::optional<std::string, tfpp::one_of<"tcp", "udp">> protocol;
    tfpp::optional<std::int64_t, tfpp::one_of<1, 2, 4>> level;
    tfpp::optional<double, tfpp::one_of<0.5, 1>> factor;
    tfpp::optional<std::string, tfpp::one_of<"say \"hi\"">> quoted;
};

TEST_CASE("one_of: strings and numbers", "[validate]") {
    one_of_model m;
    m.protocol = "udp";
    m.level = 4;
    m.factor = 1.0;
    m.quoted = "say \"hi\"";
    CHECK(validate(m) == none{});
    m.factor = 0.5;
    CHECK(validate(m) == none{});

    m.protocol = "icmp";
    m.level = 3;
    m.factor = 0.25;
    m.quoted = "hi";
    CHECK(validate(m) == std::vector<problem>{
                             {"protocol", "Invalid value", R"(must be one of "tcp", "udp", got "icmp")"},
                             {"level", "Invalid value", "must be one of 1, 2, 4, got 3"},
                             {"factor", "Invalid value", "must be one of 0.5, 1, got 0.25"},
                             {"quoted", "Invalid value", R"(must be one of "say \"hi\"", got "hi")"},
                         });
    m.protocol = tfpp::unknown;
    m.level = tfpp::null;
    m.factor = tfpp::unknown;
    m.quoted = tfpp::unknown;
    CHECK(validate(m) == none{});
}

// --- regex

struct regex_model {
    tfpp::optional<std::string, tfpp::regex<"^[a-z0-9-]+$">> slug;
    tfpp::optional<std::string, tfpp::regex<"^[0-7]{3,4}$", "three or four octal digits">> mode;
    tfpp::optional<std::string, tfpp::regex<"[0-9]">> has_digit;  // a match anywhere
    tfpp::optional<std::string, tfpp::regex<"(unclosed">> broken;
};

TEST_CASE("regex: ECMAScript, a match anywhere, with or without a description", "[validate]") {
    regex_model m;
    m.slug = "web-01";
    m.mode = "0644";
    m.has_digit = "abc1def";
    CHECK(validate(m) == none{});

    m.slug = "Web_01";
    m.mode = "999";
    m.has_digit = "abc";
    CHECK(validate(m) ==
          std::vector<problem>{
              {"slug", "Invalid value", "must match the regular expression `^[a-z0-9-]+$`, got \"Web_01\""},
              {"mode", "Invalid value", "must be three or four octal digits, got \"999\""},
              {"has_digit", "Invalid value", "must match the regular expression `[0-9]`, got \"abc\""},
          });

    m.slug = tfpp::unknown;
    m.mode = tfpp::unknown;
    m.has_digit = tfpp::null;
    CHECK(validate(m) == none{});

    // A long value is cut in the message.
    m.slug = std::string(100, 'X');
    CHECK(validate(m).front().detail ==
          "must match the regular expression `^[a-z0-9-]+$`, got \"" + std::string(64, 'X') + "\"... (" +
              "100 bytes in all)");

    // A pattern std::regex cannot compile is the provider's bug, said as such.
    regex_model b;
    b.broken = "x";
    const auto p = validate(b);
    REQUIRE(p.size() == 1);
    CHECK(p[0].path == "broken");
    CHECK(p[0].summary == "Provider bug: invalid regular expression");
    CHECK(p[0].detail.starts_with("tfpp::regex<\"(unclosed\"> cannot be used: "));
}

// --- size, unique, each

struct collection_model {
    tfpp::optional<std::vector<std::string>, tfpp::size<1, 3>, tfpp::unique> tags;
    tfpp::optional<tfpp::set<std::string>, tfpp::max_size<2>, tfpp::each<tfpp::length<1, 3>>> zones;
    tfpp::optional<std::map<std::string, std::int64_t>, tfpp::min_size<1>, tfpp::unique, tfpp::each<tfpp::at_least<1>>>
        weights;
    tfpp::optional<std::vector<tfpp::value<std::string>>, tfpp::unique, tfpp::each<tfpp::length<2, 2>>> codes;
    tfpp::optional<std::vector<std::vector<std::string>>, tfpp::each<tfpp::size<2, 2>, tfpp::each<tfpp::min_length<1>>>>
        pairs;
};

TEST_CASE("size, unique and each on lists, sets and maps", "[validate]") {
    collection_model m;
    m.tags = std::vector<std::string>{"a", "b"};
    m.zones = tfpp::set<std::string>{std::string("eu"), std::string("us")};
    m.weights = std::map<std::string, std::int64_t>{{"a", 1}, {"b", 2}};
    m.codes = std::vector<tfpp::value<std::string>>{std::string("de"), std::string("fr")};
    m.pairs = std::vector<std::vector<std::string>>{{"a", "b"}};
    CHECK(validate(m) == none{});

    m.tags = std::vector<std::string>{"b", "a", "b", "a"};
    m.zones = tfpp::set<std::string>{std::string("asia"), std::string("eu"), std::string("us")};
    m.weights = std::map<std::string, std::int64_t>{{"a", 0}, {"b", 2}, {"c", 2}};
    m.codes = std::vector<tfpp::value<std::string>>{std::string("de"), std::string("d"), std::string("de")};
    m.pairs = std::vector<std::vector<std::string>>{{"a"}, {"a", ""}};
    CHECK(validate(m) ==
          std::vector<problem>{
              {"tags", "Invalid number of elements", "must have 1 to 3 elements, got 4"},
              {"tags[2]", "Duplicate element", "element 2 is the same as element 0: \"b\""},
              {"tags[3]", "Duplicate element", "element 3 is the same as element 1: \"a\""},
              {"zones", "Invalid number of elements", "must have at most 2 elements, got 3"},
              // a set element has no path of its own: the set's, and the detail names it
              {"zones", "Invalid value length", "element \"asia\" of the set must be 1 to 3 characters long, got 4"},
              {"weights[\"c\"]", "Duplicate element", "the value of \"c\" is the same as that of \"b\": 2"},
              {"weights[\"a\"]", "Invalid value", "must be at least 1, got 0"},
              {"codes[2]", "Duplicate element", "element 2 is the same as element 0: \"de\""},
              {"codes[1]", "Invalid value length", "must be exactly 2 characters long, got 1"},
              {"pairs[0]", "Invalid number of elements", "must have exactly 2 elements, got 1"},
              {"pairs[1][1]", "Invalid value length", "must be at least 1 character long, got 0"},
          });
}

TEST_CASE("size, unique and each with unknowns: what is known is checked", "[validate]") {
    collection_model m;
    m.tags = tfpp::unknown;  // its length is unknown too
    m.zones = tfpp::unknown;
    m.weights = std::map<std::string, std::int64_t>{};  // known and empty
    // unknown elements are skipped, known ones still checked
    m.codes = std::vector<tfpp::value<std::string>>{std::string("de"), tfpp::unknown,    tfpp::unknown,
                                                    std::string("de"), std::string("x"), tfpp::null};
    CHECK(validate(m) == std::vector<problem>{
                             {"weights", "Invalid number of elements", "must have at least 1 element, got 0"},
                             {"codes[3]", "Duplicate element", "element 3 is the same as element 0: \"de\""},
                             {"codes[4]", "Invalid value length", "must be exactly 2 characters long, got 1"},
                         });
}

struct big_model {
    tfpp::optional<std::vector<std::string>, tfpp::unique> tags;
};

TEST_CASE("unique on 10,000 elements sorts instead of comparing every pair", "[validate]") {
    std::vector<std::string> many;
    for (int i = 0; i < 10000; ++i) many.push_back(std::to_string(i % 9999));
    big_model b;
    b.tags = many;
    CHECK(validate(b) == std::vector<problem>{
                             {"tags[9999]", "Duplicate element", "element 9999 is the same as element 0: \"0\""},
                         });
}

// Elements with == and no <, counting how often == runs.
struct counted {
    tfpp::required<std::string> name;
    tfpp::optional<std::int64_t> size;
    inline static std::size_t comparisons = 0;
    bool operator==(const counted& o) const {
        ++comparisons;
        return name == o.name && size == o.size;
    }
};
struct counted_model {
    tfpp::optional<std::vector<counted>, tfpp::unique> items;
};

TEST_CASE("unique on 10,000 elements without operator< compares only neighbours in set order", "[validate]") {
    std::vector<counted> many;
    for (int i = 0; i < 10000; ++i) many.push_back(counted{std::to_string(i), i % 3});
    many.push_back(counted{"5", 2});
    many.push_back(counted{"5", 1});  // the same name, another size: no duplicate
    counted_model m;
    m.items = many;
    counted::comparisons = 0;
    CHECK(validate(m) == std::vector<problem>{
                             {"items[10000]", "Duplicate element", "element 10000 is the same as element 5"},
                         });
    CHECK(counted::comparisons < 20000);  // every pair: 50 million
}

// --- check

bool is_even(std::int64_t x) { return x % 2 == 0; }
bool is_cidr(std::string_view s) { return s.find('/') != std::string_view::npos; }

struct point {
    std::int64_t x = 0;
    std::int64_t y = 0;
};

struct check_model {
    tfpp::optional<std::int64_t, tfpp::check<&is_even, "an even number">> even;
    tfpp::optional<std::string, tfpp::check<&is_cidr, "a CIDR block such as 10.0.0.0/16">> cidr;
    tfpp::optional<point, tfpp::check<[](const point& p) { return p.x <= p.y; }, "a point with x <= y">> origin;
    tfpp::optional<std::vector<std::string>, tfpp::each<tfpp::check<&is_cidr, "a CIDR block">>> cidrs;
};

TEST_CASE("check: a predicate with a description, also a lambda, also on objects", "[validate]") {
    check_model m;
    m.even = 2;
    m.cidr = "10.0.0.0/16";
    m.origin = point{1, 2};
    m.cidrs = std::vector<std::string>{"10.0.0.0/8"};
    CHECK(validate(m) == none{});
    m.even = 3;
    m.cidr = "10.0.0.0";
    m.origin = point{3, 2};
    m.cidrs = std::vector<std::string>{"10.0.0.0/8", "nope"};
    CHECK(validate(m) == std::vector<problem>{
                             {"even", "Invalid value", "must be an even number, got 3"},
                             {"cidr", "Invalid value", "must be a CIDR block such as 10.0.0.0/16, got \"10.0.0.0\""},
                             {"origin", "Invalid value", "must be a point with x <= y"},
                             {"cidrs[1]", "Invalid value", "must be a CIDR block, got \"nope\""},
                         });
    m.even = tfpp::unknown;
    m.cidr = tfpp::unknown;
    m.origin = tfpp::unknown;
    m.cidrs = tfpp::unknown;
    CHECK(validate(m) == none{});
}

// A named check: the description lives in the object, not in the field's type.
inline constexpr tfpp::named_check cidr_block{&is_cidr, "a CIDR block such as 10.0.0.0/16"};

struct named_check_model {
    tfpp::optional<std::string, tfpp::check<&cidr_block>> cidr;
    tfpp::optional<std::vector<std::string>, tfpp::each<tfpp::check<&cidr_block>>> cidrs;
};

TEST_CASE("check: a named check carries its predicate and description", "[validate]") {
    named_check_model m;
    m.cidr = "10.0.0.0";
    m.cidrs = std::vector<std::string>{"10.0.0.0/8", "nope"};
    CHECK(validate(m) == std::vector<problem>{
                             {"cidr", "Invalid value", "must be a CIDR block such as 10.0.0.0/16, got \"10.0.0.0\""},
                             {"cidrs[1]", "Invalid value", "must be a CIDR block such as 10.0.0.0/16, got \"nope\""},
                         });
    const auto& s = tfpp::schema_of<named_check_model>();
    CHECK(s.find("cidr")->constraints == std::vector<std::string>{"a CIDR block such as 10.0.0.0/16"});
}

// --- composition: every validator of a field runs, in order

struct composed_model {
    tfpp::required<std::string, tfpp::length<1, 8>, tfpp::regex<"^[a-z]+$", "lowercase letters">,
                   tfpp::check<[](const std::string& s) { return s != "admin"; }, "a name other than \"admin\"">>
        name;
};

TEST_CASE("validators compose: each reports on its own", "[validate]") {
    composed_model m;
    m.name = "Administrator";
    CHECK(validate(m) == std::vector<problem>{
                             {"name", "Invalid value length", "must be 1 to 8 characters long, got 13"},
                             {"name", "Invalid value", "must be lowercase letters, got \"Administrator\""},
                         });
    m.name = "admin";
    CHECK(validate(m) == std::vector<problem>{
                             {"name", "Invalid value", "must be a name other than \"admin\", got \"admin\""},
                         });
}

// --- nested attributes and blocks

struct port_range {
    tfpp::required<std::int64_t, tfpp::range<1, 65535>> from;
    tfpp::optional<std::int64_t, tfpp::range<1, 65535>> to;
    bool operator==(const port_range&) const = default;
};

struct rule_block {
    tfpp::required<std::string, tfpp::one_of<"tcp", "udp">> protocol;
    tfpp::optional<std::vector<port_range>> ranges;  // nested attributes inside a block
    tfpp::block_list<port_range> port;               // blocks inside a block
};

struct nested_model {
    tfpp::optional<port_range> single;
    tfpp::optional<std::vector<port_range>, tfpp::size<0, 2>, tfpp::unique> list;
    tfpp::optional<tfpp::set<port_range>> set;
    tfpp::optional<std::map<std::string, port_range>> map;
    tfpp::optional<std::vector<tfpp::value<port_range>>> maybe;
    tfpp::block<rule_block> rule;
    tfpp::block_list<rule_block> rules_;
    tfpp::block_set<port_range> ports;
    tfpp::block_map<port_range> named;
    tfpp::block_group<port_range> group;
};

port_range bad_range() { return port_range{0, 70000}; }

TEST_CASE("validators inside nested attributes and blocks: paths down to the element", "[validate]") {
    nested_model m;
    CHECK(validate(m) == none{});
    m.single = bad_range();
    m.list = std::vector<port_range>{port_range{80, 80}, bad_range()};
    m.set = tfpp::set<port_range>{bad_range()};
    m.map = std::map<std::string, port_range>{{"web", bad_range()}};
    m.maybe = std::vector<tfpp::value<port_range>>{tfpp::unknown, bad_range()};
    rule_block r;
    r.protocol = "icmp";
    r.ranges = std::vector<port_range>{bad_range()};
    r.port = std::vector<port_range>{port_range{1, 2}, bad_range()};
    m.rule = r;
    m.rules_ = std::vector<rule_block>{r};
    m.ports = tfpp::set<port_range>{bad_range()};
    m.named = std::map<std::string, port_range>{{"x", bad_range()}};
    m.group = bad_range();

    const std::string from = "must be at least 1 and at most 65535, got 0";
    const std::string to = "must be at least 1 and at most 65535, got 70000";
    const std::string proto = R"(must be one of "tcp", "udp", got "icmp")";
    CHECK(validate(m) == std::vector<problem>{
                             {"single.from", "Invalid value", from},
                             {"single.to", "Invalid value", to},
                             {"list[1].from", "Invalid value", from},
                             {"list[1].to", "Invalid value", to},
                             {"set", "Invalid value", "in an element of the set, at from: " + from},
                             {"set", "Invalid value", "in an element of the set, at to: " + to},
                             {"map[\"web\"].from", "Invalid value", from},
                             {"map[\"web\"].to", "Invalid value", to},
                             {"maybe[1].from", "Invalid value", from},
                             {"maybe[1].to", "Invalid value", to},
                             {"rule.protocol", "Invalid value", proto},
                             {"rule.ranges[0].from", "Invalid value", from},
                             {"rule.ranges[0].to", "Invalid value", to},
                             {"rule.port[1].from", "Invalid value", from},
                             {"rule.port[1].to", "Invalid value", to},
                             {"rules_[0].protocol", "Invalid value", proto},
                             {"rules_[0].ranges[0].from", "Invalid value", from},
                             {"rules_[0].ranges[0].to", "Invalid value", to},
                             {"rules_[0].port[1].from", "Invalid value", from},
                             {"rules_[0].port[1].to", "Invalid value", to},
                             {"ports", "Invalid value", "in an element of the set, at from: " + from},
                             {"ports", "Invalid value", "in an element of the set, at to: " + to},
                             {"named[\"x\"].from", "Invalid value", from},
                             {"named[\"x\"].to", "Invalid value", to},
                             {"group.from", "Invalid value", from},
                             {"group.to", "Invalid value", to},
                         });

    // the list's own validators run too, on whole elements
    nested_model d;
    d.list = std::vector<port_range>{port_range{80, 80}, port_range{80, 80}, port_range{81, 81}};
    CHECK(validate(d) == std::vector<problem>{
                             {"list", "Invalid number of elements", "must have at most 2 elements, got 3"},
                             {"list[1]", "Duplicate element", "element 1 is the same as element 0"},
                         });
}

// --- rules

struct rules_model {
    tfpp::optional<std::string> image;
    tfpp::optional<std::string> snapshot;
    tfpp::optional<std::string> volume;
    tfpp::optional<std::int64_t> cpu;
    tfpp::optional<std::int64_t> memory;
    tfpp::optional<std::string> user;
    tfpp::optional<std::string, tfpp::sensitive> password;
    tfpp::optional<std::string> ssh_key;
    tfpp::block_list<port_range> port;
    using rules =
        tfpp::rules<tfpp::conflicts_with<"image", "snapshot", "volume">, tfpp::exactly_one_of<"cpu", "memory">,
                    tfpp::at_least_one_of<"password", "ssh_key", "port">, tfpp::required_together<"user", "password">>;
};

rules_model valid_rules() {
    rules_model m;
    m.image = "debian";
    m.cpu = 2;
    m.ssh_key = "ssh-ed25519 AAAA";
    m.port = std::vector<port_range>{};
    return m;
}

TEST_CASE("rules: conflicts_with", "[validate]") {
    rules_model m = valid_rules();
    CHECK(validate(m) == none{});
    m.image = tfpp::null;
    CHECK(validate(m) == none{});  // none set is fine
    m.image = "debian";
    m.volume = "vol-1";
    m.snapshot = "snap-1";
    CHECK(validate(m) ==
          std::vector<problem>{
              {"snapshot", "Conflicting attributes",
               R"(at most one of "image", "snapshot", "volume" may be set; "image", "snapshot" and "volume" are set)"},
          });
    m.snapshot = tfpp::null;
    m.volume = tfpp::unknown;  // may turn out null: not an error yet
    CHECK(validate(m) == none{});
    m.volume.set_unknown(tfpp::refinements{.not_null = true});  // will not be null
    CHECK(validate(m) ==
          std::vector<problem>{
              {"volume", "Conflicting attributes",
               R"(at most one of "image", "snapshot", "volume" may be set; "image" and "volume" are set)"},
          });
}

TEST_CASE("rules: exactly_one_of", "[validate]") {
    rules_model m = valid_rules();
    m.memory = 1024;
    CHECK(validate(m) == std::vector<problem>{
                             {"memory", "Conflicting attributes",
                              R"(exactly one of "cpu", "memory" must be set; "cpu" and "memory" are set)"},
                         });
    m.cpu = tfpp::null;
    CHECK(validate(m) == none{});
    m.memory = tfpp::null;
    CHECK(validate(m) == std::vector<problem>{
                             {"", "Missing attribute", R"(exactly one of "cpu", "memory" must be set; none is set)"},
                         });
    m.memory = tfpp::unknown;
    CHECK(validate(m) == none{});
    m.cpu = tfpp::unknown;
    CHECK(validate(m) == none{});
}

TEST_CASE("rules: at_least_one_of, with a block among the names", "[validate]") {
    rules_model m = valid_rules();
    m.ssh_key = tfpp::null;
    CHECK(validate(m) ==
          std::vector<problem>{
              {"", "Missing attribute", R"(at least one of "password", "ssh_key", "port" must be set; none is set)"},
          });
    m.port = std::vector<port_range>{port_range{22, 22}};  // a block is set when it has blocks
    CHECK(validate(m) == none{});
    m.port = tfpp::unknown;
    CHECK(validate(m) == none{});
}

TEST_CASE("rules: required_together", "[validate]") {
    rules_model m = valid_rules();
    m.user = "admin";
    CHECK(validate(m) ==
          std::vector<problem>{
              {"user", "Missing attribute", R"("user" and "password" must be set together; "password" is not set)"},
          });
    m.password = tfpp::unknown;
    CHECK(validate(m) == none{});
    m.password = "secret";
    CHECK(validate(m) == none{});
    m.user = tfpp::null;
    CHECK(validate(m) ==
          std::vector<problem>{
              {"password", "Missing attribute", R"("user" and "password" must be set together; "user" is not set)"},
          });
}

struct login {
    tfpp::optional<std::string> user;
    tfpp::optional<std::string> token;
    using rules = tfpp::rules<tfpp::conflicts_with<"user", "token">>;
    bool operator==(const login&) const = default;
};
struct login_block {
    tfpp::optional<std::string> user;
    tfpp::optional<std::string> token;
    using rules = tfpp::rules<tfpp::at_least_one_of<"user", "token">>;
};
struct nested_rules_model {
    tfpp::optional<std::vector<login>> logins;
    tfpp::optional<tfpp::set<login>> login_set;
    tfpp::block<login_block> admin;
};

TEST_CASE("rules of nested structs point at the element", "[validate]") {
    nested_rules_model m;
    m.logins = std::vector<login>{login{std::string("a"), tfpp::null}, login{std::string("b"), std::string("t")}};
    m.login_set = tfpp::set<login>{login{std::string("c"), std::string("t")}};
    m.admin = login_block{};
    CHECK(
        validate(m) ==
        std::vector<problem>{
            {"logins[1].token", "Conflicting attributes",
             R"(at most one of "user", "token" may be set; "user" and "token" are set)"},
            {"login_set", "Conflicting attributes",
             R"(in an element of the set, at token: at most one of "user", "token" may be set; "user" and "token" are set)"},
            {"admin", "Missing attribute", R"(at least one of "user", "token" must be set; none is set)"},
        });
}

// --- descriptions in the schema

TEST_CASE("the schema lists each attribute's constraints in plain English", "[validate][schema]") {
    const auto& s = tfpp::schema_of<collection_model>();
    CHECK(s.find("tags")->constraints ==
          std::vector<std::string>{"at least 1 and at most 3 elements", "no duplicate elements"});
    CHECK(s.find("zones")->constraints ==
          std::vector<std::string>{"at most 2 elements", "each element: at least 1 and at most 3 characters"});
    CHECK(s.find("pairs")->constraints ==
          std::vector<std::string>{"each element: exactly 2 elements; each element: at least 1 character"});
    const auto& r = tfpp::schema_of<range_model>();
    CHECK(r.find("port")->constraints == std::vector<std::string>{"at least 1 and at most 65535"});
    CHECK(r.find("cores")->constraints == std::vector<std::string>{"at most 10"});
    CHECK(tfpp::schema_of<one_of_model>().find("protocol")->constraints ==
          std::vector<std::string>{R"(one of "tcp", "udp")"});
    const auto& re = tfpp::schema_of<regex_model>();
    CHECK(re.find("slug")->constraints == std::vector<std::string>{"matching the regular expression `^[a-z0-9-]+$`"});
    CHECK(re.find("mode")->constraints == std::vector<std::string>{"three or four octal digits"});
    CHECK(tfpp::schema_of<check_model>().find("even")->constraints == std::vector<std::string>{"an even number"});

    // rules, on every field they name
    const auto& rs = tfpp::schema_of<rules_model>();
    CHECK(rs.find("snapshot")->constraints == std::vector<std::string>{R"(conflicts with "image", "volume")"});
    CHECK(rs.find("cpu")->constraints == std::vector<std::string>{R"(exactly one of "cpu", "memory" must be set)"});
    CHECK(rs.find("password")->constraints ==
          std::vector<std::string>{R"(at least one of "password", "ssh_key", "port" must be set)",
                                   R"(must be set together with "user")"});
    CHECK(rs.find_block("port")->constraints ==
          std::vector<std::string>{R"(at least one of "password", "ssh_key", "port" must be set)"});
    CHECK(rs.find("image")->constraints.size() == 1);

    // nested attributes and blocks carry theirs
    const auto& n = tfpp::schema_of<nested_model>();
    CHECK(n.find("list")->nested->find("from")->constraints ==
          std::vector<std::string>{"at least 1 and at most 65535"});
    CHECK(n.find_block("rule")->block.find("protocol")->constraints ==
          std::vector<std::string>{R"(one of "tcp", "udp")"});
    CHECK(n.find("single")->constraints.empty());
}

// --- the engine: validators, then the handler's validate()

struct server_model {
    tfpp::required<std::string, tfpp::length<1, 8>> name;
    tfpp::optional<std::vector<tfpp::value<std::string>>, tfpp::each<tfpp::one_of<"a", "b">>> zones;
    tfpp::optional<std::map<std::string, port_range>> ports;
    tfpp::computed<std::string> id;
};

struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "v_server";
    void validate(const model& config, tfpp::context& ctx) {
        ctx.error("Handler validate ran", std::to_string(ctx.diagnostics().size()) + " diagnostics before it");
        (void)config;
    }
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct lookup_model {
    tfpp::required<std::string, tfpp::regex<"^[a-z]+$">> key;
    tfpp::computed<std::string> value;
};
struct lookup {
    using model = lookup_model;
    static constexpr std::string_view type_name = "v_lookup";
    std::optional<model> read(model config, tfpp::context&) { return config; }
};

struct provider_config {
    tfpp::optional<std::string, tfpp::regex<"^https://", "an https:// address">> endpoint;
    tfpp::optional<std::string> token;
    tfpp::optional<std::string> token_file;
    using rules = tfpp::rules<tfpp::conflicts_with<"token", "token_file">>;
};

struct provider {
    static constexpr std::string_view type_name = "v";
    using config = provider_config;
    using resources = tfpp::type_list<server>;
    using data_sources = tfpp::type_list<lookup>;
};

using engine = tfpp::detail::engine<provider>;

TEST_CASE("the engine runs validators on the decoded configuration, then the handler's validate",
          "[validate][engine]") {
    engine e;
    server_model c;
    c.name = "much-too-long";
    c.zones = std::vector<tfpp::value<std::string>>{std::string("a"), tfpp::unknown, std::string("z")};
    c.ports = std::map<std::string, port_range>{{"http", port_range{80, 0}}};
    c.id = tfpp::unknown;
    tfpp::context ctx = e.make_context();
    e.resource("v_server")->validate(tfpp::to_msgpack(c), ctx);
    const auto& d = ctx.diagnostics();
    REQUIRE(d.size() == 4);
    CHECK(d[0].path.to_string() == "name");
    CHECK(d[0].detail == "must be 1 to 8 characters long, got 13");
    CHECK(d[1].path.to_string() == "zones[2]");
    CHECK(d[1].detail == R"(must be one of "a", "b", got "z")");
    CHECK(d[2].path.to_string() == "ports[\"http\"].to");
    CHECK(d[3].summary == "Handler validate ran");
    CHECK(d[3].detail == "3 diagnostics before it");

    // an unknown configuration value is not checked
    c.name = tfpp::unknown;
    c.zones = tfpp::unknown;
    c.ports = tfpp::unknown;
    tfpp::context ctx2 = e.make_context();
    e.resource("v_server")->validate(tfpp::to_msgpack(c), ctx2);
    REQUIRE(ctx2.diagnostics().size() == 1);
    CHECK(ctx2.diagnostics()[0].summary == "Handler validate ran");
}

TEST_CASE("the engine validates data source and provider configurations too", "[validate][engine]") {
    engine e;
    lookup_model l;
    l.key = "Key";
    l.value = tfpp::null;
    tfpp::context ctx = e.make_context();
    e.data_source("v_lookup")->validate(tfpp::to_msgpack(l), ctx);
    REQUIRE(ctx.diagnostics().size() == 1);
    CHECK(ctx.diagnostics()[0].path.to_string() == "key");

    provider_config p;
    p.endpoint = "http://example.com";
    p.token = "t";
    p.token_file = "/tmp/t";
    tfpp::context pctx = e.make_context();
    e.validate_provider_config(tfpp::to_msgpack(p), pctx);
    const auto& d = pctx.diagnostics();
    REQUIRE(d.size() == 2);
    CHECK(d[0].path.to_string() == "endpoint");
    CHECK(d[0].detail == R"(must be an https:// address, got "http://example.com")");
    CHECK(d[1].path.to_string() == "token_file");
    CHECK(d[1].summary == "Conflicting attributes");
}

}  // namespace test_validators
