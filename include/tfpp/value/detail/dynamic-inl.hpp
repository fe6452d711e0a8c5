// tfpp::dynamic's member functions, compiled once (tfpp/value/dynamic.hpp).
// Compiled once from src/value/dynamic.cpp, or inline in every file that includes
// <tfpp/value/dynamic.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tfpp {

TFPP_INLINE dynamic dynamic::list(tfpp::type element, std::vector<dynamic> elements) {
    tfpp::type t = tfpp::type::list(unify(std::move(element), elements, itself));  // before elements move
    return known(std::move(t), std::move(elements));
}

TFPP_INLINE dynamic dynamic::set(tfpp::type element, std::vector<dynamic> elements) {
    tfpp::type t = tfpp::type::set(unify(std::move(element), elements, itself));  // before elements move
    dynamic d = known(std::move(t), std::move(elements));
    d.canonicalize_set();
    return d;
}

TFPP_INLINE dynamic dynamic::map(tfpp::type element, std::vector<entry> entries) {
    const tfpp::type ety = unify(std::move(element), entries, [](entry& e) -> dynamic& { return e.second; });
    std::stable_sort(entries.begin(), entries.end(),
                     [](const entry& a, const entry& b) { return a.first < b.first; });
    for (std::size_t i = 1; i < entries.size(); ++i)
        if (entries[i].first == entries[i - 1].first)
            throw std::invalid_argument("tfpp: map has key \"" + entries[i].first + "\" twice");
    return known(tfpp::type::map(ety), std::move(entries));
}

TFPP_INLINE dynamic dynamic::tuple(std::vector<dynamic> elements) {
    std::vector<tfpp::type> types;
    types.reserve(elements.size());
    for (const auto& e : elements) types.push_back(e.type());
    return known(tfpp::type::tuple(std::move(types)), std::move(elements));
}

TFPP_INLINE dynamic dynamic::object(std::vector<entry> attributes) {
    std::vector<tfpp::type::attribute> attrs;
    attrs.reserve(attributes.size());
    for (const auto& [name, v] : attributes) attrs.push_back({name, v.type(), false});
    tfpp::type t = tfpp::type::object(std::move(attrs));  // sorts; throws on duplicates
    std::vector<dynamic> values(attributes.size());
    for (auto& [name, v] : attributes) values[static_cast<std::size_t>(t.attribute_index(name))] = std::move(v);
    return known(std::move(t), std::move(values));
}

TFPP_INLINE dynamic dynamic::object(tfpp::type t, std::vector<dynamic> values) {
    const auto attrs = t.attributes();
    if (!t.is_object() || values.size() != attrs.size())
        throw std::invalid_argument("tfpp: object values do not match the object type");
    for (std::size_t i = 0; i < values.size(); ++i) check_element(attrs[i].type, values[i]);
    if (is_constraint_only(t)) {
        std::vector<tfpp::type::attribute> concrete(attrs.begin(), attrs.end());
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            if (!values[i].type_.is_dynamic()) concrete[i].type = values[i].type_;
            concrete[i].optional = false;
        }
        t = tfpp::type::object(std::move(concrete));
    }
    return known(std::move(t), std::move(values));
}

TFPP_INLINE bool dynamic::is_wholly_known() const {
    if (!is_known()) return false;
    if (const auto* v = std::get_if<std::vector<dynamic>>(&data_))
        return std::all_of(v->begin(), v->end(), [](const dynamic& e) { return e.is_wholly_known(); });
    if (const auto* m = std::get_if<std::vector<entry>>(&data_))
        return std::all_of(m->begin(), m->end(), [](const entry& e) { return e.second.is_wholly_known(); });
    return true;
}

TFPP_INLINE const dynamic& dynamic::operator[](std::string_view name) const {
    if (type_.is_object()) {
        const auto i = type_.attribute_index(name);
        if (i < 0) throw std::out_of_range("tfpp: the object has no attribute \"" + std::string(name) + "\"");
        return elements()[static_cast<std::size_t>(i)];
    }
    const auto es = entries();
    const auto it = std::lower_bound(es.begin(), es.end(), name,
                                     [](const entry& e, std::string_view k) { return e.first < k; });
    if (it == es.end() || it->first != name)
        throw std::out_of_range("tfpp: the map has no key \"" + std::string(name) + "\"");
    return it->second;
}

TFPP_INLINE const dynamic& dynamic::operator[](std::size_t index) const {
    const auto es = elements();
    if (index >= es.size()) throw std::out_of_range("tfpp: index " + std::to_string(index) + " is out of range");
    return es[index];
}

TFPP_INLINE bool dynamic::set_less(const dynamic& a, const dynamic& b) {
    const auto ra = a.rank(), rb = b.rank();
    if (ra != rb) return ra < rb;
    if (ra != detail::set_rank::known) return false;
    switch (a.type_.which()) {
    case tfpp::type::kind::string: return a.as_string() < b.as_string();
    case tfpp::type::kind::number: return a.as_number() < b.as_number();
    case tfpp::type::kind::boolean: return !a.as_bool() && b.as_bool();
    default: break;
    }
    std::string ka, kb;
    a.append_set_key(ka);
    b.append_set_key(kb);
    return ka < kb;
}

TFPP_INLINE void dynamic::append_set_key(std::string& out) const {
    if (is_unknown()) return out.push_back('?');
    if (is_null()) return out.push_back('~');
    switch (type_.which()) {
    case tfpp::type::kind::number: {
        const tfpp::number& n = as_number();
        if (n.is_infinite()) out += n.to_string();
        else if (n.representation() == tfpp::number::form::float64) detail::append_g10(out, n.float64_value());
        else if (n.is_int64() && n.int64_value() > -10000000000 && n.int64_value() < 10000000000)
            out += n.to_string();
        else out += detail::go_g10_text(n.exact());
        return;
    }
    case tfpp::type::kind::boolean: return out.push_back(as_bool() ? 'T' : 'F');
    case tfpp::type::kind::string: return detail::append_go_quoted(out, as_string());
    case tfpp::type::kind::map:
        out += '{';
        for (const auto& [k, v] : entries()) {
            detail::append_go_quoted(out, k);
            out += ':';
            v.append_set_key(out);
            out += ';';
        }
        out += '}';
        return;
    case tfpp::type::kind::list:
    case tfpp::type::kind::set:
    case tfpp::type::kind::object:
    case tfpp::type::kind::tuple: {
        const bool bracket = type_.which() == tfpp::type::kind::list || type_.which() == tfpp::type::kind::set;
        out += bracket ? '[' : '<';
        for (const auto& e : elements()) {
            e.append_set_key(out);
            out += ';';
        }
        out += bracket ? ']' : '>';
        return;
    }
    case tfpp::type::kind::dynamic: return;
    }
}

TFPP_INLINE dynamic dynamic::assemble(tfpp::type t, std::vector<dynamic> elements) {
    dynamic d = known(std::move(t), std::move(elements));
    if (d.type_.which() == tfpp::type::kind::set) d.canonicalize_set();
    return d;
}

TFPP_INLINE bool dynamic::is_constraint_only(const tfpp::type& t) {
    const auto attrs = t.attributes();
    return t.has_dynamic() ||
           std::any_of(attrs.begin(), attrs.end(), [](const tfpp::type::attribute& a) { return a.optional; });
}

TFPP_INLINE void dynamic::check_element(const tfpp::type& t, const dynamic& v) {
    if (!fits(t, v))
        throw std::invalid_argument("tfpp: a value of type " + v.type_.friendly_name() + " cannot stand where " +
                                    t.friendly_name() + " is expected");
}

TFPP_INLINE void dynamic::adopt(const tfpp::type& t) {
    type_ = t;
    if (!is_known()) return;
    if (auto* elems = std::get_if<std::vector<dynamic>>(&data_)) {
        for (std::size_t i = 0; i < elems->size(); ++i) {
            const tfpp::type& et = t.is_tuple()    ? t.elements()[i]
                                   : t.is_object() ? t.attributes()[i].type
                                                   : t.element();
            if (!((*elems)[i].type_ == et)) (*elems)[i].adopt(et);
        }
    } else if (auto* entries = std::get_if<std::vector<entry>>(&data_)) {
        for (auto& e : *entries)
            if (!(e.second.type_ == t.element())) e.second.adopt(t.element());
    }
}

TFPP_INLINE bool dynamic::conforms(const tfpp::type& v, const tfpp::type& c) {
    if (c.is_dynamic()) return true;
    if (v.which() != c.which()) return false;
    switch (c.which()) {
    case tfpp::type::kind::list:
    case tfpp::type::kind::set:
    case tfpp::type::kind::map: return conforms(v.element(), c.element());
    case tfpp::type::kind::object: {
        const auto va = v.attributes(), ca = c.attributes();
        if (va.size() != ca.size()) return false;
        for (std::size_t i = 0; i < va.size(); ++i)
            if (va[i].name != ca[i].name || !conforms(va[i].type, ca[i].type)) return false;
        return true;
    }
    case tfpp::type::kind::tuple: {
        const auto ve = v.elements(), ce = c.elements();
        if (ve.size() != ce.size()) return false;
        for (std::size_t i = 0; i < ve.size(); ++i)
            if (!conforms(ve[i], ce[i])) return false;
        return true;
    }
    default: return true;
    }
}

TFPP_INLINE void dynamic::canonicalize_set() {
    auto& elems = std::get<std::vector<dynamic>>(data_);
    // go-cty keeps one of equal elements unless they hold unknowns.
    auto same = [](const dynamic& a, const dynamic& b) { return (a.is_null() || a.is_wholly_known()) && a == b; };
    const tfpp::type::kind k = type_.element().which();
    if (k == tfpp::type::kind::string || k == tfpp::type::kind::number || k == tfpp::type::kind::boolean ||
        k == tfpp::type::kind::dynamic) {
        detail::canonicalize_set(
            elems, [&](std::size_t a, std::size_t b) { return set_less(elems[a], elems[b]); }, same);
    } else {
        const detail::set_keys keys(
            elems, [](const dynamic& e) { return e.rank(); },
            [](const dynamic& e, std::string& out) { e.append_set_key(out); });
        detail::canonicalize_set(
            elems, [&](std::size_t a, std::size_t b) { return keys.less(a, b); }, same);
    }
}

}  // namespace tfpp
