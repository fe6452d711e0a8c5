// Equality of encoded values as Terraform decides it (go-cty's RawEquals,
// numbers compared exactly, refinements kept or stripped), and the canonical
// form that sorts set elements the same way for equal values.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/value/type.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail::consistency {

// Counts that equal values share however they are encoded: a cheap way to
// tell that two sets differ before building their canonical keys.
struct token_counts {
    std::size_t nil = 0, ext = 0, yes = 0, no = 0, containers = 0;
    friend bool operator==(const token_counts&, const token_counts&) = default;
};
inline token_counts count_tokens(sv value) {
    token_counts c;
    mp_token t;
    msgpack_reader r(value);
    while (!r.at_end()) {
        if (!r.next(t)) return c;
        switch (t.kind) {
        case mp_kind::nil: ++c.nil; break;
        case mp_kind::ext: ++c.ext; break;
        case mp_kind::boolean: ++(t.boolean ? c.yes : c.no); break;
        case mp_kind::array:
        case mp_kind::map: ++c.containers; break;
        default: break;
        }
    }
    return c;
}

// Writes a form of the value that is the same for equal values and
// different for different ones: numbers in their one exact form, strings
// with the shortest header, sets sorted, maps and objects in key order,
// unknowns with their refinements when `refined`, or bare.
inline void canonical(const type& t, sv b, bool refined, std::string& out) {
    msgpack_writer w(out);
    const encoded_state s = state_of(b);
    if (s == encoded_state::null) return w.nil();
    if (s == encoded_state::unknown) {
        if (!refined) return w.raw(unknown_value_bytes);
        const placeholder p = read_placeholder(b);
        if (p.is_null) return w.nil();
        return w.unknown(&p.r, refinable_of(t));
    }
    const auto garbage = [&] {  // never equal to a valid value
        out.push_back('\xc1');
        out.append(b);
    };
    if (t.is_dynamic()) {
        type inner_type;
        sv inner;
        if (!unwrap_dynamic(b, inner_type, inner)) return garbage();
        w.array_header(2);
        w.bin(to_type_json(inner_type));
        return canonical(inner_type, inner, refined, out);
    }
    mp_token tok;
    switch (t.which()) {
    case type::kind::string:
        if (!head(b, tok) || !is_text(tok)) return garbage();
        return w.string(tok.bytes);
    case type::kind::number: {
        tfpp::number n;
        if (!head(b, tok) || !read_number(tok, n)) return garbage();
        return w.number(n);
    }
    case type::kind::boolean:
        if (!head(b, tok) || tok.kind != mp_kind::boolean) return garbage();
        return w.boolean(tok.boolean);
    case type::kind::list:
    case type::kind::tuple: {
        std::vector<sv> es;
        if (!split_array(b, es)) return garbage();
        w.array_header(static_cast<std::uint32_t>(es.size()));
        for (std::size_t i = 0; i < es.size(); ++i) {
            const type& et = t.is_tuple() ? (i < t.elements().size() ? t.elements()[i] : t) : t.element();
            canonical(et, es[i], refined, out);
        }
        return;
    }
    case type::kind::set: {
        std::vector<sv> es;
        if (!split_array(b, es)) return garbage();
        std::vector<std::string> keys(es.size());
        for (std::size_t i = 0; i < es.size(); ++i) canonical(t.element(), es[i], refined, keys[i]);
        std::sort(keys.begin(), keys.end());
        w.array_header(static_cast<std::uint32_t>(keys.size()));
        for (const auto& k : keys) w.raw(k);
        return;
    }
    case type::kind::map: {
        std::vector<sv> ks, vs;
        if (!split_map(b, ks, vs)) return garbage();
        std::vector<std::size_t> order(ks.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return ks[x] < ks[y]; });
        w.map_header(static_cast<std::uint32_t>(ks.size()));
        for (std::size_t i : order) {
            w.string(ks[i]);
            canonical(t.element(), vs[i], refined, out);
        }
        return;
    }
    case type::kind::object: {
        object_view o;
        if (!o.parse(b)) return garbage();
        const auto attrs = t.attributes();
        w.map_header(static_cast<std::uint32_t>(attrs.size()));
        for (const auto& a : attrs) {
            w.string(a.name);
            canonical(a.type, o.get(a.name), refined, out);
        }
        return;
    }
    case type::kind::dynamic: break;
    }
    garbage();
}

inline bool same_placeholder(const type& t, sv a, sv b) {
    const placeholder pa = read_placeholder(a), pb = read_placeholder(b);
    (void)t;
    return pa.is_null == pb.is_null && pa.r == pb.r;
}

inline bool equal(const type& t, sv a, sv b, bool refined);

// Sets whose elements differ in position: compared as sorted canonical keys
// (after a cheap look at what equal sets must share).
inline bool equal_sets(const type& et, sv a, sv b, bool refined) {
    if (!(count_tokens(a) == count_tokens(b))) return false;
    std::vector<sv> ea, eb;
    if (!split_array(a, ea) || !split_array(b, eb)) return false;
    const auto keys = [&](const std::vector<sv>& es) {
        std::vector<std::string> out(es.size());
        for (std::size_t i = 0; i < es.size(); ++i) canonical(et, es[i], refined, out[i]);
        std::sort(out.begin(), out.end());
        return out;
    };
    return keys(ea) == keys(eb);
}

// go-cty's RawEquals (refined) or RawEquals of unrefinedValue (not refined),
// with numbers compared exactly.
inline bool equal(const type& t, sv a, sv b, bool refined) {
    if (a == b) return true;
    const encoded_state sa = state_of(a), sb = state_of(b);
    if (sa != sb) return false;
    if (sa == encoded_state::null) return true;
    if (sa == encoded_state::unknown) return !refined || same_placeholder(t, a, b);
    if (t.is_dynamic()) {
        type ta, tb;
        sv va, vb;
        return unwrap_dynamic(a, ta, va) && unwrap_dynamic(b, tb, vb) && ta == tb && equal(ta, va, vb, refined);
    }
    mp_token x, y;
    switch (t.which()) {
    case type::kind::string: return head(a, x) && head(b, y) && is_text(x) && is_text(y) && x.bytes == y.bytes;
    case type::kind::number: {
        tfpp::number na, nb;
        return head(a, x) && head(b, y) && read_number(x, na) && read_number(y, nb) && na == nb;
    }
    case type::kind::boolean:
        return head(a, x) && head(b, y) && x.kind == mp_kind::boolean && y.kind == mp_kind::boolean &&
               x.boolean == y.boolean;
    case type::kind::list:
    case type::kind::tuple:
    case type::kind::set: {
        // Element by element, as far as they agree (no split up front: a
        // difference is usually found at the first element).
        msgpack_reader ra(a), rb(b);
        if (!ra.next(x) || !rb.next(y) || x.kind != mp_kind::array || y.kind != mp_kind::array || x.count != y.count)
            return false;
        for (std::uint32_t i = 0; i < x.count; ++i) {
            const char* pa = ra.position();
            const char* pb = rb.position();
            if (!ra.skip() || !rb.skip()) return false;
            const sv ea(pa, static_cast<std::size_t>(ra.position() - pa)),
                eb(pb, static_cast<std::size_t>(rb.position() - pb));
            const type& et = t.is_tuple() ? (i < t.elements().size() ? t.elements()[i] : t) : t.element();
            if (equal(et, ea, eb, refined)) continue;
            if (t.which() == type::kind::set) return equal_sets(et, a, b, refined);
            return false;
        }
        return true;
    }
    case type::kind::map: {
        std::vector<sv> ka, va, kb, vb;
        if (!split_map(a, ka, va) || !split_map(b, kb, vb) || ka.size() != kb.size()) return false;
        for (std::size_t i = 0; i < ka.size(); ++i) {
            const std::size_t j = ka[i] == kb[i] ? i : find_key(kb, ka[i]);
            if (j == sv::npos || !equal(t.element(), va[i], vb[j], refined)) return false;
        }
        return true;
    }
    case type::kind::object: {
        object_view oa, ob;
        if (!oa.parse(a) || !ob.parse(b)) return false;
        for (const auto& at : t.attributes())
            if (!equal(at.type, oa.get(at.name), ob.get(at.name), refined)) return false;
        return true;
    }
    case type::kind::dynamic: break;
    }
    return false;
}

// Whether an unknown placeholder admits the actual value: false only when
// the value is definitely outside its refinements (go-cty's Range().Includes).
inline bool placeholder_admits(const type& t, sv planned, sv actual) {
    const placeholder p = read_placeholder(planned);
    const encoded_state as = state_of(actual);
    if (p.is_null) return as == encoded_state::null;
    if (as == encoded_state::null) return !p.r.not_null;
    if (as == encoded_state::unknown) return true;
    mp_token tok;
    switch (t.which()) {
    case type::kind::string:
        if (!p.r.string_prefix.empty() && head(actual, tok) && is_text(tok))
            return tok.bytes.substr(0, p.r.string_prefix.size()) == p.r.string_prefix;
        return true;
    case type::kind::number: {
        tfpp::number n;
        if (!head(actual, tok) || !read_number(tok, n)) return true;
        if (p.r.lower) {
            const auto c = n <=> p.r.lower->value;
            if (c < 0 || (c == 0 && !p.r.lower->inclusive)) return false;
        }
        if (p.r.upper) {
            const auto c = n <=> p.r.upper->value;
            if (c > 0 || (c == 0 && !p.r.upper->inclusive)) return false;
        }
        return true;
    }
    case type::kind::list:
    case type::kind::set:
    case type::kind::map: {
        if (p.r.length_min == 0 && !p.r.length_max) return true;
        std::vector<sv> ks, vs;
        std::int64_t count = 0;
        if (t.which() == type::kind::map) {
            if (!split_map(actual, ks, vs)) return true;
            count = static_cast<std::int64_t>(vs.size());
        } else {
            if (!split_array(actual, vs)) return true;
            count = static_cast<std::int64_t>(vs.size());
        }
        std::int64_t lo = count, hi = count;
        // A set holding unknowns may still shrink when they turn out equal.
        if (t.which() == type::kind::set && count >= 2 && !bytes_wholly_known(actual)) lo = 1;
        if (hi < p.r.length_min) return false;
        if (p.r.length_max && lo > *p.r.length_max) return false;
        return true;
    }
    default: return true;
    }
}

}  // namespace tfpp::detail::consistency
