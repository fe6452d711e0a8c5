// serve() and serve_in_process(), compiled once into the tfpp library: the
// provider's own types reach them as an engine (tfpp/serve/detail/serve_entry.hpp).
// Compiled once from src/serve/serve.cpp, or inline in every file that includes
// <tfpp/serve/server.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/diag/log.hpp>
#include <tfpp/docs/docs.hpp>
#include <tfpp/platform/detail/free_memory.hpp>
#include <tfpp/platform/detail/output.hpp>
#include <tfpp/platform/detail/process.hpp>
#include <tfpp/platform/detail/signals.hpp>
#include <tfpp/serve/detail/arguments.hpp>
#include <tfpp/serve/detail/automtls.hpp>
#include <tfpp/serve/detail/hclog.hpp>
#include <tfpp/serve/detail/protocol_offer.hpp>
#include <tfpp/serve/detail/provider_server.hpp>
#include <tfpp/serve/detail/schema_json.hpp>
#include <tfpp/serve/detail/serve_entry.hpp>
#include <tfpp/serve/detail/shutdown_waiter.hpp>
#include <tfpp/serve/detail/transport.hpp>
#include <tfpp/serve/options.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfpp::detail {

namespace serve_impl {  // the file's own helpers

// The registry manifest (terraform-registry-manifest.json) of a binary
// serving these protocol majors: {"version":1,"metadata":{"protocol_versions":["6.0","5.0"]}}.
TFPP_INLINE std::string manifest_json(const std::vector<int>& versions) {
    std::string list;
    for (const int v : versions) list += (list.empty() ? "\"" : ",\"") + std::to_string(v) + ".0\"";
    return "{\"version\":1,\"metadata\":{\"protocol_versions\":[" + list + "]}}";
}

// Starts the server's certificate during static initialization, ahead of
// gRPC's and protobuf's initializers (automtls_certificate). Header-only: an
// inline variable, initialized once, at the same priority, by the first file
// that includes it.
[[maybe_unused]] TFPP_INLINE __attribute__((init_priority(101))) const automtls_certificate_starter
    start_automtls_certificate;

TFPP_INLINE std::string reattach_address(const serve_options& options, const provider_engine& e) {
    return options.address.empty() ? std::string(e.type_name()) : options.address;
}

}  // namespace serve_impl
using namespace serve_impl;

TFPP_INLINE int serve_provider(int argc, char** argv, const serve_options& options, engine_maker make,
                   std::string_view provider_version) {
    const started_certificate_wait certificate_wait;
    const run_mode mode = parse_arguments(argc, argv);
    if (mode.help || !mode.bad_argument.empty()) {
        if (!mode.bad_argument.empty()) write_all(standard_error_fd, "unknown argument: " + mode.bad_argument + "\n");
        write_all(
            mode.help ? standard_output_fd : standard_error_fd,
            std::string("Usage: ") + (argc > 0 ? argv[0] : "provider") +
                " [--debug | --schema-json | --docs[=DIR] | --version | --manifest-json]\n\n"
                "  --debug          serve without the handshake and print the TF_REATTACH_PROVIDERS value\n"
                "  --schema-json    print the provider's schemas as `tofu providers schema -json` does, and exit\n"
                "  --docs[=DIR]     write the registry documentation into DIR/docs from DIR/templates and\n"
                "                   DIR/examples (DIR: the provider's repository, . by default), and exit\n"
                "  --version        print the provider's version, and exit\n"
                "  --manifest-json  print the registry manifest (the protocol versions served), and exit\n\n" +
                std::string(not_a_program_message));
        return mode.help ? 0 : 2;
    }
    if (mode.version) {
        write_all(standard_output_fd, std::string(provider_version) + "\n");
        return 0;
    }
    std::unique_ptr<provider_engine> engine = make();
    if (mode.manifest_json) {
        const protocol_offer offer = offer_protocols(*engine, options);
        if (!offer.failure.empty()) return startup_failure(offer.failure, false);
        write_all(standard_output_fd, manifest_json(offer.versions) + "\n");
        return 0;
    }
    if (mode.docs) {
        try {
            const docs_options docs{.provider_dir = mode.docs_dir, .provider_name = std::string(engine->type_name())};
            for (const std::string& file : generate_docs(schemas_of(*engine, options.address), docs))
                write_all(standard_output_fd, file + "\n");
            return 0;
        } catch (const std::exception& e) {
            std::string_view why = e.what();
            if (why.starts_with("tfpp: ")) why.remove_prefix(6);
            write_all(standard_error_fd, "tfpp: cannot write the documentation: " + std::string(why) + "\n");
            return 1;
        }
    }
    if (mode.schema_json) {
        try {
            provider_schemas schemas = schemas_of(*engine, options.address);
            // Protocol 5 has no state stores: a provider offering only 5 shows none, as the CLI sees it.
            const std::vector<int> offered = offer_protocols(*engine, options).versions;
            if (std::find(offered.begin(), offered.end(), 6) == offered.end()) schemas.state_stores.clear();
            write_all(standard_output_fd, schema_json(schemas) + "\n");
            return 0;
        } catch (const std::exception& e) {
            write_all(standard_error_fd, std::string("tfpp: cannot print the schema: ") + e.what() + "\n");
            return 1;
        }
    }
    const bool managed = !mode.debug;
    install_hclog();
    tune_allocator_for_serving();
    if (options.consistency_check) set_consistency_check(options.consistency_check);

    if (managed) {
        const char* cookie = std::getenv(std::string(magic_cookie_key).c_str());
        if (cookie == nullptr || magic_cookie_value != cookie) {
            write_all(standard_error_fd, not_a_program_message);
            return 1;
        }
        ignore_interrupts_until_exec();  // Terraform sends StopProvider instead
    }
    ignore_broken_pipes_until_exec();

    const protocol_offer offer = offer_protocols(*engine, options);
    if (!offer.failure.empty()) return startup_failure(offer.failure, managed);
    const char* client_versions = std::getenv("PLUGIN_PROTOCOL_VERSIONS");
    const std::vector<int> client = managed && client_versions ? parse_versions(client_versions) : std::vector<int>{};
    auto lists = [](const std::vector<int>& versions, int v) {
        return std::find(versions.begin(), versions.end(), v) != versions.end();
    };
    // go-plugin's fallback (our lowest version, for the client to refuse)
    // would hide the reason from the user.
    if (!offer.needs_6.empty() && lists(client, 5) &&
        std::none_of(offer.versions.begin(), offer.versions.end(), [&](int v) { return lists(client, v); }))
        return startup_failure(offer.needs_6 + ", which needs protocol 6; this client offers only protocol 5", managed);
    const int version = negotiate_version(offer.versions, client);

    plugin_transport transport{};
    try {
        transport = chosen_transport(options);
    } catch (const std::exception& e) {
        return startup_failure(e.what(), managed);
    }

    shutdown_waiter waiter(mode.debug);
    if (!waiter.ok()) return startup_failure("cannot set up signal handling", managed);

    // AutoMTLS. The server's certificate is made on a second thread while this
    // one starts gRPC and sets the server up (see automtls_credentials). The
    // client's certificate is not parsed here: gRPC parses it when it adds the
    // port, as the only root a client's certificate is verified against. When
    // the server cannot start, the certificate's failure is reported, or the
    // client's certificate is looked at to say whether it was the reason.
    const char* client_cert = managed ? std::getenv("PLUGIN_CLIENT_CERT") : nullptr;
    const bool tls = client_cert != nullptr && *client_cert != '\0';
    std::shared_future<server_certificate> certificate;
    try {
        if (tls) certificate = automtls_certificate();
        if (tls && !certificate.valid())  // the magic cookie checked above
            certificate = std::async(certificate_launch(), make_server_certificate).share();
        // gRPC is started here, while the certificate is made; left to the
        // first credentials or the server builder, it would start later. It
        // is never shut down: the process ends once serve() returns, and
        // grpc_shutdown() joins gRPC's executor threads, one of which can sit
        // in a poll for up to ten seconds after a busy session, while
        // go-plugin kills a plugin that has not exited two seconds after
        // Shutdown.
        grpc_init();
        const std::shared_ptr<grpc::ServerCredentials> credentials =
            tls ? automtls(client_cert, certificate) : grpc::InsecureServerCredentials();
        const std::string address = reattach_address(options, *engine);
        provider_server server(std::move(engine), version, transport, credentials, [&] { waiter.request(); });
        if (managed) {
            const std::string cert_base64 = tls ? base64_unpadded(certificate.get().cert_der) : std::string();
            write_all(standard_output_fd, handshake_line(version, server.network(), server.address(), cert_base64));
        } else {
            const std::string config =
                reattach_config(address, version, current_process_id(), server.network(), server.address());
            write_all(standard_output_fd,
                      "Provider started. To attach Terraform or OpenTofu, set the TF_REATTACH_PROVIDERS environment "
                      "variable with the following:\n\n\tTF_REATTACH_PROVIDERS=" +
                          shell_quote(config) + "\n\n");
        }
        server.warm_up_schema();
        log::write(log::level::info, log::sdk_module, "provider serving",
                   {{"tf_proto_version", std::to_string(version)}, {"address", server.address()}});

        const std::string_view why = waiter.wait();
        log::write(log::level::info, log::sdk_module, "provider stopping", {{"reason", why}});
        server.stop();
        return 0;
    } catch (const std::exception& e) {
        if (tls) {
            try {
                if (certificate.valid()) (void)certificate.get();
            } catch (const std::exception& cert_failure) {
                return startup_failure(cert_failure.what(), managed);
            }
            if (!is_pem_certificate(client_cert))
                return startup_failure("PLUGIN_CLIENT_CERT does not hold a PEM certificate", managed);
        }
        return startup_failure(e.what(), managed);
    }
}

TFPP_INLINE in_process_start start_in_process(const serve_options& options, engine_maker make) {
    if (options.consistency_check) set_consistency_check(options.consistency_check);
    std::unique_ptr<provider_engine> engine = make();
    const protocol_offer offer = offer_protocols(*engine, options);
    if (!offer.failure.empty()) throw std::runtime_error("tfpp: the provider could not start: " + offer.failure);
    const int version = negotiate_version(offer.versions, {});
    const std::string address = reattach_address(options, *engine);
    auto server = std::make_unique<provider_server>(std::move(engine), version, chosen_transport(options),
                                                    grpc::InsecureServerCredentials(), [] {});
    server->warm_up_schema();
    std::string socket_path = server->address();
    std::string config = reattach_config(address, version, current_process_id(), server->network(), socket_path);
    return {std::move(server), std::move(config), std::move(socket_path), version};
}

}  // namespace tfpp::detail
