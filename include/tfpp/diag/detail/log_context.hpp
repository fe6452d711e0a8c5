// What tfpp::log adds to a line before the sink sees it: the fields of the
// thread's scopes and of the request being served, and the masks.
#pragma once

#include <algorithm>
#include <atomic>
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

// Replaces each secret in s by "***", longest first so that no part of a
// longer secret survives a shorter one's replacement.
inline bool mask_secrets(std::string& s, const std::vector<const std::string*>& secrets) {
    bool changed = false;
    for (const std::string* secret : secrets)
        for (std::size_t at = s.find(*secret); at != std::string::npos; at = s.find(*secret, at + 3)) {
            s.replace(at, secret->size(), "***");
            changed = true;
        }
    return changed;
}

// The secrets to mask now, the request's and the process's, longest first;
// `lock` holds the process's masks while the pointers are in use.
inline std::vector<const std::string*> secrets_to_mask(std::unique_lock<std::mutex>& lock) {
    std::vector<const std::string*> secrets;
    for (const std::string& v : log_state.request_masks) secrets.push_back(&v);
    log_process_masks& process = process_masks();
    if (process.any.load(std::memory_order_acquire)) {
        lock = std::unique_lock(process.m);
        for (const std::string& v : process.values) secrets.push_back(&v);
    }
    std::stable_sort(secrets.begin(), secrets.end(),
                     [](const std::string* a, const std::string* b) { return a->size() > b->size(); });
    return secrets;
}

// Text for the client (a diagnostic), masked as log lines are.
inline void mask_text(std::string& s) {
    if (log_state.request_masks.empty() && !process_masks().any.load(std::memory_order_acquire)) return;
    std::unique_lock<std::mutex> lock;
    std::vector<const std::string*> secrets = secrets_to_mask(lock);
    mask_secrets(s, secrets);
}

// Adds the scopes' and the request's fields to a line and masks it, then
// hands it to emit(message, std::span<const Field>). Field is log::field.
template <class Field, class Emit>
void write_line(std::string_view message, std::span<const Field> own, Emit&& emit) {
    const log_thread_state& s = log_state;
    std::vector<line_field> fields;
    fields.reserve(own.size() + s.scope_fields.size() + 3);
    for (const Field& f : own) fields.push_back({f.key, f.value, {}});
    for (const auto& [key, value] : s.scope_fields) fields.push_back({key, value, {}});
    std::string id;
    if (s.in_request) {
        id = request_id(s.request_number);
        fields.push_back({"tf_rpc", s.rpc, {}});
        fields.push_back({"tf_req_id", id, {}});
        if (!s.type_key.empty()) fields.push_back({s.type_key, s.type_name, {}});
    }

    std::unique_lock<std::mutex> lock;
    const std::vector<const std::string*> secrets = secrets_to_mask(lock);
    if (lock.owns_lock()) {
        const log_process_masks& process = process_masks();
        for (line_field& f : fields)
            if (std::find(process.keys.begin(), process.keys.end(), f.key) != process.keys.end()) {
                f.masked = "***";
                f.value = f.masked;
            }
    }
    std::string masked_message;
    if (!secrets.empty()) {
        masked_message = message;
        if (mask_secrets(masked_message, secrets)) message = masked_message;
        for (line_field& f : fields) {
            std::string v(f.value);
            if (mask_secrets(v, secrets)) {
                f.masked = std::move(v);
                f.value = f.masked;
            }
        }
    }
    if (lock.owns_lock()) lock.unlock();

    std::vector<Field> out;
    out.reserve(fields.size());
    for (const line_field& f : fields) out.push_back({f.key, f.value});
    emit(message, std::span<const Field>(out));
}

inline std::size_t push_log_fields(std::initializer_list<std::pair<std::string_view, std::string_view>> fields) {
    const std::size_t outer = log_state.scope_fields.size();
    for (const auto& [key, value] : fields) log_state.scope_fields.emplace_back(key, value);
    return outer;
}
inline void pop_log_fields(std::size_t outer) { log_state.scope_fields.resize(outer); }

inline void add_log_mask(std::string_view secret, bool always) {
    if (secret.empty()) return;
    if (always) {
        log_process_masks& p = process_masks();
        std::lock_guard lock(p.m);
        if (!p.values.contains(secret)) p.values.emplace(secret);
        p.any.store(true, std::memory_order_release);
    } else if (log_state.in_request) {
        auto& masks = log_state.request_masks;
        if (!masks.contains(secret)) masks.emplace(secret);
    }
}

inline void add_log_field_mask(std::string_view key) {
    log_process_masks& p = process_masks();
    std::lock_guard lock(p.m);
    if (std::find(p.keys.begin(), p.keys.end(), key) == p.keys.end()) p.keys.emplace_back(key);
    p.any.store(true, std::memory_order_release);
}

}  // namespace tfpp::detail
