// Values shown attribute by attribute, for the diffs of failing tests, with
// the values of sensitive and write-only attributes hidden as the CLI hides
// them: test output ends up in CI logs.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/schema/schema_of.hpp>
#include <tfpp/value/dynamic.hpp>
#include <vector>

namespace tfpp::testing::detail {

// Where a walk through a value is in its schema: the attributes and blocks of
// the objects here (none inside primitive collections and dynamic values),
// and whether a sensitive or write-only attribute encloses it.
struct schema_place {
    const std::vector<attribute_schema>* attributes = nullptr;
    const std::vector<nested_block_schema>* blocks = nullptr;
    nesting mode = nesting::single;  // not single: a collection of those objects
    bool hidden = false;

    static schema_place of(const block_schema& b) { return {&b.attributes, &b.blocks}; }

    [[nodiscard]] schema_place member(std::string_view name) const {
        if (mode == nesting::single && attributes != nullptr) {
            for (const attribute_schema& a : *attributes)
                if (a.name == name) {
                    const bool h = hidden || a.sensitive || a.write_only;
                    if (!a.nested) return {nullptr, nullptr, nesting::single, h};
                    return {&a.nested->attributes, nullptr, a.nested->mode, h};
                }
            for (const nested_block_schema& b : *blocks)
                if (b.name == name) return {&b.block.attributes, &b.block.blocks, b.mode, hidden};
        }
        return {nullptr, nullptr, nesting::single, hidden};
    }
    [[nodiscard]] schema_place element() const {
        if (mode == nesting::single) return {nullptr, nullptr, nesting::single, hidden};
        return {attributes, blocks, nesting::single, hidden};
    }
};

// A value as a plan shows it: "text", 42, true, null, (known after apply),
// [..], {..}; (sensitive value) for what `place` hides.
inline void print_value(const dynamic& v, std::string& out, const schema_place& place = {}) {
    if (v.is_null()) {
        out += "null";
        return;
    }
    if (v.is_unknown()) {
        out += "(known after apply)";
        return;
    }
    if (place.hidden) {
        out += "(sensitive value)";
        return;
    }
    const type& t = v.type();
    switch (t.which()) {
    case type::kind::string: {
        out += '"';
        for (char c : v.as_string()) {
            if (c == '"' || c == '\\') out += '\\';
            if (c == '\n') {
                out += "\\n";
                continue;
            }
            out += c;
        }
        out += '"';
        return;
    }
    case type::kind::number: out += v.as_number().to_string(); return;
    case type::kind::boolean: out += v.as_bool() ? "true" : "false"; return;
    case type::kind::map: {
        out += '{';
        bool first = true;
        for (const auto& [k, e] : v.entries()) {
            out += first ? " " : ", ";
            first = false;
            out += '"' + k + "\" = ";
            print_value(e, out, place.element());
        }
        out += first ? "}" : " }";
        return;
    }
    case type::kind::object: {
        out += '{';
        const auto attrs = t.attributes();
        const auto es = v.elements();
        for (std::size_t i = 0; i < es.size(); ++i) {
            out += i == 0 ? " " : ", ";
            out += std::string(attrs[i].name) + " = ";
            print_value(es[i], out, place.member(attrs[i].name));
        }
        out += es.empty() ? "}" : " }";
        return;
    }
    case type::kind::list:
    case type::kind::set:
    case type::kind::tuple: {
        out += '[';
        const auto es = v.elements();
        for (std::size_t i = 0; i < es.size(); ++i) {
            if (i) out += ", ";
            print_value(es[i], out, place.element());
        }
        out += ']';
        return;
    }
    case type::kind::dynamic: out += "(dynamic)"; return;
    }
}

inline std::string printed(const dynamic& v, const schema_place& place = {}) {
    std::string s;
    print_value(v, s, place);
    return s;
}

struct differ {
    bool partial = false;  // skip what the expected value leaves null
    std::string out;
    attribute_path path;

    void report(const std::string& expected, const std::string& actual) {
        out += "  ";
        out += path.empty() ? std::string("(the whole value)") : path.to_string();
        out += ": expected " + expected + ", got " + actual + "\n";
    }

    void compare(const dynamic& expected, const dynamic& actual, const schema_place& place = {}) {
        if (partial && expected.is_null()) return;
        if (expected == actual) return;
        const auto whole = [&](std::string e_note = {}, std::string a_note = {}) {
            report(printed(expected, place) + e_note, printed(actual, place) + a_note);
        };
        // Under a secret even map keys and element counts stay hidden: no descent.
        if (place.hidden || !expected.is_known() || !actual.is_known() ||
            expected.type().which() != actual.type().which())
            return whole();
        switch (expected.type().which()) {
        case type::kind::object: {
            const auto attrs = expected.type().attributes();
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                const std::string name(attrs[i].name);
                const schema_place inner = place.member(name);
                path.push(attribute_path::attribute(name));
                if (actual.type().attribute_index(name) < 0)
                    report(printed(expected.elements()[i], inner), "(no such attribute)");
                else compare(expected.elements()[i], actual[name], inner);
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple: {
            const auto e = expected.elements(), a = actual.elements();
            if (e.size() != a.size())
                return whole(" (" + std::to_string(e.size()) + " elements)",
                             " (" + std::to_string(a.size()) + " elements)");
            for (std::size_t i = 0; i < e.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                compare(e[i], a[i], place.element());
                path.pop();
            }
            return;
        }
        case type::kind::map: {
            const auto e = expected.entries(), a = actual.entries();
            const schema_place inner = place.element();
            for (const auto& [k, v] : e) {
                path.push(attribute_path::key(k));
                const auto it = std::find_if(a.begin(), a.end(), [&](const dynamic::entry& x) { return x.first == k; });
                if (it == a.end()) report(printed(v, inner), "(no such key)");
                else compare(v, it->second, inner);
                path.pop();
            }
            if (partial) return;
            for (const auto& [k, v] : a) {
                if (std::find_if(e.begin(), e.end(), [&](const dynamic::entry& x) { return x.first == k; }) != e.end())
                    continue;
                path.push(attribute_path::key(k));
                report("(no such key)", printed(v, inner));
                path.pop();
            }
            return;
        }
        default: return whole();  // sets and primitives: whole values
        }
    }
};

template <class M>
dynamic as_dynamic(const M& m, const type& t) {
    dynamic d;
    diagnostics diags;
    if (!decode_msgpack(to_msgpack(m), t, d, diags)) return dynamic::null(t);
    return d;
}

// The differences between two values of the objects `schema` describes.
inline std::string diff_values(const dynamic& expected, const dynamic& actual, const block_schema& schema,
                               bool partial = false) {
    differ d;
    d.partial = partial;
    d.compare(expected, actual, schema_place::of(schema));
    return d.out;
}

template <class M>
std::string diff_models(const M& expected, const M& actual, bool partial) {
    const type t = type_of<M>();
    if constexpr (tfpp::detail::kind_of<M> == tfpp::detail::type_kind::object)
        return diff_values(as_dynamic(expected, t), as_dynamic(actual, t),
                           schema_of<tfpp::detail::strip_nullable_t<M>>(), partial);
    differ d;
    d.partial = partial;
    d.compare(as_dynamic(expected, t), as_dynamic(actual, t));
    return d.out;
}

}  // namespace tfpp::testing::detail
