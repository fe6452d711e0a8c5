// Provider logging. Lines go to stderr as hclog JSON, which Terraform and
// OpenTofu parse and show at the right level under TF_LOG / TF_LOG_PROVIDER.
//
//   tfpp::log::info("wrote {} bytes to {}", n, path);
//   tfpp::log::scope fields{{"database", name}};   // on every line of this thread until it ends
//
// Each line written while tfpp serves a request carries the request's fields
// (tf_rpc, tf_req_id, tf_resource_type ...). Values of sensitive and
// write-only attributes of the request's models, and of the provider's
// configuration, are replaced by "***" in every line: a secret cannot be
// logged through tfpp::log by mistake. mask_value and mask_field hide more.
#pragma once

#include <tfpp/diag/detail/log_context.hpp>

#include <fmt/core.h>

#include <atomic>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp::log {

// The module of tfpp's own lines, as hclog names a library's.
inline constexpr std::string_view sdk_module = "sdk.tfpp";

enum class level : int { trace = 0, debug = 1, info = 2, warn = 3, error = 4, off = 5 };

// A key/value pair attached to a log line, e.g. {"tf_resource_type", "local_file"}.
struct field {
    std::string_view key;
    std::string_view value;
};

// Where log lines go; tfpp::serve installs the hclog writer. Until then lines
// are dropped, which keeps unit tests quiet. The sink gets lines already
// masked, with the scope's fields after the line's own.
using sink_fn = void (*)(level, std::string_view module, std::string_view message, std::span<const field> fields);
inline std::atomic<sink_fn> sink{nullptr};
inline std::atomic<level> threshold{level::off};

[[nodiscard]] inline bool enabled(level l) noexcept {
    return l >= threshold.load(std::memory_order_relaxed) && sink.load(std::memory_order_relaxed) != nullptr;
}

// Fields added to every line this thread writes while the scope lives
// (scopes nest). The strings are copied.
class scope {
public:
    scope(std::initializer_list<std::pair<std::string_view, std::string_view>> fields)
        : outer_size_(detail::push_log_fields(fields)) {}
    ~scope() { detail::pop_log_fields(outer_size_); }
    scope(const scope&) = delete;
    scope& operator=(const scope&) = delete;

private:
    std::size_t outer_size_;
};

// Hides `secret` in every line: by this thread until the request being
// served ends (by any thread for the rest of the process when `always`).
// Empty strings are ignored.
inline void mask_value(std::string_view secret, bool always = false) { detail::add_log_mask(secret, always); }
// Hides the value of every field named `key` ("password", "token"), always.
inline void mask_field(std::string_view key) { detail::add_log_field_mask(key); }

}  // namespace tfpp::log

namespace tfpp::detail {
// Adds the scopes' and the request's fields to a line, masks it and hands it to the sink.
void write_log_line(log::sink_fn sink, log::level l, std::string_view module, std::string_view message,
                    std::span<const log::field> own);
}  // namespace tfpp::detail

namespace tfpp::log {

// Writes one line from `module` ("provider" for provider code).
inline void write(level l, std::string_view module, std::string_view message,
                  std::initializer_list<field> fields = {}) {
    if (sink_fn s = sink.load(std::memory_order_relaxed); s && l >= threshold.load(std::memory_order_relaxed))
        detail::write_log_line(s, l, module, message, std::span<const field>(fields.begin(), fields.size()));
}
inline void write(level l, std::string_view message) { write(l, "provider", message); }

template <class... Args>
void trace(fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level::trace)) write(level::trace, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void debug(fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level::debug)) write(level::debug, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void info(fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level::info)) write(level::info, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void warn(fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level::warn)) write(level::warn, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void error(fmt::format_string<Args...> f, Args&&... args) {
    if (enabled(level::error)) write(level::error, fmt::format(f, std::forward<Args>(args)...));
}

}  // namespace tfpp::log

#ifdef TFPP_HEADER_ONLY
#include <tfpp/diag/detail/log-inl.hpp>
#endif
