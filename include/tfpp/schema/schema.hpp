// The schema of a model, derived from its fields and checked by the compiler:
// the struct is the schema. Attributes, nested attributes (a field whose type
// is a struct of attributes, or a vector, set or map of one) and blocks
// (tfpp::block, block_list, block_set, block_map, block_group) nest to any
// depth; every mistake stops the build with one `tfpp:` line.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/detail/model_problem.hpp>
#include <tfpp/schema/detail/reflect.hpp>
#include <tfpp/schema/types.hpp>
#include <tfpp/validate/validators.hpp>
#include <tfpp/value/type.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tfpp {

struct nested_attributes;
struct nested_block_schema;

// One attribute, as Terraform sees it. (Every member has an initializer, so
// designated initializers compile cleanly under -Wextra.)
struct attribute_schema {
    std::string_view name{};
    tfpp::type type{};  // the type of its values (for nested attributes, the implied object type)
    attribute_role role = attribute_role::optional;
    bool sensitive = false;
    bool write_only = false;
    bool requires_replace = false;
    bool use_state_for_unknown = false;
    bool deprecated = false;
    std::string_view deprecation_message{};
    std::string_view description{};
    bool description_is_markdown = false;
    // Set when the attribute is a struct of attributes (protocol 6's nested_type).
    std::shared_ptr<const nested_attributes> nested{};

    // Planning beyond the flags above. The encoded default and the hooks that
    // decode values are filled in by the provider layer, which has the codecs.
    bool use_non_null_state_for_unknown = false;
    std::string default_bytes{};                 // tfpp::default_value, encoded; empty: none
    std::vector<std::string_view> match_keys{};  // tfpp::match_by (list and set nested attributes)
    // tfpp::requires_replace_if: whether the change from prior to planned replaces.
    bool (*replace_if)(std::string_view prior, std::string_view planned, diagnostics& diags) = nullptr;
    // tfpp::default_from: the default, from the encoded object that holds the
    // attribute in the configuration; false (with diagnostics) when it failed.
    bool (*default_from)(std::string_view config_object, std::string& out, diagnostics& diags) = nullptr;
    // What its validators and the rules that name it require, in plain
    // English ("at least 1 and at most 64 characters"), for documentation.
    std::vector<std::string> constraints{};

    [[nodiscard]] bool is_computed() const noexcept {
        return role == attribute_role::computed || role == attribute_role::optional_computed;
    }
    [[nodiscard]] bool is_required() const noexcept { return role == attribute_role::required; }
    [[nodiscard]] bool is_optional() const noexcept {
        return role == attribute_role::optional || role == attribute_role::optional_computed;
    }
};

// The attributes of a nested-attribute struct and how its values repeat.
struct nested_attributes {
    nesting mode = nesting::single;
    std::vector<attribute_schema> attributes{};  // sorted by name

    [[nodiscard]] const attribute_schema* find(std::string_view name) const noexcept {
        for (const auto& a : attributes)
            if (a.name == name) return &a;
        return nullptr;
    }
};

// The attributes and blocks of a resource, data source, provider
// configuration, or of one nested block.
struct block_schema {
    std::int64_t version = 0;                     // the schema version (top level only)
    std::vector<attribute_schema> attributes{};   // sorted by name, as go-cty orders object attributes
    std::vector<nested_block_schema> blocks;      // sorted by name (no initializer: the type is incomplete here)
    std::string_view description{};
    bool description_is_markdown = false;
    bool deprecated = false;
    std::string_view deprecation_message{};
    tfpp::type value_type = tfpp::type::object({});  // the object type of this block's values

    [[nodiscard]] const attribute_schema* find(std::string_view name) const noexcept {
        for (const auto& a : attributes)
            if (a.name == name) return &a;
        return nullptr;
    }
    [[nodiscard]] const nested_block_schema* find_block(std::string_view name) const noexcept;
};

// A block type inside a block: `name { ... }`.
struct nested_block_schema {
    std::string_view name{};
    nesting mode = nesting::list;
    std::int64_t min_items = 0;
    std::int64_t max_items = 0;  // 0: no limit
    bool requires_replace = false;
    std::vector<std::string_view> match_keys{};  // tfpp::match_by (list and set blocks)
    std::vector<std::string> constraints{};      // what the rules that name it require
    block_schema block{};
};

inline const nested_block_schema* block_schema::find_block(std::string_view name) const noexcept {
    for (const auto& b : blocks)
        if (b.name == name) return &b;
    return nullptr;
}

// A resource's identity: the attributes that name one remote object
// (Terraform 1.12+, import by identity).
struct identity_attribute_schema {
    std::string_view name{};
    tfpp::type type{};
    bool required_for_import = false;
    bool optional_for_import = false;
    std::string_view description{};
};
struct identity_schema {
    std::int64_t version = 0;
    std::vector<identity_attribute_schema> attributes{};  // sorted by name
};

namespace detail {

template <class T>
inline constexpr bool is_reflectable = std::is_class_v<T> && (is_described<T> || std::is_aggregate_v<T>);

constexpr bool is_identifier(std::string_view name) {
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

// Where a struct is used: each place has names of its own that Terraform
// reserves, and rules of its own.
enum class model_context { resource, data_source, provider, provider_meta, identity, block };

// Names Terraform gives a meaning of its own in the block the model describes.
constexpr bool is_reserved(std::string_view name, model_context where = model_context::resource) {
    switch (where) {
    case model_context::resource:
    case model_context::data_source:
        for (std::string_view r : {"count", "for_each", "provider", "lifecycle", "depends_on", "connection", "provisioner"})
            if (name == r) return true;
        return false;
    case model_context::provider:
        for (std::string_view r : {"alias", "version", "for_each"})
            if (name == r) return true;
        return false;
    default: return false;
    }
}



// What the fields of a struct are.
enum class struct_kind { plain, attributes, attributes_and_blocks, mixed };

template <class S>
consteval struct_kind classify() {
    if constexpr (!is_reflectable<S>) {
        return struct_kind::plain;
    } else {
        std::size_t roles = 0, blocks = 0, plain = 0;
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if constexpr (is_attribute<F>) ++roles;
            else if constexpr (is_block<F>) ++blocks;
            else ++plain;
        });
        if (plain > 0 && roles + blocks > 0) return struct_kind::mixed;
        if (blocks > 0) return struct_kind::attributes_and_blocks;
        if (roles > 0) return struct_kind::attributes;
        return struct_kind::plain;
    }
}

// How a nested-attribute field repeats: none when T is not a struct of
// attributes (or a list, set or map of one).
enum class nested_form { none, single, list, set, map };

template <class T>
consteval nested_form nested_form_of() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::object) {
        return classify<U>() == struct_kind::attributes ? nested_form::single : nested_form::none;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        using E = strip_nullable_t<typename type_info<U>::element>;
        if constexpr (kind_of<E> == type_kind::object) {
            if constexpr (classify<E>() != struct_kind::attributes) return nested_form::none;
            else if constexpr (k == type_kind::list) return nested_form::list;
            else if constexpr (k == type_kind::set) return nested_form::set;
            else return nested_form::map;
        } else {
            return nested_form::none;
        }
    } else {
        return nested_form::none;
    }
}

// The struct of a nested attribute or block field.
template <class T>
struct nested_struct {
    using type = strip_nullable_t<T>;
};
template <class T>
    requires(kind_of<T> == type_kind::list || kind_of<T> == type_kind::set || kind_of<T> == type_kind::map)
struct nested_struct<T> {
    using type = strip_nullable_t<typename type_info<strip_nullable_t<T>>::element>;
};
template <class T>
using nested_struct_t = typename nested_struct<T>::type;

template <class T>
consteval bool contains_dynamic() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::dynamic) {
        return true;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        return contains_dynamic<typename type_info<U>::element>();
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            return (contains_dynamic<E>() || ...);
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        bool any = false;
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_schema_field<F>) any = any || contains_dynamic<typename F::value_type>();
            else any = any || contains_dynamic<F>();
        });
        return any;
    } else {
        return false;
    }
}

template <class T>
constexpr model_problem check_value_type();

// Fields of a plain object type: plain types or value<T>, no roles.
template <class S>
constexpr model_problem check_object_fields() {
    model_problem p = model_problem::none;
    for_each_index<S>([&]<std::size_t I>() {
        if (p != model_problem::none) return;
        if (!is_identifier(field_name<S, I>()))
            p = model_problem::bad_name;
        else
            p = check_value_type<field_t<S, I>>();
    });
    return p;
}

// A value type with no attributes in it: what an attribute of a plain type holds.
template <class T>
constexpr model_problem check_value_type() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (is_schema_field<U>) {
        return model_problem::role_in_value;
    } else if constexpr (k == type_kind::unsupported) {
        return model_problem::unsupported_type;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        return check_value_type<typename type_info<U>::element>();
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            model_problem p = model_problem::none;
            ((p = p == model_problem::none ? check_value_type<E>() : p), ...);
            return p;
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        if constexpr (!is_reflectable<U>) return model_problem::not_reflectable;
        else if constexpr (classify<U>() == struct_kind::mixed) return model_problem::mixed_struct;
        else if constexpr (classify<U>() != struct_kind::plain) return model_problem::misplaced_nested_attributes;
        else return check_object_fields<U>();
    } else {
        return model_problem::none;
    }
}

template <class S>
inline constexpr bool has_docs = requires { typename S::docs; };

template <class D>
inline constexpr D docs_instance{};

// A struct's members' C++ names, by position.
template <class T>
inline constexpr auto cpp_field_names = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{cpp_field_name<T, I>()...};
}(std::make_index_sequence<field_count<T>()>{});

// The docs mirror D's members, by position: whether each is a tfpp::doc, and
// its value (empty when it is not one). Tables, so that matching them to
// the model's fields costs loops, not a template per pair.
template <class D, std::size_t J>
consteval doc docs_entry() {
    if constexpr (std::is_same_v<field_t<D, J>, doc>) return get<J>(docs_instance<D>);
    else return doc{};
}
template <class D>
inline constexpr auto docs_entries = []<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<doc, sizeof...(J)>{docs_entry<D, J>()...};
}(std::make_index_sequence<field_count<D>()>{});
template <class D>
inline constexpr auto docs_are_docs = []<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<bool, sizeof...(J)>{std::is_same_v<field_t<D, J>, doc>...};
}(std::make_index_sequence<field_count<D>()>{});

// What check_docs needs of each field of S: whether its type documents it
// (and so cannot be documented in S::docs as well).
struct field_doc_use {
    bool schema_field = false;
    bool inline_text = false;
    bool deprecated = false;
};
template <class F>
consteval field_doc_use field_doc_use_of() {
    if constexpr (is_schema_field<F>)
        return {true, !F::description.empty() || !F::markdown_description.empty(), F::is_deprecated};
    else
        return {};
}
template <class S>
inline constexpr auto field_doc_uses = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<field_doc_use, sizeof...(I)>{field_doc_use_of<field_t<S, I>>()...};
}(std::make_index_sequence<field_count<S>()>{});

// The docs mirror of S: an aggregate of tfpp::doc, each named after a field.
template <class S>
constexpr model_problem check_docs() {
    if constexpr (!has_docs<S>) {
        return model_problem::none;
    } else {
        using D = typename S::docs;
        if constexpr (!is_reflectable<D>) {
            return model_problem::bad_docs;
        } else {
            constexpr auto& is_doc = docs_are_docs<D>;
            constexpr auto& entries = docs_entries<D>;
            constexpr auto& doc_names = cpp_field_names<D>;
            constexpr auto& names = cpp_field_names<S>;
            constexpr auto& uses = field_doc_uses<S>;
            for (std::size_t j = 0; j < is_doc.size(); ++j) {
                if (!is_doc[j]) return model_problem::bad_docs;
                bool found = false;
                for (std::size_t i = 0; i < names.size(); ++i) {
                    if (names[i] != doc_names[j]) continue;
                    found = true;
                    const doc& d = entries[j];
                    if (uses[i].schema_field && ((uses[i].inline_text && (!d.description.empty() || !d.markdown.empty())) ||
                                                 (uses[i].deprecated && !d.deprecated.empty())))
                        return model_problem::documented_twice;
                }
                if (!found) return model_problem::docs_unknown_name;
            }
            return model_problem::none;
        }
    }
}

// Field names: valid identifiers, not reserved where the struct is used, and
// each used once (tfpp::name<"..."> can make two fields collide).
template <class S>
constexpr model_problem check_names(model_context where) {
    constexpr std::size_t n = field_count<S>();
    const auto& names = field_names<S>;
    for (std::size_t i = 0; i < n; ++i) {
        if (!is_identifier(names[i])) return model_problem::bad_name;
        if (is_reserved(names[i], where)) return model_problem::reserved_name;
        for (std::size_t j = 0; j < i; ++j)
            if (names[j] == names[i]) return model_problem::duplicate_name;
    }
    return model_problem::none;
}

template <class S>
constexpr model_problem check_block_struct(model_context where, bool in_set);

// tfpp::match_by<names...> on field F of a list or set of structs E: every
// name is an attribute of E that the configuration sets.
template <class F, class E>
constexpr bool match_by_fits() {
    using M = typename F::match_option;
    if constexpr (std::is_void_v<M>) {
        return true;
    } else if constexpr (!is_reflectable<E> || (classify<E>() != struct_kind::attributes &&
                                                classify<E>() != struct_kind::attributes_and_blocks)) {
        return false;
    } else {
        for (std::string_view wanted : M::names) {
            bool found = false;
            for_each_index<E>([&]<std::size_t I>() {
                using G = field_t<E, I>;
                if constexpr (is_attribute<G>)
                    if (field_name<E, I>() == wanted && !is_computed_attribute<G>) found = true;
            });
            if (!found) return false;
        }
        return M::names.size() > 0;
    }
}

// The plan modifiers and defaults of attribute F, held by struct S.
template <class S, class F>
constexpr model_problem check_attribute_options() {
    using T = typename F::value_type;
    using U = strip_nullable_t<T>;
    if constexpr (F::default_count > 1) {
        return model_problem::bad_default;
    } else if constexpr (!std::is_void_v<typename F::default_option>) {
        using D = typename F::default_option;
        if constexpr (requires { D::literal; }) {
            using K = typename std::remove_cvref_t<decltype(D::literal)>::kind;
            constexpr K k = D::literal.which;
            constexpr type_kind want = kind_of<U>;
            const bool fits = (k == K::string && want == type_kind::string) ||
                              ((k == K::integer || k == K::real) && want == type_kind::number) ||
                              (k == K::boolean && want == type_kind::boolean);
            if (!fits) return model_problem::bad_default;
        } else {
            using R = std::invoke_result_t<decltype(D::function), const S&>;
            if constexpr (!std::is_convertible_v<R, value<U>>) return model_problem::bad_default;
        }
    }
    if constexpr (!std::is_void_v<typename F::replace_if_option>) {
        constexpr auto p = F::replace_if_option::predicate;
        if constexpr (!std::is_invocable_r_v<bool, decltype(p), const U&, const U&> &&
                      !std::is_invocable_r_v<bool, decltype(p), const value<U>&, const value<U>&>)
            return model_problem::bad_replace_if;
    }
    if constexpr (!std::is_void_v<typename F::match_option>) {
        constexpr nested_form form = nested_form_of<T>();
        if constexpr (form != nested_form::list && form != nested_form::set) return model_problem::bad_match_by;
        else if constexpr (!match_by_fits<F, nested_struct_t<T>>()) return model_problem::bad_match_by;
    }
    return model_problem::none;
}

// The struct of a nested attribute: only attributes, which may nest further.
template <class S>
constexpr model_problem check_nested_struct(bool repeated, bool in_set);

// An attribute's value type: a plain type, or a struct of attributes (nested
// attributes), alone or as the element of a list, set or map.
template <class T>
constexpr model_problem check_attribute_type(bool in_set) {
    constexpr nested_form form = nested_form_of<T>();
    if constexpr (is_attribute<T>) {
        return model_problem::role_in_role;
    } else if constexpr (form != nested_form::none) {
        return check_nested_struct<nested_struct_t<T>>(form != nested_form::single, in_set || form == nested_form::set);
    } else if constexpr (kind_of<nested_struct_t<T>> == type_kind::object &&
                         classify<nested_struct_t<T>>() == struct_kind::attributes_and_blocks) {
        return model_problem::blocks_in_nested_attributes;
    } else {
        return check_value_type<T>();
    }
}

// Attribute F of struct S: its type, options and validators.
template <class S, class F>
constexpr model_problem check_attribute_field(bool in_set) {
    if (in_set && F::template has<write_only>) return model_problem::write_only_in_set;
    model_problem p = check_attribute_type<typename F::value_type>(in_set);
    if (p == model_problem::none) p = check_attribute_options<S, F>();
    if (p == model_problem::none) p = attribute_validators_problem<F>();
    return p;
}

template <class S>
constexpr model_problem check_nested_struct(bool repeated, bool in_set) {
    if (repeated && contains_dynamic<S>()) return model_problem::dynamic_in_repeated_nesting;
    model_problem p = check_names<S>(model_context::block);
    if (p == model_problem::none) p = check_docs<S>();
    if (p == model_problem::none) p = rules_problem<S>();
    for_each_index<S>([&]<std::size_t I>() {
        using F = field_t<S, I>;
        if constexpr (is_attribute<F>)
            if (p == model_problem::none) p = check_attribute_field<S, F>(in_set);
    });
    return p;
}

template <class B>
consteval bool block_bounds_ok() {
    constexpr std::int64_t lo = B::min_items, hi = B::max_items;
    switch (B::mode) {
    case nesting::single: return hi < 0 && lo <= 1;
    case nesting::group:
    case nesting::map: return lo < 0 && hi < 0;
    default: return (lo < 0 || hi < 0 || lo <= hi) && hi != 0;
    }
}

// A model, or the struct of a block: attributes and blocks.
template <class S>
constexpr model_problem check_block_struct(model_context where, bool in_set) {
    if constexpr (!is_reflectable<S>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = model_problem::none;
        for_each_index<S>([&]<std::size_t I>() {
            if constexpr (!is_attribute<field_t<S, I>> && !is_block<field_t<S, I>>)
                if (p == model_problem::none) p = model_problem::not_an_attribute;
        });
        if (p == model_problem::none) p = check_names<S>(where);
        if (p == model_problem::none) p = check_docs<S>();
        if (p == model_problem::none) p = rules_problem<S>();
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if (p != model_problem::none) return;
            if constexpr (is_attribute<F>) {
                p = check_attribute_field<S, F>(in_set);
            } else if constexpr (is_block<F>) {
                using E = typename F::element;
                if constexpr (!block_bounds_ok<F>())
                    p = model_problem::bad_block_bounds;
                else if constexpr (!std::is_void_v<typename F::match_option> &&
                                   ((F::mode != nesting::list && F::mode != nesting::set) || !match_by_fits<F, E>()))
                    p = model_problem::bad_match_by;
                else if constexpr (!is_reflectable<E>)
                    p = model_problem::not_reflectable;
                else if (F::mode != nesting::single && F::mode != nesting::group && contains_dynamic<E>())
                    p = model_problem::dynamic_in_repeated_nesting;
                else
                    p = check_block_struct<E>(model_context::block, in_set || F::mode == nesting::set);
            }
        });
        return p;
    }
}

// An identity: required or optional attributes of primitive types or lists of them.
template <class S>
constexpr model_problem check_identity_struct() {
    if constexpr (!is_reflectable<S>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = check_names<S>(model_context::identity);
        if (p == model_problem::none) p = check_docs<S>();
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if (p != model_problem::none) return;
            if constexpr (!is_attribute<F>) {
                p = model_problem::identity_role;
            } else {
                using U = strip_nullable_t<typename F::value_type>;
                constexpr type_kind k = kind_of<U>;
                if ((F::role != attribute_role::required && F::role != attribute_role::optional) ||
                    F::template has<sensitive> || F::template has<write_only> || F::template has<requires_replace>) {
                    p = model_problem::identity_role;
                } else if constexpr (k == type_kind::list) {
                    constexpr type_kind e = kind_of<typename type_info<U>::element>;
                    if (e != type_kind::string && e != type_kind::number && e != type_kind::boolean)
                        p = model_problem::identity_type;
                } else if constexpr (k != type_kind::string && k != type_kind::number && k != type_kind::boolean) {
                    p = model_problem::identity_type;
                }
            }
        });
        return p;
    }
}

template <class M, model_context Where>
constexpr model_problem check_model() {
    if constexpr (Where == model_context::identity) return check_identity_struct<M>();
    else return check_block_struct<M>(Where, false);
}

// Instantiating this states the first rule a model breaks, in one message.
template <class M, model_context Where = model_context::resource>
struct model_check {
    static constexpr model_problem problem = check_model<M, Where>();
    static_assert(problem != model_problem::not_reflectable,
                  "tfpp: a model (and every struct inside one) must be a plain aggregate at namespace scope: no "
                  "constructors, base classes, virtual functions or private fields. For other classes, list the "
                  "fields with BOOST_DESCRIBE_STRUCT.");
    static_assert(problem != model_problem::not_an_attribute,
                  "tfpp: every field of a model (and of a block's struct) must be an attribute or a block. Declare it "
                  "as tfpp::required<T>, tfpp::optional<T>, tfpp::computed<T>, tfpp::optional_computed<T>, or "
                  "tfpp::block<S>, tfpp::block_list<S>, tfpp::block_set<S>, tfpp::block_map<S>, tfpp::block_group<S>.");
    static_assert(problem != model_problem::unsupported_type,
                  "tfpp: a field's C++ type has no Terraform equivalent. Use std::string, bool, std::int64_t, double, "
                  "tfpp::number, std::vector<T>, tfpp::set<T>, std::map<std::string, T>, std::tuple<T...>, "
                  "tfpp::dynamic, tfpp::value<T> or a struct of these.");
    static_assert(problem != model_problem::bad_name,
                  "tfpp: a field name breaks Terraform's naming rule: use lowercase letters, digits and underscores, "
                  "not starting with a digit (rename the member, or give the name with tfpp::name<\"...\">).");
    static_assert(problem != model_problem::reserved_name,
                  "tfpp: a field is named after a Terraform meta-argument (count, for_each, provider, lifecycle, "
                  "depends_on, connection or provisioner in resources and data sources; alias, version or for_each "
                  "in a provider's configuration). Rename the field.");
    static_assert(problem != model_problem::duplicate_name,
                  "tfpp: two fields of one struct have the same Terraform name (check tfpp::name<\"...\"> and "
                  "BOOST_DESCRIBE_STRUCT lists). Give each field a name of its own.");
    static_assert(problem != model_problem::mixed_struct,
                  "tfpp: a struct mixes attribute fields (tfpp::required<T>, ...) with plain fields. Make every field "
                  "an attribute (the struct is then nested attributes) or none (it is then an object type).");
    static_assert(problem != model_problem::misplaced_nested_attributes,
                  "tfpp: a struct of attributes can only be a field's own type or the element of its std::vector, "
                  "tfpp::set or std::map (single, list, set or map nested attributes), not deeper. Use a struct of "
                  "plain fields for an object type, or a block.");
    static_assert(problem != model_problem::blocks_in_nested_attributes,
                  "tfpp: nested attributes cannot contain blocks. Make the outer field a block too "
                  "(tfpp::block_list<S>, ...), or make the inner block a nested attribute.");
    static_assert(problem != model_problem::dynamic_in_repeated_nesting,
                  "tfpp: a list, set or map of nested attributes or blocks cannot contain a tfpp::dynamic value "
                  "(Terraform's implied type would no longer be a collection). Use single nesting, or a concrete type.");
    static_assert(problem != model_problem::write_only_in_set,
                  "tfpp: a write-only attribute cannot be inside a set of nested attributes or blocks (Terraform "
                  "rejects such a schema). Use a list or map instead, or move the attribute out of the set.");
    static_assert(problem != model_problem::bad_block_bounds,
                  "tfpp: a block's item bounds are impossible: tfpp::block allows tfpp::min_items<0> or <1> only, "
                  "tfpp::block_map and tfpp::block_group allow none, and list and set blocks need "
                  "0 <= min_items <= max_items with max_items above 0.");
    static_assert(problem != model_problem::bad_docs,
                  "tfpp: a model's `struct docs` must be a plain aggregate whose every member is a tfpp::doc "
                  "named after a field of the model.");
    static_assert(problem != model_problem::docs_unknown_name,
                  "tfpp: a member of a model's `struct docs` names no field of the model. Mirror the model's member "
                  "names exactly (the C++ names, not tfpp::name<> renames).");
    static_assert(problem != model_problem::documented_twice,
                  "tfpp: a field is documented both in its type (tfpp::description, tfpp::markdown_description or "
                  "tfpp::deprecated) and in the model's `struct docs`. Keep one.");
    static_assert(problem != model_problem::identity_role,
                  "tfpp: every field of an identity is tfpp::required<T> (required for import) or tfpp::optional<T> "
                  "(optional for import), with no option but documentation: no blocks, plain fields, computed "
                  "roles, tfpp::sensitive, tfpp::write_only or tfpp::requires_replace.");
    static_assert(problem != model_problem::identity_type,
                  "tfpp: an identity attribute must be a string, number or bool, or a std::vector of one; Terraform "
                  "does not allow maps, sets or objects in identities.");
    static_assert(problem != model_problem::role_in_value,
                  "tfpp: roles and blocks belong on a struct's fields, not inside a value: write "
                  "tfpp::optional<std::vector<std::string>>, or std::vector<tfpp::value<std::string>> for elements "
                  "that may be null or unknown.");
    static_assert(problem != model_problem::bad_default,
                  "tfpp: an attribute's default does not fit it: tfpp::default_value<\"text\"> needs a string, "
                  "<42> or <0.5> a number, <true> a bool; tfpp::default_from<&f> needs f(const S&) returning the "
                  "attribute's type, S being the struct that holds it; and one default per attribute.");
    static_assert(problem != model_problem::bad_replace_if,
                  "tfpp: tfpp::requires_replace_if<&f> needs bool f(const T& prior, const T& planned) or "
                  "bool f(const tfpp::value<T>& prior, const tfpp::value<T>& planned), T being the attribute's type.");
    static_assert(problem != model_problem::bad_match_by,
                  "tfpp: tfpp::match_by<\"name\", ...> belongs on a list or set of nested attributes or blocks, and "
                  "names attributes of their struct that the configuration sets (not computed ones).");
    static_assert(problem != model_problem::length_not_string,
                  "tfpp: tfpp::length<Min, Max> counts the characters of a string, and this attribute (or, inside "
                  "tfpp::each<...>, its element) is not a string. Use tfpp::range<Min, Max> for a number, "
                  "tfpp::size<Min, Max> for a list, set or map.");
    static_assert(problem != model_problem::regex_not_string,
                  "tfpp: tfpp::regex<\"...\"> matches strings, and this attribute (or, inside tfpp::each<...>, its "
                  "element) is not a string. Use tfpp::check<&f, \"...\"> for values of other types.");
    static_assert(problem != model_problem::range_not_number,
                  "tfpp: tfpp::range<Min, Max> (and tfpp::at_least, tfpp::at_most) bounds a number, and this "
                  "attribute (or, inside tfpp::each<...>, its element) is not a number. Use tfpp::length<Min, Max> "
                  "for a string, tfpp::size<Min, Max> for a list, set or map.");
    static_assert(problem != model_problem::one_of_mismatch,
                  "tfpp: the values of tfpp::one_of<...> do not fit the attribute's type: a string takes strings "
                  "(tfpp::one_of<\"tcp\", \"udp\">), a number takes numbers (tfpp::one_of<1, 2, 3>), a bool bools.");
    static_assert(problem != model_problem::size_not_collection,
                  "tfpp: tfpp::size<Min, Max> and tfpp::unique apply to lists, sets and maps, and this attribute (or, "
                  "inside tfpp::each<...>, its element) is not one. Use tfpp::length<Min, Max> for a string, "
                  "tfpp::range<Min, Max> for a number.");
    static_assert(problem != model_problem::unique_not_comparable,
                  "tfpp: tfpp::unique compares elements with ==, and the elements of this attribute have no "
                  "operator==. Give their struct `bool operator==(const S&) const = default;`.");
    static_assert(problem != model_problem::each_not_collection,
                  "tfpp: tfpp::each<...> applies validators to the elements of a list or set or the values of a "
                  "map, and this attribute (or, inside another tfpp::each<...>, its element) is not one. Put the "
                  "validators on the attribute itself.");
    static_assert(problem != model_problem::each_not_validators,
                  "tfpp: tfpp::each<...> takes one or more validators (tfpp::length, tfpp::range, tfpp::one_of, "
                  "tfpp::regex, tfpp::size, tfpp::unique, tfpp::each, tfpp::check).");
    static_assert(problem != model_problem::check_not_callable,
                  "tfpp: tfpp::check<&f, \"...\"> needs bool f(const T&), T being the attribute's type (inside "
                  "tfpp::each<...>, its element type).");
    static_assert(problem != model_problem::bad_rules,
                  "tfpp: a struct's `using rules = tfpp::rules<...>;` lists tfpp::conflicts_with<...>, "
                  "tfpp::exactly_one_of<...>, tfpp::at_least_one_of<...> or tfpp::required_together<...>, each "
                  "naming two or more different fields.");
    static_assert(problem != model_problem::bad_rule_name,
                  "tfpp: a name in a struct's rules is not a field of that struct that the configuration can set. "
                  "Use the Terraform names of its attributes (not tfpp::computed ones) and blocks (not "
                  "tfpp::block_group).");
    static constexpr bool ok = problem == model_problem::none;
};

template <class T>
type make_type();

// A struct's fields as its object type sees them: data, turned into the
// type by one function for every struct.
struct object_field {
    std::string_view name;
    type (*make)();
};

template <class U, std::size_t I>
consteval object_field object_field_of() {
    using F = field_t<U, I>;
    if constexpr (is_schema_field<F>) return {field_name<U, I>(), &make_type<typename F::value_type>};
    else return {field_name<U, I>(), &make_type<F>};
}

template <class U>
inline constexpr auto object_fields = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<object_field, sizeof...(I)>{object_field_of<U, I>()...};
}(std::make_index_sequence<field_count<U>()>{});

inline type object_type_of(const object_field* fields, std::size_t n) {
    std::vector<type::attribute> attrs;
    attrs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) attrs.push_back({std::string(fields[i].name), fields[i].make(), false});
    return type::object(std::move(attrs));
}
template <std::size_t N>
type object_type_of(const std::array<object_field, N>& fields) {
    return object_type_of(fields.data(), N);
}

template <class T>
type make_type() {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (k == type_kind::string) {
        return type::string();
    } else if constexpr (k == type_kind::number) {
        return type::number();
    } else if constexpr (k == type_kind::boolean) {
        return type::boolean();
    } else if constexpr (k == type_kind::dynamic) {
        return type::dynamic();
    } else if constexpr (k == type_kind::list) {
        return type::list(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::set) {
        return type::set(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::map) {
        return type::map(make_type<typename type_info<U>::element>());
    } else if constexpr (k == type_kind::tuple) {
        return []<class... E>(std::type_identity<std::tuple<E...>>) {
            return type::tuple({make_type<E>()...});
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        return object_type_of(object_fields<U>);
    } else {
        static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        return type::dynamic();
    }
}

// The documentation of field I of S: from its type's options, or from S::docs.
template <class S, std::size_t I>
consteval doc field_doc() {
    using F = field_t<S, I>;
    doc d{F::description, F::markdown_description, F::deprecation_message};
    if constexpr (has_docs<S>) {
        using D = typename S::docs;
        constexpr std::string_view name = cpp_field_name<S, I>();
        constexpr auto& doc_names = cpp_field_names<D>;
        for (std::size_t j = 0; j < doc_names.size(); ++j) {
            if (doc_names[j] != name) continue;
            const doc& m = docs_entries<D>[j];
            if (!m.description.empty()) d.description = m.description;
            if (!m.markdown.empty()) d.markdown = m.markdown;
            if (!m.deprecated.empty()) d.deprecated = m.deprecated;
        }
    }
    return d;
}

// Markdown wins over plain text when both are given, as in Go's framework.
template <class Target>
void apply_doc(Target& t, const doc& d) {
    t.description_is_markdown = !d.markdown.empty();
    t.description = t.description_is_markdown ? d.markdown : d.description;
}

template <class S>
block_schema derive_block();

template <class S>
std::vector<attribute_schema> derive_attributes();

// One field of a struct of attributes or blocks as the schema sees it:
// data made at compile time, turned into an attribute_schema or a
// nested_block_schema by functions shared by every struct (the code that
// builds schemas is then compiled once, not once per field).
struct schema_field {
    std::string_view name{};
    bool is_block = false;
    attribute_role role = attribute_role::optional;
    bool sensitive = false;
    bool write_only = false;
    bool requires_replace = false;
    bool use_state_for_unknown = false;
    bool use_non_null_state_for_unknown = false;
    bool deprecated = false;
    doc documentation{};
    const std::string_view* match_keys = nullptr;
    std::size_t match_count = 0;
    type (*value_type)() = nullptr;                              // attributes
    std::vector<attribute_schema> (*nested)() = nullptr;        // nested attributes: their attributes
    nesting mode = nesting::single;                              // of nested attributes or of the block
    std::int64_t min_items = 0;                                  // blocks
    std::int64_t max_items = 0;
    block_schema (*block)() = nullptr;
    std::vector<std::string> (*constraints)() = nullptr;         // validators and rules, described
};

template <class S, std::size_t I>
consteval schema_field schema_field_of() {
    using F = field_t<S, I>;
    constexpr doc d = field_doc<S, I>();
    schema_field f;
    f.name = field_name<S, I>();
    f.documentation = d;
    f.requires_replace = F::template has<requires_replace>;
    f.deprecated = F::is_deprecated || !d.deprecated.empty();
    if constexpr (!std::is_void_v<typename F::match_option>) {
        f.match_keys = F::match_option::names.data();
        f.match_count = F::match_option::names.size();
    }
    if constexpr (may_have_constraints<S, F>) f.constraints = &field_constraints<S, I>;
    if constexpr (is_attribute<F>) {
        using T = typename F::value_type;
        f.role = F::role;
        f.sensitive = F::template has<sensitive>;
        f.write_only = F::template has<write_only>;
        f.use_state_for_unknown = F::template has<use_state_for_unknown>;
        f.use_non_null_state_for_unknown = F::template has<use_non_null_state_for_unknown>;
        f.value_type = &make_type<T>;
        constexpr nested_form form = nested_form_of<T>();
        if constexpr (form != nested_form::none) {
            f.nested = &derive_attributes<nested_struct_t<T>>;
            f.mode = form == nested_form::single ? nesting::single
                     : form == nested_form::list ? nesting::list
                     : form == nested_form::set  ? nesting::set
                                                 : nesting::map;
        }
    } else {
        f.is_block = true;
        f.mode = F::mode;
        if (F::mode == nesting::single) {
            f.min_items = f.max_items = F::min_items == 1 ? 1 : 0;
        } else {
            f.min_items = std::max<std::int64_t>(F::min_items, 0);
            f.max_items = std::max<std::int64_t>(F::max_items, 0);
        }
        f.block = &derive_block<typename F::element>;
    }
    return f;
}

// The attribute and block fields of S, sorted by name.
template <class S>
inline constexpr auto schema_fields = [] {
    constexpr std::size_t n = [] {
        std::size_t count = 0;
        for_each_index<S>([&]<std::size_t I>() {
            if constexpr (is_attribute<field_t<S, I>> || is_block<field_t<S, I>>) ++count;
        });
        return count;
    }();
    std::array<schema_field, n> out{};
    std::size_t at = 0;
    for_each_index<S>([&]<std::size_t J>() {
        constexpr std::size_t I = sorted_fields<S>[J];
        if constexpr (is_attribute<field_t<S, I>> || is_block<field_t<S, I>>) out[at++] = schema_field_of<S, I>();
    });
    return out;
}();

inline attribute_schema attribute_from(const schema_field& f) {
    attribute_schema a;
    a.name = f.name;
    a.type = f.value_type();
    a.role = f.role;
    a.sensitive = f.sensitive;
    a.write_only = f.write_only;
    a.requires_replace = f.requires_replace;
    a.use_state_for_unknown = f.use_state_for_unknown;
    a.use_non_null_state_for_unknown = f.use_non_null_state_for_unknown;
    a.match_keys.assign(f.match_keys, f.match_keys + f.match_count);
    a.deprecated = f.deprecated;
    a.deprecation_message = f.documentation.deprecated;
    if (f.constraints) a.constraints = f.constraints();
    apply_doc(a, f.documentation);
    if (f.nested) {
        auto nested = std::make_shared<nested_attributes>();
        nested->mode = f.mode;
        nested->attributes = f.nested();
        a.nested = std::move(nested);
    }
    return a;
}

inline nested_block_schema nested_block_from(const schema_field& f) {
    nested_block_schema b;
    b.name = f.name;
    b.mode = f.mode;
    b.requires_replace = f.requires_replace;
    b.match_keys.assign(f.match_keys, f.match_keys + f.match_count);
    b.min_items = f.min_items;
    b.max_items = f.max_items;
    if (f.constraints) b.constraints = f.constraints();
    b.block = f.block();
    apply_doc(b.block, f.documentation);
    b.block.deprecated = f.deprecated;
    b.block.deprecation_message = f.documentation.deprecated;
    return b;
}

inline std::vector<attribute_schema> attributes_from(const schema_field* fields, std::size_t n) {
    std::vector<attribute_schema> out;
    for (std::size_t i = 0; i < n; ++i)
        if (!fields[i].is_block) out.push_back(attribute_from(fields[i]));
    return out;
}

inline block_schema block_from(const schema_field* fields, std::size_t n, type value_type) {
    block_schema block;
    block.attributes = attributes_from(fields, n);
    for (std::size_t i = 0; i < n; ++i)
        if (fields[i].is_block) block.blocks.push_back(nested_block_from(fields[i]));
    block.value_type = std::move(value_type);
    return block;
}

// The attributes of S, sorted by name.
template <class S>
std::vector<attribute_schema> derive_attributes() {
    return attributes_from(schema_fields<S>.data(), schema_fields<S>.size());
}

template <class S>
block_schema derive_block() {
    return block_from(schema_fields<S>.data(), schema_fields<S>.size(), make_type<S>());
}

template <class S>
identity_schema derive_identity() {
    identity_schema id;
    for_each_index<S>([&]<std::size_t J>() {
        constexpr std::size_t I = sorted_fields<S>[J];
        using F = field_t<S, I>;
        constexpr doc d = field_doc<S, I>();
        identity_attribute_schema a;
        a.name = field_name<S, I>();
        a.type = make_type<typename F::value_type>();
        a.required_for_import = F::role == attribute_role::required;
        a.optional_for_import = F::role == attribute_role::optional;
        a.description = d.markdown.empty() ? d.description : d.markdown;
        id.attributes.push_back(std::move(a));
    });
    return id;
}

}  // namespace detail

// The Terraform type of a C++ type (a model field's type, or a whole model).
template <class T>
type type_of() {
    return detail::make_type<T>();
}

// The schema of a model; built on first use and kept.
template <class M>
const block_schema& schema_of() {
    if constexpr (detail::model_check<M>::ok) {
        static const block_schema block = detail::derive_block<M>();
        return block;
    } else {
        static const block_schema invalid;  // not reached: model_check stopped the build
        return invalid;
    }
}

}  // namespace tfpp
