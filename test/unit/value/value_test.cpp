#include <tfpp/value/value.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_value {

TEST_CASE("a default value is null", "[value]") {
    tfpp::value<std::string> v;
    CHECK(v.is_null());
    CHECK_FALSE(v.is_known());
    CHECK_FALSE(v.is_unknown());
    CHECK(v.state() == tfpp::value_state::null);
}

TEST_CASE("values become known, unknown and null again", "[value]") {
    tfpp::value<std::string> v = "abc";
    REQUIRE(v.is_known());
    CHECK(*v == "abc");
    CHECK(v->size() == 3);
    v = tfpp::unknown;
    CHECK(v.is_unknown());
    v = tfpp::null;
    CHECK(v.is_null());
    v.emplace() = "x";
    CHECK(v.get() == "x");
}

TEST_CASE("reading a value that is not known throws a descriptive error", "[value]") {
    tfpp::value<int> n;
    CHECK_THROWS_AS(n.get(), tfpp::value_access_error);
    CHECK_THROWS_WITH(n.get(), Catch::Contains("null"));
    n = tfpp::unknown;
    CHECK_THROWS_WITH(*n, Catch::Contains("unknown"));
    CHECK(n.value_or(7) == 7);
    n = 3;
    CHECK(n.value_or(7) == 3);
}

TEST_CASE("equality compares state, then the known value", "[value]") {
    using v = tfpp::value<std::vector<int>>;
    CHECK(v{} == v{});
    CHECK(v{tfpp::unknown} == v{tfpp::unknown});
    CHECK_FALSE(v{} == v{tfpp::unknown});
    CHECK(v{std::vector<int>{1, 2}} == v{std::vector<int>{1, 2}});
    CHECK_FALSE(v{std::vector<int>{1}} == v{std::vector<int>{2}});
    CHECK(tfpp::value<int>{4} == 4);
    CHECK_FALSE(tfpp::value<int>{} == 0);
}

}  // namespace test_value

#include <tfpp/diag/path.hpp>

namespace test_path {

TEST_CASE("attribute paths print like Terraform's plan output", "[value]") {
    const tfpp::attribute_path p = tfpp::attribute_path("rules").then_index(0).then_attribute("ports").then_key("a\"b");
    CHECK(p.to_string() == "rules[0].ports[\"a\\\"b\"]");
    REQUIRE(p.steps().size() == 4);
    CHECK(p.steps()[1].kind == tfpp::attribute_path::step::kind::index);
    CHECK(p.steps()[1].position == 0);
    CHECK(tfpp::attribute_path("x") == tfpp::attribute_path("x"));
    CHECK(tfpp::attribute_path().empty());
}

}  // namespace test_path
