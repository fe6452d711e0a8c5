// tfpp::type: a Terraform type known at run time (go-cty's cty.Type): the
// primitives, list/set/map of a type, object and tuple, and dynamic (any type,
// decided by the value). Models know their types at compile time; this is for
// values whose shape arrives with them, and for the type-constraint JSON.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp {

class type {
public:
    enum class kind : std::uint8_t { string, number, boolean, dynamic, list, set, map, object, tuple };

    struct attribute;

    type() noexcept = default;  // dynamic

    static type string() noexcept { return type(kind::string); }
    static type number() noexcept { return type(kind::number); }
    static type boolean() noexcept { return type(kind::boolean); }
    static type dynamic() noexcept { return type(kind::dynamic); }
    static type list(type element) { return collection(kind::list, std::move(element)); }
    static type set(type element) { return collection(kind::set, std::move(element)); }
    static type map(type element) { return collection(kind::map, std::move(element)); }
    // Attributes are kept sorted by name, the order go-cty uses everywhere.
    static type object(std::vector<attribute> attributes);
    static type tuple(std::vector<type> elements);

    [[nodiscard]] kind which() const noexcept { return kind_; }
    [[nodiscard]] bool is_primitive() const noexcept { return kind_ <= kind::boolean; }
    [[nodiscard]] bool is_dynamic() const noexcept { return kind_ == kind::dynamic; }
    [[nodiscard]] bool is_collection() const noexcept {
        return kind_ == kind::list || kind_ == kind::set || kind_ == kind::map;
    }
    [[nodiscard]] bool is_object() const noexcept { return kind_ == kind::object; }
    [[nodiscard]] bool is_tuple() const noexcept { return kind_ == kind::tuple; }

    // list, set, map: the element type.
    [[nodiscard]] const type& element() const;
    // object: the attributes, sorted by name.
    [[nodiscard]] std::span<const attribute> attributes() const;
    // object: the position of an attribute in attributes(), or -1.
    [[nodiscard]] std::ptrdiff_t attribute_index(std::string_view name) const;
    // tuple: the element types.
    [[nodiscard]] std::span<const type> elements() const;

    // True when dynamic appears anywhere in the type.
    [[nodiscard]] bool has_dynamic() const;

    // "string", "list of number", "object", ... as Terraform's messages say it.
    [[nodiscard]] std::string friendly_name() const;

    friend bool operator==(const type& a, const type& b);

private:
    struct node;
    explicit type(kind k) noexcept : kind_(k) {}
    static type collection(kind k, type element);

    kind kind_ = kind::dynamic;
    std::shared_ptr<const node> node_;  // compound types only; shared, types are immutable
};

struct type::attribute {
    std::string name;
    tfpp::type type;
    bool optional = false;  // may be left out of an object value (type constraints only)
    friend bool operator==(const attribute&, const attribute&) = default;
};

struct type::node {
    type element;
    std::vector<attribute> attributes;
    std::vector<type> elements;
    bool dynamic_inside = false;  // has_dynamic(), computed once
};

inline type type::collection(kind k, type element) {
    type t(k);
    const bool d = element.has_dynamic();
    t.node_ = std::make_shared<const node>(node{std::move(element), {}, {}, d});
    return t;
}

inline type type::object(std::vector<attribute> attributes) {
    std::sort(attributes.begin(), attributes.end(),
              [](const attribute& a, const attribute& b) { return a.name < b.name; });
    for (std::size_t i = 1; i < attributes.size(); ++i)
        if (attributes[i].name == attributes[i - 1].name)
            throw std::invalid_argument("tfpp: object type has attribute \"" + attributes[i].name + "\" twice");
    type t(kind::object);
    const bool d =
        std::any_of(attributes.begin(), attributes.end(), [](const attribute& a) { return a.type.has_dynamic(); });
    t.node_ = std::make_shared<const node>(node{{}, std::move(attributes), {}, d});
    return t;
}

inline type type::tuple(std::vector<type> elements) {
    type t(kind::tuple);
    const bool d = std::any_of(elements.begin(), elements.end(), [](const type& e) { return e.has_dynamic(); });
    t.node_ = std::make_shared<const node>(node{{}, {}, std::move(elements), d});
    return t;
}

inline const type& type::element() const {
    if (!is_collection()) throw std::logic_error("tfpp: element() of a type that is not a list, set or map");
    return node_->element;
}

inline std::span<const type::attribute> type::attributes() const {
    if (kind_ != kind::object) return {};
    return node_->attributes;
}

inline std::ptrdiff_t type::attribute_index(std::string_view name) const {
    const auto attrs = attributes();
    const auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                                     [](const attribute& a, std::string_view n) { return a.name < n; });
    return it != attrs.end() && it->name == name ? it - attrs.begin() : -1;
}

inline std::span<const type> type::elements() const {
    if (kind_ != kind::tuple) return {};
    return node_->elements;
}

inline bool type::has_dynamic() const { return kind_ == kind::dynamic || (node_ && node_->dynamic_inside); }

inline std::string type::friendly_name() const {
    switch (kind_) {
    case kind::string: return "string";
    case kind::number: return "number";
    case kind::boolean: return "bool";
    case kind::dynamic: return "dynamic";
    case kind::list: return "list of " + node_->element.friendly_name();
    case kind::set: return "set of " + node_->element.friendly_name();
    case kind::map: return "map of " + node_->element.friendly_name();
    case kind::object: return "object";
    case kind::tuple: return "tuple";
    }
    return "?";
}

inline bool operator==(const type& a, const type& b) {
    if (a.kind_ != b.kind_) return false;
    if (a.node_ == b.node_) return true;
    switch (a.kind_) {
    case type::kind::list:
    case type::kind::set:
    case type::kind::map: return a.node_->element == b.node_->element;
    case type::kind::object: return a.node_->attributes == b.node_->attributes;
    case type::kind::tuple: return a.node_->elements == b.node_->elements;
    default: return true;
    }
}

}  // namespace tfpp
