// The chunking under state_sink and state_source: the rpc layer and the test
// driver supply where chunks go and where they come from; the sizes and
// ranges Terraform checks are kept here, once.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/reported_error.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

// ReadStateBytes: every chunk but the last holds exactly chunk_size bytes;
// the last is held back until read() returns and carries its diagnostics.
struct state_chunk_sink {
    explicit state_chunk_sink(std::uint64_t chunk_size) : chunk_size_(chunk_size) {}
    virtual ~state_chunk_sink() = default;
    state_chunk_sink(const state_chunk_sink&) = delete;
    state_chunk_sink& operator=(const state_chunk_sink&) = delete;

    // Bytes [start, start + bytes.size()) of a state of `total` bytes; `last`
    // ends the stream with the read's diagnostics. False: not delivered.
    virtual bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last) = 0;

    [[nodiscard]] std::uint64_t chunk_size() const noexcept { return chunk_size_; }

    bool append(std::string_view bytes, std::uint64_t total) {
        total_ = total;
        buffer_.append(bytes);
        std::size_t from = 0;
        bool delivered = true;
        while (delivered && buffer_.size() - from > chunk_size_) {
            delivered = send(std::string_view(buffer_).substr(from, chunk_size_), total_, sent_, nullptr);
            sent_ += chunk_size_;
            from += chunk_size_;
        }
        buffer_.erase(0, from);
        return delivered;
    }
    void finish(const diagnostics& diags) {
        if (sent_ == 0 && buffer_.empty() && diags.empty()) return;  // no state: no chunk
        send(buffer_, total_, sent_, &diags);
    }

private:
    std::uint64_t chunk_size_;
    std::uint64_t total_ = 0;
    std::uint64_t sent_ = 0;
    std::string buffer_;
};

// One WriteStateBytes chunk as it arrived.
struct state_chunk {
    std::string bytes;
    std::int64_t total_length = 0;
    std::int64_t start = 0;
    std::int64_t end = -1;
};

// WriteStateBytes: each chunk is checked against the first one's total and
// the bytes before it, so write() never sees a gap, an overlap or a short state.
struct state_chunk_source {
    state_chunk_source(state_chunk first, std::uint64_t chunk_size, context& ctx)
        : current_(std::move(first)),
          total_(current_.total_length > 0 ? static_cast<std::uint64_t>(current_.total_length) : 0),
          chunk_size_(chunk_size),
          ctx_(ctx) {}
    virtual ~state_chunk_source() = default;
    state_chunk_source(const state_chunk_source&) = delete;
    state_chunk_source& operator=(const state_chunk_source&) = delete;

    [[nodiscard]] std::uint64_t total() const noexcept { return total_; }
    [[nodiscard]] std::uint64_t received() const noexcept { return received_; }
    [[nodiscard]] bool complete() const noexcept { return done_; }

    std::optional<std::string_view> next() {
        if (done_) return std::nullopt;
        if (!first_pending_ && !receive(current_)) {
            if (received_ != total_)
                fail("it ended after " + std::to_string(received_) + " of " + std::to_string(total_) + " bytes");
            done_ = true;
            return std::nullopt;
        }
        if (first_pending_ && current_.total_length < 0) fail("its total length is negative");
        first_pending_ = false;
        const std::uint64_t n = current_.bytes.size();
        if (current_.total_length != static_cast<std::int64_t>(total_))
            fail("a chunk gives the total length " + std::to_string(current_.total_length) + ", the first gave " +
                 std::to_string(total_));
        if (n == 0) fail("a chunk is empty");
        if (n > chunk_size_)
            fail("a chunk of " + std::to_string(n) + " bytes exceeds the agreed chunk size of " +
                 std::to_string(chunk_size_));
        if (current_.start != static_cast<std::int64_t>(received_) ||
            current_.end != current_.start + static_cast<std::int64_t>(n) - 1)
            fail("a chunk of " + std::to_string(n) + " bytes claims the range " + std::to_string(current_.start) + "-" +
                 std::to_string(current_.end) + " after " + std::to_string(received_) + " bytes");
        if (received_ + n > total_) fail("it holds more than the total length of " + std::to_string(total_) + " bytes");
        received_ += n;
        return std::string_view(current_.bytes);
    }

protected:
    // The next chunk from the client into `chunk`; false at the end of the stream.
    virtual bool receive(state_chunk& chunk) = 0;

private:
    [[noreturn]] void fail(const std::string& why) {
        ctx_.error("Malformed state upload",
                   "Terraform's upload of the state was not stored: " + why +
                       ". This is a bug in Terraform or a connection that broke; run the command again.");
        throw reported_error{};
    }

    state_chunk current_;
    bool first_pending_ = true;
    bool done_ = false;
    std::uint64_t total_;
    std::uint64_t received_ = 0;
    std::uint64_t chunk_size_;
    context& ctx_;
};

}  // namespace tfpp::detail
