// The consistency checker: tfpp's planned and applied values, checked on
// their encoded bytes against the runtime schema with the rules Terraform
// core applies to a provider's answers (hashicorp/terraform
// internal/plans/objchange: AssertPlanValid in plan_valid.go,
// AssertObjectCompatible in compatible.go, and the checks after
// ApplyResourceChange in node_resource_abstract_instance.go).
//
// Speed: values are compared where they lie in the MessagePack bytes. Equal
// bytes are equal values (go-cty's encoding is canonical, and so is tfpp's),
// so the common case is a memcmp; where bytes differ the values are compared
// exactly (numbers by value, strings by content, unknowns without their
// refinements where Terraform strips them). Sets are compared and
// correlated through sorted canonical keys, O(n log n): a planned element
// that is wholly known must equal an actual element; one with unknown
// attributes is looked up by the attributes it knows. Only elements that
// agree on every known attribute and hold refined or partly unknown values
// are tried against each other pairwise.
#pragma once

#include <tfpp/codec/detail/msgpack_reader.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/number.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::detail::consistency {

using sv = std::string_view;

// ------------------------------------------------------------ encoded values

enum class state : unsigned char { null, unknown, known };

inline state state_of(sv b) noexcept {
    if (b.empty()) return state::null;
    const auto c = static_cast<unsigned char>(b[0]);
    if (c == 0xc0) return state::null;
    if (c == 0xd4 || (c >= 0xc7 && c <= 0xc9) || (c >= 0xd5 && c <= 0xd8)) return state::unknown;
    return state::known;
}

inline bool head(sv b, mp_token& t) {
    msgpack_reader r(b);
    return r.next(t);
}

// An unknown without refinements (what tfpp's planner writes).
inline bool is_plain_unknown(sv b) {
    mp_token t;
    return state_of(b) == state::unknown && head(b, t) && (t.bytes.size() <= 1 || t.ext_type != refined_unknown_ext);
}

// No unknown anywhere inside (and valid bytes).
inline bool wholly_known(sv b) {
    msgpack_reader r(b);
    mp_token t;
    while (!r.at_end()) {
        if (!r.next(t) || t.kind == mp_kind::ext) return false;
    }
    return true;
}

// The elements of an encoded array, or the keys and values of an encoded
// map. False when the bytes are not one.
inline bool split_array(sv b, std::vector<sv>& out) {
    out.clear();
    msgpack_reader r(b);
    mp_token t;
    if (!r.next(t) || t.kind != mp_kind::array) return false;
    out.reserve(t.count);
    for (std::uint32_t i = 0; i < t.count; ++i) {
        const char* begin = r.position();
        if (!r.skip()) return false;
        out.emplace_back(begin, static_cast<std::size_t>(r.position() - begin));
    }
    return r.at_end();
}

inline bool split_map(sv b, std::vector<sv>& keys, std::vector<sv>& values) {
    keys.clear();
    values.clear();
    msgpack_reader r(b);
    mp_token t;
    if (!r.next(t) || t.kind != mp_kind::map) return false;
    keys.reserve(t.count);
    values.reserve(t.count);
    for (std::uint32_t i = 0; i < t.count; ++i) {
        mp_token k;
        if (!r.next(k) || k.kind != mp_kind::str) return false;
        keys.push_back(k.bytes);
        const char* begin = r.position();
        if (!r.skip()) return false;
        values.emplace_back(begin, static_cast<std::size_t>(r.position() - begin));
    }
    return r.at_end();
}

// The index of key in keys (sorted, as go-cty writes them; looked up one by
// one when they are not), or npos.
inline std::size_t find_key(const std::vector<sv>& keys, sv key) {
    const auto it = std::lower_bound(keys.begin(), keys.end(), key);
    if (it != keys.end() && *it == key) return static_cast<std::size_t>(it - keys.begin());
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key) return i;
    return sv::npos;
}

// An object value: its attributes by name. get() of a null object is null,
// of an unknown one unknown (as go-cty's GetAttr), of an absent attribute null.
class object_view {
public:
    bool parse(sv b) {
        st_ = state_of(b);
        keys_.clear();
        values_.clear();
        if (st_ != state::known) return true;
        return split_map(b, keys_, values_);
    }
    [[nodiscard]] state status() const noexcept { return st_; }
    [[nodiscard]] sv get(sv name) const {
        if (st_ == state::null) return null_bytes;
        if (st_ == state::unknown) return unknown_value_bytes;
        const std::size_t i = find_key(keys_, name);
        return i == sv::npos ? null_bytes : values_[i];
    }

private:
    state st_ = state::null;
    std::vector<sv> keys_, values_;
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

// What an unknown value says about itself (go-cty's refinements, ext 12).
struct placeholder {
    bool is_null = false;  // "definitely null" (go-cty collapses that to null; kept for completeness)
    refinements r;
};

inline placeholder read_placeholder(sv b) {
    placeholder p;
    mp_token t;
    if (!head(b, t) || t.kind != mp_kind::ext || t.bytes.size() <= 1 || t.ext_type != refined_unknown_ext) return p;
    msgpack_reader body(t.bytes);
    mp_token m;
    if (!body.next(m) || m.kind != mp_kind::map) return p;
    for (std::uint32_t i = 0; i < m.count; ++i) {
        mp_token k, v;
        if (!body.next(k) || (k.kind != mp_kind::uint && k.kind != mp_kind::sint)) return p;
        const std::int64_t key = k.kind == mp_kind::uint ? static_cast<std::int64_t>(k.uint) : k.sint;
        switch (key) {
        case 1:
            if (!body.next(v) || v.kind != mp_kind::boolean) return p;
            if (v.boolean) p.is_null = true;
            else p.r.not_null = true;
            break;
        case 2:
            if (!body.next(v) || !is_text(v)) return p;
            p.r.string_prefix.assign(v.bytes);
            break;
        case 3:
        case 4: {
            number_bound bound;
            mp_token n, inc;
            if (!body.next(v) || v.kind != mp_kind::array || v.count != 2 || !body.next(n) || !read_number(n, bound.value) ||
                !body.next(inc) || inc.kind != mp_kind::boolean)
                return p;
            bound.inclusive = inc.boolean;
            (key == 3 ? p.r.lower : p.r.upper) = std::move(bound);
            break;
        }
        case 5:
        case 6: {
            if (!body.next(v) || (v.kind != mp_kind::uint && v.kind != mp_kind::sint)) return p;
            const std::int64_t n = v.kind == mp_kind::uint ? static_cast<std::int64_t>(v.uint) : v.sint;
            if (key == 5) p.r.length_min = n;
            else p.r.length_max = n;
            break;
        }
        default:
            if (!body.skip()) return p;
        }
    }
    return p;
}

// ------------------------------------------------ equality and canonical form

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
    const state s = state_of(b);
    if (s == state::null) return w.nil();
    if (s == state::unknown) {
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
    const state sa = state_of(a), sb = state_of(b);
    if (sa != sb) return false;
    if (sa == state::null) return true;
    if (sa == state::unknown) return !refined || same_placeholder(t, a, b);
    if (t.is_dynamic()) {
        type ta, tb;
        sv va, vb;
        return unwrap_dynamic(a, ta, va) && unwrap_dynamic(b, tb, vb) && ta == tb && equal(ta, va, vb, refined);
    }
    mp_token x, y;
    switch (t.which()) {
    case type::kind::string:
        return head(a, x) && head(b, y) && is_text(x) && is_text(y) && x.bytes == y.bytes;
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
            const sv ea(pa, static_cast<std::size_t>(ra.position() - pa)), eb(pb, static_cast<std::size_t>(rb.position() - pb));
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
    const state as = state_of(actual);
    if (p.is_null) return as == state::null;
    if (as == state::null) return !p.r.not_null;
    if (as == state::unknown) return true;
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
        if (t.which() == type::kind::set && count >= 2 && !wholly_known(actual)) lo = 1;
        if (hi < p.r.length_min) return false;
        if (p.r.length_max && lo > *p.r.length_max) return false;
        return true;
    }
    default: return true;
    }
}

// ------------------------------------------------------------ type conformance

// Whether bytes are one value of type t; on failure, what is wrong and where.
class conformance {
public:
    bool check(const type& t, sv bytes) {
        msgpack_reader r(bytes);
        if (!value(t, r)) return false;
        if (!r.at_end()) return fail("unexpected bytes after the value");
        return true;
    }
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    [[nodiscard]] attribute_path where() const {
        attribute_path p;
        for (auto it = reversed_.rbegin(); it != reversed_.rend(); ++it) p.push(*it);
        return p;
    }

private:
    bool fail(std::string what) {
        problem_ = std::move(what);
        return false;
    }
    bool at(attribute_path::step s) {
        reversed_.push_back(std::move(s));
        return false;
    }
    static const char* found(mp_kind k) {
        static constexpr const char* names[] = {"null", "a bool", "a number", "a number", "a number", "a number",
                                                "a string", "binary data", "an array", "a map", "an unknown"};
        return names[static_cast<int>(k)];
    }
    bool expected(const char* what, mp_kind k) {
        return fail(std::string("expected ") + what + ", found " + found(k));
    }

    bool value(const type& t, msgpack_reader& r) {
        mp_token tok;
        if (!r.next(tok)) return fail("the bytes end early or are not valid MessagePack");
        if (tok.kind == mp_kind::nil || tok.kind == mp_kind::ext) return true;
        if (t.is_dynamic()) {
            if (tok.kind != mp_kind::array || tok.count != 2) return expected("a [type, value] pair for a dynamic value", tok.kind);
            mp_token ty;
            if (!r.next(ty) || !is_text(ty)) return fail("a dynamic value's type is not a string");
            diagnostics ignored;
            auto parsed = parse_type_json(ty.bytes, ignored);
            if (!parsed) return fail("a dynamic value's type is not valid type JSON");
            return value(*parsed, r);
        }
        switch (t.which()) {
        case type::kind::string: return is_text(tok) || expected("a string", tok.kind);
        case type::kind::boolean: return tok.kind == mp_kind::boolean || expected("a bool", tok.kind);
        case type::kind::number: {
            tfpp::number n;
            return read_number(tok, n) || expected("a number", tok.kind);
        }
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            if (tok.kind != mp_kind::array)
                return expected(t.is_tuple() ? "a tuple" : t.which() == type::kind::set ? "a set" : "a list", tok.kind);
            if (t.is_tuple() && tok.count != t.elements().size())
                return fail("expected a tuple of " + std::to_string(t.elements().size()) + " elements, found " +
                            std::to_string(tok.count));
            for (std::uint32_t i = 0; i < tok.count; ++i)
                if (!value(t.is_tuple() ? t.elements()[i] : t.element(), r))
                    return t.which() == type::kind::set ? false : at(attribute_path::index(i));
            return true;
        }
        case type::kind::map: {
            if (tok.kind != mp_kind::map) return expected("a map", tok.kind);
            for (std::uint32_t i = 0; i < tok.count; ++i) {
                mp_token k;
                if (!r.next(k) || k.kind != mp_kind::str) return fail("a map key is not a string");
                if (!value(t.element(), r)) return at(attribute_path::key(k.bytes));
            }
            return true;
        }
        case type::kind::object: {
            if (tok.kind != mp_kind::map) return expected("an object", tok.kind);
            const auto attrs = t.attributes();
            std::vector<bool> seen(attrs.size());
            for (std::uint32_t i = 0; i < tok.count; ++i) {
                mp_token k;
                if (!r.next(k) || k.kind != mp_kind::str) return fail("an object attribute name is not a string");
                const auto index = t.attribute_index(k.bytes);
                if (index < 0)
                    return fail("the object has an attribute \"" + std::string(k.bytes) + "\" that the schema does not define");
                if (seen[static_cast<std::size_t>(index)])
                    return fail("the object has the attribute \"" + std::string(k.bytes) + "\" twice");
                seen[static_cast<std::size_t>(index)] = true;
                if (!value(attrs[static_cast<std::size_t>(index)].type, r)) return at(attribute_path::attribute(k.bytes));
            }
            for (std::size_t i = 0; i < attrs.size(); ++i)
                if (!seen[i]) return fail("the object lacks the attribute \"" + attrs[i].name + "\"");
            return true;
        }
        case type::kind::dynamic: break;
        }
        return true;
    }

    std::string problem_;
    std::vector<attribute_path::step> reversed_;
};

// ------------------------------------------------------------ schema views

// What the schema says about a value beyond its type: the attributes (and,
// for blocks, block types) of the objects in it, and how they repeat.
struct shape {
    const std::vector<attribute_schema>* attributes = nullptr;
    const std::vector<nested_block_schema>* blocks = nullptr;
    nesting mode = nesting::single;

    [[nodiscard]] bool empty() const noexcept { return attributes == nullptr; }
    [[nodiscard]] shape element() const noexcept { return {attributes, blocks, nesting::single}; }
};
inline shape shape_of(const attribute_schema& a) {
    return a.nested ? shape{&a.nested->attributes, nullptr, a.nested->mode} : shape{};
}
inline shape shape_of(const nested_block_schema& b) { return {&b.block.attributes, &b.block.blocks, b.mode}; }

template <class T>
const T* find_named(const std::vector<T>& items, sv name) {
    const auto it = std::lower_bound(items.begin(), items.end(), name, [](const T& a, sv n) { return (a.name) < n; });
    if (it != items.end() && it->name == name) return &*it;
    for (const auto& i : items)
        if (i.name == name) return &i;
    return nullptr;
}

// The type of a block type's value in its parent: an object, or a list, set
// or map of them (built when the parent's value type does not say).
inline type block_value_type(const block_schema& parent, const nested_block_schema& b) {
    const auto i = parent.value_type.attribute_index(b.name);
    if (i >= 0) return parent.value_type.attributes()[static_cast<std::size_t>(i)].type;
    switch (b.mode) {
    case nesting::list: return type::list(b.block.value_type);
    case nesting::set: return type::set(b.block.value_type);
    case nesting::map: return type::map(b.block.value_type);
    default: return b.block.value_type;
    }
}

inline bool has_sensitive(const std::vector<attribute_schema>& attrs) {
    return std::any_of(attrs.begin(), attrs.end(), [](const attribute_schema& a) {
        return a.sensitive || (a.nested && has_sensitive(a.nested->attributes));
    });
}

// ------------------------------------------------------------ rendering

// Values as the diagnostics show them: compact HCL-like text, long strings
// and collections cut short, sensitive attributes hidden.
class renderer {
public:
    std::string operator()(const type& t, sv b, const shape& s = {}) {
        out_.clear();
        value(t, b, s, 0);
        if (out_.size() > max_total) {
            std::size_t cut = max_total;
            while (cut > 0 && (static_cast<unsigned char>(out_[cut]) & 0xc0) == 0x80) --cut;
            out_.resize(cut);
            out_ += " ...";
        }
        return out_;
    }

private:
    static constexpr std::size_t max_string = 64, max_elements = 4, max_total = 240, max_depth = 4;

    void text(sv s) {
        out_ += '"';
        std::size_t n = std::min(s.size(), max_string);
        while (n < s.size() && n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80) --n;
        for (char c : s.substr(0, n)) {
            switch (c) {
            case '"': out_ += "\\\""; break;
            case '\\': out_ += "\\\\"; break;
            case '\n': out_ += "\\n"; break;
            case '\t': out_ += "\\t"; break;
            case '\r': out_ += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static constexpr char hex[] = "0123456789abcdef";
                    out_ += "\\u00";
                    out_ += hex[(c >> 4) & 0xf];
                    out_ += hex[c & 0xf];
                } else {
                    out_ += c;
                }
            }
        }
        out_ += '"';
        if (n < s.size()) out_ += "... (" + std::to_string(s.size()) + " bytes)";
    }

    void placeholder_text(const type& t, sv b) {
        const placeholder p = read_placeholder(b);
        std::string says;
        const auto add = [&](const std::string& s) { says += (says.empty() ? "" : ", ") + s; };
        if (p.r.not_null) add("not null");
        if (!p.r.string_prefix.empty() && t.which() == type::kind::string) {
            std::string saved = std::move(out_);
            out_.clear();
            text(p.r.string_prefix);
            add("starts with " + out_);
            out_ = std::move(saved);
        }
        if (p.r.lower) add(std::string(p.r.lower->inclusive ? ">= " : "> ") + p.r.lower->value.to_string());
        if (p.r.upper) add(std::string(p.r.upper->inclusive ? "<= " : "< ") + p.r.upper->value.to_string());
        if (p.r.length_min > 0 && p.r.length_max)
            add("length " + std::to_string(p.r.length_min) + " to " + std::to_string(*p.r.length_max));
        else if (p.r.length_min > 0)
            add("length at least " + std::to_string(p.r.length_min));
        else if (p.r.length_max)
            add("length at most " + std::to_string(*p.r.length_max));
        out_ += says.empty() ? "(known after apply)" : "(known after apply: " + says + ")";
    }

    void value(const type& t, sv b, const shape& s, std::size_t depth) {
        const state st = state_of(b);
        if (st == state::null) return void(out_ += "null");
        if (st == state::unknown) return placeholder_text(t, b);
        if (t.is_dynamic()) {
            type inner_type;
            sv inner;
            if (!unwrap_dynamic(b, inner_type, inner)) return void(out_ += "(malformed)");
            return value(inner_type, inner, s, depth);
        }
        mp_token tok;
        switch (t.which()) {
        case type::kind::string:
            if (head(b, tok) && is_text(tok)) return text(tok.bytes);
            break;
        case type::kind::number: {
            tfpp::number n;
            if (head(b, tok) && read_number(tok, n)) {
                // A double shows its exact value: 0.1 as a double is not the decimal 0.1.
                if (n.representation() == tfpp::number::form::float64 && !n.is_infinite())
                    return void(out_ += tfpp::detail::fixed_text(n.exact()));
                return void(out_ += n.to_string());
            }
            break;
        }
        case type::kind::boolean:
            if (head(b, tok) && tok.kind == mp_kind::boolean) return void(out_ += tok.boolean ? "true" : "false");
            break;
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            std::vector<sv> es;
            if (!split_array(b, es)) break;
            if (depth >= max_depth) return void(out_ += es.empty() ? "[]" : "[...]");
            out_ += '[';
            for (std::size_t i = 0; i < es.size() && i < max_elements; ++i) {
                if (i) out_ += ", ";
                if (t.is_tuple() && i >= t.elements().size()) break;
                value(t.is_tuple() ? t.elements()[i] : t.element(), es[i], s.element(), depth + 1);
            }
            if (es.size() > max_elements) out_ += ", ... (" + std::to_string(es.size() - max_elements) + " more)";
            out_ += ']';
            return;
        }
        case type::kind::map: {
            std::vector<sv> ks, vs;
            if (!split_map(b, ks, vs)) break;
            if (depth >= max_depth) return void(out_ += ks.empty() ? "{}" : "{...}");
            out_ += '{';
            for (std::size_t i = 0; i < ks.size() && i < max_elements; ++i) {
                out_ += i ? ", " : " ";
                text(ks[i]);
                out_ += " = ";
                value(t.element(), vs[i], s.element(), depth + 1);
            }
            if (ks.size() > max_elements) out_ += ", ... (" + std::to_string(ks.size() - max_elements) + " more)";
            out_ += ks.empty() ? "}" : " }";
            return;
        }
        case type::kind::object: {
            object_view o;
            if (!o.parse(b)) break;
            const auto attrs = t.attributes();
            if (depth >= max_depth) return void(out_ += attrs.empty() ? "{}" : "{...}");
            out_ += '{';
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                out_ += i ? ", " : " ";
                out_ += attrs[i].name;
                out_ += " = ";
                const attribute_schema* a = s.empty() ? nullptr : find_named(*s.attributes, attrs[i].name);
                const nested_block_schema* nb =
                    a || s.empty() || !s.blocks ? nullptr : find_named(*s.blocks, attrs[i].name);
                if (a && a->sensitive) out_ += "(sensitive value)";
                else value(attrs[i].type, o.get(attrs[i].name), a ? shape_of(*a) : nb ? shape_of(*nb) : shape{}, depth + 1);
                if (out_.size() > max_total) break;
            }
            out_ += attrs.empty() ? "}" : " }";
            return;
        }
        case type::kind::dynamic: break;
        }
        out_ += "(malformed)";
    }

    std::string out_;
};

// An index of the actual elements by a key: hashes sorted, the keys
// kept to tell a collision from a match.
struct key_index {
    std::vector<std::string> keys;
    std::vector<std::pair<std::size_t, std::size_t>> hashed;  // (hash, element)
    std::vector<char> done;                                   // by position: all matched already
    void build() {
        hashed.resize(keys.size());
        for (std::size_t j = 0; j < keys.size(); ++j) hashed[j] = {std::hash<std::string>{}(keys[j]), j};
        std::sort(hashed.begin(), hashed.end());
        done.assign(hashed.size(), 0);
    }
    // The position in `hashed` of the first element whose key is
    // `key` (npos: none); each() calls f(element) for all of them.
    [[nodiscard]] std::size_t first(const std::string& key) const {
        const std::size_t h = std::hash<std::string>{}(key);
        auto it = std::lower_bound(hashed.begin(), hashed.end(), std::pair<std::size_t, std::size_t>{h, 0});
        for (; it != hashed.end() && it->first == h; ++it)
            if (keys[it->second] == key) return static_cast<std::size_t>(it - hashed.begin());
        return sv::npos;
    }
    template <class F>
    void each(const std::string& key, F&& f) const {
        const std::size_t h = std::hash<std::string>{}(key);
        auto it = std::lower_bound(hashed.begin(), hashed.end(), std::pair<std::size_t, std::size_t>{h, 0});
        for (; it != hashed.end() && it->first == h; ++it)
            if (keys[it->second] == key) f(it->second);
    }
};

// ------------------------------------------------------------ the checker

enum class check_kind { plan, apply };

class checker {
public:
    checker(check_kind kind, const consistency_options& o, diagnostics& d) : kind_(kind), options_(o), diags_(d) {}

    [[nodiscard]] std::size_t violations() const noexcept { return violations_; }

    // The diagnostic that counts what the cap left out.
    void finish() {
        if (violations_ <= options_.max_diagnostics) return;
        const std::size_t more = violations_ - options_.max_diagnostics;
        diags_.add({options_.level, std::string(summary()),
                    "tfpp found " + std::to_string(more) + " more " + (more == 1 ? "problem" : "problems") +
                        " of the same kind in " + resource() + " that are not listed one by one.",
                    {}});
    }

    // ---------------------------------------------------------------- plan

    // The planned state of a resource: its type, then AssertPlanValid.
    void plan(const block_schema& b, sv prior, sv config, sv planned) {
        if (!conforms(b.value_type, planned, "planned")) return;
        plan_block(b, prior, config, planned);
    }

    // -------------------------------------------------------------- apply

    // What create or update returned against the plan: the checks after
    // ApplyResourceChange, then AssertObjectCompatible.
    void apply(const block_schema& b, sv planned, sv actual) {
        if (state_of(actual) == state::null && state_of(planned) != state::null) {
            if (begin())
                add("the provider returned no object (null) for a " + std::string(operation_or("create or update")),
                    "create and update must return the object's state, or report an error; only destroy returns none",
                    {});
            return;
        }
        if (!conforms(b.value_type, actual, "returned")) return;
        if (!wholly_known(actual)) {
            unknowns(b.value_type, actual);
            return;
        }
        if (!write_only_null(b, actual)) return;
        apply_block(b, planned, actual, true);
    }

private:
    // ------------------------------------------------------- reporting

    struct shown {
        const char* label;
        std::string text;
    };

    [[nodiscard]] const char* summary() const {
        return kind_ == check_kind::plan ? "Provider produced an invalid plan" : "Provider produced an inconsistent result";
    }
    [[nodiscard]] std::string resource() const {
        return options_.resource_type.empty() ? std::string("the resource") : std::string(options_.resource_type);
    }
    [[nodiscard]] sv operation_or(sv fallback) const {
        return options_.operation.empty() ? fallback : options_.operation;
    }
    [[nodiscard]] std::string name() const { return path_.empty() ? std::string("the object") : path_.to_string(); }

    // A violation: true when its diagnostic is to be written (not in a quiet
    // trial, not beyond the cap).
    bool begin() {
        if (quiet_) {
            failed_ = true;
            return false;
        }
        return ++violations_ <= options_.max_diagnostics;
    }

    void add(const std::string& problem, const std::string& fix, std::initializer_list<shown> values) {
        std::string d;
        if (kind_ == check_kind::plan)
            d = "tfpp checked the plan for " + resource() +
                " before answering, and Terraform would reject it (\"Provider produced invalid plan\"): ";
        else
            d = "tfpp checked what " + resource() + " " + std::string(operation_or("apply")) +
                " returned against the plan, and Terraform would reject it (\"Provider produced inconsistent "
                "result after apply\"): ";
        d += problem;
        d += ".\n\nAttribute: ";
        d += path_.empty() ? std::string("(the whole object)") : path_.to_string();
        if (in_set_) d += " (an element of this set)";
        for (const shown& v : values) {
            d += "\n";
            d += v.label;
            d += ": ";
            d += v.text;
        }
        d += "\n\nLikely fix: ";
        d += fix;
        d += ".";
        diags_.add({options_.level, summary(), std::move(d), path_});
    }

    std::string show(const type& t, sv b, const shape& s = {}) {
        if (sensitive_ > 0 && state_of(b) != state::null) return "(sensitive value)";
        return render_(t, b, s);
    }

    bool conforms(const type& t, sv b, const char* which) {
        conformance c;
        if (c.check(t, b)) return true;
        if (begin()) {
            const attribute_path saved = path_;
            path_ = c.where();
            add(std::string("the ") + which + " value does not have the schema's type: " + c.problem(),
                kind_ == check_kind::plan ? "give every attribute a value of its declared type in modify_plan"
                                          : "return values of the schema's types",
                {});
            path_ = saved;
        }
        return false;
    }

    // A path step that is only kept when a diagnostic may need it (not in
    // quiet trials, where building it would cost an allocation per element).
    struct at_attribute {
        sv name;
    };
    struct at_key {
        sv key;
    };
    struct at_index {
        std::size_t index;
    };
    class step_guard {
    public:
        step_guard(checker& c, at_attribute s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::attribute(s.name));
        }
        step_guard(checker& c, at_key s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::key(s.key));
        }
        step_guard(checker& c, at_index s) : c_(c), active_(!c.quiet_) {
            if (active_) c_.path_.push(attribute_path::index(static_cast<std::int64_t>(s.index)));
        }
        ~step_guard() {
            if (active_) c_.path_.pop();
        }
        step_guard(const step_guard&) = delete;
        step_guard& operator=(const step_guard&) = delete;

    private:
        checker& c_;
        bool active_;
    };

    // The attribute in whose value the walk is, for the fix it suggests.
    class attribute_guard {
    public:
        attribute_guard(checker& c, const attribute_schema& a) : c_(c), saved_(c.attr_) {
            c_.attr_ = &a;
            if (a.sensitive) ++c_.sensitive_;
        }
        ~attribute_guard() {
            if (c_.attr_->sensitive) --c_.sensitive_;
            c_.attr_ = saved_;
        }
        attribute_guard(const attribute_guard&) = delete;
        attribute_guard& operator=(const attribute_guard&) = delete;

    private:
        checker& c_;
        const attribute_schema* saved_;
    };

    [[nodiscard]] bool computed() const { return attr_ && attr_->is_computed(); }

    // ----------------------------------------------------- plan rules

    void plan_block(const block_schema& b, sv prior, sv config, sv planned) {
        const state ps = state_of(planned), cs = state_of(config);
        if (ps == state::null && cs != state::null) {
            if (begin())
                add("planned for absence but config wants existence",
                    "the plan must keep what the configuration sets: do not set " + name() + " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(b.value_type, config, whole(b))}});
            return;
        }
        if (cs == state::null && ps != state::null) {
            if (begin())
                add("planned for existence but config wants absence",
                    "what the configuration leaves out must be planned null: do not set " + name() + " in modify_plan",
                    {{"Planned value", show(b.value_type, planned, whole(b))}, {"Configuration value", "null"}});
            return;
        }
        if (ps == state::null) return;
        object_view p, c, r;
        if (!p.parse(planned) || !c.parse(config) || !r.parse(prior)) return malformed();
        for (const attribute_schema& a : b.attributes) {
            step_guard g(*this, at_attribute{a.name});
            plan_value(a, r.get(a.name), c.get(a.name), p.get(a.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            step_guard g(*this, at_attribute{nb.name});
            plan_nested_block(b, nb, r.get(nb.name), c.get(nb.name), p.get(nb.name));
        }
    }

    static shape whole(const block_schema& b) { return {&b.attributes, &b.blocks, nesting::single}; }

    void plan_attributes(const std::vector<attribute_schema>& attrs, sv prior, sv config, sv planned) {
        object_view p, c, r;
        if (!p.parse(planned) || !c.parse(config) || !r.parse(prior)) return malformed();
        for (const attribute_schema& a : attrs) {
            step_guard g(*this, at_attribute{a.name});
            plan_value(a, r.get(a.name), c.get(a.name), p.get(a.name));
        }
    }

    // assertPlannedValueValid, with Core's separate rule that write-only
    // attributes are planned null.
    void plan_value(const attribute_schema& a, sv prior, sv config, sv planned) {
        attribute_guard g(*this, a);
        const shape s = shape_of(a);
        const state ps = state_of(planned), cs = state_of(config), rs = state_of(prior);
        if (a.write_only) {
            if (ps != state::null && begin())
                add("planned value for write-only attribute is not null",
                    "write-only attributes are always planned null: do not set " + name() +
                        " in modify_plan (create and update find its value in their plan)",
                    {{"Planned value", show(a.type, planned, s)}});
            return;
        }
        if (equal(a.type, planned, config, false)) return;
        if (rs != state::null && cs != state::null && equal(a.type, planned, prior, false)) return;
        if (a.is_computed() && !a.is_optional()) return;
        if (cs == state::null && a.is_computed()) return;
        if (cs == state::null && ps != state::null) {
            if (begin())
                add(sensitive_ ? "sensitive planned value for a non-computed attribute"
                               : "planned value for a non-computed attribute",
                    "an attribute the configuration leaves null must be planned null unless it is computed: make " +
                        name() + " tfpp::optional_computed if the provider chooses its value, or stop setting it in modify_plan",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", "null"}});
            return;
        }
        if (a.nested) return plan_nested_attribute(*a.nested, a, prior, config, planned);
        if (!begin()) return;
        const std::string fix = "a configured value must be planned exactly as configured, or as its prior value when "
                                "the two are equivalent: do not change " +
                                name() + " in modify_plan (to normalize it, plan the prior value)";
        if (rs == state::null)
            add(sensitive_ ? "sensitive planned value does not match config value"
                           : "planned value does not match config value",
                fix, {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
        else
            add(sensitive_ ? "sensitive planned value does not match config value nor prior value"
                           : "planned value does not match config value nor prior value",
                fix,
                {{"Planned value", show(a.type, planned, s)},
                 {"Configuration value", show(a.type, config, s)},
                 {"Prior value", show(a.type, prior, s)}});
    }

    // The length of a collection value as go-cty's Length() knows it: exact,
    // or (a set holding unknowns) a range, or unknown.
    struct length_range {
        bool known = false;
        std::int64_t lo = 0, hi = 0;
    };
    static length_range length_of(const type& t, sv b) {
        mp_token h;
        if (state_of(b) != state::known || !head(b, h) || (h.kind != mp_kind::array && h.kind != mp_kind::map)) return {};
        const auto n = static_cast<std::int64_t>(h.count);
        if (t.which() == type::kind::set && n >= 2 && !wholly_known(b)) return {true, 1, n};
        return {true, n, n};
    }
    static std::string length_text(const length_range& l) {
        if (!l.known) return "unknown";
        if (l.lo == l.hi) return std::to_string(l.lo);
        return "between " + std::to_string(l.lo) + " and " + std::to_string(l.hi);
    }

    // assertPlannedObjectValid: a nested attribute's value.
    void plan_nested_attribute(const nested_attributes& n, const attribute_schema& a, sv prior, sv config, sv planned) {
        const state ps = state_of(planned), cs = state_of(config);
        const shape s = shape_of(a);
        if (ps == state::null && cs != state::null) {
            if (begin())
                add("planned for absence but config wants existence",
                    "the plan must keep what the configuration sets: do not set " + name() + " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(a.type, config, s)}});
            return;
        }
        if (cs == state::null && ps != state::null) {
            if (begin())
                add("planned for existence but config wants absence",
                    "a nested value the configuration leaves out must be planned null: do not set " + name() +
                        " in modify_plan, or make it tfpp::optional_computed",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", "null"}});
            return;
        }
        if (cs != state::null && ps == state::unknown) {
            if (begin())
                add("planned unknown for configured value",
                    "a configured nested value cannot be planned unknown as a whole: plan its computed attributes "
                    "unknown instead",
                    {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
            return;
        }
        if (ps == state::null) return;
        switch (n.mode) {
        case nesting::single:
        case nesting::group: return plan_attributes(n.attributes, prior, config, planned);
        case nesting::list: {
            std::vector<sv> pe, ce, re;
            if (!split_array(planned, pe)) return malformed();
            if (cs != state::known || !split_array(config, ce) || ce.size() != pe.size()) {
                if (begin())
                    add("count in plan (" + std::to_string(pe.size()) + ") disagrees with count in config (" +
                            (cs == state::known ? std::to_string(ce.size()) : std::string("unknown")) + ")",
                        "the plan must have exactly the elements the configuration has: do not add or remove "
                        "elements of " + name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
                return;
            }
            if (state_of(prior) == state::known) split_array(prior, re);
            for (std::size_t i = 0; i < pe.size(); ++i) {
                step_guard g(*this, at_index{i});
                plan_attributes(n.attributes, i < re.size() ? re[i] : null_bytes, ce[i], pe[i]);
            }
            return;
        }
        case nesting::map: {
            std::vector<sv> pk, pv, ck, cv, rk, rv;
            if (!split_map(planned, pk, pv)) return malformed();
            if (cs != state::known || !split_map(config, ck, cv) || ck.size() != pk.size()) {
                if (begin())
                    add("count in plan (" + std::to_string(pk.size()) + ") disagrees with count in config (" +
                            (cs == state::known ? std::to_string(ck.size()) : std::string("unknown")) + ")",
                        "the plan must have exactly the keys the configuration has: do not add or remove keys of " +
                            name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
                return;
            }
            if (state_of(prior) == state::known) split_map(prior, rk, rv);
            for (std::size_t i = 0; i < pk.size(); ++i) {
                const std::size_t j = find_key(ck, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("map key \"" + std::string(pk[i]) + "\" from plan is not present in config",
                            "the plan must have exactly the keys the configuration has: do not add keys to " + name() +
                                " in modify_plan",
                            {});
                    continue;
                }
                const std::size_t k = find_key(rk, pk[i]);
                step_guard g(*this, at_key{pk[i]});
                plan_attributes(n.attributes, k == sv::npos ? null_bytes : rv[k], cv[j], pv[i]);
            }
            for (sv key : ck)
                if (find_key(pk, key) == sv::npos && begin())
                    add("map key \"" + std::string(key) + "\" from config is not present in plan",
                        "the plan must have exactly the keys the configuration has: do not remove keys of " + name() +
                            " in modify_plan",
                        {});
            return;
        }
        case nesting::set: {
            // Set elements cannot be correlated (Terraform trusts the
            // provider here): only the length is checked.
            const length_range pl = length_of(a.type, planned), cl = length_of(a.type, config);
            if (!pl.known || !cl.known || cl.lo != cl.hi) return;
            if (cl.lo < pl.lo || cl.lo > pl.hi) {
                if (begin())
                    add("count in plan (" + length_text(pl) + ") disagrees with count in config (" + length_text(cl) + ")",
                        "the plan must have the elements the configuration has: do not add or remove elements of " +
                            name() + " in modify_plan",
                        {{"Planned value", show(a.type, planned, s)}, {"Configuration value", show(a.type, config, s)}});
            }
            return;
        }
        }
    }

    static const char* mode_word(nesting m) {
        switch (m) {
        case nesting::list: return "list";
        case nesting::set: return "set";
        case nesting::map: return "map";
        case nesting::group: return "group";
        default: return "single";
        }
    }

    // The nested-block part of assertPlanValid.
    void plan_nested_block(const block_schema& parent, const nested_block_schema& nb, sv prior, sv config, sv planned) {
        const state ps = state_of(planned), cs = state_of(config);
        const type t = block_value_type(parent, nb);
        const shape s = shape_of(nb);
        if (nb.mode != nesting::single && ps == state::null) {
            if (begin())
                add(std::string("attribute representing a ") + mode_word(nb.mode) +
                        " of nested blocks must be empty to indicate no blocks, not null",
                    "a block type without blocks is planned as an empty collection, not null: do not set " + name() +
                        " to null in modify_plan",
                    {{"Planned value", "null"}, {"Configuration value", show(t, config, s)}});
            return;
        }
        if (equal(t, planned, config, true)) return;
        if (cs == state::unknown) {
            if (begin())
                add("planned value for unknown dynamic block",
                    "blocks generated from an unknown for_each must be planned as configured (unknown): leave " +
                        name() + " unchanged in modify_plan",
                    {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
            return;
        }
        if (ps == state::unknown) {
            if (begin())
                add("planned unknown value for non-computed block",
                    "blocks cannot be planned unknown: plan unknown values for the computed attributes inside " +
                        name() + " instead",
                    {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
            return;
        }
        switch (nb.mode) {
        case nesting::single:
        case nesting::group: return plan_block(nb.block, prior, config, planned);
        case nesting::list: {
            std::vector<sv> pe, ce, re;
            if (!split_array(planned, pe)) return malformed();
            if (cs == state::known && !split_array(config, ce)) return malformed();
            if (pe.size() != ce.size()) {
                if (begin())
                    add("block count in plan (" + std::to_string(pe.size()) + ") disagrees with count in config (" +
                            std::to_string(ce.size()) + ")",
                        "the plan must have exactly the blocks the configuration has: do not add or remove " + name() +
                            " blocks in modify_plan",
                        {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
                return;
            }
            if (state_of(prior) == state::known) split_array(prior, re);
            for (std::size_t i = 0; i < pe.size(); ++i) {
                step_guard g(*this, at_index{i});
                if (state_of(pe[i]) == state::unknown) {
                    element_unknown(nb, pe[i]);
                    continue;
                }
                plan_block(nb.block, i < re.size() ? re[i] : null_bytes, ce[i], pe[i]);
            }
            return;
        }
        case nesting::map: {
            std::vector<sv> pk, pv, ck, cv, rk, rv;
            if (!split_map(planned, pk, pv)) return malformed();
            if (cs == state::known && !split_map(config, ck, cv)) return malformed();
            if (pk.size() != ck.size()) {
                if (begin())
                    add("block count in plan (" + std::to_string(pk.size()) + ") disagrees with count in config (" +
                            std::to_string(ck.size()) + ")",
                        "the plan must have exactly the blocks the configuration has: do not add or remove " + name() +
                            " blocks in modify_plan",
                        {{"Planned value", show(t, planned, s)}, {"Configuration value", show(t, config, s)}});
                return;
            }
            if (state_of(prior) == state::known) split_map(prior, rk, rv);
            for (std::size_t i = 0; i < pk.size(); ++i) {
                step_guard g(*this, at_key{pk[i]});
                if (state_of(pv[i]) == state::unknown) {
                    element_unknown(nb, pv[i]);
                    continue;
                }
                const std::size_t j = find_key(ck, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("block key \"" + std::string(pk[i]) + "\" from plan is not present in config",
                            "the plan must have exactly the blocks the configuration has: do not add " + name() +
                                " blocks in modify_plan",
                            {});
                    continue;
                }
                const std::size_t k = find_key(rk, pk[i]);
                plan_block(nb.block, k == sv::npos ? null_bytes : rv[k], cv[j], pv[i]);
            }
            for (sv key : ck)
                if (find_key(pk, key) == sv::npos && begin())
                    add("block key \"" + std::string(key) + "\" from config is not present in plan",
                        "the plan must have exactly the blocks the configuration has: do not remove " + name() +
                            " blocks in modify_plan",
                        {});
            return;
        }
        case nesting::set: {
            std::vector<sv> pe;
            if (!split_array(planned, pe)) return malformed();
            const bool was = in_set_;
            in_set_ = true;
            for (sv e : pe)
                if (state_of(e) == state::unknown) element_unknown(nb, e);
            in_set_ = was;
            return;
        }
        }
    }

    void element_unknown(const nested_block_schema& nb, sv element) {
        if (begin())
            add("element representing nested block must not be unknown itself; set nested attribute values to unknown "
                "instead",
                "a block cannot be planned unknown as a whole: plan unknown values for the attributes inside " + name() +
                    " instead",
                {{"Planned value", show(nb.block.value_type, element)}});
    }

    void malformed() {
        if (begin()) add("the value is not valid MessagePack of the schema's type", "report this to tfpp", {});
    }

    // ---------------------------------------------------- apply rules

    // Unknowns left in a returned value, each reported where it is.
    void unknowns(const type& t, sv b) {
        const state s = state_of(b);
        if (s == state::unknown) {
            if (begin())
                add("an unknown value remains after apply",
                    "set " + name() + " to a known value (or null) before " + std::string(operation_or("apply")) +
                        " returns",
                    {{"Returned value", "(known after apply)"}});
            return;
        }
        if (s != state::known || wholly_known(b)) return;
        if (t.is_dynamic()) {
            type inner_type;
            sv inner;
            if (unwrap_dynamic(b, inner_type, inner)) unknowns(inner_type, inner);
            return;
        }
        switch (t.which()) {
        case type::kind::list:
        case type::kind::tuple:
        case type::kind::set: {
            std::vector<sv> es;
            if (!split_array(b, es)) return;
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (t.which() == type::kind::set) {
                    const bool was = in_set_;
                    in_set_ = true;
                    unknowns(t.element(), es[i]);
                    in_set_ = was;
                    continue;
                }
                step_guard g(*this, at_index{i});
                unknowns(t.is_tuple() ? t.elements()[i] : t.element(), es[i]);
            }
            return;
        }
        case type::kind::map: {
            std::vector<sv> ks, vs;
            if (!split_map(b, ks, vs)) return;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                step_guard g(*this, at_key{ks[i]});
                unknowns(t.element(), vs[i]);
            }
            return;
        }
        case type::kind::object: {
            object_view o;
            if (!o.parse(b)) return;
            for (const auto& a : t.attributes()) {
                step_guard g(*this, at_attribute{a.name});
                unknowns(a.type, o.get(a.name));
            }
            return;
        }
        default: return;
        }
    }

    // Write-only attributes are null in every result; true when they are.
    bool write_only_null(const block_schema& b, sv actual) {
        if (!has_write_only(b)) return true;
        const std::size_t before = violations_;
        write_only_in_block(b, actual);
        return violations_ == before;
    }
    static bool has_write_only(const std::vector<attribute_schema>& attrs) {
        return std::any_of(attrs.begin(), attrs.end(), [](const attribute_schema& a) {
            return a.write_only || (a.nested && has_write_only(a.nested->attributes));
        });
    }
    static bool has_write_only(const block_schema& b) {
        return has_write_only(b.attributes) ||
               std::any_of(b.blocks.begin(), b.blocks.end(), [](const nested_block_schema& nb) { return has_write_only(nb.block); });
    }
    void write_only_in_block(const block_schema& b, sv object) {
        if (state_of(object) != state::known) return;
        object_view o;
        if (!o.parse(object)) return;
        for (const attribute_schema& a : b.attributes) {
            step_guard g(*this, at_attribute{a.name});
            write_only_in_attribute(a, o.get(a.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            step_guard g(*this, at_attribute{nb.name});
            each_object(nb.mode, o.get(nb.name), [&](sv e) { write_only_in_block(nb.block, e); });
        }
    }
    void write_only_in_attribute(const attribute_schema& a, sv value) {
        if (a.write_only) {
            if (state_of(value) != state::null && begin())
                add("a write-only attribute is not null in the result",
                    "results never hold write-only values: leave " + name() +
                        " null in the returned state (tfpp drops write-only values from typed models)",
                    {{"Returned value", "(sensitive value)"}});
            return;
        }
        if (!a.nested) return;
        each_object(a.nested->mode, value, [&](sv e) {
            object_view o;
            if (state_of(e) != state::known || !o.parse(e)) return;
            for (const attribute_schema& inner : a.nested->attributes) {
                step_guard g(*this, at_attribute{inner.name});
                write_only_in_attribute(inner, o.get(inner.name));
            }
        });
    }
    template <class F>
    void each_object(nesting mode, sv value, F&& f) {
        if (state_of(value) != state::known) return;
        if (mode == nesting::single || mode == nesting::group) return f(value);
        if (mode == nesting::map) {
            std::vector<sv> ks, vs;
            if (!split_map(value, ks, vs)) return;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                step_guard g(*this, at_key{ks[i]});
                f(vs[i]);
            }
            return;
        }
        std::vector<sv> es;
        if (!split_array(value, es)) return;
        for (std::size_t i = 0; i < es.size(); ++i) {
            if (mode == nesting::set) {
                const bool was = in_set_;
                in_set_ = true;
                f(es[i]);
                in_set_ = was;
                continue;
            }
            step_guard g(*this, at_index{i});
            f(es[i]);
        }
    }

    // assertObjectCompatible.
    void apply_block(const block_schema& b, sv planned, sv actual, bool root) {
        const state ps = state_of(planned), as = state_of(actual);
        const std::string prefix = root ? "Root object " : "";
        if (ps == state::null && as != state::null) {
            if (begin())
                add(prefix + "was absent, but now present",
                    root ? "create and update must return the planned object"
                         : "apply must leave " + name() + " absent as planned, or the plan must mark it unknown",
                    {{"Planned value", "null"}, {"Actual value", show(b.value_type, actual, whole(b))}});
            return;
        }
        if (as == state::null && ps != state::null) {
            if (begin())
                add(prefix + "was present, but now absent",
                    root ? "create and update must return the object's state, or report an error"
                         : "apply must return " + name() + " as planned, not null",
                    {{"Planned value", show(b.value_type, planned, whole(b))}, {"Actual value", "null"}});
            return;
        }
        if (ps == state::null) return;
        object_view p, a;
        if (!p.parse(planned) || !a.parse(actual)) return malformed();
        for (const attribute_schema& at : b.attributes) {
            if (quiet_ && failed_) return;
            step_guard g(*this, at_attribute{at.name});
            apply_attribute(at, p.get(at.name), a.get(at.name));
        }
        for (const nested_block_schema& nb : b.blocks) {
            if (quiet_ && failed_) return;
            step_guard g(*this, at_attribute{nb.name});
            apply_nested_block(b, nb, p.get(nb.name), a.get(nb.name));
        }
    }

    // One attribute's value. A sensitive one that fails is reported once,
    // vaguely, as Terraform does.
    void apply_attribute(const attribute_schema& at, sv planned, sv actual) {
        if (planned == actual) return;
        attribute_guard g(*this, at);
        if (at.sensitive && !quiet_) {
            if (!trial([&] { apply_value(at.type, shape_of(at), planned, actual); })) {
                if (begin())
                    add("inconsistent values for sensitive attribute", changed_fix(),
                        {{"Planned value", "(sensitive value)"}, {"Actual value", "(sensitive value)"}});
            }
            return;
        }
        apply_value(at.type, shape_of(at), planned, actual);
    }

    std::string changed_fix() const {
        const std::string n = name();
        if (!attr_ || attr_->is_computed()) {
            const bool keeps = attr_ && (attr_->use_state_for_unknown || attr_->use_non_null_state_for_unknown);
            return "apply must return the planned value of " + n + ", or the plan must mark it unknown (" +
                   (keeps ? "drop tfpp::use_state_for_unknown from " + n + ", or set it to tfpp::unknown in modify_plan when it will change"
                          : "set it to tfpp::unknown in modify_plan when apply will change it");
        }
        return "apply must return the configured value of " + n +
               " unchanged (keep the configured form if the remote system normalizes it), or make it "
               "tfpp::optional_computed so that the plan can leave it unknown";
    }

    // Runs f quietly: true when it found no violation.
    template <class F>
    bool trial(F&& f) {
        const bool was_quiet = quiet_, was_failed = failed_;
        quiet_ = true;
        failed_ = false;
        f();
        const bool ok = !failed_;
        quiet_ = was_quiet;
        failed_ = was_failed;
        return ok;
    }

    // assertValueCompatible.
    void apply_value(const type& t, const shape& s, sv planned, sv actual) {
        if (planned == actual) return;
        if (t.is_dynamic()) {
            if (state_of(planned) != state::known) return;  // planned of unknown type: anything goes
            type pt, at;
            sv pv, av;
            if (!unwrap_dynamic(planned, pt, pv)) return malformed();
            if (state_of(actual) != state::known) {
                if (state_of(actual) == state::null) {
                    if (begin())
                        add("was " + show(pt, pv) + ", but now null", changed_fix(),
                            {{"Planned value", show(pt, pv)}, {"Actual value", "null"}});
                } else if (begin()) {
                    add("was known, but now unknown", unknown_fix(), {{"Planned value", show(pt, pv)}});
                }
                return;
            }
            if (!unwrap_dynamic(actual, at, av)) return malformed();
            if (!(pt == at)) {
                if (begin())
                    add("wrong final value type: " + at.friendly_name() + " instead of " + pt.friendly_name(),
                        "apply must return a value of the planned type for " + name(),
                        {{"Planned value", show(pt, pv)}, {"Actual value", show(at, av)}});
                return;
            }
            return apply_value(pt, {}, pv, av);
        }
        const state ps = state_of(planned), as = state_of(actual);
        if (ps == state::unknown) {
            if (!placeholder_admits(t, planned, actual) && begin())
                add("final value " + show(t, actual, s) + " does not conform to planning placeholder " +
                        show(t, planned, s),
                    "apply must return a value that keeps the promise of the plan's unknown value for " + name() +
                        " (its refinements), or the plan must promise less",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        if (as == state::null) {
            if (ps == state::null) return;
            if (begin())
                add("was " + show(t, planned, s) + ", but now null",
                    "apply must return the planned value of " + name() +
                        ", not null; if it can turn out null, the plan must mark it unknown",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", "null"}});
            return;
        }
        if (ps == state::null) {
            if (begin())
                add("was null, but now " + show(t, actual, s),
                    computed() ? "apply must return null for " + name() +
                                     " as planned, or the plan must mark it unknown (drop tfpp::use_state_for_unknown, "
                                     "or set it to tfpp::unknown in modify_plan)"
                               : "apply must leave " + name() +
                                     " null as configured, or make it tfpp::optional_computed so that the plan can leave "
                                     "it unknown",
                    {{"Planned value", "null"}, {"Actual value", show(t, actual, s)}});
            return;
        }
        if (as == state::unknown) {
            if (begin()) add("was known, but now unknown", unknown_fix(), {{"Planned value", show(t, planned, s)}});
            return;
        }
        switch (t.which()) {
        case type::kind::string:
        case type::kind::number:
        case type::kind::boolean:
            if (!equal(t, planned, actual, true) && begin())
                add("was " + show(t, planned, s) + ", but now " + show(t, actual, s), changed_fix(),
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        case type::kind::list:
        case type::kind::tuple: {
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (quiet_ && failed_) return;
                if (i >= ae.size()) {
                    if (begin())
                        add("element " + std::to_string(i) + " has vanished", changed_fix(),
                            {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                    continue;
                }
                step_guard g(*this, at_index{i});
                element_value(t.is_tuple() ? t.elements()[i] : t.element(), s, pe[i], ae[i]);
            }
            for (std::size_t i = pe.size(); i < ae.size(); ++i)
                if (begin())
                    add("new element " + std::to_string(i) + " has appeared", changed_fix(),
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::map: {
            std::vector<sv> pk, pv, ak, av;
            if (!split_map(planned, pk, pv) || !split_map(actual, ak, av)) return malformed();
            for (std::size_t i = 0; i < pk.size(); ++i) {
                if (quiet_ && failed_) return;
                const std::size_t j = i < ak.size() && ak[i] == pk[i] ? i : find_key(ak, pk[i]);
                if (j == sv::npos) {
                    if (begin())
                        add("element \"" + std::string(pk[i]) + "\" has vanished", changed_fix(),
                            {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                    continue;
                }
                step_guard g(*this, at_key{pk[i]});
                element_value(t.element(), s, pv[i], av[j]);
            }
            for (sv key : ak)
                if (find_key(pk, key) == sv::npos && begin())
                    add("new element \"" + std::string(key) + "\" has appeared", changed_fix(),
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::object: {
            object_view p, a;
            if (!p.parse(planned) || !a.parse(actual)) return malformed();
            for (const auto& at : t.attributes()) {
                if (quiet_ && failed_) return;
                step_guard g(*this, at_attribute{at.name});
                const attribute_schema* inner = s.empty() ? nullptr : find_named(*s.attributes, at.name);
                if (inner) apply_attribute(*inner, p.get(at.name), a.get(at.name));
                else apply_value(at.type, {}, p.get(at.name), a.get(at.name));
            }
            return;
        }
        case type::kind::set: {
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            correlate(t.element(), pe, ae, [&](sv p, sv a) {
                return trial([&] { element_value(t.element(), s, p, a); });
            }, [&](sv e) { return show(t.element(), e, s.element()); });
            if (pe.size() < ae.size() && begin())
                add("length changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                    "apply may not add elements to " + name() + ": return the planned elements, with what the plan left "
                    "unknown filled in",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        case type::kind::dynamic: return;
        }
    }

    // An element of a collection: an object of nested attributes (the shape
    // says which) or a plain value.
    void element_value(const type& et, const shape& s, sv planned, sv actual) {
        apply_value(et, s.element(), planned, actual);
    }

    std::string unknown_fix() const {
        return "set " + name() + " to a known value (or null) before " + std::string(operation_or("apply")) + " returns";
    }

    void apply_nested_block(const block_schema& parent, const nested_block_schema& nb, sv planned, sv actual) {
        if (planned == actual) return;
        const state ps = state_of(planned), as = state_of(actual);
        const type t = block_value_type(parent, nb);
        const shape s = shape_of(nb);
        switch (nb.mode) {
        case nesting::single:
        case nesting::group:
            if (ps == state::unknown && as == state::null) return;
            return apply_block(nb.block, planned, actual, false);
        case nesting::list: {
            if (ps != state::known || as != state::known) return;
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            if (pe.size() != ae.size()) {
                if (begin())
                    add("block count changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                        "apply must return the planned " + name() + " blocks, not add or remove any",
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                return;
            }
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (quiet_ && failed_) return;
                step_guard g(*this, at_index{i});
                apply_block(nb.block, pe[i], ae[i], false);
            }
            return;
        }
        case nesting::map: {
            if (ps != state::known || as == state::null) return;
            std::vector<sv> pk, pv, ak, av;
            if (!split_map(planned, pk, pv) || (as == state::known && !split_map(actual, ak, av))) return malformed();
            if (as == state::unknown) return;
            if (pk.size() != ak.size()) {
                if (begin())
                    add("block count changed from " + std::to_string(pk.size()) + " to " + std::to_string(ak.size()),
                        "apply must return the planned " + name() + " blocks, not add or remove any",
                        {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
                return;
            }
            for (std::size_t i = 0; i < pk.size(); ++i) {
                if (quiet_ && failed_) return;
                const std::size_t j = find_key(ak, pk[i]);
                if (j == sv::npos) continue;
                step_guard g(*this, at_key{pk[i]});
                apply_block(nb.block, pv[i], av[j], false);
            }
            return;
        }
        case nesting::set: {
            if (ps != state::known || as != state::known) return;
            std::vector<sv> pe, ae;
            if (!split_array(planned, pe) || !split_array(actual, ae)) return malformed();
            correlate(nb.block.value_type, pe, ae,
                      [&](sv p, sv a) { return trial([&] { apply_block(nb.block, p, a, false); }); },
                      [&](sv e) { return show(nb.block.value_type, e, s.element()); });
            if (pe.size() < ae.size() && begin())
                add("block set length changed from " + std::to_string(pe.size()) + " to " + std::to_string(ae.size()),
                    "apply may not add " + name() + " blocks: return the planned blocks, with what the plan left "
                    "unknown filled in",
                    {{"Planned value", show(t, planned, s)}, {"Actual value", show(t, actual, s)}});
            return;
        }
        }
    }

    // assertSetValuesCompatible: every planned element must correlate with
    // an actual element and the other way round, `correlates` deciding.
    // O(n log n) through sorted hashes of canonical keys (see the top of
    // the file).
    template <class Correlates, class Show>
    void correlate(const type& et, const std::vector<sv>& pe, const std::vector<sv>& ae, Correlates&& correlates,
                   Show&& show_element) {
        if (pe.size() == ae.size() && std::equal(pe.begin(), pe.end(), ae.begin())) return;
        std::vector<char> pm(pe.size(), 0), am(ae.size(), 0);
        const auto attrs = et.attributes();
        const bool objects = et.is_object();
        object_view o;

        // 1. Wholly known planned elements: each correlates only with an
        // equal actual element.
        std::vector<std::size_t> rest;
        std::vector<char> known(pe.size(), 0);
        bool any_known = false;
        for (std::size_t i = 0; i < pe.size(); ++i) any_known = (known[i] = wholly_known(pe[i])) || any_known;
        if (any_known) {
            key_index exact;
            exact.keys.resize(ae.size());
            for (std::size_t j = 0; j < ae.size(); ++j) canonical(et, ae[j], true, exact.keys[j]);
            exact.build();
            std::string key;
            for (std::size_t i = 0; i < pe.size(); ++i) {
                if (!known[i]) continue;
                key.clear();
                canonical(et, pe[i], true, key);
                exact.each(key, [&](std::size_t j) { pm[i] = am[j] = 1; });
            }
        }
        for (std::size_t i = 0; i < pe.size(); ++i)
            if (!known[i]) rest.push_back(i);

        // 2. Planned elements holding unknowns, grouped by which attributes
        // they leave (partly) unknown; in each group, looked up by what they
        // hold in the others. One whose unknowns are plain unknowns at the
        // top of its attributes correlates with every element found; others
        // are tried one by one against those.
        if (!rest.empty()) {
            std::vector<std::string> projection(pe.size());
            std::vector<char> plain(pe.size(), 0);
            std::map<std::string, std::vector<std::size_t>> groups;  // by mask: '1' where unknown
            std::string mask;
            for (std::size_t i : rest) {
                const sv e = pe[i];
                mask.assign(attrs.size(), '1');
                if (state_of(e) == state::unknown || !objects) {
                    plain[i] = state_of(e) == state::unknown && is_plain_unknown(e);
                } else if (o.parse(e)) {
                    plain[i] = 1;
                    for (std::size_t k = 0; k < attrs.size(); ++k) {
                        const sv v = o.get(attrs[k].name);
                        if (!wholly_known(v)) {
                            if (!is_plain_unknown(v)) plain[i] = 0;
                            continue;
                        }
                        mask[k] = '0';
                        canonical(attrs[k].type, v, true, projection[i]);
                    }
                }
                groups[mask].push_back(i);
            }
            for (auto& [group_mask, members] : groups) {
                key_index found;
                found.keys.resize(ae.size());
                if (objects)
                    for (std::size_t j = 0; j < ae.size(); ++j) {
                        if (!o.parse(ae[j]) || o.status() != state::known) {
                            found.keys[j].assign("\xc1");  // matches no projection
                            continue;
                        }
                        for (std::size_t k = 0; k < attrs.size(); ++k)
                            if (group_mask[k] == '0') canonical(attrs[k].type, o.get(attrs[k].name), true, found.keys[j]);
                    }
                found.build();
                for (std::size_t i : members) {
                    if (plain[i]) {
                        // Every element with this key correlates: marked once per key.
                        const std::size_t first = found.first(projection[i]);
                        if (first == sv::npos) continue;
                        pm[i] = 1;
                        if (found.done[first]) continue;
                        found.done[first] = 1;
                        found.each(projection[i], [&](std::size_t j) { am[j] = 1; });
                        continue;
                    }
                    found.each(projection[i], [&](std::size_t j) {
                        if (pm[i] && am[j]) return;
                        if (correlates(pe[i], ae[j])) pm[i] = am[j] = 1;
                    });
                }
            }
        }

        const bool was = in_set_;
        in_set_ = true;
        bool planned_missing = false;
        for (std::size_t i = 0; i < pe.size(); ++i) {
            if (pm[i]) continue;
            planned_missing = true;
            if (begin())
                add("planned set element " + show_element(pe[i]) + " does not correlate with any element in actual",
                    "apply must return the elements of " + name() +
                        " as planned: each returned element must be a planned one, with only what the plan left "
                        "unknown filled in",
                    {{"Planned element", show_element(pe[i])}});
        }
        if (!planned_missing)
            for (std::size_t j = 0; j < ae.size(); ++j)
                if (!am[j] && begin())
                    add("actual set element " + show_element(ae[j]) + " does not correlate with any element in plan",
                        "apply must return the elements of " + name() +
                            " as planned: it may not add elements or change what the plan knew",
                        {{"Actual element", show_element(ae[j])}});
        in_set_ = was;
    }

    check_kind kind_;
    consistency_options options_;
    diagnostics& diags_;
    attribute_path path_;
    renderer render_;
    const attribute_schema* attr_ = nullptr;
    int sensitive_ = 0;
    bool in_set_ = false;
    bool quiet_ = false;
    bool failed_ = false;
    std::size_t violations_ = 0;
};

}  // namespace tfpp::detail::consistency

namespace tfpp {

// Checks a planned state against Terraform's rules for plans
// (AssertPlanValid, with the planned value's type and write-only attributes
// null): prior and config as Terraform sent them, planned as the provider
// answers. Each violation becomes a diagnostic at options.level; true when
// there was none.
inline bool check_plan_consistency(const block_schema& schema, std::string_view prior, std::string_view config,
                                   std::string_view planned, diagnostics& diags, const consistency_options& options = {}) {
    detail::consistency::checker c(detail::consistency::check_kind::plan, options, diags);
    c.plan(schema, prior, config, planned);
    c.finish();
    return c.violations() == 0;
}

// Checks what create or update returned against the planned state it was
// given: the checks Terraform makes after ApplyResourceChange (an object, of
// the schema's type, wholly known, write-only attributes null) and
// AssertObjectCompatible. True when there was no violation.
inline bool check_apply_consistency(const block_schema& schema, std::string_view planned, std::string_view actual,
                                    diagnostics& diags, const consistency_options& options = {}) {
    detail::consistency::checker c(detail::consistency::check_kind::apply, options, diags);
    c.apply(schema, planned, actual);
    c.finish();
    return c.violations() == 0;
}

namespace detail {

// The engine's calls: skipped when the check is off, warnings in warn mode.
inline std::optional<consistency_options> engine_check_options(std::string_view type_name,
                                                                std::string_view operation = {}) {
    const consistency_check mode = consistency_check_mode();
    if (mode == consistency_check::off) return std::nullopt;
    consistency_options o;
    o.resource_type = type_name;
    o.operation = operation;
    o.level = mode == consistency_check::warn ? severity::warning : severity::error;
    return o;
}

inline void engine_check_plan(const block_schema& schema, std::string_view type_name, std::string_view prior,
                              std::string_view config, std::string_view planned, diagnostics& diags) {
    if (const auto o = engine_check_options(type_name)) check_plan_consistency(schema, prior, config, planned, diags, *o);
}

inline void engine_check_apply(const block_schema& schema, std::string_view type_name, std::string_view operation,
                               std::string_view planned, std::string_view actual, diagnostics& diags) {
    if (const auto o = engine_check_options(type_name, operation)) check_apply_consistency(schema, planned, actual, diags, *o);
}

}  // namespace detail

}  // namespace tfpp
