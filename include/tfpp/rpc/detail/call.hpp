// Every RPC runs through rpc_call: it logs the call the way Terraform's own
// SDK does (tf_rpc, tf_req_duration_ms) and keeps a stray exception from
// taking the process down.
#pragma once

#include <tfpp/diag/log.hpp>

#include <grpcpp/grpcpp.h>
#include <grpcpp/support/method_handler.h>

#include <chrono>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp::detail {

template <class F>
grpc::Status rpc_call(std::string_view rpc, F&& f) {
    const auto start = std::chrono::steady_clock::now();
    if (log::enabled(log::level::debug))
        log::write(log::level::debug, log::sdk_module, "Received request", {{"tf_rpc", rpc}});
    try {
        f();
    } catch (const std::exception& e) {
        log::write(log::level::error, log::sdk_module, "Request failed", {{"tf_rpc", rpc}, {"error", e.what()}});
        return grpc::Status(grpc::StatusCode::INTERNAL, std::string(rpc) + " failed in the provider: " + e.what());
    } catch (...) {
        log::write(log::level::error, log::sdk_module, "Request failed", {{"tf_rpc", rpc}});
        return grpc::Status(grpc::StatusCode::INTERNAL, std::string(rpc) + " failed in the provider");
    }
    if (log::enabled(log::level::debug)) {
        const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const std::string duration = std::to_string(ms);
        log::write(log::level::debug, log::sdk_module, "Served request",
                   {{"tf_rpc", rpc}, {"tf_req_duration_ms", duration}});
    }
    return grpc::Status::OK;
}

// A synchronous handler for a unary method whose answer is bytes made once
// (the schema: megabytes of protobuf for a thousand resource types), sent as
// they are with no message built or serialized per call. gRPC has no raw
// synchronous unary method; a streamed unary one (one read, one write) is the
// same call on the wire. For grpc::Service::MarkMethodStreamed.
template <class Answer>
grpc::internal::MethodHandler* raw_unary_handler(std::string_view rpc, Answer answer) {
    using streamer = grpc::ServerUnaryStreamer<grpc::ByteBuffer, grpc::ByteBuffer>;
    return new grpc::internal::StreamedUnaryHandler<grpc::ByteBuffer, grpc::ByteBuffer>(
        [rpc, answer = std::move(answer)](grpc::ServerContext*, streamer* stream) {
            return rpc_call(rpc, [&] {
                grpc::ByteBuffer request;  // empty for both schema methods
                if (stream->Read(&request)) stream->Write(answer());
            });
        });
}

}  // namespace tfpp::detail
