// go-plugin's side services that Terraform and OpenTofu use around the
// provider service: the health check, Shutdown, the stdio stream and the
// connection broker.
#pragma once

#include <tfpp/rpc/detail/call.hpp>

#include <grpc_broker.grpc.pb.h>
#include <grpc_controller.grpc.pb.h>
#include <grpc_health.pb.h>
#include <grpc_stdio.grpc.pb.h>
#include <grpcpp/impl/rpc_service_method.h>
#include <grpcpp/support/method_handler.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string_view>
#include <utility>

namespace tfpp::detail {

// Set once the process is going away, so that long-lived streams end.
class stop_signal {
public:
    void trigger() {
        {
            std::lock_guard lock(m_);
            stopped_ = true;
        }
        cv_.notify_all();
    }
    // Waits until triggered or the deadline passes; true when triggered.
    bool wait_for(std::chrono::milliseconds d) {
        std::unique_lock lock(m_);
        return cv_.wait_for(lock, d, [&] { return stopped_; });
    }
    bool stopped() {
        std::lock_guard lock(m_);
        return stopped_;
    }
    // For a long-lived stream: waits until triggered or the client cancels.
    void wait_while_open(grpc::ServerContext& ctx) {
        while (!ctx.IsCancelled() && !wait_for(std::chrono::milliseconds(200))) {}
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool stopped_ = false;
};

// grpc.health.v1.Health, which go-plugin's client checks before anything
// else, on gRPC's synchronous API like every other service here. gRPC's
// built-in health service is a callback service, and any callback service
// starts gRPC's callback threads, which then poll the same connections as the
// synchronous ones: a call read on one of them is handed to another thread
// (about 10 us more per call). The server, "", and go-plugin's "plugin" are
// SERVING until the process stops.
class health_service final : public grpc::Service {
public:
    using request = tfpp::health::HealthCheckRequest;
    using response = tfpp::health::HealthCheckResponse;

    explicit health_service(stop_signal& stop) : stop_(stop) {
        AddMethod(new grpc::internal::RpcServiceMethod(
            "/grpc.health.v1.Health/Check", grpc::internal::RpcMethod::NORMAL_RPC,
            new grpc::internal::RpcMethodHandler<health_service, request, response>(
                [](health_service* self, grpc::ServerContext*, const request* req, response* resp) {
                    return self->check(*req, *resp);
                },
                this)));
        AddMethod(new grpc::internal::RpcServiceMethod(
            "/grpc.health.v1.Health/Watch", grpc::internal::RpcMethod::SERVER_STREAMING,
            new grpc::internal::ServerStreamingHandler<health_service, request, response>(
                [](health_service* self, grpc::ServerContext* ctx, const request* req,
                   grpc::ServerWriter<response>* writer) { return self->watch(ctx, *req, *writer); },
                this)));
    }

private:
    static bool known(std::string_view service) { return service.empty() || service == "plugin"; }
    response::ServingStatus status() { return stop_.stopped() ? response::NOT_SERVING : response::SERVING; }

    grpc::Status check(const request& req, response& resp) {
        if (!known(req.service())) return grpc::Status(grpc::StatusCode::NOT_FOUND, "unknown service");
        resp.set_status(status());
        return grpc::Status::OK;
    }
    // The current status, then NOT_SERVING when the process stops.
    grpc::Status watch(grpc::ServerContext* ctx, const request& req, grpc::ServerWriter<response>& writer) {
        response resp;
        resp.set_status(known(req.service()) ? status() : response::SERVICE_UNKNOWN);
        if (!writer.Write(resp)) return grpc::Status::OK;
        stop_.wait_while_open(*ctx);
        if (known(req.service()) && !ctx->IsCancelled()) {
            resp.set_status(response::NOT_SERVING);
            writer.Write(resp);
        }
        return grpc::Status::OK;
    }

    stop_signal& stop_;
};

// plugin.GRPCController/Shutdown: answer first, then let the serving loop stop
// the server; stopping it from inside the handler would wait for the handler.
class controller_service final : public plugin::GRPCController::Service {
public:
    explicit controller_service(std::function<void()> on_shutdown) : on_shutdown_(std::move(on_shutdown)) {}
    grpc::Status Shutdown(grpc::ServerContext*, const plugin::Empty*, plugin::Empty*) override {
        return rpc_call("Shutdown", [&] { on_shutdown_(); });
    }

private:
    std::function<void()> on_shutdown_;
};

// plugin.GRPCStdio: tfpp writes logs straight to stderr, which the client
// reads, so the stream stays open and idle until the process stops.
class stdio_service final : public plugin::GRPCStdio::Service {
public:
    explicit stdio_service(stop_signal& stop) : stop_(stop) {}
    grpc::Status StreamStdio(grpc::ServerContext* ctx, const google::protobuf::Empty*,
                             grpc::ServerWriter<plugin::StdioData>*) override {
        stop_.wait_while_open(*ctx);
        return grpc::Status::OK;
    }

private:
    stop_signal& stop_;
};

// plugin.GRPCBroker: tfpp brokers no extra connections; the stream is read
// until the client closes it.
class broker_service final : public plugin::GRPCBroker::Service {
public:
    grpc::Status StartStream(grpc::ServerContext*,
                             grpc::ServerReaderWriter<plugin::ConnInfo, plugin::ConnInfo>* stream) override {
        plugin::ConnInfo info;
        while (stream->Read(&info)) {}
        return grpc::Status::OK;
    }
};

}  // namespace tfpp::detail
