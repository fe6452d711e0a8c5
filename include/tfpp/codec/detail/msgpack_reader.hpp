// A pull reader over MessagePack bytes: one token at a time, no allocation, no
// tree. Typed decoders walk it in step with the model, so the bytes go straight
// into the user's struct. Lengths are checked against the bytes that remain
// before anything is trusted, so hostile input cannot make it allocate.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace tfpp::detail {

enum class mp_kind : std::uint8_t { nil, boolean, uint, sint, float32, float64, str, bin, array, map, ext };

struct mp_token {
    mp_kind kind = mp_kind::nil;
    bool boolean = false;
    std::uint64_t uint = 0;    // uint
    std::int64_t sint = 0;     // sint (negative integers only)
    double real = 0;           // float32 / float64
    std::string_view bytes;    // str, bin, ext payload
    std::uint32_t count = 0;   // array elements, map pairs
    std::int8_t ext_type = 0;  // ext
};

// How many elements to reserve for a container that claims n: at most 64 KiB
// worth, the rest grows as elements arrive. A claim is only bounded by the
// bytes left (one per element), and reserving it all would let a message
// make each level of nesting allocate a hundred times its size.
template <class E>
constexpr std::size_t reserve_for(std::uint64_t claimed) noexcept {
    return static_cast<std::size_t>(std::min<std::uint64_t>(claimed, std::max<std::size_t>(1, 65536 / sizeof(E))));
}

class msgpack_reader {
public:
    explicit msgpack_reader(std::string_view data) noexcept
        : p_(reinterpret_cast<const unsigned char*>(data.data())), end_(p_ + data.size()) {}

    [[nodiscard]] bool at_end() const noexcept { return p_ == end_; }
    [[nodiscard]] std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - p_); }
    [[nodiscard]] const char* position() const noexcept { return reinterpret_cast<const char*>(p_); }

    // The kind of the next token without consuming it; false at the end or on a
    // byte that starts no MessagePack value (0xc1).
    [[nodiscard]] bool peek(mp_kind& kind) const noexcept {
        if (p_ == end_) return false;
        const unsigned char b = *p_;
        if (b <= 0x7f || (b >= 0xcc && b <= 0xcf)) kind = mp_kind::uint;
        else if (b >= 0xe0 || (b >= 0xd0 && b <= 0xd3)) kind = mp_kind::sint;
        else if (b <= 0x8f) kind = mp_kind::map;
        else if (b <= 0x9f) kind = mp_kind::array;
        else if (b <= 0xbf || (b >= 0xd9 && b <= 0xdb)) kind = mp_kind::str;
        else if (b == 0xc0) kind = mp_kind::nil;
        else if (b == 0xc2 || b == 0xc3) kind = mp_kind::boolean;
        else if (b >= 0xc4 && b <= 0xc6) kind = mp_kind::bin;
        else if ((b >= 0xc7 && b <= 0xc9) || (b >= 0xd4 && b <= 0xd8)) kind = mp_kind::ext;
        else if (b == 0xca) kind = mp_kind::float32;
        else if (b == 0xcb) kind = mp_kind::float64;
        else if (b == 0xdc || b == 0xdd) kind = mp_kind::array;
        else if (b == 0xde || b == 0xdf) kind = mp_kind::map;
        else return false;
        return true;
    }

    // Reads one token. For arrays and maps only the header is consumed; their
    // elements follow as further tokens. False on truncated or invalid input.
    [[nodiscard]] bool next(mp_token& t) noexcept {
        if (p_ == end_) return false;
        const unsigned char b = *p_++;
        if (b <= 0x7f) return t.kind = mp_kind::uint, t.uint = b, true;
        if (b >= 0xe0) return t.kind = mp_kind::sint, t.sint = static_cast<std::int8_t>(b), true;
        if (b <= 0x8f) return t.kind = mp_kind::map, t.count = b & 0x0fu, container(t, 2);
        if (b <= 0x9f) return t.kind = mp_kind::array, t.count = b & 0x0fu, container(t, 1);
        if (b <= 0xbf) return t.kind = mp_kind::str, payload(t, b & 0x1fu);
        switch (b) {
        case 0xc0: return t.kind = mp_kind::nil, true;
        case 0xc2: return t.kind = mp_kind::boolean, t.boolean = false, true;
        case 0xc3: return t.kind = mp_kind::boolean, t.boolean = true, true;
        case 0xc4: return t.kind = mp_kind::bin, sized_payload<std::uint8_t>(t);
        case 0xc5: return t.kind = mp_kind::bin, sized_payload<std::uint16_t>(t);
        case 0xc6: return t.kind = mp_kind::bin, sized_payload<std::uint32_t>(t);
        case 0xc7: return t.kind = mp_kind::ext, sized_ext<std::uint8_t>(t);
        case 0xc8: return t.kind = mp_kind::ext, sized_ext<std::uint16_t>(t);
        case 0xc9: return t.kind = mp_kind::ext, sized_ext<std::uint32_t>(t);
        case 0xca: {
            std::uint32_t bits;
            if (!read_be(bits)) return false;
            t.kind = mp_kind::float32;
            t.real = std::bit_cast<float>(bits);
            return true;
        }
        case 0xcb: {
            std::uint64_t bits;
            if (!read_be(bits)) return false;
            t.kind = mp_kind::float64;
            t.real = std::bit_cast<double>(bits);
            return true;
        }
        case 0xcc: return t.kind = mp_kind::uint, read_uint<std::uint8_t>(t);
        case 0xcd: return t.kind = mp_kind::uint, read_uint<std::uint16_t>(t);
        case 0xce: return t.kind = mp_kind::uint, read_uint<std::uint32_t>(t);
        case 0xcf: return t.kind = mp_kind::uint, read_uint<std::uint64_t>(t);
        case 0xd0: return t.kind = mp_kind::sint, read_sint<std::uint8_t, std::int8_t>(t);
        case 0xd1: return t.kind = mp_kind::sint, read_sint<std::uint16_t, std::int16_t>(t);
        case 0xd2: return t.kind = mp_kind::sint, read_sint<std::uint32_t, std::int32_t>(t);
        case 0xd3: return t.kind = mp_kind::sint, read_sint<std::uint64_t, std::int64_t>(t);
        case 0xd4: return t.kind = mp_kind::ext, fixed_ext(t, 1);
        case 0xd5: return t.kind = mp_kind::ext, fixed_ext(t, 2);
        case 0xd6: return t.kind = mp_kind::ext, fixed_ext(t, 4);
        case 0xd7: return t.kind = mp_kind::ext, fixed_ext(t, 8);
        case 0xd8: return t.kind = mp_kind::ext, fixed_ext(t, 16);
        case 0xd9: return t.kind = mp_kind::str, sized_payload<std::uint8_t>(t);
        case 0xda: return t.kind = mp_kind::str, sized_payload<std::uint16_t>(t);
        case 0xdb: return t.kind = mp_kind::str, sized_payload<std::uint32_t>(t);
        case 0xdc: return t.kind = mp_kind::array, sized_container<std::uint16_t>(t, 1);
        case 0xdd: return t.kind = mp_kind::array, sized_container<std::uint32_t>(t, 1);
        case 0xde: return t.kind = mp_kind::map, sized_container<std::uint16_t>(t, 2);
        case 0xdf: return t.kind = mp_kind::map, sized_container<std::uint32_t>(t, 2);
        default: return false;  // 0xc1 is never used
        }
    }

    // Skips one whole value. Iterative, so deep nesting costs no stack; the
    // count of pending values is bounded by the input length.
    [[nodiscard]] bool skip() noexcept {
        std::uint64_t pending = 1;
        mp_token t;
        while (pending > 0) {
            if (!next(t)) return false;
            --pending;
            if (t.kind == mp_kind::array) pending += t.count;
            else if (t.kind == mp_kind::map) pending += std::uint64_t{t.count} * 2;
        }
        return true;
    }

private:
    template <class U>
    bool read_be(U& out) noexcept {
        if (remaining() < sizeof(U)) return false;
        U v = 0;
        for (std::size_t i = 0; i < sizeof(U); ++i) v = static_cast<U>((v << 8) | p_[i]);
        p_ += sizeof(U);
        out = v;
        return true;
    }
    template <class U>
    bool read_uint(mp_token& t) noexcept {
        U v;
        if (!read_be(v)) return false;
        t.uint = v;
        return true;
    }
    template <class U, class S>
    bool read_sint(mp_token& t) noexcept {
        U v;
        if (!read_be(v)) return false;
        t.sint = static_cast<S>(v);
        if (t.sint >= 0) t.kind = mp_kind::uint, t.uint = static_cast<std::uint64_t>(t.sint);
        return true;
    }
    bool payload(mp_token& t, std::uint64_t n) noexcept {
        if (n > remaining()) return false;
        t.bytes = {reinterpret_cast<const char*>(p_), static_cast<std::size_t>(n)};
        p_ += n;
        return true;
    }
    template <class U>
    bool sized_payload(mp_token& t) noexcept {
        U n;
        return read_be(n) && payload(t, n);
    }
    bool fixed_ext(mp_token& t, std::size_t n) noexcept {
        if (remaining() < 1 + n) return false;
        t.ext_type = static_cast<std::int8_t>(*p_++);
        return payload(t, n);
    }
    template <class U>
    bool sized_ext(mp_token& t) noexcept {
        U n;
        if (!read_be(n) || remaining() < 1) return false;
        t.ext_type = static_cast<std::int8_t>(*p_++);
        return payload(t, n);
    }
    // Every element takes at least one byte, so a count beyond the remaining
    // bytes is malformed and is refused before anyone reserves memory for it.
    bool container(mp_token& t, std::uint64_t bytes_per_entry) const noexcept {
        return std::uint64_t{t.count} * bytes_per_entry <= remaining();
    }
    template <class U>
    bool sized_container(mp_token& t, std::uint64_t bytes_per_entry) noexcept {
        U n;
        if (!read_be(n)) return false;
        t.count = n;
        return container(t, bytes_per_entry);
    }

    const unsigned char* p_;
    const unsigned char* end_;
};

}  // namespace tfpp::detail
