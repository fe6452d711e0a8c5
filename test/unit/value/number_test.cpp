#include <tfpp/value/number.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace test_number {

using tfpp::number;
using form = tfpp::number::form;

namespace {
number parse(const char* s) {
    auto n = number::parse(s);
    REQUIRE(n);
    return *n;
}
}  // namespace

TEST_CASE("a number takes the form of its value, so equal numbers look the same", "[value][number]") {
    CHECK(number(42).representation() == form::int64);
    CHECK(number(42.0).representation() == form::int64);
    CHECK(parse("42").representation() == form::int64);
    CHECK(parse("4.2e1").representation() == form::int64);
    CHECK(parse("42.000").representation() == form::int64);
    CHECK(number(42) == parse("0.42e2"));

    CHECK(number(0.5).representation() == form::float64);
    CHECK(parse("0.5").representation() == form::float64);  // exactly a double
    CHECK(number(0.5) == parse("0.50"));

    CHECK(parse("0.1").representation() == form::decimal);  // not exactly a double
    CHECK(number(0.1).representation() == form::float64);
    CHECK_FALSE(parse("0.1") == number(0.1));  // 0.1 stays 0.1
    CHECK(parse("0.1").to_string() == "0.1");
    CHECK(number(0.1).to_string() == "0.1");  // shortest text that reads back as the double

    CHECK(number(std::numeric_limits<std::uint64_t>::max()).representation() == form::decimal);
    CHECK(number(std::numeric_limits<std::uint64_t>::max()).to_string() == "18446744073709551615");
    CHECK(number(std::numeric_limits<std::int64_t>::min()).to_string() == "-9223372036854775808");
}

TEST_CASE("big and small numbers keep every digit", "[value][number]") {
    const number big = parse("123456789012345678901234567890.000000000000000000001");
    CHECK(big.representation() == form::decimal);
    CHECK(big.to_string() == "123456789012345678901234567890.000000000000000000001");
    CHECK(parse("1e30").to_string() == "1000000000000000000000000000000");
    CHECK(parse("-1.5e-10").to_string() == "-0.00000000015");
    CHECK(parse("1e400").to_string().size() == 401);
    CHECK(parse(".5") == number(0.5));
    CHECK(parse("5.") == number(5));
    CHECK(parse("+7") == number(7));
    CHECK(parse("-0") == number(0));
    // A whole double beyond int64 becomes its shortest decimal, as go-cty sends it.
    CHECK(number(1e23).to_string() == "100000000000000000000000");
    CHECK(number(9223372036854775808.0).to_string() == "9223372036854776000");
}

TEST_CASE("parsing refuses what is not a decimal number", "[value][number][bad-input]") {
    for (const char* bad : {"", " ", "1 ", "abc", "1e", "1e+", "--1", "1.2.3", "0x10", "1_000", "NaN", "1p3", "e5"}) {
        INFO(bad);
        CHECK_FALSE(number::parse(bad));
    }
    // A short text must not ask for a huge expansion.
    CHECK_FALSE(number::parse("1e999999999"));
    CHECK_FALSE(number::parse("1e-999999999"));
    CHECK(number::parse("1e9999"));
    CHECK_THROWS_AS(number(std::nan("")), std::domain_error);
}

TEST_CASE("numbers compare exactly across forms", "[value][number]") {
    CHECK(number(1) < number(1.5));
    CHECK(number(1.5) < number(2));
    CHECK(parse("0.1") < number(0.1));  // the double 0.1 is 0.1000000000000000055...
    CHECK(parse("0.1000000000000000055511151231257827021181583404541015625") == number(0.1));
    CHECK(parse("-1e400") < number(std::numeric_limits<std::int64_t>::min()));
    CHECK(parse("1e400") > number(1e300));
    CHECK(number::infinity() > parse("1e400"));
    CHECK(number::infinity(true) < parse("-1e400"));
    CHECK(number::infinity() == *number::parse("+Inf"));
    CHECK(number::infinity().to_string() == "+Inf");
    CHECK((number(3) <=> number(3)) == std::strong_ordering::equal);
}

TEST_CASE("fast paths give the payload without conversion", "[value][number]") {
    CHECK(number(7).to_int64() == 7);
    CHECK_FALSE(number(7.5).to_int64());
    CHECK_FALSE(parse("1e30").to_int64());
    CHECK(number(7.5).to_double() == 7.5);
    CHECK(parse("0.1").to_double() == 0.1);
    CHECK(parse("1e400").to_double() == HUGE_VAL);
    CHECK(parse("1e30").is_integer());
    CHECK_FALSE(parse("0.1").is_integer());
    CHECK(parse("-0.1").is_negative());
}

}  // namespace test_number
