// The state store RPCs (protocol 6), as the engine answers them. The rpc
// layer only moves chunks: the engine cuts and checks them
// (state_chunks.hpp) at the chunk size ConfigureStateStore agreed.
#pragma once

#include <tfpp/provider/detail/requests.hpp>
#include <tfpp/provider/detail/state_chunks.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// ConfigureStateStore runs alone, as ConfigureProvider does, and agrees on
// the chunk size every later read and write uses.
struct configure_state_store_request {
    std::string_view type_name;
    sent_value config;
    std::int64_t proposed_chunk_size = 0;
};
struct configure_state_store_answer : answer {
    std::optional<std::uint64_t> chunk_size;
};

// ReadStateBytes: `send` delivers one chunk, bytes [start, start + size) of a
// state of `total` bytes; `last` ends the stream with the read's diagnostics.
using state_chunk_delivery =
    std::function<bool(std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last)>;
struct read_state_bytes_request {
    std::string_view type_name;
    std::string_view state_id;
    state_chunk_delivery send;
};
struct read_state_bytes_answer : answer {
    bool streamed = false;  // the chunks, the last with the diagnostics, were sent; else nothing was
};

// WriteStateBytes: the first chunk names the store and the state; `receive`
// pulls the next chunk from the stream (false at its end).
struct state_upload_meta {
    std::string type_name;
    std::string state_id;
};
struct write_state_bytes_request {
    std::optional<state_chunk> first;       // none: the stream held no chunk
    std::optional<state_upload_meta> meta;  // the first chunk's
    std::function<bool(state_chunk&)> receive;
};

struct lock_state_request {
    std::string_view type_name, state_id, operation;
};
struct lock_state_answer : answer {
    std::string lock_id;
};
struct unlock_state_request {
    std::string_view type_name, state_id, lock_id;
};
struct get_states_request {
    std::string_view type_name;
};
struct get_states_answer : answer {
    std::vector<std::string> state_ids;
};
struct delete_state_request {
    std::string_view type_name, state_id;
};

configure_state_store_answer run(provider_engine& e, const configure_state_store_request& req);
read_state_bytes_answer run(provider_engine& e, const read_state_bytes_request& req);
answer run(provider_engine& e, write_state_bytes_request req);
lock_state_answer run(provider_engine& e, const lock_state_request& req);
answer run(provider_engine& e, const unlock_state_request& req);
get_states_answer run(provider_engine& e, const get_states_request& req);
answer run(provider_engine& e, const delete_state_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/state_store_requests-inl.hpp>
#endif
