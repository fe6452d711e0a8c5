// Value helpers of the in-process driver (provider_under_test): diagnostics
// as text, encoded values compared, the unknowns a value holds, and Core's
// check of the plan at apply time against the first plan.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/testing/diff.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::testing::detail {

// The model the bytes decode to (errors into `diags`).
template <class M>
M decoded(std::string_view bytes, tfpp::diagnostics& diags) {
    M m;
    (void)decode_msgpack(bytes, m, diags);
    return m;
}

inline std::string describe(const tfpp::diagnostics& diags) {
    std::string out;
    for (const auto& d : diags) {
        out += d.severity == severity::error ? "  error: " : "  warning: ";
        out += d.summary;
        if (!d.path.empty()) out += " (at " + d.path.to_string() + ")";
        if (!d.detail.empty()) out += ": " + d.detail;
        out += '\n';
    }
    return out;
}

inline bool same_value(std::string_view a, std::string_view b, const type& t) {
    if (a == b) return true;
    dynamic da, db;
    tfpp::diagnostics diags;
    return decode_msgpack(a, t, da, diags) && decode_msgpack(b, t, db, diags) && da == db;
}

// Whether a value is or holds an unknown (nulls are known).
inline bool contains_unknown(const dynamic& v) {
    if (v.is_unknown()) return true;
    if (v.is_null()) return false;
    if (v.type().which() == type::kind::map)
        return std::any_of(v.entries().begin(), v.entries().end(),
                           [](const auto& e) { return contains_unknown(e.second); });
    if (v.type().is_object() || v.type().is_collection() || v.type().is_tuple())
        return std::any_of(v.elements().begin(), v.elements().end(), contains_unknown);
    return false;
}

// The attribute paths at which a value is unknown (sets as a whole).
inline void unknown_paths(const dynamic& v, attribute_path& path, std::vector<attribute_path>& out) {
    if (v.is_unknown()) return out.push_back(path);
    if (!v.is_known()) return;
    switch (v.type().which()) {
    case type::kind::object: {
        const auto attrs = v.type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            path.push(attribute_path::attribute(attrs[i].name));
            unknown_paths(v.elements()[i], path, out);
            path.pop();
        }
        return;
    }
    case type::kind::list:
    case type::kind::tuple:
        for (std::size_t i = 0; i < v.size(); ++i) {
            path.push(attribute_path::index(static_cast<std::int64_t>(i)));
            unknown_paths(v.elements()[i], path, out);
            path.pop();
        }
        return;
    case type::kind::map:
        for (const auto& [k, e] : v.entries()) {
            path.push(attribute_path::key(k));
            unknown_paths(e, path, out);
            path.pop();
        }
        return;
    case type::kind::set:
        if (contains_unknown(v)) out.push_back(path);
        return;
    default: return;
    }
}

// Whether the encoded bytes hold an unknown anywhere (nulls are known).
inline bool holds_unknown(std::string_view bytes, const type& t) {
    dynamic d;
    tfpp::diagnostics diags;
    return decode_msgpack(bytes, t, d, diags) && contains_unknown(d);
}

// Core's check of the plan made at apply time against the first plan:
// every value the first plan knew must be the same (unknowns may become
// anything). One line per difference, secrets hidden.
inline void final_plan_mismatches(const dynamic& first, const dynamic& final_plan, attribute_path& path,
                                  std::string& out, const schema_place& place) {
    if (first.is_unknown() || first == final_plan) return;
    const bool both_known =
        !place.hidden && first.is_known() && final_plan.is_known() && first.type().which() == final_plan.type().which();
    if (both_known) {
        switch (first.type().which()) {
        case type::kind::object: {
            const auto attrs = first.type().attributes();
            for (std::size_t i = 0; i < attrs.size() && i < final_plan.size(); ++i) {
                path.push(attribute_path::attribute(attrs[i].name));
                final_plan_mismatches(first.elements()[i], final_plan.elements()[i], path, out,
                                      place.member(attrs[i].name));
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple:
            if (first.size() != final_plan.size()) break;
            for (std::size_t i = 0; i < first.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                final_plan_mismatches(first.elements()[i], final_plan.elements()[i], path, out, place.element());
                path.pop();
            }
            return;
        case type::kind::map: {
            const auto a = first.entries(), b = final_plan.entries();
            if (a.size() != b.size()) break;
            for (std::size_t i = 0; i < a.size(); ++i) {
                if (a[i].first != b[i].first) {
                    out += "  " + path.to_string() + ": the keys changed\n";
                    return;
                }
                path.push(attribute_path::key(a[i].first));
                final_plan_mismatches(a[i].second, b[i].second, path, out, place.element());
                path.pop();
            }
            return;
        }
        case type::kind::set:
            if (!first.is_wholly_known()) return;  // elements with unknowns cannot be paired
            break;
        default: break;
        }
    }
    out += "  " + (path.empty() ? std::string("(the whole object)") : path.to_string()) + ": planned " +
           printed(first, place) + ", now " + printed(final_plan, place) + "\n";
}

}  // namespace tfpp::testing::detail
