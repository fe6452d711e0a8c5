// Log lines in go-hclog's JSON form on stderr. Terraform and OpenTofu read the
// provider's stderr line by line and re-log JSON lines at their @level, so
// `TF_LOG=debug tofu apply` shows them. The timestamp layout is the one Go's
// parser insists on; any other layout makes the whole line plain text.
#pragma once

#include <tfpp/diag/log.hpp>
#include <tfpp/platform/detail/clock.hpp>
#include <tfpp/platform/detail/output.hpp>

#include <google/protobuf/stubs/logging.h>
#include <grpc/support/log.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

namespace tfpp::detail {

inline std::string_view level_name(log::level l) noexcept {
    switch (l) {
    case log::level::trace: return "trace";
    case log::level::debug: return "debug";
    case log::level::info: return "info";
    case log::level::warn: return "warn";
    case log::level::error: return "error";
    default: return "off";
    }
}

// 2006-01-02T15:04:05.000000Z07:00 in Go's notation, always in UTC.
inline std::string hclog_timestamp(std::chrono::system_clock::time_point now) {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    const std::time_t secs = static_cast<std::time_t>(micros / 1000000);
    const std::tm tm = utc_calendar_time(secs);
    char buf[40];
    const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    std::snprintf(buf + n, sizeof buf - n, ".%06lldZ", static_cast<long long>(micros % 1000000));
    return buf;
}

inline std::string hclog_line(log::level l, std::string_view module, std::string_view message,
                              std::span<const log::field> fields, std::chrono::system_clock::time_point now) {
    nlohmann::ordered_json j;
    j["@level"] = level_name(l);
    j["@message"] = message;
    j["@module"] = module;
    j["@timestamp"] = hclog_timestamp(now);
    for (const auto& f : fields) j[std::string(f.key)] = f.value;
    // Replace rather than throw on invalid UTF-8 from provider code.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
}

// The lock spans the write: a line longer than PIPE_BUF takes several, and
// another thread's line between them would break both (go-hclog locks too).
// Terraform drains stderr continuously, so the write does not block for long.
inline void hclog_sink(log::level l, std::string_view module, std::string_view message,
                       std::span<const log::field> fields) {
    static std::mutex m;
    const std::string line = hclog_line(l, module, message, fields, std::chrono::system_clock::now());
    std::lock_guard lock(m);
    write_all(standard_error_fd, line);
}

// The level Terraform shows: TF_LOG_PROVIDER, else TF_LOG. Unset means Terraform
// discards provider logs, so only warnings and errors are written.
inline log::level level_from_environment() {
    const char* v = std::getenv("TF_LOG_PROVIDER");
    if (v == nullptr || *v == '\0') v = std::getenv("TF_LOG");
    if (v == nullptr || *v == '\0') return log::level::warn;
    std::string s(v);
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (s == "OFF") return log::level::off;
    if (s == "ERROR") return log::level::error;
    if (s == "WARN") return log::level::warn;
    if (s == "INFO") return log::level::info;
    if (s == "DEBUG") return log::level::debug;
    return log::level::trace;  // TRACE, JSON, and anything Terraform treats as TRACE
}

// gRPC's own messages (a refused TLS handshake, say) as hclog lines too, so
// that everything on stderr is JSON. They concern the transport, not the
// provider, so they sit one level lower than gRPC rates them.
// An exception must not leave it: gRPC's C code calls it.
inline void grpc_log_to_hclog(gpr_log_func_args* args) noexcept {
    const log::level l = args->severity == GPR_LOG_SEVERITY_ERROR  ? log::level::warn
                         : args->severity == GPR_LOG_SEVERITY_INFO ? log::level::debug
                                                                   : log::level::trace;
    if (!log::enabled(l)) return;
    try {
        const std::string where = std::string(args->file ? args->file : "?") + ":" + std::to_string(args->line);
        log::write(l, "sdk.grpc", args->message ? args->message : "", {{"@caller", where}});
    } catch (...) {  // out of memory, or a sink that throws: the line is lost, the provider goes on
    }
}

// And protobuf's (a message that does not parse, a string that is not
// UTF-8), which it would print as "[libprotobuf ERROR ...]" text: at the
// level it gives them.
inline void protobuf_log_to_hclog(google::protobuf::LogLevel level, const char* filename, int line,
                                  const std::string& message) {
    const log::level l = level >= google::protobuf::LOGLEVEL_ERROR     ? log::level::error
                         : level == google::protobuf::LOGLEVEL_WARNING ? log::level::warn
                                                                       : log::level::debug;
    if (!log::enabled(l)) return;
    try {
        const std::string where = std::string(filename ? filename : "?") + ":" + std::to_string(line);
        log::write(l, "sdk.protobuf", message, {{"@caller", where}});
    } catch (...) {  // as above: the line is lost, the provider goes on
    }
}

inline void install_hclog() {
    log::threshold.store(level_from_environment());
    log::sink.store(&hclog_sink);
    gpr_set_log_function(&grpc_log_to_hclog);
    google::protobuf::SetLogHandler(&protobuf_log_to_hclog);
}

}  // namespace tfpp::detail
