// The state store RPCs (protocol 6): conversions around the engine's
// requests (provider/detail/state_store_requests.hpp); the streams only
// move chunks.
#pragma once

#include <tfpp/provider/detail/state_store_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace tfpp::detail {

template <class Request, class Response>
void validate_state_store_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(validate_config<kind::state_store>(e, validate_request(req.type_name(), req)), resp);
}

template <class Request, class Response>
void configure_state_store(provider_engine& e, const Request& req, Response& resp) {
    const configure_state_store_answer a =
        run(e, configure_state_store_request{req.type_name(), sent(req.config()), req.capabilities().chunk_size()});
    resp.mutable_capabilities();  // present even after an error: Terraform 1.16 reads it before the diagnostics
    if (a.chunk_size) resp.mutable_capabilities()->set_chunk_size(static_cast<std::int64_t>(*a.chunk_size));
    answer_to_proto(a, resp);
}

// ReadStateBytes: chunks go out as read() fills them; the last one carries
// the diagnostics (Terraform stops at the first chunk with an error).
template <class Chunk, class Request, class Writer>
void read_state_bytes(provider_engine& e, const Request& req, Writer& writer) {
    const auto send = [&](std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last) {
        Chunk chunk;
        chunk.set_bytes(std::string(bytes));
        chunk.set_total_length(static_cast<std::int64_t>(total));
        chunk.mutable_range()->set_start(static_cast<std::int64_t>(start));
        chunk.mutable_range()->set_end(static_cast<std::int64_t>(start + bytes.size()) - 1);
        if (last) diagnostics_to_proto(*last, chunk.mutable_diagnostics());
        return writer.Write(chunk);
    };
    const read_state_bytes_answer a = run(e, read_state_bytes_request{req.type_name(), req.state_id(), send});
    if (a.streamed) return;
    Chunk failed;
    failed.set_total_length(0);
    failed.mutable_range()->set_end(-1);
    diagnostics_to_proto(a.diagnostics, failed.mutable_diagnostics());
    writer.Write(failed);
}

template <class Chunk>
state_chunk chunk_of(Chunk& c) {
    return {std::move(*c.mutable_bytes()), c.total_length(), c.range().start(), c.range().end()};
}

// WriteStateBytes: the first chunk names the store and the state; write()
// then pulls the rest from the stream as it arrives.
template <class Chunk, class Reader, class Response>
void write_state_bytes(provider_engine& e, Reader& reader, Response& resp) {
    write_state_bytes_request r;
    if (Chunk first; reader.Read(&first)) {
        if (first.has_meta()) r.meta = state_upload_meta{first.meta().type_name(), first.meta().state_id()};
        r.first = chunk_of(first);
    }
    r.receive = [&](state_chunk& into) {
        Chunk chunk;
        if (!reader.Read(&chunk)) return false;
        into = chunk_of(chunk);
        return true;
    };
    answer_to_proto(run(e, std::move(r)), resp);
}

template <class Request, class Response>
void lock_state(provider_engine& e, const Request& req, Response& resp) {
    lock_state_answer a = run(e, lock_state_request{req.type_name(), req.state_id(), req.operation()});
    if (!a.lock_id.empty()) resp.set_lock_id(to_valid_utf8(std::move(a.lock_id)));
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void unlock_state(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(run(e, unlock_state_request{req.type_name(), req.state_id(), req.lock_id()}), resp);
}

template <class Request, class Response>
void get_states(provider_engine& e, const Request& req, Response& resp) {
    get_states_answer a = run(e, get_states_request{req.type_name()});
    for (std::string& name : a.state_ids) resp.add_state_id(to_valid_utf8(std::move(name)));
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void delete_state(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(run(e, delete_state_request{req.type_name(), req.state_id()}), resp);
}

}  // namespace tfpp::detail
