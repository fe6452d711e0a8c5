// The Catch2 main, compiled once into its own library: it is the most
// expensive translation unit of the test suite.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
