// MessagePack into tfpp::dynamic, decoded against a type constraint as
// go-cty decodes it: [type JSON, value] where the constraint is dynamic.
#pragma once

#include <tfpp/codec/detail/msgpack_decoder_base.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace tfpp::detail {

class dynamic_decoder : public decoder_base {
public:
    using decoder_base::decoder_base;

    // A dynamic value, decoded against a type constraint.
    bool decode(const type& t, dynamic& out) {
        mp_kind k;
        if (!r_.peek(k)) return malformed();
        if (k == mp_kind::ext) {
            refinements r;
            bool is_null = false;
            if (!read_unknown(refinable_of(t), r, is_null)) return false;
            if (is_null) return out = dynamic::null(t), true;
            out = collapse_unknown(t, std::move(r));
            return true;
        }
        if (t.is_dynamic()) return wrapped_dynamic(out);
        if (k == mp_kind::nil) return skip_nil(), out = dynamic::null(t), true;
        if (!r_.next(tok_)) return malformed();
        switch (t.which()) {
        case type::kind::string: {
            std::string s;
            if (!string(s)) return false;
            out = dynamic(std::move(s));
            return true;
        }
        case type::kind::boolean:
            if (tok_.kind != mp_kind::boolean) return mismatch("a bool");
            out = dynamic(tok_.boolean);
            return true;
        case type::kind::number: {
            tfpp::number n;
            if (!number(n)) return false;
            out = dynamic(std::move(n));
            return true;
        }
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: return dynamic_sequence(t, out);
        case type::kind::map: return dynamic_map(t, out);
        case type::kind::object: return dynamic_object(t, out);
        case type::kind::dynamic: break;
        }
        return malformed();
    }

protected:
    // collapse() for dynamic values.
    dynamic collapse_unknown(const type& t, refinements r) {
        if (t.which() == type::kind::number)
            if (const tfpp::number* n = exact_number(r)) return dynamic(*n);
        if (const auto length = t.is_collection() ? exact_length(r) : std::nullopt) {
            const std::int64_t n = *length;
            if (n == 0) {
                if (t.which() == type::kind::map) return dynamic::map(t.element(), {});
                return t.which() == type::kind::list ? dynamic::list(t.element(), {}) : dynamic::set(t.element(), {});
            }
            if (t.which() == type::kind::list && n <= 1024)
                return dynamic::list(t.element(),
                                     std::vector<dynamic>(static_cast<std::size_t>(n), dynamic::unknown(t.element())));
            if (t.which() == type::kind::set && n == 1)
                return dynamic::set(t.element(), {dynamic::unknown(t.element())});
        }
        return dynamic::unknown(t, std::move(r));
    }

    bool wrapped_dynamic(dynamic& out) {
        if (!r_.next(tok_)) return malformed();
        if (tok_.kind == mp_kind::nil) return out = dynamic(), true;
        if (tok_.kind != mp_kind::array || tok_.count != 2)
            return fail("Invalid value", "a dynamic value must be an array of exactly two elements: type and value");
        if (!enter()) return false;
        if (!r_.next(tok_) || (tok_.kind != mp_kind::bin && tok_.kind != mp_kind::str)) return malformed();
        auto t = parse_type_json(tok_.bytes, diags_, path_.materialize(), limits_.max_depth - depth_);
        if (!t) return false;
        return decode(*t, out) && leave();
    }

    bool dynamic_sequence(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::array)
            return mismatch(t.which() == type::kind::list  ? "a list"
                            : t.which() == type::kind::set ? "a set"
                                                           : "a tuple");
        const std::uint32_t n = tok_.count;
        const auto tuple_types = t.elements();
        if (t.is_tuple() && n != tuple_types.size())
            return fail("Incorrect value type", "expected a tuple of " + std::to_string(tuple_types.size()) +
                                                    " elements, got " + std::to_string(n));
        if (!enter()) return false;
        std::vector<dynamic> elements;
        elements.reserve(reserve_for<dynamic>(n));
        for (std::uint32_t i = 0; i < n; ++i) {
            path_.index(i);
            if (!decode(t.is_tuple() ? tuple_types[i] : t.element(), elements.emplace_back())) return false;
            path_.pop();
        }
        try {
            if (!t.has_dynamic()) out = dynamic::assemble(t, std::move(elements));  // types known to match
            else if (t.which() == type::kind::list) out = dynamic::list(t.element(), std::move(elements));
            else if (t.which() == type::kind::set) out = dynamic::set(t.element(), std::move(elements));
            else out = dynamic::tuple(std::move(elements));
        } catch (const std::invalid_argument&) {
            return fail("Incorrect value type", "the elements do not all have the same type");
        }
        return leave();
    }

    bool dynamic_map(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::map) return mismatch("a map");
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        std::vector<dynamic::entry> entries;
        entries.reserve(reserve_for<dynamic::entry>(n));
        for (std::uint32_t i = 0; i < n; ++i) {
            std::string_view key;
            if (!map_key(key)) return false;
            path_.key(key);
            auto& [name, value] = entries.emplace_back();
            name.assign(key);
            if (!decode(t.element(), value)) return false;
            path_.pop();
        }
        const bool ordered = std::adjacent_find(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
                                 return !(a.first < b.first);
                             }) == entries.end();
        if (ordered && !t.has_dynamic()) {
            out = dynamic::assemble(t, std::move(entries));
            return leave();
        }
        try {
            out = dynamic::map(t.element(), std::move(entries));
        } catch (const std::invalid_argument& e) {
            return fail("Invalid value", std::string(e.what()).substr(6));  // after "tfpp: "
        }
        return leave();
    }

    bool dynamic_object(const type& t, dynamic& out) {
        if (tok_.kind != mp_kind::map) return mismatch("an object");
        const auto attrs = t.attributes();
        const std::uint32_t n = tok_.count;
        if (!enter()) return false;
        std::vector<dynamic> values(attrs.size());
        std::vector<bool> seen(attrs.size());
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!r_.next(tok_)) return malformed();
            if (tok_.kind != mp_kind::str) return fail("Invalid value", "an object attribute name is not a string");
            const std::string_view key = tok_.bytes;
            path_.attribute(key);
            const auto at = t.attribute_index(key);
            if (at < 0) {
                if (limits_.extra == extra_attributes::reject)
                    return fail("Unsupported attribute", "the object type does not define this attribute");
                if (!r_.skip()) return malformed();
                path_.pop();
                continue;
            }
            const auto idx = static_cast<std::size_t>(at);
            if (seen[idx]) return fail("Invalid value", "the object holds this attribute twice");
            seen[idx] = true;
            if (!decode(attrs[idx].type, values[idx])) return false;
            path_.pop();
        }
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            if (seen[i]) continue;
            path_.attribute(attrs[i].name);
            return fail("Missing attribute", "the object lacks this attribute, which its type defines");
        }
        // Types known to match: no checks unless the value's type must be derived.
        out = dynamic::is_constraint_only(t) ? dynamic::object(t, std::move(values))
                                             : dynamic::assemble(t, std::move(values));
        return leave();
    }
};

}  // namespace tfpp::detail
