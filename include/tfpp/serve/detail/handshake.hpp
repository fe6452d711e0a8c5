// The go-plugin handshake, as Terraform and OpenTofu run it: a magic cookie in
// the environment, a protocol version both sides know, and one line on stdout
// telling the client where to connect.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

inline constexpr std::string_view magic_cookie_key = "TF_PLUGIN_MAGIC_COOKIE";
inline constexpr std::string_view magic_cookie_value =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

inline constexpr std::string_view not_a_program_message =
    "This binary is a plugin for Terraform and OpenTofu. It is not meant to be run directly:\n"
    "Terraform or OpenTofu starts it when a configuration uses this provider.\n"
    "To debug it, run it with --debug and follow the printed instructions.\n";

// Comma-separated protocol majors, e.g. PLUGIN_PROTOCOL_VERSIONS="5,6".
inline std::vector<int> parse_versions(std::string_view list) {
    std::vector<int> out;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        int v = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (ec == std::errc() && p == item.data() + item.size()) out.push_back(v);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return out;
}

// go-plugin's rule: the highest server version the client also lists; when
// none matches, the lowest server version (the client then reports the
// mismatch itself). No client list means the server's highest.
inline int negotiate_version(std::vector<int> server, const std::vector<int>& client) {
    std::sort(server.begin(), server.end(), std::greater<>());
    if (server.empty()) return 0;
    if (client.empty()) return server.front();
    for (int v : server)
        if (std::find(client.begin(), client.end(), v) != client.end()) return v;
    return server.back();
}

// CORE|APP|NETWORK|ADDR|PROTOCOL|CERT, newline-terminated.
// NETWORK and ADDR: "unix" and the socket's path, or "tcp" and 127.0.0.1:PORT.
inline std::string handshake_line(int protocol_version, std::string_view network, std::string_view address,
                                  std::string_view cert_base64) {
    std::string line = "1|" + std::to_string(protocol_version) + "|";
    line += network;
    line += '|';
    line += address;
    line += "|grpc|";
    line += cert_base64;
    line += '\n';
    return line;
}

// The TF_REATTACH_PROVIDERS value for a provider serving in debug mode. An
// address without a host ("ns/name") is listed under both registries' hosts,
// so one value works for Terraform and for OpenTofu.
inline std::string reattach_config(std::string_view provider_address, int protocol_version, long pid,
                                   std::string_view network, std::string_view address) {
    nlohmann::ordered_json entry;
    entry["Protocol"] = "grpc";
    entry["ProtocolVersion"] = protocol_version;
    entry["Pid"] = pid;
    entry["Test"] = true;
    entry["Addr"] = {{"Network", network}, {"String", address}};
    nlohmann::ordered_json all = nlohmann::ordered_json::object();
    const auto slashes = std::count(provider_address.begin(), provider_address.end(), '/');
    if (slashes == 1) {
        all["registry.terraform.io/" + std::string(provider_address)] = entry;
        all["registry.opentofu.org/" + std::string(provider_address)] = entry;
    } else {
        all[std::string(provider_address)] = entry;
    }
    return all.dump();
}

// Single-quoted for a POSIX shell.
inline std::string shell_quote(std::string_view s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out += "'\"'\"'";
        else out += c;
    }
    out += '\'';
    return out;
}

}  // namespace tfpp::detail
