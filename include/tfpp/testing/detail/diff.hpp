// Values shown attribute by attribute, for the diffs of failing tests.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/dynamic.hpp>

namespace tfpp::testing::detail {

// A value as a plan shows it: "text", 42, true, null, (known after apply),
// [..], {..}.
inline void print_value(const dynamic& v, std::string& out) {
    if (v.is_null()) {
        out += "null";
        return;
    }
    if (v.is_unknown()) {
        out += "(known after apply)";
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
            print_value(e, out);
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
            print_value(es[i], out);
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
            print_value(es[i], out);
        }
        out += ']';
        return;
    }
    case type::kind::dynamic: out += "(dynamic)"; return;
    }
}

inline std::string printed(const dynamic& v) {
    std::string s;
    print_value(v, s);
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

    void compare(const dynamic& expected, const dynamic& actual) {
        if (partial && expected.is_null()) return;
        if (expected == actual) return;
        if (!expected.is_known() || !actual.is_known() || expected.type().which() != actual.type().which())
            return report(printed(expected), printed(actual));
        switch (expected.type().which()) {
        case type::kind::object: {
            const auto attrs = expected.type().attributes();
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                const std::string name(attrs[i].name);
                path.push(attribute_path::attribute(name));
                if (actual.type().attribute_index(name) < 0)
                    report(printed(expected.elements()[i]), "(no such attribute)");
                else compare(expected.elements()[i], actual[name]);
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple: {
            const auto e = expected.elements(), a = actual.elements();
            if (e.size() != a.size())
                return report(printed(expected) + " (" + std::to_string(e.size()) + " elements)",
                              printed(actual) + " (" + std::to_string(a.size()) + " elements)");
            for (std::size_t i = 0; i < e.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                compare(e[i], a[i]);
                path.pop();
            }
            return;
        }
        case type::kind::map: {
            const auto e = expected.entries(), a = actual.entries();
            for (const auto& [k, v] : e) {
                path.push(attribute_path::key(k));
                const auto it = std::find_if(a.begin(), a.end(), [&](const dynamic::entry& x) { return x.first == k; });
                if (it == a.end()) report(printed(v), "(no such key)");
                else compare(v, it->second);
                path.pop();
            }
            if (partial) return;
            for (const auto& [k, v] : a) {
                if (std::find_if(e.begin(), e.end(), [&](const dynamic::entry& x) { return x.first == k; }) != e.end())
                    continue;
                path.push(attribute_path::key(k));
                report("(no such key)", printed(v));
                path.pop();
            }
            return;
        }
        default: return report(printed(expected), printed(actual));  // sets and primitives: whole values
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

template <class M>
std::string diff_models(const M& expected, const M& actual, bool partial) {
    const type t = type_of<M>();
    differ d;
    d.partial = partial;
    d.compare(as_dynamic(expected, t), as_dynamic(actual, t));
    return d.out;
}

}  // namespace tfpp::testing::detail
