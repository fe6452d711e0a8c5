// The exploration behind tfpp::testing::explore: workflows drawn from a
// seed, run on a fresh driver each, the properties checked after each step,
// and a failure shrunk (steps dropped, then values simplified) while it
// still fails the same property. The class is in explorer_class.hpp, its
// sections in the files below.
#pragma once

#include <tfpp/testing/detail/explore_catch2.hpp>
#include <tfpp/testing/detail/explore_drawing.hpp>
#include <tfpp/testing/detail/explore_running.hpp>
#include <tfpp/testing/detail/explore_shrinking.hpp>
