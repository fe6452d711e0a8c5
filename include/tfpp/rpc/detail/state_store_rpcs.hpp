// The state store RPCs (protocol 6).
#pragma once

#include <tfpp/rpc/detail/request_support.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// The state store a request names, or an error in ctx.
inline state_store_handler* find_state_store(provider_engine& e, std::string_view name, context& ctx) {
    return e.find<kind::state_store>(name, ctx);
}

template <class Request, class Response>
void validate_state_store_config(provider_engine& e, const Request& req, Response& resp) {
    validate_config<kind::state_store>(e, req, resp);
}

// ConfigureStateStore runs alone, as ConfigureProvider does, and agrees on
// the chunk size every later read and write uses.
template <class Request, class Response>
void configure_state_store(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.exclusive();
    context ctx = e.make_context();
    state_store_handler* s = find_state_store(e, req.type_name(), ctx);
    if (s) {
        request_values values(s->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors())
            if (auto size = s->configure(config, req.capabilities().chunk_size(), ctx))
                resp.mutable_capabilities()->set_chunk_size(static_cast<std::int64_t>(*size));
    }
    resp.mutable_capabilities();  // present even after an error: Terraform 1.16 reads it before the diagnostics
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), s ? &s->schema() : nullptr);
}

// ReadStateBytes: chunks go out as read() fills them; the last one carries
// the diagnostics (Terraform stops at the first chunk with an error).
template <class Chunk, class Request, class Writer>
void read_state_bytes(provider_engine& e, const Request& req, Writer& writer) {
    struct chunk_writer final : state_chunk_sink {
        Writer& writer;
        chunk_writer(Writer& w, std::uint64_t size) : state_chunk_sink(size), writer(w) {}
        bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last) override {
            Chunk chunk;
            chunk.set_bytes(std::string(bytes));
            chunk.set_total_length(static_cast<std::int64_t>(total));
            chunk.mutable_range()->set_start(static_cast<std::int64_t>(start));
            chunk.mutable_range()->set_end(static_cast<std::int64_t>(start + bytes.size()) - 1);
            if (last) diagnostics_to_proto(*last, chunk.mutable_diagnostics());
            return writer.Write(chunk);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    state_store_handler* s = find_state_store(e, req.type_name(), ctx);
    if (s && s->configured(ctx)) {
        chunk_writer to(writer, s->chunk_size());
        s->read(req.state_id(), to, ctx);
        to.finish(ctx.diagnostics());
        return;
    }
    Chunk failed;
    failed.set_total_length(0);
    failed.mutable_range()->set_end(-1);
    diagnostics_to_proto(ctx.diagnostics(), failed.mutable_diagnostics());
    writer.Write(failed);
}

// WriteStateBytes: the first chunk names the store and the state; write()
// then pulls the rest from the stream as it arrives.
template <class Chunk, class Reader, class Response>
void write_state_bytes(provider_engine& e, Reader& reader, Response& resp) {
    struct chunk_reader final : state_chunk_source {
        Reader& reader;
        chunk_reader(Reader& r, state_chunk first, std::uint64_t size, context& ctx)
            : state_chunk_source(std::move(first), size, ctx), reader(r) {}
        bool receive(state_chunk& into) override {
            Chunk chunk;
            if (!reader.Read(&chunk)) return false;
            into = {std::move(*chunk.mutable_bytes()), chunk.total_length(), chunk.range().start(),
                    chunk.range().end()};
            return true;
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    Chunk first;
    state_store_handler* s = nullptr;
    if (!reader.Read(&first)) {
        ctx.error("Malformed state upload", "Terraform sent no chunk of the state; nothing was stored.");
    } else if (!first.has_meta()) {
        ctx.error("Malformed state upload", "The first chunk names no state store; nothing was stored.");
    } else if ((s = find_state_store(e, first.meta().type_name(), ctx)) && s->configured(ctx)) {
        const std::string state_id = first.meta().state_id();
        chunk_reader from(
            reader,
            {std::move(*first.mutable_bytes()), first.total_length(), first.range().start(), first.range().end()},
            s->chunk_size(), ctx);
        s->write(state_id, from, ctx);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

// LockState, UnlockState, GetStates and DeleteState: `call` runs on the
// store the request names, once it is configured.
template <class Response, class F>
void on_configured_store(provider_engine& e, std::string_view type_name, Response& resp, F&& call) {
    auto lock = e.shared();
    context ctx = e.make_context();
    if (state_store_handler* s = find_state_store(e, type_name, ctx); s && s->configured(ctx)) call(*s, ctx);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

template <class Request, class Response>
void lock_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp, [&](state_store_handler& s, context& ctx) {
        resp.set_lock_id(to_valid_utf8(s.lock(req.state_id(), req.operation(), ctx)));
    });
}

template <class Request, class Response>
void unlock_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp,
                        [&](state_store_handler& s, context& ctx) { s.unlock(req.state_id(), req.lock_id(), ctx); });
}

template <class Request, class Response>
void get_states(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp, [&](state_store_handler& s, context& ctx) {
        for (std::string& name : s.states(ctx)) resp.add_state_id(to_valid_utf8(std::move(name)));
    });
}

template <class Request, class Response>
void delete_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp,
                        [&](state_store_handler& s, context& ctx) { s.delete_state(req.state_id(), ctx); });
}

}  // namespace tfpp::detail
