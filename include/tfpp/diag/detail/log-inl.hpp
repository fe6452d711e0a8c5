// The log's masking and line writer, compiled once (tfpp/diag/log.hpp).
// Compiled once from src/diag/log.cpp, or inline in every file that includes
// <tfpp/diag/log.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/log.hpp>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

namespace tfpp::detail {

namespace log_impl {  // the file's own helpers

// Replaces each secret in s by "***", longest first so that no part of a
// longer secret survives a shorter one's replacement.
TFPP_INLINE bool mask_secrets(std::string& s, const std::vector<const std::string*>& secrets) {
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
TFPP_INLINE std::vector<const std::string*> secrets_to_mask(std::unique_lock<std::mutex>& lock) {
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

}  // namespace log_impl
using namespace log_impl;

// Text for the client (a diagnostic), masked as log lines are.
TFPP_INLINE void mask_text(std::string& s) {
    if (log_state.request_masks.empty() && !process_masks().any.load(std::memory_order_acquire)) return;
    std::unique_lock<std::mutex> lock;
    std::vector<const std::string*> secrets = secrets_to_mask(lock);
    mask_secrets(s, secrets);
}

TFPP_INLINE void add_log_mask(std::string_view secret, bool always) {
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

TFPP_INLINE void add_log_field_mask(std::string_view key) {
    log_process_masks& p = process_masks();
    std::lock_guard lock(p.m);
    if (std::find(p.keys.begin(), p.keys.end(), key) == p.keys.end()) p.keys.emplace_back(key);
    p.any.store(true, std::memory_order_release);
}

TFPP_INLINE void write_log_line(log::sink_fn sink, log::level l, std::string_view module, std::string_view message,
                    std::span<const log::field> own) {
    const log_thread_state& s = log_state;
    std::vector<line_field> fields;
    fields.reserve(own.size() + s.scope_fields.size() + 3);
    for (const log::field& f : own) fields.push_back({f.key, f.value, {}});
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

    // No line grows with its input: masked first, then cut.
    std::string cut_message;
    if (message.size() > log_value_bytes_limit) message = cut_message = bounded_text(message, log_value_bytes_limit);
    for (line_field& f : fields)
        if (f.value.size() > log_value_bytes_limit) {
            f.masked = bounded_text(f.value, log_value_bytes_limit);
            f.value = f.masked;
        }
    std::vector<log::field> out;
    out.reserve(fields.size());
    for (const line_field& f : fields) out.push_back({f.key, f.value});
    sink(l, module, message, std::span<const log::field>(out));
}

}  // namespace tfpp::detail
