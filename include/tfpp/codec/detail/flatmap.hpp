// Legacy flatmap state (Terraform before 0.12) read against an object type;
// included only by src/codec/flatmap.cpp, which compiles it once.
#pragma once

#include <charconv>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>

namespace tfpp::detail {

inline constexpr std::string_view flatmap_unknown = "74D93920-ED26-11E3-AC10-0800200C9A66";

class flatmap_reader {
public:
    flatmap_reader(const std::map<std::string, std::string>& flat, diagnostics& diags) : flat_(flat), diags_(diags) {}

    bool object(const std::string& prefix, const type& t, dynamic& out) {
        const auto attrs = t.attributes();
        std::vector<dynamic> values(attrs.size());
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            path_.push(attribute_path::attribute(attrs[i].name));
            if (!read(prefix + attrs[i].name, attrs[i].type, values[i])) return false;
            path_.pop();
        }
        out = dynamic::object(t, std::move(values));
        return true;
    }

private:
    bool read(const std::string& key, const type& t, dynamic& out) {
        if (t.is_primitive()) {
            const auto it = flat_.find(key);
            if (it == flat_.end()) return out = dynamic::null(t), true;
            const std::string& s = it->second;
            if (s == flatmap_unknown) return out = dynamic::unknown(t), true;
            switch (t.which()) {
            case type::kind::string:
                if (!valid_utf8(s)) return fail("the string is not valid UTF-8");
                return out = dynamic(s), true;
            case type::kind::number: {
                auto n = tfpp::number::parse(s);
                if (!n) return fail("the value is not a number");
                return out = dynamic(std::move(*n)), true;
            }
            default:
                if (s == "true" || s == "1") return out = dynamic(true), true;
                if (s == "false" || s == "0") return out = dynamic(false), true;
                return fail("the value is not a bool");
            }
        }
        if (t.is_object()) {
            // A nested single object is present when any key starts with its prefix.
            const std::string prefix = key + ".";
            const auto it = flat_.lower_bound(prefix);
            if (it == flat_.end() || it->first.compare(0, prefix.size(), prefix) != 0)
                return out = dynamic::null(t), true;
            return object(prefix, t, out);
        }
        if (t.which() == type::kind::map) return map(key, t, out);
        if (t.is_dynamic()) return fail("a dynamic attribute cannot be read from flatmap state");
        // list, set, tuple: a count under "#".
        const auto count_it = flat_.find(key + ".#");
        if (count_it == flat_.end()) return out = dynamic::null(t), true;
        if (count_it->second == flatmap_unknown) return out = dynamic::unknown(t), true;
        std::size_t n = 0;
        const std::string& cs = count_it->second;
        if (std::from_chars(cs.data(), cs.data() + cs.size(), n).ptr != cs.data() + cs.size() || n > flat_.size())
            return fail("the element count is not valid");
        std::vector<dynamic> elements;
        if (t.which() == type::kind::set) {
            // Set elements are keyed by a hash, not a position: collect the distinct keys.
            const std::string prefix = key + ".";
            std::set<std::string> ids;
            for (auto it = flat_.lower_bound(prefix);
                 it != flat_.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
                std::string_view rest = std::string_view(it->first).substr(prefix.size());
                rest = rest.substr(0, rest.find('.'));
                if (rest != "#") ids.emplace(rest);
            }
            for (const auto& id : ids) {
                path_.push(attribute_path::key(id));
                if (!read(prefix + id, t.element(), elements.emplace_back())) return false;
                path_.pop();
            }
            out = dynamic::set(t.element(), std::move(elements));
            return true;
        }
        const auto tys = t.elements();
        if (t.is_tuple() && n != tys.size())
            return fail("the tuple has " + std::to_string(n) + " elements, not " + std::to_string(tys.size()));
        for (std::size_t i = 0; i < n; ++i) {
            path_.push(attribute_path::index(static_cast<std::int64_t>(i)));
            if (!read(key + "." + std::to_string(i), t.is_tuple() ? tys[i] : t.element(), elements.emplace_back()))
                return false;
            path_.pop();
        }
        out = t.is_tuple() ? dynamic::tuple(std::move(elements)) : dynamic::list(t.element(), std::move(elements));
        return true;
    }

    bool map(const std::string& key, const type& t, dynamic& out) {
        auto count_it = flat_.find(key + ".%");
        if (count_it == flat_.end()) count_it = flat_.find(key + ".#");  // very old states counted maps with "#"
        if (count_it == flat_.end()) return out = dynamic::null(t), true;
        if (count_it->second == flatmap_unknown) return out = dynamic::unknown(t), true;
        const std::string prefix = key + ".";
        std::vector<dynamic::entry> entries;
        std::set<std::string> seen;
        for (auto it = flat_.lower_bound(prefix); it != flat_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
             ++it) {
            std::string_view rest = std::string_view(it->first).substr(prefix.size());
            if (rest == "%" || rest == "#") continue;
            // Map elements of primitive type take the whole rest as key;
            // others (maps of objects or lists) stop at the next dot.
            std::string k(t.element().is_primitive() ? rest : rest.substr(0, rest.find('.')));
            if (!seen.insert(k).second) continue;
            path_.push(attribute_path::key(k));
            dynamic e;
            if (!read(prefix + k, t.element(), e)) return false;
            path_.pop();
            entries.emplace_back(std::move(k), std::move(e));
        }
        out = dynamic::map(t.element(), std::move(entries));
        return true;
    }

    bool fail(std::string detail) {
        diags_.error("Invalid flatmap state", std::move(detail), path_);
        return false;
    }

    const std::map<std::string, std::string>& flat_;
    diagnostics& diags_;
    attribute_path path_;
};

}  // namespace tfpp::detail
