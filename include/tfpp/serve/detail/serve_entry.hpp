// What the file with main() sees of serve(): the provider's engine is made
// there, everything else (arguments, AutoMTLS, the gRPC services, the server,
// --docs and --schema-json) is compiled once, in the tfpp library
// (src/serve/serve.cpp), so a provider's main file compiles only its own types.
#pragma once

#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/serve/options.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace tfpp::detail {

// A running provider, whatever its type: what in_process_server holds.
class running_provider {
public:
    virtual ~running_provider() = default;
    virtual void stop() = 0;
};

using engine_maker = std::unique_ptr<provider_engine> (*)();

template <class P>
std::unique_ptr<provider_engine> make_engine() {
    return std::make_unique<engine<P>>();
}

// The version --version prints. TFPP_PROVIDER_VERSION is read here, in the
// one file that includes tfpp/serve.hpp (the file with main()).
inline std::string provider_version(const serve_options& options) {
    if (!options.version.empty()) return options.version;
#ifdef TFPP_PROVIDER_VERSION
    return TFPP_PROVIDER_VERSION;
#else
    return "0.0.0-dev";
#endif
}

// serve()'s flow: arguments, protocol offer, AutoMTLS, the server, the
// handshake line, then waiting for the end. `version` is provider_version().
int serve_provider(int argc, char** argv, const serve_options& options, engine_maker make, std::string_view version);

// What serve_in_process() starts: the server and how to reach it.
struct in_process_start {
    std::unique_ptr<running_provider> server;
    std::string reattach_config;
    std::string socket_path;
    int protocol_version = 0;
};

// Throws std::runtime_error when the provider cannot start.
in_process_start start_in_process(const serve_options& options, engine_maker make);

}  // namespace tfpp::detail
