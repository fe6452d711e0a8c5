// What the differential session compares: two sides' answers to the same
// requests, under the rules of its options, each difference and relaxation
// counted in its report.
#pragma once

#include <tfpp/testing/detail/diff.hpp>
#include <tfpp/testing/detail/differential_protocol.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tfpp::testing::detail {

class differential_comparer {
public:
    differential_comparer(const differential_options& options, differential_report& report)
        : options_(options), report_(report) {}

    void count(const std::string& what) { ++report_.covered[what]; }

    void add(difference d) { report_.differences.push_back(std::move(d)); }

    bool relaxed_by(const std::string& type, const std::string& attribute, differential_compare kind) {
        const differential_rule* r = rule_for(type, attribute, kind);
        if (r) ++report_.relaxed[rule_name(*r)];
        return r != nullptr;
    }

    void compare_step(const std::string& type, const block_schema& schema, std::size_t workflow, std::size_t step,
                      const std::vector<protocol_answer>& a, const std::vector<protocol_answer>& b) {
        // Pairwise while both sides made the same calls; where they part, once.
        std::size_t n = 0;
        for (; n < a.size() && n < b.size() && a[n].operation == b[n].operation; ++n)
            compare_answer(type, schema, workflow, step, a[n], b[n]);
        if (n < a.size() || n < b.size()) {
            const auto ops = [](const std::vector<protocol_answer>& v, std::size_t from) {
                std::string out;
                for (std::size_t i = from; i < v.size(); ++i)
                    out += (out.empty() ? "" : ", ") + v[i].operation +
                           (v[i].failure.empty() ? std::string() : " (" + v[i].failure + ")");
                return out.empty() ? std::string("nothing") : out;
            };
            add({type, workflow, step, n < a.size() ? a[n].operation : b[n].operation, "",
                 "the sides went on differently: then under test " + ops(a, n) + "; reference " + ops(b, n)});
        }
    }

    void compare_answer(const std::string& type, const block_schema& schema, std::size_t workflow, std::size_t step,
                        const protocol_answer& a, const protocol_answer& b) {
        ++report_.comparisons;
        const auto differ = [&](const std::string& path, const std::string& what) {
            add({type, workflow, step, a.operation, path, what});
        };
        if (a.operation != b.operation) return differ("", "under test: " + a.operation + "; reference: " + b.operation);
        if (!a.failure.empty() || !b.failure.empty()) {
            if (a.failure != b.failure)
                differ("", "under test: " + (a.failure.empty() ? "answered" : a.failure) +
                               "; reference: " + (b.failure.empty() ? "answered" : b.failure));
            return;
        }
        std::vector<std::string> da, db;
        for (std::size_t i = 0; i < a.diagnostic_paths.size(); ++i)
            if (auto k = diagnostic_key(type, a, i)) da.push_back(*k);
        for (std::size_t i = 0; i < b.diagnostic_paths.size(); ++i)
            if (auto k = diagnostic_key(type, b, i)) db.push_back(*k);
        std::sort(da.begin(), da.end());
        std::sort(db.begin(), db.end());
        if (da != db) {
            const auto joined = [](const std::vector<std::string>& v, const protocol_answer& x) {
                std::string out;
                for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
                if (out.empty()) return std::string("no diagnostic");
                std::string summaries;
                for (const auto& s : x.diagnostic_summary) summaries += (summaries.empty() ? "" : " / ") + s;
                return out + " (\"" + summaries + "\")";
            };
            differ("", "diagnostics under test: " + joined(da, a) + "; reference: " + joined(db, b));
        }
        if (a.action != b.action) differ("", "the plan would " + a.action + " under test, " + b.action + " in the reference");
        if (a.requires_replace != b.requires_replace) {
            const auto joined = [](const std::vector<std::string>& v) {
                std::string out;
                for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
                return out.empty() ? std::string("none") : out;
            };
            differ("", "replacement forced by under test: " + joined(a.requires_replace) +
                           "; reference: " + joined(b.requires_replace));
        }
        if (!a.has_value || !b.has_value || schema.value_type.attributes().empty()) return;
        dynamic va, vb;
        tfpp::diagnostics ea, eb;
        const bool oka = decode_msgpack(a.value, schema.value_type, va, ea);
        const bool okb = decode_msgpack(b.value, schema.value_type, vb, eb);
        if (!oka || !okb) {
            if (oka != okb)
                differ("", std::string("the ") + (oka ? "reference's" : "tested provider's") +
                               " value does not decode with the schema: " + describe(oka ? eb : ea));
            return;
        }
        attribute_path path;
        compare_values(type, va, vb, path, "", schema_place::of(schema), workflow, step, a.operation);
    }

private:
    // The most specific rule for an attribute (schema path) of a type.
    const differential_rule* rule_for(const std::string& type, const std::string& attribute,
                                      differential_compare kind) const {
        const differential_rule* best = nullptr;
        for (const differential_rule& r : options_.rules) {
            if (r.compare != kind || (!r.resource_type.empty() && r.resource_type != type)) continue;
            const bool covers = r.attribute.empty() || attribute == r.attribute ||
                                (attribute.size() > r.attribute.size() && attribute.starts_with(r.attribute) &&
                                 attribute[r.attribute.size()] == '.');
            if (covers && (!best || r.attribute.size() > best->attribute.size())) best = &r;
        }
        return best;
    }

    static std::string rule_name(const differential_rule& r) {
        static constexpr const char* kinds[] = {"ignore_value", "ignore", "diagnostic_path", "unknown_in_plan",
                                                "schema_differs"};
        return (r.resource_type.empty() ? std::string("*") : r.resource_type) +
               (r.attribute.empty() ? std::string() : "." + r.attribute) + " (" +
               kinds[static_cast<int>(r.compare)] + ")";
    }

    // A diagnostic as compared: its severity, its path (shortened or dropped
    // by the rules), its summary when asked.
    std::optional<std::string> diagnostic_key(const std::string& type, const protocol_answer& a, std::size_t i) {
        const std::vector<std::string>& steps = a.diagnostic_paths[i];
        std::string attribute, full;
        std::size_t keep = steps.size();
        for (std::size_t k = 0; k < steps.size(); ++k) {
            if (!steps[k].empty() && steps[k][0] != '[') {
                attribute += (attribute.empty() ? "" : ".") + (steps[k][0] == '.' ? steps[k].substr(1) : steps[k]);
                if (keep == steps.size())
                    if (const differential_rule* r = rule_for(type, attribute, differential_compare::diagnostic_path);
                        r && r->attribute == attribute && k + 1 < steps.size()) {
                        keep = k + 1;
                        ++report_.relaxed[rule_name(*r)];
                    }
            }
        }
        if (!attribute.empty() && relaxed_by(type, attribute, differential_compare::ignore)) return std::nullopt;
        for (std::size_t k = 0; k < keep; ++k) full += steps[k];
        std::string key = a.diagnostic_severity[i] == 1 ? "error" : "warning";
        key += full.empty() ? " (no attribute)" : " at " + full;
        if (options_.compare_summaries) key += ": " + a.diagnostic_summary[i];
        return key;
    }

    void compare_values(const std::string& type, const dynamic& a, const dynamic& b, attribute_path& path,
                        const std::string& attribute, const schema_place& place, std::size_t workflow,
                        std::size_t step, const std::string& operation) {
        const auto differ = [&](const std::string& what) {
            add({type, workflow, step, operation, path.to_string(), what});
        };
        const auto both = [&] {
            return "under test " + printed(a, place) + ", reference " + printed(b, place);
        };
        if (!attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::ignore)) {
                if (!(a == b)) ++report_.relaxed[rule_name(*r)];
                return;
            }
        if (a.is_unknown() != b.is_unknown() && !attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::unknown_in_plan)) {
                ++report_.relaxed[rule_name(*r)];
                return;
            }
        if (a.is_unknown() != b.is_unknown()) return differ(a.is_unknown() ? "unknown under test, known in the reference (" + printed(b, place) + ")" : "known under test (" + printed(a, place) + "), unknown in the reference");
        if (a.is_unknown()) return;
        if (a.is_null() != b.is_null()) return differ(both());
        if (a.is_null()) return;
        if (!(a.type() == b.type())) return differ("the types differ: " + both());
        if (!attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::ignore_value)) {
                if (!(a == b)) ++report_.relaxed[rule_name(*r)];
                return;
            }
        switch (a.type().which()) {
        case type::kind::object: {
            const auto attrs = a.type().attributes();
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                const std::string name(attrs[i].name);
                path.push(attribute_path::attribute(name));
                compare_values(type, a.elements()[i], b.elements()[i], path,
                               attribute.empty() ? name : attribute + "." + name, place.member(name), workflow, step,
                               operation);
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple:
            if (a.size() != b.size())
                return differ(std::to_string(a.size()) + " elements under test, " + std::to_string(b.size()) +
                              " in the reference: " + both());
            for (std::size_t i = 0; i < a.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                compare_values(type, a.elements()[i], b.elements()[i], path, attribute, place.element(), workflow,
                               step, operation);
                path.pop();
            }
            return;
        case type::kind::map: {
            const auto ea = a.entries(), eb = b.entries();
            bool same_keys = ea.size() == eb.size();
            for (std::size_t i = 0; same_keys && i < ea.size(); ++i) same_keys = ea[i].first == eb[i].first;
            if (!same_keys) return differ("the keys differ: " + both());
            for (std::size_t i = 0; i < ea.size(); ++i) {
                path.push(attribute_path::key(ea[i].first));
                compare_values(type, ea[i].second, eb[i].second, path, attribute, place.element(), workflow, step,
                               operation);
                path.pop();
            }
            return;
        }
        default:
            if (!(a == b)) differ(both());
            return;
        }
    }

    const differential_options& options_;
    differential_report& report_;
};

}  // namespace tfpp::testing::detail
