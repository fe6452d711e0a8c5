// Provider functions: the signature derived from the parameters struct and
// call(), arguments of every kind tfpp encodes, and every way a call fails
// (wrong argument count, a value that does not fit, an error at one argument,
// an exception) as a function error, never a crash.
#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace test_function {

struct point {
    std::int64_t x = 0;
    std::int64_t y = 0;
};

// Every kind of parameter: plain, nullable, unknown-tolerant, objects,
// collections, exact numbers, dynamic values, and a variadic tail.
struct describe_function {
    static constexpr std::string_view name = "describe";
    static constexpr tfpp::doc doc{
        .markdown = "Describes its *arguments*.", .deprecated = "Use describe2.", .summary = "Describe arguments"};
    struct parameters {
        std::string label;
        std::optional<std::int64_t> count;
        tfpp::value<std::string> maybe;
        point where;
        tfpp::set<std::string> tags;
        std::map<std::string, tfpp::number> weights;
        tfpp::dynamic anything;
        tfpp::variadic<std::optional<bool>> flags;

        struct docs {
            tfpp::doc label{"A label."};
            tfpp::doc flags{.markdown = "Any number of *flags*."};
        };
    };
    tfpp::value<std::string> call(const parameters& args, tfpp::context& ctx) {
        if (args.maybe.is_unknown()) return tfpp::unknown;
        if (args.label == "throw") throw std::runtime_error("boom");
        if (args.label == "fail")
            return ctx.error("Refused", "the label says so", tfpp::path_of(&parameters::label)), "";
        if (args.label == "flag")
            return ctx.error("Bad flag", "the second one", tfpp::path_of(&parameters::flags).then_index(1)), "";
        std::string out = args.label + " count=" + (args.count ? std::to_string(*args.count) : "null") +
                          " maybe=" + args.maybe.value_or("null") + " where=" + std::to_string(args.where.x) + "," +
                          std::to_string(args.where.y) + " tags=";
        for (const auto& t : args.tags) out += t + ";";
        out += " weights=";
        for (const auto& [k, v] : args.weights) out += k + ":" + v.to_string() + ";";
        out += " anything=" + args.anything.type().friendly_name() + " flags=";
        for (const auto& f : args.flags) out += f ? (*f ? "T" : "F") : "-";
        return out;
    }
};

// A dynamic result: its type travels with it.
struct echo_function {
    static constexpr std::string_view name = "echo";
    struct parameters {
        tfpp::dynamic value;
    };
    tfpp::dynamic call(const parameters& args, tfpp::context&) { return args.value; }
};

// No parameters, an object result.
struct origin_function {
    static constexpr std::string_view name = "origin";
    struct parameters {};
    point call(const parameters&, tfpp::context&) { return {}; }
};

struct provider {
    static constexpr std::string_view type_name = "fn";
    using functions = tfpp::type_list<describe_function, echo_function, origin_function>;
};
static_assert(tfpp::valid_provider<provider>);

describe_function::parameters sample() {
    describe_function::parameters p;
    p.label = "a";
    p.count = 3;
    p.maybe = "m";
    p.where = {1, 2};
    p.tags = tfpp::set<std::string>{"y", "x"};
    p.weights = {{"k", tfpp::number(0.5)}};
    p.anything = tfpp::dynamic(true);
    p.flags = {true, std::nullopt, false};
    return p;
}

TEST_CASE("a function's signature comes from its parameters struct and call()", "[function]") {
    const tfpp::function_schema& s = tfpp::function_schema_of<describe_function>();
    REQUIRE(s.parameters.size() == 7);
    CHECK(s.parameters[0].name == "label");
    CHECK(s.parameters[0].type == tfpp::type::string());
    CHECK_FALSE(s.parameters[0].allow_null);
    CHECK_FALSE(s.parameters[0].allow_unknown);
    CHECK(s.parameters[0].description == "A label.");
    CHECK(s.parameters[1].allow_null);
    CHECK_FALSE(s.parameters[1].allow_unknown);
    CHECK(s.parameters[2].allow_null);
    CHECK(s.parameters[2].allow_unknown);
    CHECK(tfpp::to_type_json(s.parameters[3].type) == R"(["object",{"x":"number","y":"number"}])");
    CHECK(tfpp::to_type_json(s.parameters[4].type) == R"(["set","string"])");
    CHECK(tfpp::to_type_json(s.parameters[5].type) == R"(["map","number"])");
    CHECK(s.parameters[6].type.is_dynamic());
    REQUIRE(s.variadic);
    CHECK(s.variadic->name == "flags");
    CHECK(s.variadic->type == tfpp::type::boolean());
    CHECK(s.variadic->allow_null);
    CHECK(s.variadic->description_is_markdown);
    CHECK(s.return_type == tfpp::type::string());
    CHECK(s.summary == "Describe arguments");
    CHECK(s.description == "Describes its *arguments*.");
    CHECK(s.description_is_markdown);
    CHECK(s.deprecation_message == "Use describe2.");
    CHECK(tfpp::function_schema_of<origin_function>().parameters.empty());
    CHECK(tfpp::function_schema_of<echo_function>().return_type.is_dynamic());
}

TEST_CASE("arguments of every kind reach call(), variadic ones in order", "[function]") {
    tfpp::testing::provider_under_test<provider> p;
    auto r = p.call_function<describe_function>(sample());
    REQUIRE(r.ok());
    CHECK(**r.result == "a count=3 maybe=m where=1,2 tags=x;y; weights=k:0.5; anything=bool flags=T-F");

    auto none = sample();
    none.count = std::nullopt;
    none.maybe = tfpp::null;
    none.flags = {};
    auto r2 = p.call_function<describe_function>(none);
    REQUIRE(r2.ok());
    CHECK(**r2.result == "a count=null maybe=null where=1,2 tags=x;y; weights=k:0.5; anything=bool flags=");

    auto unknown = sample();
    unknown.maybe = tfpp::unknown;
    auto r3 = p.call_function<describe_function>(unknown);
    REQUIRE(r3.ok());
    CHECK(r3.result->is_unknown());
}

TEST_CASE("dynamic and object results travel with their types", "[function]") {
    tfpp::testing::provider_under_test<provider> p;
    echo_function::parameters args;
    args.value =
        tfpp::dynamic::list(tfpp::type::number(), {tfpp::dynamic(tfpp::number(1)), tfpp::dynamic(tfpp::number(2))});
    auto r = p.call_function<echo_function>(args);
    REQUIRE(r.ok());
    CHECK(*r.result == args.value);
    auto o = p.call_function<origin_function>({});
    REQUIRE(o.ok());
    CHECK(o.result->x == 0);
}

TEST_CASE("an error at a parameter names its argument; an exception is a function error", "[function]") {
    tfpp::testing::provider_under_test<provider> p;
    auto fail = sample();
    fail.label = "fail";
    auto r = p.call_function<describe_function>(fail);
    CHECK_FALSE(r.ok());
    CHECK(r.error == "Refused: the label says so");
    CHECK(r.argument == 0);

    auto flag = sample();
    flag.label = "flag";
    auto r2 = p.call_function<describe_function>(flag);
    CHECK(r2.error == "Bad flag: the second one");
    CHECK(r2.argument == 8);  // seven fixed parameters, then the variadic ones from 7

    auto thrown = sample();
    thrown.label = "throw";
    auto r3 = p.call_function<describe_function>(thrown);
    CHECK(r3.error == "Unexpected error in describe function: boom");
    CHECK_FALSE(r3.argument);
}

TEST_CASE("the wrong number of arguments and values that do not fit are function errors", "[function]") {
    tfpp::detail::engine<provider> e;
    tfpp::detail::function_handler* f = e.function("describe");
    REQUIRE(f);
    tfpp::context ctx = e.make_context();
    tfpp::detail::function_error error;
    const std::string label = tfpp::to_msgpack(std::string("a"));
    std::vector<std::string_view> args{label};
    CHECK_FALSE(f->call(args, ctx, error));
    CHECK(error.text == "describe takes at least 7 arguments, got 1");

    // A number where the label's string belongs, a null where null is not
    // allowed, an unknown where unknowns are not: each names its argument.
    auto s = sample();
    std::vector<std::string> encoded;
    tfpp::detail::for_each_field(s, [&](std::string_view, const auto& field) {
        using field_type = std::remove_cvref_t<decltype(field)>;
        if constexpr (tfpp::detail::parameter_traits<field_type>::is_variadic)
            for (const auto& x : field) encoded.push_back(tfpp::to_msgpack(x));
        else encoded.push_back(tfpp::to_msgpack(field));
    });
    auto call_with = [&](std::size_t at, std::string bytes) {
        auto copy = encoded;
        copy[at] = std::move(bytes);
        std::vector<std::string_view> views(copy.begin(), copy.end());
        tfpp::context c = e.make_context();
        tfpp::detail::function_error err;
        CHECK_FALSE(f->call(views, c, err));
        return err;
    };
    auto number = call_with(0, tfpp::to_msgpack(std::int64_t{5}));
    CHECK(number.argument == 0);
    CHECK(number.text == "Incorrect value type: expected a string, got a number");
    auto null = call_with(3, std::string("\xc0", 1));
    CHECK(null.argument == 3);
    CHECK(null.text.find("Null value not allowed") == 0);
    auto unknown = call_with(0, std::string("\xd4\x00\x00", 3));
    CHECK(unknown.argument == 0);
    CHECK(unknown.text.find("Unknown value not allowed") == 0);
    auto bad_flag = call_with(8, tfpp::to_msgpack(std::string("yes")));
    CHECK(bad_flag.argument == 8);
}

}  // namespace test_function
