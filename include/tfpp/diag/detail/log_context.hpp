// What tfpp::log adds to a line before the sink sees it: the fields of the
// thread's scopes and of the request being served, and the masks. The
// writer and the masking are compiled once (src/diag/log.cpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <mutex>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::detail {

// The longest message or field value a log line carries; longer ones are cut
// (bounded_text), so that no line grows with a request's values.
inline constexpr std::size_t log_value_bytes_limit = 16 * 1024;

// A field of a line once scopes and the request are added, owning its value
// only where masking changed it.
struct line_field {
    std::string_view key;
    std::string_view value;
    std::string masked;
};

struct log_thread_state {
    std::vector<std::pair<std::string, std::string>> scope_fields;
    // The request this thread serves: set by log_request, used by mask_value.
    bool in_request = false;
    std::string_view rpc;
    std::string_view type_key;  // tf_resource_type, tf_data_source_type, ...
    std::string_view type_name;
    std::uint64_t request_number = 0;
    std::set<std::string, std::less<>> request_masks;  // a set: a big sensitive set adds each in O(log n)
};
inline thread_local log_thread_state log_state;

struct log_process_masks {
    std::mutex m;
    std::set<std::string, std::less<>> values;
    std::vector<std::string> keys;
    std::atomic<bool> any{false};
};
inline log_process_masks& process_masks() {
    static log_process_masks masks;
    return masks;
}

// Request IDs look like the UUIDs of Go's SDK: 128 random-looking bits from a
// per-process seed and a counter, formatted only when a line is written.
inline std::uint64_t mix64(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
inline std::uint64_t next_request_number() {
    static const std::uint64_t seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    static std::atomic<std::uint64_t> counter{0};
    return seed ^ mix64(counter.fetch_add(1, std::memory_order_relaxed));
}
inline std::string request_id(std::uint64_t number) {
    const std::uint64_t hi = mix64(number), lo = mix64(number ^ 0x5851f42d4c957f2dULL);
    char buf[37];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                  static_cast<unsigned>((hi >> 16) & 0xffff), static_cast<unsigned>(hi & 0xfff),
                  static_cast<unsigned>(0x8000 | ((lo >> 48) & 0x3fff)),
                  static_cast<unsigned long long>(lo & 0xffffffffffffULL));
    return buf;
}

// While it lives, this thread serves one request: its lines carry tf_rpc,
// tf_req_id and the type (key, name), and mask_value() masks until it ends.
class log_request {
public:
    log_request(std::string_view rpc, std::string_view type_key = {}, std::string_view type_name = {}) {
        log_thread_state& s = log_state;
        s.in_request = true;
        s.rpc = rpc;
        s.type_key = type_key;
        s.type_name = type_name;
        s.request_number = next_request_number();
    }
    ~log_request() {
        log_thread_state& s = log_state;
        s.in_request = false;
        s.rpc = s.type_key = s.type_name = {};
        s.request_masks.clear();
    }
    log_request(const log_request&) = delete;
    log_request& operator=(const log_request&) = delete;
};

// Text for the client (a diagnostic), masked as log lines are.
void mask_text(std::string& s);

inline std::size_t push_log_fields(std::initializer_list<std::pair<std::string_view, std::string_view>> fields) {
    const std::size_t outer = log_state.scope_fields.size();
    for (const auto& [key, value] : fields) log_state.scope_fields.emplace_back(key, value);
    return outer;
}
inline void pop_log_fields(std::size_t outer) { log_state.scope_fields.resize(outer); }

void add_log_mask(std::string_view secret, bool always);
void add_log_field_mask(std::string_view key);

}  // namespace tfpp::detail
