// Inside a test of examples/local (test/docs/include/local_sandbox.hpp).
#include <catch2/catch.hpp>
#include <tfpp/testing.hpp>
#include <tfpp/testing/acceptance.hpp>
#include "local_sandbox.hpp"

TEST_CASE("snippet") {
    sandbox box;
    const local::provider_config config = box.config();
// @snippet
}
