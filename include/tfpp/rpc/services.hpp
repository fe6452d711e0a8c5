// The gRPC services of a provider process, over the engine
// (tfpp/provider/detail/engine.hpp):
//
//   tfplugin6.Provider, tfplugin5.Provider   detail::provider_service_v6, _v5 (over a provider_engine)
//   plugin.GRPCController                    Shutdown
//   plugin.GRPCStdio, plugin.GRPCBroker      go-plugin's side services
//   grpc.health.v1.Health                    "" and "plugin" are SERVING until the server stops
//
// Each service translates protobuf messages to the engine's calls and back;
// an RPC tfpp does not support answers with a diagnostic that says so.
// tfpp::serve registers them; nothing here is for provider code.
#pragma once

#include <tfpp/rpc/detail/plugin_services.hpp>
#include <tfpp/rpc/detail/service_v5.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>
