// tfpp::serve<Provider>(argc, argv): the whole main() of a provider binary.
//
// Started by Terraform or OpenTofu it checks the magic cookie, agrees on
// protocol 5 or 6, listens on a private unix socket or a loopback TCP port
// (serve_options::transport; with AutoMTLS when the client asks for it), prints the go-plugin handshake line and serves until
// told to shut down. Started by hand with --debug it serves without the
// handshake and prints the TF_REATTACH_PROVIDERS value to use. With
// --schema-json it prints its schemas as `tofu providers schema -json` would,
// with --docs it writes its registry documentation (tfpp/docs/docs.hpp),
// with --version and --manifest-json it says what it is, and exits.
// tfpp::serve_in_process<Provider>() serves on threads of the calling
// process instead (tests, debuggers).
#pragma once

#include <tfpp/provider/provider.hpp>
#include <tfpp/serve/options.hpp>

#include <tfpp/serve/detail/serve_entry.hpp>

#include <memory>
#include <stdexcept>
#include <string>

namespace tfpp {

// The whole main() of a provider binary:
//
//   int main(int argc, char** argv) { return tfpp::serve<my_provider>(argc, argv); }
template <class Provider>
int serve(int argc, char** argv, const serve_options& options = {}) {
    if constexpr (!detail::provider_check<Provider>::ok) {
        return 1;  // provider_check has stated the problem at compile time
    } else {
        return detail::serve_provider(argc, argv, options, &detail::make_engine<Provider>,
                                      detail::provider_version(options));
    }
}

class in_process_server;
template <class Provider>
in_process_server serve_in_process(const serve_options& options = {});

// A provider served on threads of this process, as --debug serves it but
// without printing anything or touching signal handlers: for test harnesses
// (tfpp::testing::acceptance) and for running a provider under a debugger
// from a program of one's own. Terraform and OpenTofu attach to it through
// TF_REATTACH_PROVIDERS=<reattach_config()>; one server may serve any number
// of CLI runs, one after another or at the same time. Stops when stop() is
// called or the object is destroyed; a client's Shutdown request is answered
// and otherwise ignored, since the owner decides how long the server lives.
class in_process_server {
public:
    // The JSON value of TF_REATTACH_PROVIDERS, naming this server under the
    // address of serve_options (under both registries' hosts when it has no host).
    [[nodiscard]] const std::string& reattach_config() const noexcept { return reattach_config_; }
    // Where it listens: the unix socket's path, or 127.0.0.1:PORT when it
    // serves over TCP (serve_options::transport).
    [[nodiscard]] const std::string& socket_path() const noexcept { return socket_path_; }
    [[nodiscard]] int protocol_version() const noexcept { return protocol_version_; }
    [[nodiscard]] bool running() const noexcept { return server_ != nullptr; }

    void stop() {
        if (server_) server_->stop();
        server_.reset();
    }

private:
    template <class Provider>
    friend in_process_server serve_in_process(const serve_options& options);

    explicit in_process_server(detail::in_process_start s)
        : server_(std::move(s.server)),
          reattach_config_(std::move(s.reattach_config)),
          socket_path_(std::move(s.socket_path)),
          protocol_version_(s.protocol_version) {}

    std::unique_ptr<detail::running_provider> server_;
    std::string reattach_config_;
    std::string socket_path_;
    int protocol_version_;
};

// Starts Provider on threads of this process; throws std::runtime_error when
// it cannot (no protocol left to offer, no socket). serve_options::protocols,
// TFPP_PROTOCOL_VERSIONS and consistency_check apply as for serve().
template <class Provider>
in_process_server serve_in_process(const serve_options& options) {
    if constexpr (!detail::provider_check<Provider>::ok) {
        throw std::logic_error("tfpp: not a valid provider");  // provider_check has stated the problem at compile time
    } else {
        return in_process_server(detail::start_in_process(options, &detail::make_engine<Provider>));
    }
}

}  // namespace tfpp

#ifdef TFPP_HEADER_ONLY
#include <tfpp/serve/detail/serve-inl.hpp>
#endif
