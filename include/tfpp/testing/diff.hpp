// tfpp::testing::diff: the attribute paths at which two values differ, with
// both values, as text a test failure can show. Empty when they are equal,
// so it works with any test framework:
//
//   CHECK(tfpp::testing::diff(expected, state) == "");
//
// partial_diff compares only what the expected value sets (attributes left
// null there are not compared): handy when computed values such as hashes
// are not the point of a test.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <string>
#include <string_view>

#include <tfpp/testing/detail/diff.hpp>

namespace tfpp::testing {

// One line per differing attribute path: `  content: expected "a", got "b"`.
// Empty when the values are equal. Works on models and on any value type
// tfpp can encode.
template <class M>
std::string diff(const M& expected, const M& actual) {
    return detail::diff_models(expected, actual, false);
}

// The same, comparing only the attributes (and map keys) that `expected`
// sets: null there means "any value".
template <class M>
std::string partial_diff(const M& expected, const M& actual) {
    return detail::diff_models(expected, actual, true);
}

// Two values of one type (e.g. decoded from bytes).
inline std::string diff(const dynamic& expected, const dynamic& actual) {
    detail::differ d;
    d.compare(expected, actual);
    return d.out;
}

}  // namespace tfpp::testing
