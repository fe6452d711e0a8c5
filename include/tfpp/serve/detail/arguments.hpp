// The provider binary's command line (--debug, --schema-json, --docs,
// --version, --manifest-json), and how it
// reports a failure before the handshake.
#pragma once

#include <tfpp/diag/log.hpp>
#include <tfpp/platform/detail/command_line.hpp>
#include <tfpp/platform/detail/output.hpp>
#include <tfpp/platform/detail/pipe_drain.hpp>
#include <tfpp/serve/detail/handshake.hpp>

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
    static constexpr long_option long_options[] = {{"debug", false, 'd'},   {"help", false, 'h'},
                                                   {"schema-json", false, 's'}, {"docs", true, 'D'},
                                                   {"version", false, 'v'}, {"manifest-json", false, 'm'}};
    const int first_operand =
        parse_long_options(argc, argv, "h", long_options, [&](int c, const char* value, int next) {
            if (c == 'd') mode.debug = true;
            else if (c == 'h') mode.help = true;
            else if (c == 's') mode.schema_json = true;
            else if (c == 'D') {
                mode.docs = true;
                if (value != nullptr) mode.docs_dir = value;
            } else if (c == 'v') mode.version = true;
            else if (c == 'm') mode.manifest_json = true;
            else mode.bad_argument = next > 0 && next <= argc ? argv[next - 1] : "?";
        });
    if (mode.bad_argument.empty() && first_operand < argc) mode.bad_argument = argv[first_operand];
    return mode;
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
    write_all(standard_error_fd, line);
    if (managed) {
        write_all(standard_output_fd, line);
        wait_until_read(standard_output_fd, std::chrono::seconds(2));  // the CLI shows this line as the reason
    }
    log::write(log::level::error, log::sdk_module, "provider could not start", {{"error", reason}});
    return 1;
}

}  // namespace tfpp::detail
