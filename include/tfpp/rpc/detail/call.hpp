// Every RPC runs through rpc_call: it logs the call the way Terraform's own
// SDK does (tf_rpc, tf_req_id, tf_req_duration_ms) and keeps a stray exception from
// taking the process down.
#pragma once

#include <tfpp/diag/detail/log_context.hpp>
#include <tfpp/diag/log.hpp>
#include <tfpp/platform/detail/free_memory.hpp>

#include <grpcpp/grpcpp.h>
#include <grpcpp/support/method_handler.h>

#include <chrono>
#include <cstddef>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp::detail {

// The log field that names what a request is about, from the RPC's name.
inline std::string_view type_field_of(std::string_view rpc) noexcept {
    if (rpc.find("DataSource") != std::string_view::npos || rpc.find("DataResource") != std::string_view::npos)
        return "tf_data_source_type";
    if (rpc.find("Ephemeral") != std::string_view::npos) return "tf_ephemeral_resource_type";
    if (rpc.find("Action") != std::string_view::npos) return "tf_action_type";
    if (rpc.find("StateStore") != std::string_view::npos || rpc.find("StateBytes") != std::string_view::npos ||
        rpc == "LockState" || rpc == "UnlockState" || rpc == "GetStates" || rpc == "DeleteState")
        return "tf_state_store_type";
    return "tf_resource_type";
}

// Runs one request: every log line written meanwhile on this thread carries
// tf_rpc, tf_req_id and, when the request names one, its type or function.
template <class F>
grpc::Status rpc_call(std::string_view rpc, F&& f, std::string_view type_key = {}, std::string_view type_name = {}) {
    const log_request request(rpc, type_key, type_name);
    const auto start = std::chrono::steady_clock::now();
    if (log::enabled(log::level::debug)) log::write(log::level::debug, log::sdk_module, "Received request");
    try {
        f();
    } catch (const std::exception& e) {
        log::write(log::level::error, log::sdk_module, "Request failed", {{"error", e.what()}});
        return grpc::Status(grpc::StatusCode::INTERNAL, std::string(rpc) + " failed in the provider: " + e.what());
    } catch (...) {
        log::write(log::level::error, log::sdk_module, "Request failed");
        return grpc::Status(grpc::StatusCode::INTERNAL, std::string(rpc) + " failed in the provider");
    }
    if (log::enabled(log::level::debug)) {
        const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const std::string duration = std::to_string(ms);
        log::write(log::level::debug, log::sdk_module, "Served request", {{"tf_req_duration_ms", duration}});
    }
    return grpc::Status::OK;
}
// A request at least this large (values of megabytes) has the memory its
// call freed handed back to the system once the call is over (a trim on
// its own thread, platform/detail/free_memory.hpp): glibc keeps it in its
// arenas otherwise (bench/memory measures it). ByteSizeLong() adds up the
// fields' sizes; it makes no pass over the bytes.
inline constexpr std::size_t trim_after_request_bytes = std::size_t{1} << 20;

template <class Request, class F>
grpc::Status rpc_call(std::string_view rpc, const Request* req, F&& f) {
    const auto call = [&] {
        if constexpr (requires { req->type_name(); })
            return rpc_call(rpc, std::forward<F>(f), type_field_of(rpc), req->type_name());
        else if constexpr (requires { req->action_type(); })
            return rpc_call(rpc, std::forward<F>(f), "tf_action_type", req->action_type());
        else if constexpr (requires { req->name(); })
            return rpc_call(rpc, std::forward<F>(f), "tf_function_name", req->name());
        else return rpc_call(rpc, std::forward<F>(f));
    };
    grpc::Status status = call();
    if (req->ByteSizeLong() >= trim_after_request_bytes) free_memory_after_calls::instance().large_call_ended();
    return status;
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
