// One provider instance behind a gRPC server on a private unix socket or a
// loopback TCP port, with every service Terraform and OpenTofu expect.
#pragma once

#include <tfpp/platform/detail/tcp.hpp>
#include <tfpp/platform/stop_token.hpp>
#include <tfpp/rpc/services.hpp>
#include <tfpp/serve/detail/serve_entry.hpp>
#include <tfpp/serve/detail/socket_dir.hpp>
#include <tfpp/serve/detail/transport.hpp>
#include <tfpp/serve/options.hpp>

#include <grpcpp/grpcpp.h>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace tfpp::detail {

// One provider instance behind a gRPC server, with every service Terraform
// and OpenTofu expect: what serve() runs as a plugin
// process and serve_in_process() runs on threads of the caller's process.
class provider_server final : public running_provider {
public:
    // Throws std::runtime_error when the server cannot listen.
    provider_server(std::unique_ptr<provider_engine> engine, int version, plugin_transport transport,
                    const std::shared_ptr<grpc::ServerCredentials>& credentials,
                    std::function<void()> on_shutdown_request)
        : version_(version), eng_(std::move(engine)), controller_(std::move(on_shutdown_request)) {
        grpc::EnableDefaultHealthCheckService(false);  // health_service instead
        if (transport == plugin_transport::unix_socket) {
            socket_dir_.emplace();
            network_ = "unix";
            address_ = socket_dir_->socket_path();
            server_ = build("unix:" + address_, credentials, nullptr);
            if (!server_) throw std::runtime_error("cannot listen on " + address_);
            try {
                socket_dir_->apply_group_from_environment();
            } catch (...) {
                stop();
                throw;
            }
        } else {
            // go-plugin's order: each port of the range in turn, the first
            // that binds. A port another process holds is passed over before
            // gRPC is asked, which would log its failure.
            const tcp_port_range range = port_range_from_environment();
            network_ = "tcp";
            for (int port = range.min; port <= range.max && !server_; ++port) {
                if (port != 0 && !loopback_port_free(port)) continue;
                int bound = 0;
                server_ = build("127.0.0.1:" + std::to_string(port), credentials, &bound);
                if (server_) address_ = "127.0.0.1:" + std::to_string(bound);
            }
            if (!server_)
                throw std::runtime_error("no free TCP port on 127.0.0.1 from " + std::to_string(range.min) + " to " +
                                         std::to_string(range.max) + " (PLUGIN_MIN_PORT, PLUGIN_MAX_PORT)");
        }
    }
    provider_server(const provider_server&) = delete;
    provider_server& operator=(const provider_server&) = delete;
    ~provider_server() override { stop(); }

    // As the handshake line names it: "unix" and the socket's path, or "tcp"
    // and 127.0.0.1:PORT.
    [[nodiscard]] const std::string& network() const noexcept { return network_; }
    [[nodiscard]] const std::string& address() const noexcept { return address_; }

    // Terraform's first call is GetProviderSchema. Its bytes are built on a
    // thread started once the handshake line is out, while the client
    // connects, so that call finds them ready (or waits for the rest; a
    // failure here is left for that call to report).
    void warm_up_schema() {
        if (schema_warmup_.joinable()) return;
        schema_warmup_ = jthread([this] {
            try {
                if (version_ == 6) (void)v6_.schema_response_bytes();
                else (void)v5_.schema_response_bytes();
            } catch (...) {}
        });
    }

    // Handlers see their stop token fire, open streams end, and calls still
    // running get a second to finish. Safe to call more than once.
    void stop() override {
        if (!server_) return;
        eng_->request_stop();
        stopping_.trigger();
        server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
        server_->Wait();
        server_.reset();
    }

private:
    // A server listening on `address`, or null when it cannot bind there.
    std::unique_ptr<grpc::Server> build(const std::string& address,
                                        const std::shared_ptr<grpc::ServerCredentials>& credentials, int* bound_port) {
        grpc::ServerBuilder builder;
        builder.AddListeningPort(address, credentials, bound_port);
        // gRPC binds TCP ports with SO_REUSEPORT by default: a second provider
        // would then share the first one's port, and its connections.
        builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
        builder.SetMaxReceiveMessageSize(256 << 20);
        builder.SetMaxSendMessageSize(256 << 20);
        // gRPC's default of at most two idle polling threads makes a thread
        // for each call beyond two in flight and ends it after the call;
        // Terraform makes ten at a time (-parallelism), so the threads stay.
        builder.SetSyncServerOption(grpc::ServerBuilder::SyncServerOption::MAX_POLLERS, 16);
        if (version_ == 6) {
            builder.RegisterService(&v6_);
        } else {
            builder.RegisterService(&v5_);
            builder.RegisterService(&provisioner_);
        }
        builder.RegisterService(&health_);
        builder.RegisterService(&controller_);
        builder.RegisterService(&stdio_);
        builder.RegisterService(&broker_);
        return builder.BuildAndStart();
    }

    int version_;
    std::optional<socket_dir> socket_dir_;
    std::string network_;
    std::string address_;
    std::unique_ptr<provider_engine> eng_;
    stop_signal stopping_;
    provider_service_v6 v6_{*eng_};
    provider_service_v5 v5_{*eng_};
    provisioner_service_v5 provisioner_;
    health_service health_{stopping_};
    controller_service controller_;
    stdio_service stdio_{stopping_};
    broker_service broker_;
    std::unique_ptr<grpc::Server> server_;
    jthread schema_warmup_;  // last: joined before the services it uses are destroyed
};

}  // namespace tfpp::detail
