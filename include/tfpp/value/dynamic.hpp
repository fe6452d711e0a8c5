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
    static dynamic list(tfpp::type element, std::vector<dynamic> elements);
    // Canonical order (go-cty's), with equal known elements kept once.
    static dynamic set(tfpp::type element, std::vector<dynamic> elements);
    // Entries are kept sorted by key; a key given twice throws.
    static dynamic map(tfpp::type element, std::vector<entry> entries);
    static dynamic tuple(std::vector<dynamic> elements);
    // An object whose type follows from its attribute values.
    static dynamic object(std::vector<entry> attributes);
    // An object of a given type, attribute values in the type's (sorted) order.
    // Where t has dynamic or optional attributes, the value's type is t with
    // what the values turned out to be and no optional marks.
    static dynamic object(tfpp::type t, std::vector<dynamic> values);

    [[nodiscard]] const tfpp::type& type() const noexcept { return type_; }
    [[nodiscard]] value_state state() const noexcept { return state_; }
    [[nodiscard]] bool is_null() const noexcept { return state_ == value_state::null; }
    [[nodiscard]] bool is_unknown() const noexcept { return state_ == value_state::unknown; }
    [[nodiscard]] bool is_known() const noexcept { return state_ == value_state::known; }
    // Known, and so is everything inside it.
    [[nodiscard]] bool is_wholly_known() const;
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
    [[nodiscard]] const dynamic& operator[](std::string_view name) const;
    [[nodiscard]] const dynamic& operator[](std::size_t index) const;

    // The same type, the same state, and equal content (go-cty's RawEquals).
    friend bool operator==(const dynamic& a, const dynamic& b) {
        return a.state_ == b.state_ && a.type_ == b.type_ && a.refinements_ == b.refinements_ && a.data_ == b.data_;
    }

    // go-cty's set order; see value/detail/set_order.hpp.
    static bool set_less(const dynamic& a, const dynamic& b);

    // The text go-cty hashes a set element by, which also orders non-primitive elements.
    void append_set_key(std::string& out) const;

private:
    friend class detail::dynamic_decoder;

    // For a decoder whose values have exactly the types of t (t has no
    // dynamic positions): no checks; sets are still put in canonical order.
    static dynamic assemble(tfpp::type t, std::vector<dynamic> elements);
    // An object type that values cannot have as it is: it has dynamic or optional attributes.
    static bool is_constraint_only(const tfpp::type& t);

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
    static void check_element(const tfpp::type& t, const dynamic& v);
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
    void adopt(const tfpp::type& t);

    // A value of type v may stand where the constraint c is expected: the
    // same type, with any type where c says dynamic.
    static bool conforms(const tfpp::type& v, const tfpp::type& c);

    [[nodiscard]] detail::set_rank rank() const noexcept {
        return is_known() ? detail::set_rank::known : is_unknown() ? detail::set_rank::unknown : detail::set_rank::null;
    }

    void canonicalize_set();

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

#ifdef TFPP_HEADER_ONLY
#include <tfpp/value/detail/dynamic-inl.hpp>
#endif
