// The state store side of the engine: validate and configure a state_store
// block, agree on the chunk size, and run the store's read, write, lock,
// unlock, states and delete_state on it.
#pragma once

#include <tfpp/provider/detail/block_validation.hpp>
#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/provider/state_store.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

// What Terraform proposes (8 MiB) when it proposes nothing usable.
inline constexpr std::uint64_t default_state_chunk_size = std::uint64_t{8} << 20;

class state_store_handler {
public:
    virtual ~state_store_handler() = default;
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    // The schema of the state_store block's attributes.
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    // The chunk size agreed from the client's proposal; nullopt on an error.
    virtual std::optional<std::uint64_t> configure(std::string_view config, std::int64_t proposed_chunk_size,
                                                   context& ctx) = 0;
    // 0 until configure() succeeded: every other call refuses then.
    [[nodiscard]] std::uint64_t chunk_size() const noexcept { return chunk_size_.load(); }

    // Ids as Terraform sent them; the store's hooks get them as std::string_view.
    virtual void read(std::string_view state_id, state_chunk_sink& to, context& ctx) = 0;
    virtual void write(std::string_view state_id, state_chunk_source& from, context& ctx) = 0;
    virtual std::string lock(std::string_view state_id, std::string_view operation, context& ctx) = 0;
    virtual void unlock(std::string_view state_id, std::string_view lock_id, context& ctx) = 0;
    virtual std::vector<std::string> states(context& ctx) = 0;
    virtual void delete_state(std::string_view state_id, context& ctx) = 0;

    // Whether the store was configured; an error in ctx when not.
    bool configured(context& ctx) const {
        if (chunk_size() != 0) return true;
        ctx.error("State store not configured", "Terraform called the state store " + std::string(type_name_) +
                                                    " before ConfigureStateStore succeeded.");
        return false;
    }

protected:
    explicit state_store_handler(std::string_view type_name) : type_name_(type_name) {}
    std::string_view type_name_;
    std::atomic<std::uint64_t> chunk_size_{0};
};

template <class S>
const block_schema& state_store_config_schema() {
    static const block_schema s = handler_block<S, typename S::config>();
    return s;
}

template <class S, class P>
class state_store_adapter final : public state_store_handler {
public:
    using config = typename S::config;

    explicit state_store_adapter(P& p) : state_store_handler(S::type_name), impl_(make_handler_object<S>(p)) {}

    [[nodiscard]] const block_schema& schema() const override { return state_store_config_schema<S>(); }

    void validate(std::string_view bytes, context& ctx) override {
        validate_block_config<config>(impl_, schema(), bytes, type_name_, "", ctx);
    }

    std::optional<std::uint64_t> configure(std::string_view bytes, std::int64_t proposed, context& ctx) override {
        // Terraform 1.16 configures even after the validation failed: the store never sees such a configuration.
        context checked(ctx.stop_token());
        validate(bytes, checked);
        if (checked.has_errors()) {
            // Terraform shows a state store's diagnostics without their attribute: name it here.
            std::string why;
            for (const diagnostic& d : checked.diagnostics())
                if (d.severity == severity::error)
                    why += "\n  " + (d.path.empty() ? std::string() : d.path.to_string() + ": ") + d.summary +
                           (d.detail.empty() ? "" : ": " + d.detail);
            ctx.error("State store not configured", "Its configuration is not valid:" + why);
            return std::nullopt;
        }
        config c;
        if (!decode_model(bytes, c, ctx)) return std::nullopt;
        mask_secrets(c, true);
        if constexpr (has_configure<S, config>)
            guarded(ctx, operation_name(type_name_, "configure"), schema(), [&] { impl_.configure(c, ctx); });
        if (ctx.has_errors()) return std::nullopt;
        std::uint64_t size = proposed > 0 ? static_cast<std::uint64_t>(proposed) : default_state_chunk_size;
        if constexpr (has_max_chunk_size<S>)
            size = std::min<std::uint64_t>(size, std::max<std::size_t>(S::max_chunk_size, 1));
        chunk_size_ = size;
        return size;
    }

    void read(std::string_view state_id, state_chunk_sink& to, context& ctx) override {
        state_sink out(to, ctx);
        guarded(ctx, operation_name(type_name_, "read"), [&] { impl_.read(id(state_id), out, ctx); });
        if (ctx.has_errors() || !out.declared_size() || out.written() == *out.declared_size()) return;
        if (ctx.stop_requested())
            ctx.error("State read stopped", "Terraform asked to stop before the whole state was sent.");
        else
            ctx.error("Provider bug: the state store wrote less than it declared",
                      "It declared " + std::to_string(*out.declared_size()) + " bytes of state " + quoted(state_id) +
                          " and wrote " + std::to_string(out.written()) + ".");
    }

    void write(std::string_view state_id, state_chunk_source& from, context& ctx) override {
        state_source in(from);
        guarded(ctx, operation_name(type_name_, "write"), [&] { impl_.write(id(state_id), in, ctx); });
        if (!ctx.has_errors() && !from.complete())
            ctx.error("Provider bug: the state store did not read the whole state",
                      "write() of state " + quoted(state_id) + " returned after reading " +
                          std::to_string(from.received()) + " of " + std::to_string(from.total()) +
                          " bytes; read state_source::next() until it returns nullopt.");
    }

    std::string lock(std::string_view state_id, std::string_view operation, context& ctx) override {
        std::string lock_id;
        guarded(ctx, operation_name(type_name_, "lock"),
                [&] { lock_id = impl_.lock(id(state_id), id(operation), ctx); });
        if (!ctx.has_errors() && lock_id.empty())
            ctx.error("Provider bug: the state store's lock returned no lock id",
                      "lock() of state " + quoted(state_id) + " must return the id unlock() is later called with.");
        return ctx.has_errors() ? std::string() : lock_id;
    }

    void unlock(std::string_view state_id, std::string_view lock_id, context& ctx) override {
        guarded(ctx, operation_name(type_name_, "unlock"), [&] { impl_.unlock(id(state_id), id(lock_id), ctx); });
    }

    std::vector<std::string> states(context& ctx) override {
        std::vector<std::string> names;
        guarded(ctx, operation_name(type_name_, "states"), [&] { names = impl_.states(ctx); });
        return names;
    }

    void delete_state(std::string_view state_id, context& ctx) override {
        guarded(ctx, operation_name(type_name_, "delete_state"), [&] { impl_.delete_state(id(state_id), ctx); });
    }

private:
    // An id as the store's hooks take it: std::string_view, or std::string
    // where they still take the previous release's `const std::string&`.
    static auto id(std::string_view v) {
        if constexpr (std::is_same_v<state_store_id<S>, std::string_view>) return v;
        else return std::string(v);
    }

    S impl_;
};

}  // namespace tfpp::detail
