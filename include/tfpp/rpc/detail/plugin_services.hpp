// go-plugin's side services that Terraform and OpenTofu use around the
// provider service: Shutdown, the stdio stream and the connection broker.
#pragma once

#include <tfpp/rpc/detail/call.hpp>

#include <grpc_broker.grpc.pb.h>
#include <grpc_controller.grpc.pb.h>
#include <grpc_stdio.grpc.pb.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
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

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool stopped_ = false;
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
        while (!ctx->IsCancelled() && !stop_.wait_for(std::chrono::milliseconds(200))) {
        }
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
        while (stream->Read(&info)) {
        }
        return grpc::Status::OK;
    }
};

}  // namespace tfpp::detail
