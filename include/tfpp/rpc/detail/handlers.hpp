// One function per provider RPC, shared by protocol 5 and 6: each turns the
// request into engine calls and the results into the response. One header
// per kind (its RPC mapping), and what they share in request_support.hpp.
#pragma once

#include <tfpp/rpc/detail/action_rpcs.hpp>
#include <tfpp/rpc/detail/data_source_rpcs.hpp>
#include <tfpp/rpc/detail/ephemeral_rpcs.hpp>
#include <tfpp/rpc/detail/function_rpcs.hpp>
#include <tfpp/rpc/detail/list_rpcs.hpp>
#include <tfpp/rpc/detail/provider_rpcs.hpp>
#include <tfpp/rpc/detail/request_support.hpp>
#include <tfpp/rpc/detail/resource_rpcs.hpp>
#include <tfpp/rpc/detail/state_store_rpcs.hpp>
