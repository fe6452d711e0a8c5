// Precompiled once for unit-provider (Meson's cpp_pch): the headers its files
// share take about half of each file's compile time.
#include <tfpp/rpc/services.hpp>
#include <tfpp/tfpp.hpp>
#include <tfpp/testing.hpp>
#include <catch2/catch.hpp>
