// provider_under_test's operations on a state store, as Terraform calls them:
// configure (validated first, the chunk size agreed), read and write a state
// in chunks (each chunk read checked as Terraform checks it), lock, unlock,
// list and delete states.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/driver_engine.hpp>
#include <tfpp/testing/steps.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing::detail::state_store_ops {

// A WriteStateBytes upload from a list of chunks, the first one given first.
struct listed_state_chunks final : tfpp::detail::state_chunk_source {
    std::vector<tfpp::detail::state_chunk> chunks;
    std::size_t next = 1;
    listed_state_chunks(std::vector<tfpp::detail::state_chunk> all, std::uint64_t chunk_size, tfpp::context& ctx)
        : state_chunk_source(all.front(), chunk_size, ctx), chunks(std::move(all)) {}
    bool receive(tfpp::detail::state_chunk& into) override {
        if (next == chunks.size()) return false;
        into = std::move(chunks[next++]);
        return true;
    }
};

template <class S, class P>
tfpp::detail::state_store_handler& store(driver_engine<P>& d) {
    static_assert(tfpp::detail::listed<S, typename tfpp::detail::state_store_list<P>::type>,
                  "tfpp: provider_under_test<P>'s state store calls take one of P's state stores; list S in "
                  "P::state_stores");
    return *d.engine().state_store(S::type_name);
}
// `call` on store S once it is configured (an error otherwise); the diagnostics.
template <class S, class F, class P>
tfpp::diagnostics on_configured_store(driver_engine<P>& d, F&& call) {
    tfpp::detail::state_store_handler& h = store<S>(d);
    tfpp::context ctx = d.make_context();
    if (h.configured(ctx)) call(h, ctx);
    return ctx.diagnostics();
}

template <class S, class P>
state_store_configured configure_state_store(driver_engine<P>& d, const typename S::config& config,
                                             std::int64_t proposed_chunk_size = 8 << 20) {
    tfpp::detail::state_store_handler& h = store<S>(d);
    const std::string bytes = to_msgpack(config);
    state_store_configured out;
    tfpp::context ctx = d.make_context();
    h.validate(bytes, ctx);
    if (!ctx.has_errors())
        if (auto size = h.configure(bytes, proposed_chunk_size, ctx)) out.chunk_size = *size;
    out.diagnostics = ctx.diagnostics();
    return out;
}

template <class S, class P>
stored_state read_state(driver_engine<P>& d, std::string_view state_id) {
    // Terraform's checks of each chunk (internal/plugin6 ReadStateBytes).
    struct collect final : tfpp::detail::state_chunk_sink {
        stored_state& out;
        collect(stored_state& o, std::uint64_t size) : state_chunk_sink(size), out(o) {}
        bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start,
                  const tfpp::diagnostics* last) override {
            if (last) out.diagnostics.append(*last);
            const std::uint64_t received = out.bytes ? out.bytes->size() : 0;
            const std::uint64_t size = chunk_size();
            if (start != received || (last == nullptr && bytes.size() != size) || bytes.size() > size ||
                start + bytes.size() > total || (last && !last->has_errors() && start + bytes.size() != total))
                out.diagnostics.error("A chunk Terraform would refuse",
                                      "bytes " + std::to_string(start) + "+" + std::to_string(bytes.size()) + " of " +
                                          std::to_string(total) + " after " + std::to_string(received) +
                                          ", chunk size " + std::to_string(size));
            if (!out.bytes) out.bytes.emplace();
            out.bytes->append(bytes);
            ++out.chunks;
            return true;
        }
    };
    tfpp::detail::state_store_handler& h = store<S>(d);
    stored_state out;
    tfpp::context ctx = d.make_context();
    if (h.configured(ctx)) {
        collect to(out, h.chunk_size());
        h.read(state_id, to, ctx);
        to.finish(ctx.diagnostics());
        if (out.bytes && out.bytes->empty()) out.bytes.reset();
    } else {
        out.diagnostics = ctx.diagnostics();
    }
    return out;
}

// Sends `bytes` in chunks of the agreed size, as Terraform does.
template <class S, class P>
tfpp::diagnostics write_state(driver_engine<P>& d, std::string_view state_id, std::string_view bytes) {
    return on_configured_store<S>(d, [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) {
        std::vector<tfpp::detail::state_chunk> pieces;
        const auto total = static_cast<std::int64_t>(bytes.size());
        for (std::size_t at = 0; at == 0 || at < bytes.size(); at += h.chunk_size()) {
            std::string piece(bytes.substr(at, h.chunk_size()));
            const auto start = static_cast<std::int64_t>(at);
            const auto end = start + static_cast<std::int64_t>(piece.size()) - 1;
            pieces.push_back({std::move(piece), total, start, end});
        }
        listed_state_chunks from(std::move(pieces), h.chunk_size(), ctx);
        h.write(state_id, from, ctx);
    });
}

template <class S, class P>
state_lock lock_state(driver_engine<P>& d, std::string_view state_id,
                      std::string_view operation = "OperationTypeApply") {
    state_lock out;
    out.diagnostics = on_configured_store<S>(d, [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) {
        out.lock_id = h.lock(state_id, operation, ctx);
    });
    return out;
}

template <class S, class P>
tfpp::diagnostics unlock_state(driver_engine<P>& d, std::string_view state_id, std::string_view lock_id) {
    return on_configured_store<S>(
        d, [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { h.unlock(state_id, lock_id, ctx); });
}

template <class S, class P>
state_names get_states(driver_engine<P>& d) {
    state_names out;
    out.diagnostics = on_configured_store<S>(
        d, [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { out.names = h.states(ctx); });
    return out;
}

template <class S, class P>
tfpp::diagnostics delete_state(driver_engine<P>& d, std::string_view state_id) {
    return on_configured_store<S>(
        d, [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { h.delete_state(state_id, ctx); });
}

}  // namespace tfpp::testing::detail::state_store_ops
