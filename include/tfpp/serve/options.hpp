// How tfpp::serve and tfpp::serve_in_process run a provider.
#pragma once

#include <tfpp/plan/consistency_mode.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tfpp {

// How Terraform or OpenTofu reaches the provider, as go-plugin's server does
// it: a unix socket in a private directory (its choice outside Windows), or
// TCP on 127.0.0.1 at a port between PLUGIN_MIN_PORT and PLUGIN_MAX_PORT
// (its choice on Windows, and the one where unix sockets are not allowed).
enum class plugin_transport { unix_socket, tcp };

struct serve_options {
    // Protocol majors this binary offers; the client picks the highest it
    // knows. The environment variable TFPP_PROTOCOL_VERSIONS (e.g. "5") narrows
    // the set at run time, to test a provider under one major.
    std::vector<int> protocols{6, 5};
    // Registry address printed for --debug, e.g. "tfpp/local" (listed for
    // both registry.terraform.io and registry.opentofu.org) or a full
    // "host/namespace/type". Empty: the provider's type name alone, which
    // Terraform reads as hashicorp/<type>. --schema-json names the provider
    // as OpenTofu does: registry.opentofu.org/tfpp/local.
    std::string address{};
    // tfpp checks its planned and applied values against Terraform's rules
    // before answering (docs/planning.md). Unset: the environment variable
    // TFPP_CONSISTENCY_CHECK (on, warn, off) decides, on by default.
    std::optional<tfpp::consistency_check> consistency_check{};
    // The provider's version, printed by --version and the release tools.
    // Empty: the macro TFPP_PROVIDER_VERSION where main() is compiled (a
    // Meson build defines it from the project's version), else "0.0.0-dev".
    std::string version{};
    // Unset: the environment variable TFPP_PLUGIN_TRANSPORT (unix, tcp)
    // decides, else the platform: tcp on Windows, unix elsewhere.
    std::optional<plugin_transport> transport{};
};

}  // namespace tfpp
