// The state store RPCs' whole path, compiled once.
// Compiled once from src/provider/state_store_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/state_store_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/state_store_requests.hpp>

namespace tfpp::detail {

TFPP_INLINE configure_state_store_answer run(provider_engine& e, const configure_state_store_request& req) {
    auto lock = e.exclusive();
    context ctx = e.make_context();
    configure_state_store_answer a;
    state_store_handler* s = e.find<kind::state_store>(req.type_name, ctx);
    if (s) {
        request_values values(s->schema(), ctx);
        std::string_view config = values(req.config, "configuration");
        if (!ctx.has_errors()) a.chunk_size = s->configure(config, req.proposed_chunk_size, ctx);
    }
    finish(a, ctx, s ? &s->schema() : nullptr);
    return a;
}

TFPP_INLINE read_state_bytes_answer run(provider_engine& e, const read_state_bytes_request& req) {
    struct delivering_sink final : state_chunk_sink {
        const state_chunk_delivery& deliver;
        delivering_sink(const state_chunk_delivery& d, std::uint64_t size) : state_chunk_sink(size), deliver(d) {}
        bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last) override {
            return deliver(bytes, total, start, last);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    read_state_bytes_answer a;
    state_store_handler* s = e.find<kind::state_store>(req.type_name, ctx);
    if (s && s->configured(ctx)) {
        delivering_sink to(req.send, s->chunk_size());
        s->read(req.state_id, to, ctx);
        to.finish(ctx.diagnostics());
        a.streamed = true;
    }
    finish(a, ctx, nullptr);
    return a;
}

TFPP_INLINE answer run(provider_engine& e, write_state_bytes_request req) {
    struct receiving_source final : state_chunk_source {
        const std::function<bool(state_chunk&)>& pull;
        receiving_source(const std::function<bool(state_chunk&)>& p, state_chunk first, std::uint64_t size,
                         context& ctx)
            : state_chunk_source(std::move(first), size, ctx), pull(p) {}
        bool receive(state_chunk& into) override { return pull(into); }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    state_store_handler* s = nullptr;
    if (!req.first) {
        ctx.error("Malformed state upload", "Terraform sent no chunk of the state; nothing was stored.");
    } else if (!req.meta) {
        ctx.error("Malformed state upload", "The first chunk names no state store; nothing was stored.");
    } else if ((s = e.find<kind::state_store>(req.meta->type_name, ctx)) && s->configured(ctx)) {
        receiving_source from(req.receive, std::move(*req.first), s->chunk_size(), ctx);
        s->write(req.meta->state_id, from, ctx);
    }
    answer a;
    finish(a, ctx, nullptr);
    return a;
}

// LockState, UnlockState, GetStates and DeleteState: `call` runs on the
// store the request names, once it is configured.
template <class Answer, class F>
Answer on_configured_store(provider_engine& e, std::string_view type_name, F&& call) {
    auto lock = e.shared();
    context ctx = e.make_context();
    Answer a;
    if (state_store_handler* s = e.find<kind::state_store>(type_name, ctx); s && s->configured(ctx)) call(*s, a, ctx);
    finish(a, ctx, nullptr);
    return a;
}

TFPP_INLINE lock_state_answer run(provider_engine& e, const lock_state_request& req) {
    return on_configured_store<lock_state_answer>(e, req.type_name, [&](state_store_handler& s, lock_state_answer& a,
                                                                         context& ctx) {
        a.lock_id = s.lock(req.state_id, req.operation, ctx);
    });
}

TFPP_INLINE answer run(provider_engine& e, const unlock_state_request& req) {
    return on_configured_store<answer>(e, req.type_name, [&](state_store_handler& s, answer&, context& ctx) {
        s.unlock(req.state_id, req.lock_id, ctx);
    });
}

TFPP_INLINE get_states_answer run(provider_engine& e, const get_states_request& req) {
    return on_configured_store<get_states_answer>(
        e, req.type_name, [&](state_store_handler& s, get_states_answer& a, context& ctx) { a.state_ids = s.states(ctx); });
}

TFPP_INLINE answer run(provider_engine& e, const delete_state_request& req) {
    return on_configured_store<answer>(e, req.type_name, [&](state_store_handler& s, answer&, context& ctx) {
        s.delete_state(req.state_id, ctx);
    });
}

}  // namespace tfpp::detail
