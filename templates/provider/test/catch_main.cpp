// The Catch2 main in a file of its own: the most expensive file of the tests
// to compile, and one a model edit never touches.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
