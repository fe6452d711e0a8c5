// The order go-cty gives set elements, so that tfpp writes sets exactly as
// Terraform does. Known elements come before unknown ones, unknown before
// null; strings sort by bytes, numbers by value, false before true; any other
// element sorts by the bytes of a textual key go-cty builds for hashing
// (numbers with 10 significant digits, strings quoted as Go's %q does).
// Ties keep their original order.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// Code points Go's strconv.IsPrint rejects beyond ASCII: spaces other than
// U+0020, format characters, line/paragraph separators, private use and
// noncharacters. (Unassigned code points, which Go also rejects, are not
// tracked: tfpp has no Unicode tables; see docs/values.md.)
inline bool go_is_print(char32_t r) noexcept {
    if (r < 0xa0) return false;  // C1 controls (ASCII is handled by the caller)
    switch (r) {
    case 0xa0:
    case 0xad:
    case 0x61c:
    case 0x6dd:
    case 0x70f:
    case 0x180e:
    case 0x1680:
    case 0x202f:
    case 0x205f:
    case 0x3000:
    case 0xfeff:
    case 0x110bd:
    case 0xe0001: return false;
    default: break;
    }
    if ((r >= 0x600 && r <= 0x605) || (r >= 0x2000 && r <= 0x200f) || (r >= 0x2028 && r <= 0x202e) ||
        (r >= 0x2060 && r <= 0x206f) || (r >= 0xfff9 && r <= 0xfffb) || (r >= 0x1bca0 && r <= 0x1bca3) ||
        (r >= 0x1d173 && r <= 0x1d17a) || (r >= 0xe0020 && r <= 0xe007f) || (r >= 0xe000 && r <= 0xf8ff) ||
        r >= 0xf0000 || (r & 0xfffe) == 0xfffe || (r >= 0xfdd0 && r <= 0xfdef))
        return false;
    return true;
}

// Appends s (valid UTF-8) quoted the way Go's fmt %q quotes it.
inline void append_go_quoted(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    // Most strings need no escape at all: copy them in one piece.
    bool plain = true;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
            plain = false;
            break;
        }
    }
    if (plain) {
        out += '"';
        out += s;
        out += '"';
        return;
    }
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            switch (c) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\a': out += "\\a"; continue;
            case '\b': out += "\\b"; continue;
            case '\f': out += "\\f"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            case '\v': out += "\\v"; continue;
            default: break;
            }
            if (c < 0x20 || c == 0x7f) {
                out += "\\x";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
            continue;
        }
        const std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        char32_t r = c & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
        for (std::size_t k = 1; k < len && i + k < s.size(); ++k) r = (r << 6) | (s[i + k] & 0x3f);
        if (go_is_print(r)) {
            out.append(s, i, len);
        } else {
            const int digits = r > 0xffff ? 8 : 4;
            out += r > 0xffff ? "\\U" : "\\u";
            for (int k = digits - 1; k >= 0; --k) out += hex[(r >> (4 * k)) & 15];
        }
        i += len;
    }
    out += '"';
}

// The rank that decides order before any content: known, then unknown, then null.
enum class set_rank : std::uint8_t { known = 0, unknown = 1, null = 2 };

// Go's %.10g for a finite double, which is what go-cty's hash text holds for
// a number (C++'s general format with precision 10 rounds the same way).
inline void append_g10(std::string& out, double d) {
    char buf[32];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, 10).ptr);
}

// Puts a set's elements in canonical order and keeps one of each group of
// duplicates. less(i, j) compares elements by their original positions;
// same(a, b) says whether two elements that compare equal are duplicates.
// Elements already in order (as Terraform sends them) cost O(n) comparisons.
// An element that is no duplicate even of itself (one holding an unknown) is
// compared with nothing: a run of n unknowns costs O(n), not O(n²).
template <class T, class Less, class Same>
void canonicalize_set(std::vector<T>& elements, Less less, Same same) {
    const std::size_t n = elements.size();
    if (n < 2) return;
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    bool sorted = true;
    for (std::size_t i = 1; i < n && sorted; ++i) sorted = !less(i, i - 1);
    if (!sorted) std::stable_sort(order.begin(), order.end(), less);
    // run_start[k]: the k-th element in order differs from the one before it,
    // so only elements inside one run can be duplicates.
    std::vector<char> run_start(n, 1);
    for (std::size_t k = 1; k < n; ++k) run_start[k] = less(order[k - 1], order[k]);
    if (!sorted) {
        std::vector<T> out;
        out.reserve(n);
        for (std::size_t i : order) out.push_back(std::move(elements[i]));
        elements = std::move(out);
    }
    std::size_t kept = 0;
    std::vector<std::size_t> candidates;  // kept elements of this run that a later one may duplicate
    for (std::size_t k = 0; k < n; ++k) {
        if (run_start[k]) candidates.clear();
        const bool alone = run_start[k] && (k + 1 == n || run_start[k + 1]);
        if (!alone && same(elements[k], elements[k])) {
            if (std::any_of(candidates.begin(), candidates.end(),
                            [&](std::size_t j) { return same(elements[j], elements[k]); }))
                continue;
            candidates.push_back(kept);
        }
        if (kept != k) elements[kept] = std::move(elements[k]);
        ++kept;
    }
    elements.resize(kept);
}

// Each element's hash text built once, into one buffer.
class set_keys {
public:
    template <class T, class Rank, class AppendKey>
    set_keys(const std::vector<T>& elements, Rank rank, AppendKey append_key) {
        ends_.reserve(elements.size());
        ranks_.reserve(elements.size());
        for (const auto& e : elements) {
            ranks_.push_back(rank(e));
            if (ranks_.back() == set_rank::known) append_key(e, text_);
            ends_.push_back(text_.size());
        }
    }
    [[nodiscard]] bool less(std::size_t a, std::size_t b) const {
        if (ranks_[a] != ranks_[b]) return ranks_[a] < ranks_[b];
        return ranks_[a] == set_rank::known && key(a) < key(b);
    }

private:
    [[nodiscard]] std::string_view key(std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
        return std::string_view(text_).substr(begin, ends_[i] - begin);
    }
    std::string text_;
    std::vector<std::size_t> ends_;
    std::vector<set_rank> ranks_;
};

}  // namespace tfpp::detail
