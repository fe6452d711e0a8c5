// A test file of examples/local (test/docs/include/local_sandbox.hpp).
#include <catch2/catch.hpp>
#include "local_sandbox.hpp"
