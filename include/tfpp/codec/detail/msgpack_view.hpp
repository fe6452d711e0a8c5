// Encoded values seen in place: whether a value is null, unknown or known,
// the elements of an array, the keys and values of a map, the attributes of
// an object, numbers, dynamic wrappers and the refinements of an unknown,
// all without decoding into C++ types. The planner and the consistency
// checker work on these views (a seam: test/layers/check_layers.py). The
// larger walkers are compiled once (src/codec/msgpack_view.cpp).
#pragma once

#include <tfpp/codec/detail/msgpack_reader.hpp>
#include <tfpp/codec/options.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/number.hpp>
#include <tfpp/value/value.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace tfpp::detail {

using sv = std::string_view;

// The bytes go-cty writes for a wholly unknown value: fixext1, type 0, one zero byte.
inline constexpr std::string_view unknown_value_bytes{"\xd4\x00\x00", 3};
inline constexpr std::string_view null_bytes{"\xc0", 1};
inline constexpr std::int8_t refined_unknown_ext = 12;

// An encoded value that is null: nil, or no bytes at all (an absent DynamicValue).
inline bool is_null_value(std::string_view encoded) noexcept { return encoded.empty() || encoded == null_bytes; }

enum class encoded_state : unsigned char { null, unknown, known };

// Null, unknown (an extension) or known, from the first byte.
inline encoded_state state_of(sv b) noexcept {
    if (b.empty()) return encoded_state::null;
    const auto c = static_cast<unsigned char>(b[0]);
    if (c == 0xc0) return encoded_state::null;
    if (c == 0xd4 || (c >= 0xc7 && c <= 0xc9) || (c >= 0xd5 && c <= 0xd8)) return encoded_state::unknown;
    return encoded_state::known;
}

inline bool head(sv b, mp_token& t) {
    msgpack_reader r(b);
    return r.next(t);
}

// An unknown without refinements (what tfpp's planner writes).
inline bool is_plain_unknown(sv b) {
    mp_token t;
    return state_of(b) == encoded_state::unknown && head(b, t) &&
           (t.bytes.size() <= 1 || t.ext_type != refined_unknown_ext);
}

// No unknown anywhere inside (and valid bytes).
inline bool bytes_wholly_known(sv b) {
    msgpack_reader r(b);
    mp_token t;
    while (!r.at_end()) {
        if (!r.next(t) || t.kind == mp_kind::ext) return false;
    }
    return true;
}

inline bool is_unknown_value(sv b) noexcept { return state_of(b) == encoded_state::unknown; }

// The elements of an encoded array, or the keys and values of an encoded
// map. False when the bytes are not one.
bool split_array(sv b, std::vector<sv>& out);

// Sorts keys, and values with them, when they are not in order already (go-cty
// writes them sorted; anyone else may not): lookups are then binary searches.
void sort_by_key(std::vector<sv>& keys, std::vector<sv>& values);

// The keys and values of an encoded map, sorted by key.
bool split_map(sv b, std::vector<sv>& keys, std::vector<sv>& values);

// The index of key in keys (sorted: split_map sorts them), or npos.
inline std::size_t find_key(const std::vector<sv>& keys, sv key) {
    const auto it = std::lower_bound(keys.begin(), keys.end(), key);
    return it != keys.end() && *it == key ? static_cast<std::size_t>(it - keys.begin()) : sv::npos;
}

// The parts of one encoded value: its shape and, for arrays and maps, the
// bytes of each element (and key).
struct value_parts {
    enum class shape { null, unknown, array, map, scalar } kind = shape::null;
    std::vector<sv> elements;  // array elements, map values
    std::vector<sv> keys;      // map keys
};

// Splits one encoded value. False when the bytes are not one valid value.
bool split_value(sv bytes, value_parts& out);

// An object value: its attributes by name. get() of a null object is null,
// of an unknown one unknown (as go-cty's GetAttr), of an absent attribute null.
class object_view {
public:
    // False when the bytes are not one object (nil and unknown are).
    bool parse(sv b) {
        st_ = state_of(b);
        attributes_.clear();
        msgpack_reader r(b);
        if (st_ == encoded_state::null) return true;
        if (st_ == encoded_state::unknown) return r.skip() && r.at_end();
        mp_token t;
        if (!r.next(t) || t.kind != mp_kind::map) return false;
        attributes_.reserve(reserve_for<std::pair<sv, sv>>(t.count));
        for (std::uint32_t i = 0; i < t.count; ++i) {
            mp_token key;
            if (!r.next(key) || key.kind != mp_kind::str) return false;
            const char* begin = r.position();
            if (!r.skip()) return false;
            attributes_.emplace_back(key.bytes, sv(begin, static_cast<std::size_t>(r.position() - begin)));
        }
        const auto by_name = [](const auto& a, const auto& b) { return a.first < b.first; };
        if (!std::is_sorted(attributes_.begin(), attributes_.end(), by_name))  // go-cty sorts them; others may not
            std::stable_sort(attributes_.begin(), attributes_.end(), by_name);
        return r.at_end();
    }
    [[nodiscard]] encoded_state status() const noexcept { return st_; }
    [[nodiscard]] bool is_known() const noexcept { return st_ == encoded_state::known; }
    // (name, encoded value) sorted by name.
    [[nodiscard]] const std::vector<std::pair<sv, sv>>& attributes() const noexcept { return attributes_; }
    [[nodiscard]] std::size_t size() const noexcept { return attributes_.size(); }
    [[nodiscard]] sv get(sv name) const {
        if (st_ == encoded_state::null) return null_bytes;
        if (st_ == encoded_state::unknown) return unknown_value_bytes;
        const auto it = std::lower_bound(attributes_.begin(), attributes_.end(), name,
                                         [](const auto& a, sv n) { return a.first < n; });
        return it != attributes_.end() && it->first == name ? it->second : null_bytes;
    }

private:
    encoded_state st_ = encoded_state::null;
    std::vector<std::pair<sv, sv>> attributes_;
};

bool read_number(const mp_token& t, tfpp::number& out);

inline bool is_text(const mp_token& t) { return t.kind == mp_kind::str || t.kind == mp_kind::bin; }

// A value of dynamic type: [type JSON, value].
bool unwrap_dynamic(sv b, type& t, sv& inner);

// Which refinements a type can carry; `any` takes each refinement as it
// comes, for bytes already checked against their type.
enum class refinable : std::uint8_t { other, string, number, collection, dynamic, any };

inline refinable refinable_of(const type& t) noexcept {
    switch (t.which()) {
    case type::kind::string: return refinable::string;
    case type::kind::number: return refinable::number;
    case type::kind::dynamic: return refinable::dynamic;
    case type::kind::list:
    case type::kind::set:
    case type::kind::map: return refinable::collection;
    default: return refinable::other;
    }
}

// The extension token of an unknown value, read by go-cty's rules: a body
// of at most one byte (of any extension type) is an unknown with no
// refinements; a longer one is ext 12 holding a map of refinements that fit
// the type. A refinement given twice keeps the stronger statement, as go-cty
// does; statements that contradict each other are refused. Empty when
// valid, else what is wrong.
std::string read_refinements(const mp_token& ext, refinable kind, refinements& r, bool& is_null);

// What an unknown value says about itself (go-cty's refinements, ext 12).
struct placeholder {
    bool is_null = false;  // "definitely null" (go-cty collapses that to null; kept for completeness)
    refinements r;
};

placeholder read_placeholder(sv b);

// Whether bytes are one valid MessagePack value, nested at most max_depth
// containers deep (the decoder's limit, which then bounds every recursive
// walk over them), whose unknowns follow go-cty's rules (read_refinements);
// empty when so, else what is wrong. Iterative: deep input costs no stack.
std::string encoded_value_problem(sv bytes, unsigned max_depth = decode_options{}.max_depth);

// Values walked without being decoded (by the planner, by the consistency
// checker), held to the decoder's rules first: one valid value each, unknowns
// as go-cty writes them, nested no deeper than the decoder allows, so that no
// recursive walk over them can go deeper. Each problem is an error naming
// the value; true when there is none.
bool walkable_values(std::initializer_list<std::pair<sv, const char*>> values, diagnostics& diags);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/codec/detail/msgpack_view-inl.hpp>
#endif
