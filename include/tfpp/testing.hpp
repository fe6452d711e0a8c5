// tfpp/testing.hpp: unit-test a provider in-process, in microseconds, with
// any test framework. tfpp::testing::provider_under_test<P> plays Terraform
// core's part (proposed new state, validate, plan, apply, read, import,
// upgrade, the consistency checks) on the same engine that serves the real
// protocol; scenario helpers run whole workflows (create, update, replace,
// empty plan after apply, import, upgrade, drift, unknown values, partial
// failure) and tfpp::testing::diff shows values by attribute path;
// tfpp::testing::explore generates configurations and workflows from the
// schema and shrinks what breaks Terraform's rules to a small scenario.
// docs/testing.md has an example to copy.
#pragma once

#include <tfpp/testing/diff.hpp>
#include <tfpp/testing/explore.hpp>
#include <tfpp/testing/provider_under_test.hpp>
#include <tfpp/tfpp.hpp>
