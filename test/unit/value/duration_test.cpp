// tfpp::parse_go_duration accepts what Go's time.ParseDuration accepts.
#include <tfpp/value/duration.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <limits>

using namespace std::chrono_literals;

TEST_CASE("Go durations", "[duration]") {
    using tfpp::parse_go_duration;
    CHECK(parse_go_duration("0") == 0ns);
    CHECK(parse_go_duration("-0") == 0ns);
    CHECK(parse_go_duration("0s") == 0ns);
    CHECK(parse_go_duration("30s") == 30s);
    CHECK(parse_go_duration("20m") == 20min);
    CHECK(parse_go_duration("1h30m") == 90min);
    CHECK(parse_go_duration("1h30m15s") == 90min + 15s);
    CHECK(parse_go_duration("1.5h") == 90min);
    CHECK(parse_go_duration(".5s") == 500ms);
    CHECK(parse_go_duration("5.s") == 5s);
    CHECK(parse_go_duration("300ms") == 300ms);
    CHECK(parse_go_duration("2us") == 2us);
    CHECK(parse_go_duration("2\xc2\xb5s") == 2us);  // µ, U+00B5
    CHECK(parse_go_duration("2\xce\xbcs") == 2us);  // μ, U+03BC
    CHECK(parse_go_duration("100ns") == 100ns);
    CHECK(parse_go_duration("+5s") == 5s);
    CHECK(parse_go_duration("-1.5h") == -90min);
    CHECK(parse_go_duration("1.0000000001s") == 1s);  // below a nanosecond is dropped
    CHECK(parse_go_duration("9223372036854775807ns") == std::chrono::nanoseconds::max());
    CHECK(parse_go_duration("-9223372036854775808ns") == std::chrono::nanoseconds::min());

    for (const char* bad : {"", "5", "s", ".s", ".", "-", "1x", "1h 30m", " 1h", "1.5.5h", "1hh",
                            "9223372036854775808ns", "2562048h", "99999999999999999999s"})
        CHECK_FALSE(parse_go_duration(bad).has_value());
}

TEST_CASE("a timeout is a duration that is not negative", "[duration]") {
    CHECK(tfpp::is_go_duration("45m"));
    CHECK(tfpp::is_go_duration("0"));
    CHECK_FALSE(tfpp::is_go_duration("-5m"));
    CHECK_FALSE(tfpp::is_go_duration("ten minutes"));
}
