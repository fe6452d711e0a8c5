// Encoded values walked in place, compiled once (tfpp/codec/detail/msgpack_view.hpp).
// Compiled once from src/codec/msgpack_view.cpp, or inline in every file that includes
// <tfpp/codec/detail/msgpack_view.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/detail/msgpack_view.hpp>

namespace tfpp::detail {

TFPP_INLINE bool split_array(sv b, std::vector<sv>& out) {
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

TFPP_INLINE void sort_by_key(std::vector<sv>& keys, std::vector<sv>& values) {
    if (std::is_sorted(keys.begin(), keys.end())) return;
    std::vector<std::pair<sv, sv>> entries;
    entries.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) entries.emplace_back(keys[i], values[i]);
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < entries.size(); ++i) std::tie(keys[i], values[i]) = entries[i];
}

TFPP_INLINE bool split_map(sv b, std::vector<sv>& keys, std::vector<sv>& values) {
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

TFPP_INLINE bool split_value(sv bytes, value_parts& out) {
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

TFPP_INLINE bool read_number(const mp_token& t, tfpp::number& out) {
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

TFPP_INLINE bool unwrap_dynamic(sv b, type& t, sv& inner) {
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

TFPP_INLINE std::string read_refinements(const mp_token& ext, refinable kind, refinements& r, bool& is_null) {
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

TFPP_INLINE placeholder read_placeholder(sv b) {
    placeholder p;
    mp_token t;
    if (head(b, t) && t.kind == mp_kind::ext) (void)read_refinements(t, refinable::any, p.r, p.is_null);
    return p;
}

TFPP_INLINE std::string encoded_value_problem(sv bytes, unsigned max_depth) {
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

TFPP_INLINE bool walkable_values(std::initializer_list<std::pair<sv, const char*>> values, diagnostics& diags) {
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
