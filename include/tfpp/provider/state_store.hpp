// State stores: a provider that keeps Terraform's state, named in the
// `terraform { state_store "local_directory" { provider "local" {} ... } }`
// block (Terraform 1.15+, experimental: a build with experiments allowed).
//
//   struct directory_store {
//       static constexpr std::string_view type_name = "local_directory";
//       using config = directory_config;      // the state_store block's attributes
//       void configure(const directory_config& c, tfpp::context& ctx);                  // optional
//       void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
//       void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
//       std::string lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx);
//       void unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx);
//       std::vector<std::string> states(tfpp::context& ctx);                             // the workspaces
//       void delete_state(std::string_view state_id, tfpp::context& ctx);
//   };
//
//   struct local_provider { ...  using state_stores = tfpp::type_list<directory_store>; };
//
// A state_id is a workspace name ("default" first). State moves in chunks of
// the size agreed with Terraform; `static constexpr std::size_t
// max_chunk_size` caps it. read() of a state that does not exist writes
// nothing. lock() returns an id, or reports an error naming who holds the
// lock. Optional: `void validate(const config&, ctx)`.
#pragma once

#include <tfpp/provider/context.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tfpp {

namespace detail {
struct state_chunk_sink;
struct state_chunk_source;
}  // namespace detail

// Where read() puts the stored state: Terraform receives each chunk as it fills.
class state_sink {
public:
    // The state's whole size in bytes: once, before the first write().
    void size(std::size_t bytes);
    // Appends bytes; false once Terraform wants no more (the run was stopped
    // or the client went away): return then.
    bool write(std::string_view bytes);
    [[nodiscard]] std::size_t written() const noexcept { return written_; }

    // Made by tfpp for each ReadStateBytes call.
    state_sink(detail::state_chunk_sink& to, context& ctx) : to_(to), ctx_(ctx) {}
    [[nodiscard]] std::optional<std::size_t> declared_size() const noexcept { return size_; }

private:
    detail::state_chunk_sink& to_;
    context& ctx_;
    std::optional<std::size_t> size_;
    std::size_t written_ = 0;
};

// What write() reads the new state from, chunk by chunk as Terraform sends it.
class state_source {
public:
    // The whole state's size in bytes.
    [[nodiscard]] std::size_t size() const noexcept;
    // The next chunk, or nullopt once the whole state has arrived. When the
    // upload breaks off or is malformed, tfpp reports it and unwinds write()
    // with an exception: a state stored only after next() returned nullopt is
    // never a truncated one.
    std::optional<std::string_view> next();
    [[nodiscard]] std::size_t received() const noexcept;

    // Made by tfpp for each WriteStateBytes call.
    explicit state_source(detail::state_chunk_source& from) : from_(from) {}

private:
    detail::state_chunk_source& from_;
};

}  // namespace tfpp

#include <tfpp/provider/detail/state_chunks.hpp>

namespace tfpp {

inline void state_sink::size(std::size_t bytes) {
    if (size_) {
        ctx_.error("Provider bug: the state store declared the state's size twice",
                   "Call state_sink::size() once, before the first write().");
        throw detail::reported_error{};
    }
    size_ = bytes;
}

inline bool state_sink::write(std::string_view bytes) {
    if (!size_ || written_ + bytes.size() > *size_) {
        ctx_.error("Provider bug: the state store wrote more than it declared",
                   size_ ? "It declared " + std::to_string(*size_) + " bytes and wrote " +
                               std::to_string(written_ + bytes.size()) + "."
                         : std::string("Call state_sink::size() with the state's size before write()."));
        throw detail::reported_error{};
    }
    written_ += bytes.size();
    return to_.append(bytes, *size_) && !ctx_.stop_requested();
}

inline std::size_t state_source::size() const noexcept { return from_.total(); }
inline std::size_t state_source::received() const noexcept { return from_.received(); }
inline std::optional<std::string_view> state_source::next() { return from_.next(); }

}  // namespace tfpp
