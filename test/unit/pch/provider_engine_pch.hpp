// unit-provider's precompiled headers where it links no gRPC
// (-Dunit_sources=no_grpc, libc++): provider_pch.hpp without the services.
#include <tfpp/tfpp.hpp>
#include <tfpp/testing.hpp>
#include <catch2/catch.hpp>
