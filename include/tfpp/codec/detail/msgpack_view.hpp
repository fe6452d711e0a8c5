// Encoded values seen in place: whether a value is null, unknown or known,
// the elements of an array, the keys and values of a map, the attributes of
// an object, numbers, dynamic wrappers and the refinements of an unknown,
// all without decoding into C++ types. The planner and the consistency
// checker work on these views (a seam: test/layers/check_layers.py).
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
inline bool split_array(sv b, std::vector<sv>& out) {
    out.clear();
    msgpack_reader r(b);
    mp_token t;
    if (!r.next(t) || t.kind != mp_kind::array) return false;
    out.reserve(reserve_for<sv>(t.count));
    for (std::uint32_t i = 0; i < t.count; ++i) {
        const char* begin = r.position();
        if (!r.skip()) return false;
        out.emplace_back(begin, static_cast<std::size_t>(r.position() - begin));
    }
    return r.at_end();
}

// Sorts keys, and values with them, when they are not in order already (go-cty
// writes them sorted; anyone else may not): lookups are then binary searches.
inline void sort_by_key(std::vector<sv>& keys, std::vector<sv>& values) {
    if (std::is_sorted(keys.begin(), keys.end())) return;
    std::vector<std::pair<sv, sv>> entries;
    entries.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) entries.emplace_back(keys[i], values[i]);
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < entries.size(); ++i) std::tie(keys[i], values[i]) = entries[i];
}

// The keys and values of an encoded map, sorted by key.
inline bool split_map(sv b, std::vector<sv>& keys, std::vector<sv>& values) {
    keys.clear();
    values.clear();
    msgpack_reader r(b);
    mp_token t;
    if (!r.next(t) || t.kind != mp_kind::map) return false;
    keys.reserve(reserve_for<sv>(t.count));
    values.reserve(reserve_for<sv>(t.count));
    for (std::uint32_t i = 0; i < t.count; ++i) {
        mp_token k;
        if (!r.next(k) || k.kind != mp_kind::str) return false;
        keys.push_back(k.bytes);
        const char* begin = r.position();
        if (!r.skip()) return false;
        values.emplace_back(begin, static_cast<std::size_t>(r.position() - begin));
    }
    if (!r.at_end()) return false;
    sort_by_key(keys, values);
    return true;
}

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
inline bool split_value(sv bytes, value_parts& out) {
    out.elements.clear();
    out.keys.clear();
    mp_kind kind;
    switch (state_of(bytes)) {
    case encoded_state::null: out.kind = value_parts::shape::null; return true;
    case encoded_state::unknown: {
        out.kind = value_parts::shape::unknown;
        msgpack_reader r(bytes);
        return r.skip() && r.at_end();
    }
    case encoded_state::known: break;
    }
    if (!msgpack_reader(bytes).peek(kind)) return false;
    if (kind == mp_kind::array) {
        out.kind = value_parts::shape::array;
        return split_array(bytes, out.elements);
    }
    if (kind == mp_kind::map) {
        out.kind = value_parts::shape::map;
        return split_map(bytes, out.keys, out.elements);
    }
    out.kind = value_parts::shape::scalar;
    msgpack_reader r(bytes);
    return r.skip() && r.at_end();
}

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

inline bool read_number(const mp_token& t, tfpp::number& out) {
    switch (t.kind) {
    case mp_kind::uint: out = tfpp::number(t.uint); return true;
    case mp_kind::sint: out = tfpp::number(t.sint); return true;
    case mp_kind::float32:
    case mp_kind::float64:
        if (std::isnan(t.real)) return false;
        out = tfpp::number(t.real);
        return true;
    case mp_kind::str:
    case mp_kind::bin: {
        auto n = tfpp::number::parse(t.bytes);
        if (!n) return false;
        out = std::move(*n);
        return true;
    }
    default: return false;
    }
}

inline bool is_text(const mp_token& t) { return t.kind == mp_kind::str || t.kind == mp_kind::bin; }

// A value of dynamic type: [type JSON, value].
inline bool unwrap_dynamic(sv b, type& t, sv& inner) {
    msgpack_reader r(b);
    mp_token tok;
    if (!r.next(tok) || tok.kind != mp_kind::array || tok.count != 2) return false;
    if (!r.next(tok) || !is_text(tok)) return false;
    diagnostics ignored;
    auto parsed = parse_type_json(tok.bytes, ignored);
    if (!parsed) return false;
    t = std::move(*parsed);
    const char* begin = r.position();
    if (!r.skip() || !r.at_end()) return false;
    inner = sv(begin, static_cast<std::size_t>(r.position() - begin));
    return true;
}

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
inline std::string read_refinements(const mp_token& ext, refinable kind, refinements& r, bool& is_null) {
    if (ext.bytes.size() <= 1) return {};
    if (ext.ext_type != refined_unknown_ext)
        return "unsupported MessagePack extension type " + std::to_string(ext.ext_type) + " with " +
               std::to_string(ext.bytes.size()) + " bytes";
    if (ext.bytes.size() > 1024) return "the unknown value's refinements are too large";
    auto bad = [](const char* what) { return std::string("unknown value: ") + what; };
    msgpack_reader body(ext.bytes);
    mp_token t;
    if (!body.next(t) || t.kind != mp_kind::map) return bad("the refinements are not a map");
    const std::uint32_t n = t.count;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!body.next(t) || (t.kind != mp_kind::uint && t.kind != mp_kind::sint))
            return bad("a refinement key is not an integer");
        const std::int64_t key = t.kind == mp_kind::uint ? static_cast<std::int64_t>(t.uint) : t.sint;
        if (kind == refinable::dynamic) {  // go-cty keeps no refinements for dynamic
            if (!body.skip()) return bad("a refinement is malformed");
            continue;
        }
        const bool any = kind == refinable::any;
        switch (key) {
        case 1:
            if (!body.next(t) || t.kind != mp_kind::boolean) return bad("the null refinement is not a bool");
            if ((t.boolean && r.not_null) || (!t.boolean && is_null))
                return bad("the refinements say both null and not null");
            if (t.boolean) is_null = true;
            else r.not_null = true;
            break;
        case 2: {
            if (kind != refinable::string && !any) return bad("a string prefix refinement for a non-string type");
            if (!body.next(t) || t.kind != mp_kind::str) return bad("the string prefix is not a string");
            if (!valid_utf8(t.bytes)) return bad("the string prefix is not valid UTF-8");
            const std::string_view old = r.string_prefix, now = t.bytes;
            if (old.substr(0, now.size()) == now) break;  // weaker than what we have
            if (now.substr(0, old.size()) != old) return bad("two string prefixes contradict each other");
            r.string_prefix.assign(now.data(), now.size());
            break;
        }
        case 3:
        case 4: {
            if (kind != refinable::number && !any) return bad("a number bound refinement for a non-number type");
            number_bound b;
            mp_token value;
            if (!body.next(t) || t.kind != mp_kind::array || t.count != 2 || !body.next(value) ||
                !read_number(value, b.value) || !body.next(t) || t.kind != mp_kind::boolean)
                return bad("a number bound must be [number, bool]");
            b.inclusive = t.boolean;
            auto& slot = key == 3 ? r.lower : r.upper;
            const auto order = slot ? b.value <=> slot->value : std::strong_ordering::equal;
            const bool stronger = !slot || (key == 3 ? order > 0 : order < 0) || (order == 0 && !b.inclusive);
            if (stronger) slot = std::move(b);
            break;
        }
        case 5:
        case 6: {
            if (kind != refinable::collection && !any)
                return bad("a length bound refinement for a type that is not a collection");
            if (!body.next(t) || (t.kind != mp_kind::uint && t.kind != mp_kind::sint) ||
                (t.kind == mp_kind::uint &&
                 t.uint > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
                return bad("a length bound must be an integer");
            const std::int64_t v = t.kind == mp_kind::uint ? static_cast<std::int64_t>(t.uint) : t.sint;
            if (key == 5) r.length_min = std::max(r.length_min, v);  // a negative lower bound says nothing
            else if (v < 0) return bad("a collection length cannot be below zero");
            else r.length_max = r.length_max ? std::min(*r.length_max, v) : v;
            break;
        }
        default:  // a refinement this version does not know: skipped, so newer peers still work
            if (!body.skip()) return bad("a refinement is malformed");
        }
    }
    if (r.lower && r.upper) {
        const auto order = r.lower->value <=> r.upper->value;
        if (order > 0 || (order == 0 && !(r.lower->inclusive && r.upper->inclusive)))
            return bad("the number bounds leave no possible value");
    }
    if (r.length_max && r.length_min > *r.length_max) return bad("the length bounds leave no possible length");
    return {};
}

// What an unknown value says about itself (go-cty's refinements, ext 12).
struct placeholder {
    bool is_null = false;  // "definitely null" (go-cty collapses that to null; kept for completeness)
    refinements r;
};

inline placeholder read_placeholder(sv b) {
    placeholder p;
    mp_token t;
    if (head(b, t) && t.kind == mp_kind::ext) (void)read_refinements(t, refinable::any, p.r, p.is_null);
    return p;
}

// Whether bytes are one valid MessagePack value, nested at most max_depth
// containers deep (the decoder's limit, which then bounds every recursive
// walk over them), whose unknowns follow go-cty's rules (read_refinements);
// empty when so, else what is wrong. Iterative: deep input costs no stack.
inline std::string encoded_value_problem(sv bytes, unsigned max_depth = decode_options{}.max_depth) {
    msgpack_reader r(bytes);
    std::vector<std::uint64_t> open;  // how many tokens each open container still holds
    mp_token t;
    do {
        if (!r.next(t)) return "the MessagePack bytes are not one valid value";
        if (!open.empty()) --open.back();
        const std::uint64_t entries = t.kind == mp_kind::array ? t.count
                                      : t.kind == mp_kind::map ? std::uint64_t{t.count} * 2
                                                               : 0;
        if (t.kind == mp_kind::ext) {
            refinements ignored;
            bool is_null = false;
            if (std::string problem = read_refinements(t, refinable::any, ignored, is_null); !problem.empty())
                return problem;
        }
        if (entries > 0) {
            if (open.size() >= max_depth) return "the value nests deeper than " + std::to_string(max_depth) + " levels";
            open.push_back(entries);
        }
        while (!open.empty() && open.back() == 0) open.pop_back();
    } while (!open.empty());
    if (!r.at_end()) return "the MessagePack bytes are not one valid value";
    return {};
}

// Values walked without being decoded (by the planner, by the consistency
// checker), held to the decoder's rules first: one valid value each, unknowns
// as go-cty writes them, nested no deeper than the decoder allows, so that no
// recursive walk over them can go deeper. Each problem is an error naming
// the value; true when there is none.
inline bool walkable_values(std::initializer_list<std::pair<sv, const char*>> values, diagnostics& diags) {
    for (const auto& [bytes, what] : values) {
        if (is_null_value(bytes)) continue;
        if (std::string problem = encoded_value_problem(bytes); !problem.empty()) {
            diags.error(std::string("Malformed ") + what, std::string("the ") + what + ": " + problem);
            return false;
        }
    }
    return true;
}

}  // namespace tfpp::detail
