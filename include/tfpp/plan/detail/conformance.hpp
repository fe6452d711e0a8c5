// Whether encoded bytes are one value of a given type; on failure, what is
// wrong and at which attribute path.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/value/type.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail::consistency {

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
        static constexpr const char* names[] = {"null",     "a bool",   "a number",  "a number",
                                                "a number", "a number", "a string",  "binary data",
                                                "an array", "a map",    "an unknown"};
        return names[static_cast<int>(k)];
    }
    bool expected(const char* what, mp_kind k) { return fail(std::string("expected ") + what + ", found " + found(k)); }

    bool value(const type& t, msgpack_reader& r) {
        mp_token tok;
        if (!r.next(tok)) return fail("the bytes end early or are not valid MessagePack");
        if (tok.kind == mp_kind::nil || tok.kind == mp_kind::ext) return true;
        if (t.is_dynamic()) {
            if (tok.kind != mp_kind::array || tok.count != 2)
                return expected("a [type, value] pair for a dynamic value", tok.kind);
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
                    return fail("the object has an attribute \"" + std::string(k.bytes) +
                                "\" that the schema does not define");
                if (seen[static_cast<std::size_t>(index)])
                    return fail("the object has the attribute \"" + std::string(k.bytes) + "\" twice");
                seen[static_cast<std::size_t>(index)] = true;
                if (!value(attrs[static_cast<std::size_t>(index)].type, r))
                    return at(attribute_path::attribute(k.bytes));
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

}  // namespace tfpp::detail::consistency
