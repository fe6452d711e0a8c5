// tfpp::dynamic: a value of any Terraform type, carrying its type with it.
//
// Models normally know their types at compile time. A dynamic is for the
// places where the type arrives with the value: attributes of type dynamic
// (on the wire as [type JSON, value]), dynamic objects, and generic tools such
// as the planner and the test driver. It holds null, unknown (with
// refinements) or known at any depth.
#pragma once

#include <tfpp/value/detail/set_order.hpp>
#include <tfpp/value/number.hpp>
#include <tfpp/value/type.hpp>
#include <tfpp/value/value.hpp>

#include <algorithm>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tfpp {

namespace detail {
class dynamic_decoder;
}

class dynamic {
public:
    using entry = std::pair<std::string, dynamic>;

    dynamic() = default;  // null, of type dynamic

    // Known primitives.
    dynamic(std::string s) : type_(tfpp::type::string()), state_(value_state::known), data_(std::move(s)) {}
    dynamic(std::string_view s) : dynamic(std::string(s)) {}
    dynamic(const char* s) : dynamic(std::string(s)) {}
    dynamic(bool b) : type_(tfpp::type::boolean()), state_(value_state::known), data_(b) {}
    dynamic(tfpp::number n) : type_(tfpp::type::number()), state_(value_state::known), data_(std::move(n)) {}
    template <class N>
    requires((std::is_integral_v<N> && !std::is_same_v<N, bool>) || std::is_floating_point_v<N>) dynamic(N n)
        : dynamic(tfpp::number(n)) {}

    static dynamic null(tfpp::type t) {
        dynamic d;
        d.type_ = std::move(t);
        return d;
    }
    static dynamic unknown(tfpp::type t, refinements r = {}) {
        dynamic d;
        d.type_ = std::move(t);
        d.state_ = value_state::unknown;
        d.refinements_.set(std::move(r));
        return d;
    }

    // Collections. When element is dynamic, the elements decide the type and
    // must agree. Throws std::invalid_argument for elements of another type.
    static dynamic list(tfpp::type element, std::vector<dynamic> elements) {
        tfpp::type t = tfpp::type::list(unify(std::move(element), elements, itself));  // before elements move
        return known(std::move(t), std::move(elements));
    }
    // Canonical order (go-cty's), with equal known elements kept once.
    static dynamic set(tfpp::type element, std::vector<dynamic> elements) {
        tfpp::type t = tfpp::type::set(unify(std::move(element), elements, itself));  // before elements move
        dynamic d = known(std::move(t), std::move(elements));
        d.canonicalize_set();
        return d;
    }
    // Entries are kept sorted by key; a key given twice throws.
    static dynamic map(tfpp::type element, std::vector<entry> entries) {
        const tfpp::type ety = unify(std::move(element), entries, [](entry& e) -> dynamic& { return e.second; });
        std::stable_sort(entries.begin(), entries.end(),
                         [](const entry& a, const entry& b) { return a.first < b.first; });
        for (std::size_t i = 1; i < entries.size(); ++i)
            if (entries[i].first == entries[i - 1].first)
                throw std::invalid_argument("tfpp: map has key \"" + entries[i].first + "\" twice");
        return known(tfpp::type::map(ety), std::move(entries));
    }
    static dynamic tuple(std::vector<dynamic> elements) {
        std::vector<tfpp::type> types;
        types.reserve(elements.size());
        for (const auto& e : elements) types.push_back(e.type());
        return known(tfpp::type::tuple(std::move(types)), std::move(elements));
    }
    // An object whose type follows from its attribute values.
    static dynamic object(std::vector<entry> attributes) {
        std::vector<tfpp::type::attribute> attrs;
        attrs.reserve(attributes.size());
        for (const auto& [name, v] : attributes) attrs.push_back({name, v.type(), false});
        tfpp::type t = tfpp::type::object(std::move(attrs));  // sorts; throws on duplicates
        std::vector<dynamic> values(attributes.size());
        for (auto& [name, v] : attributes) values[static_cast<std::size_t>(t.attribute_index(name))] = std::move(v);
        return known(std::move(t), std::move(values));
    }
    // An object of a given type, attribute values in the type's (sorted) order.
    // Where t has dynamic or optional attributes, the value's type is t with
    // what the values turned out to be and no optional marks.
    static dynamic object(tfpp::type t, std::vector<dynamic> values) {
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

    [[nodiscard]] const tfpp::type& type() const noexcept { return type_; }
    [[nodiscard]] value_state state() const noexcept { return state_; }
    [[nodiscard]] bool is_null() const noexcept { return state_ == value_state::null; }
    [[nodiscard]] bool is_unknown() const noexcept { return state_ == value_state::unknown; }
    [[nodiscard]] bool is_known() const noexcept { return state_ == value_state::known; }
    // Known, and so is everything inside it.
    [[nodiscard]] bool is_wholly_known() const {
        if (!is_known()) return false;
        if (const auto* v = std::get_if<std::vector<dynamic>>(&data_))
            return std::all_of(v->begin(), v->end(), [](const dynamic& e) { return e.is_wholly_known(); });
        if (const auto* m = std::get_if<std::vector<entry>>(&data_))
            return std::all_of(m->begin(), m->end(), [](const entry& e) { return e.second.is_wholly_known(); });
        return true;
    }
    [[nodiscard]] const refinements* refinement() const noexcept { return refinements_.get(); }

    [[nodiscard]] bool as_bool() const { return get<bool>("a bool"); }
    [[nodiscard]] const tfpp::number& as_number() const { return get<tfpp::number>("a number"); }
    [[nodiscard]] const std::string& as_string() const { return get<std::string>("a string"); }

    // list, set, tuple: the elements; object: the attribute values in the
    // order of type().attributes().
    [[nodiscard]] std::span<const dynamic> elements() const {
        return get<std::vector<dynamic>>("a list, set, tuple or object");
    }
    // map: the entries, sorted by key.
    [[nodiscard]] std::span<const entry> entries() const { return get<std::vector<entry>>("a map"); }
    [[nodiscard]] std::size_t size() const {
        if (const auto* m = std::get_if<std::vector<entry>>(&data_)) return m->size();
        return elements().size();
    }
    // Object attribute or map key; throws std::out_of_range when absent.
    [[nodiscard]] const dynamic& operator[](std::string_view name) const {
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
    [[nodiscard]] const dynamic& operator[](std::size_t index) const {
        const auto es = elements();
        if (index >= es.size()) throw std::out_of_range("tfpp: index " + std::to_string(index) + " is out of range");
        return es[index];
    }

    // The same type, the same state, and equal content (go-cty's RawEquals).
    friend bool operator==(const dynamic& a, const dynamic& b) {
        return a.state_ == b.state_ && a.type_ == b.type_ && a.refinements_ == b.refinements_ && a.data_ == b.data_;
    }

    // go-cty's set order; see value/detail/set_order.hpp.
    static bool set_less(const dynamic& a, const dynamic& b) {
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

    // The text go-cty hashes a set element by, which also orders non-primitive elements.
    void append_set_key(std::string& out) const {
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

private:
    friend class detail::dynamic_decoder;

    // For a decoder whose values have exactly the types of t (t has no
    // dynamic positions): no checks; sets are still put in canonical order.
    static dynamic assemble(tfpp::type t, std::vector<dynamic> elements) {
        dynamic d = known(std::move(t), std::move(elements));
        if (d.type_.which() == tfpp::type::kind::set) d.canonicalize_set();
        return d;
    }
    // An object type that values cannot have as it is: it has dynamic or optional attributes.
    static bool is_constraint_only(const tfpp::type& t) {
        const auto attrs = t.attributes();
        return t.has_dynamic() ||
               std::any_of(attrs.begin(), attrs.end(), [](const tfpp::type::attribute& a) { return a.optional; });
    }

    // Map entries in strictly increasing key order (as Terraform sends them).
    static dynamic assemble(tfpp::type t, std::vector<entry> entries) {
        return known(std::move(t), std::move(entries));
    }

    using storage =
        std::variant<std::monostate, bool, tfpp::number, std::string, std::vector<dynamic>, std::vector<entry>>;

    template <class Content>
    static dynamic known(tfpp::type t, Content content) {
        dynamic d;
        d.type_ = std::move(t);
        d.state_ = value_state::known;
        d.data_ = std::move(content);
        return d;
    }

    // A value fits a slot of type t when its type conforms to t (equal, with
    // anything where t says dynamic), or when its own type is still partly
    // dynamic (a null, an unknown, an empty collection) and it can adopt t.
    static bool fits(const tfpp::type& t, const dynamic& v) { return conforms(v.type_, t) || conforms(t, v.type_); }
    static void check_element(const tfpp::type& t, const dynamic& v) {
        if (!fits(t, v))
            throw std::invalid_argument("tfpp: a value of type " + v.type_.friendly_name() + " cannot stand where " +
                                        t.friendly_name() + " is expected");
    }
    // The element type of a collection: the declared one, or for dynamic the
    // one type all known-typed elements share.
    // Null and unknown elements whose type is not known yet take that type.
    // Where a type is still partly dynamic (an empty collection of dynamic, a
    // null), the other elements decide it, and such elements adopt that type.
    // value_of gives the dynamic inside an item (itself, or a map entry's value).
    static dynamic& itself(dynamic& d) noexcept { return d; }
    template <class Item, class ValueOf>
    static tfpp::type unify(tfpp::type element, std::vector<Item>& items, ValueOf value_of) {
        if (element.has_dynamic()) {
            const tfpp::type constraint = element;
            bool concrete = false;
            for (auto& item : items) {
                const dynamic& e = value_of(item);
                if (e.type_.is_dynamic()) continue;
                if (!concrete) element = e.type_, concrete = true;
                else if (element == e.type_ || conforms(element, e.type_)) continue;
                else if (conforms(e.type_, element)) element = e.type_;
                else throw std::invalid_argument("tfpp: collection elements must all have the same type");
            }
            if (!conforms(element, constraint))
                throw std::invalid_argument("tfpp: a value of type " + element.friendly_name() +
                                            " cannot stand where " + constraint.friendly_name() + " is expected");
        }
        for (auto& item : items) {
            dynamic& e = value_of(item);
            check_element(element, e);
            if (!(e.type_ == element)) e.adopt(element);
        }
        return element;
    }

    // Takes a more specific type t (dynamic positions of the own type filled in).
    void adopt(const tfpp::type& t) {
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

    // A value of type v may stand where the constraint c is expected: the
    // same type, with any type where c says dynamic.
    static bool conforms(const tfpp::type& v, const tfpp::type& c) {
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

    [[nodiscard]] detail::set_rank rank() const noexcept {
        return is_known() ? detail::set_rank::known : is_unknown() ? detail::set_rank::unknown : detail::set_rank::null;
    }

    void canonicalize_set() {
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

    template <class V>
    const V& get(const char* what) const {
        if (!is_known())
            throw value_access_error(is_null() ? "tfpp: read of a null value" : "tfpp: read of an unknown value");
        const V* v = std::get_if<V>(&data_);
        if (!v) throw std::logic_error(std::string("tfpp: the value is a ") + type_.friendly_name() + ", not " + what);
        return *v;
    }

    tfpp::type type_;
    value_state state_ = value_state::null;
    detail::refinement_slot refinements_;
    storage data_;
};

}  // namespace tfpp
