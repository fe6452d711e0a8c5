// The provider binary's command line (--debug, --schema-json, --docs,
// --version, --manifest-json), and how it
// reports a failure before the handshake.
#pragma once

#include <tfpp/diag/log.hpp>
#include <tfpp/platform/detail/pipe_drain.hpp>
#include <tfpp/serve/detail/handshake.hpp>

#include <getopt.h>
#include <unistd.h>
#include <cerrno>
#include <string>
#include <string_view>

namespace tfpp::detail {

struct run_mode {
    bool debug = false;
    bool help = false;
    bool schema_json = false;
    bool docs = false;
    std::string docs_dir = ".";  // --docs=DIR: the provider's repository
    bool version = false;
    bool manifest_json = false;
    std::string bad_argument;
};

inline run_mode parse_arguments(int argc, char** argv) {
    run_mode mode;
    static const option long_options[] = {{"debug", no_argument, nullptr, 'd'},
                                          {"help", no_argument, nullptr, 'h'},
                                          {"schema-json", no_argument, nullptr, 's'},
                                          {"docs", optional_argument, nullptr, 'D'},
                                          {"version", no_argument, nullptr, 'v'},
                                          {"manifest-json", no_argument, nullptr, 'm'},
                                          {nullptr, 0, nullptr, 0}};
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_options, nullptr)) != -1) {
        if (c == 'd') mode.debug = true;
        else if (c == 'h') mode.help = true;
        else if (c == 's') mode.schema_json = true;
        else if (c == 'D') {
            mode.docs = true;
            if (optarg != nullptr) mode.docs_dir = optarg;
        } else if (c == 'v') mode.version = true;
        else if (c == 'm') mode.manifest_json = true;
        else mode.bad_argument = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    }
    if (mode.bad_argument.empty() && optind < argc) mode.bad_argument = argv[optind];
    return mode;
}

inline void write_all(int fd, std::string_view s) {
    while (!s.empty()) {
        const ssize_t w = ::write(fd, s.data(), s.size());
        if (w <= 0) return;
        s.remove_prefix(static_cast<std::size_t>(w));
    }
}

// A failure before the handshake. go-plugin clients show a first stdout line
// without enough '|' fields to the user ("Unrecognized remote plugin
// message"), so the reason reaches the person running terraform.
inline int startup_failure(std::string_view reason, bool managed) {
    std::string line = "tfpp: the provider could not start: " + std::string(reason);
    // go-plugin reads stdout's first line as a handshake: one line, no '|'.
    for (char& c : line)
        if (c == '|' || static_cast<unsigned char>(c) < 0x20) c = '?';
    line += '\n';
    write_all(STDERR_FILENO, line);
    if (managed) {
        write_all(STDOUT_FILENO, line);
        wait_until_read(STDOUT_FILENO, std::chrono::seconds(2));  // the CLI shows this line as the reason
    }
    log::write(log::level::error, log::sdk_module, "provider could not start", {{"error", reason}});
    return 1;
}

}  // namespace tfpp::detail
