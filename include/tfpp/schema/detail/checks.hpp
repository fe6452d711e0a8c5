// The compile-time checks of a model and every struct inside it: each finds
// the first rule broken, and model_check states it in one static_assert.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/schema/detail/docs.hpp>
#include <tfpp/schema/detail/field.hpp>
#include <tfpp/schema/detail/model_problem.hpp>
#include <tfpp/schema/detail/shape.hpp>
#include <tfpp/schema/detail/validator_info.hpp>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

// Where a compile-time check found a problem: the path of the field in the
// model ("rules.port"), carried to the report as a field_path so that the
// compiler prints it in the instantiation context above the message.
struct path_buffer {
    char text[160]{};
    constexpr path_buffer() = default;
    [[nodiscard]] constexpr std::string_view view() const {
        std::size_t n = 0;
        while (n < sizeof text && text[n] != '\0') ++n;
        return {text, n};
    }
    // `name` becomes the outermost step: "rules" + "port" -> "rules.port".
    constexpr void prepend(std::string_view name) {
        path_buffer out;
        std::size_t at = 0;
        const auto put = [&](char c) {
            if (at + 1 < sizeof text) out.text[at++] = c;
        };
        for (char c : name) put(c);
        const std::string_view inner = view();
        if (!inner.empty()) put('.');
        for (char c : inner) put(c);
        *this = out;
    }
};

// A path as a template argument the compiler prints ("in_field<
// field_path<11>{"rules.port"}, ...>"): exactly its characters and a NUL, as
// clang prints an array with more zeros as numbers.
template <std::size_t N>
struct field_path {
    char text[N]{};
};
template <path_buffer B>
consteval field_path<B.view().size() + 1> shown_path() {
    field_path<B.view().size() + 1> p;
    for (std::size_t i = 0; i < B.view().size(); ++i) p.text[i] = B.text[i];
    p.text[B.view().size()] = '\0';  // stored too, or clang may keep fewer elements than N
    return p;
}

constexpr bool is_identifier(std::string_view name) {
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// Where a struct is used: each place has names of its own that Terraform
// reserves, and rules of its own.
enum class model_context { resource, data_source, provider, provider_meta, identity, block, state_store };

// Names Terraform gives a meaning of its own in the block the model describes.
constexpr bool is_reserved(std::string_view name, model_context where = model_context::resource) {
    switch (where) {
    case model_context::resource:
    case model_context::data_source:
        for (std::string_view r :
             {"count", "for_each", "provider", "lifecycle", "depends_on", "connection", "provisioner"})
            if (name == r) return true;
        return false;
    case model_context::provider:
        for (std::string_view r : {"alias", "version", "for_each"})
            if (name == r) return true;
        return false;
    case model_context::state_store: return name == "provider";
    default: return false;
    }
}

template <class T>
constexpr model_problem check_value_type(path_buffer& at);

// Fields of a plain object type: plain types or value<T>, no roles.
template <class S>
constexpr model_problem check_object_fields(path_buffer& at) {
    model_problem p = model_problem::none;
    for_each_index<S>([&]<std::size_t I>() {
        if (p != model_problem::none) return;
        if (!is_identifier(field_name<S, I>())) p = model_problem::bad_name;
        else p = check_value_type<field_t<S, I>>(at);
        if (p != model_problem::none) at.prepend(field_name<S, I>());
    });
    return p;
}

// A value type with no attributes in it: what an attribute of a plain type holds.
template <class T>
constexpr model_problem check_value_type(path_buffer& at) {
    using U = strip_nullable_t<T>;
    constexpr type_kind k = kind_of<U>;
    if constexpr (is_schema_field<U>) {
        return model_problem::role_in_value;
    } else if constexpr (k == type_kind::unsupported) {
        return model_problem::unsupported_type;
    } else if constexpr (k == type_kind::list || k == type_kind::set || k == type_kind::map) {
        return check_value_type<typename type_info<U>::element>(at);
    } else if constexpr (k == type_kind::tuple) {
        return [&at]<class... E>(std::type_identity<std::tuple<E...>>) {
            model_problem p = model_problem::none;
            ((p = p == model_problem::none ? check_value_type<E>(at) : p), ...);
            return p;
        }(std::type_identity<U>{});
    } else if constexpr (k == type_kind::object) {
        if constexpr (!is_reflectable<U>) return model_problem::not_reflectable;
        else if constexpr (classify<U>() == struct_kind::mixed) return model_problem::mixed_struct;
        else if constexpr (classify<U>() != struct_kind::plain) return model_problem::misplaced_nested_attributes;
        else return check_object_fields<U>(at);
    } else {
        return model_problem::none;
    }
}

// The docs mirror of S: an aggregate of tfpp::doc, each named after a field.
template <class S>
constexpr model_problem check_docs(path_buffer& at) {
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
                if (!is_doc[j]) {
                    at.prepend(doc_names[j]);
                    at.prepend("docs");
                    return model_problem::bad_docs;
                }
                bool found = false;
                for (std::size_t i = 0; i < names.size(); ++i) {
                    if (names[i] != doc_names[j]) continue;
                    found = true;
                    const doc& d = entries[j];
                    if (uses[i].schema_field &&
                        ((uses[i].inline_text && (!d.description.empty() || !d.markdown.empty())) ||
                         (uses[i].deprecated && !d.deprecated.empty()))) {
                        at.prepend(names[i]);
                        return model_problem::documented_twice;
                    }
                }
                if (!found) {
                    at.prepend(doc_names[j]);
                    at.prepend("docs");
                    return model_problem::docs_unknown_name;
                }
            }
            return model_problem::none;
        }
    }
}

// Field names: valid identifiers, not reserved where the struct is used, and
// each used once (tfpp::terraform_name<"..."> can make two fields collide).
template <class S>
constexpr model_problem check_names(model_context where, path_buffer& at) {
    constexpr std::size_t n = field_count<S>();
    const auto& names = field_names<S>;
    for (std::size_t i = 0; i < n; ++i) {
        model_problem p = model_problem::none;
        if (!is_identifier(names[i])) p = model_problem::bad_name;
        else if (is_reserved(names[i], where)) p = model_problem::reserved_name;
        for (std::size_t j = 0; j < i && p == model_problem::none; ++j)
            if (names[j] == names[i]) p = model_problem::duplicate_name;
        if (p != model_problem::none) {
            at.prepend(names[i]);
            return p;
        }
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

// tfpp::semantic_equal<&f> and its relatives on an attribute of type U.
template <class O, class U>
consteval bool semantic_option_fits() {
    if constexpr (std::is_same_v<O, normalized_json> || std::is_same_v<O, rfc3339>) {
        return is_string_or_strings<U>();
    } else if constexpr (option_info<O>::kind == option_kind::semantic_equal) {
        return std::is_invocable_r_v<bool, decltype(O::predicate), const U&, const U&>;
    } else if constexpr (is_collection_kind<U>) {
        return std::is_invocable_r_v<bool, decltype(O::predicate), const element_t<U>&, const element_t<U>&>;
    } else {
        return false;
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
    if constexpr (F::semantic_count > 1) {
        return model_problem::bad_semantic_equal;
    } else if constexpr (!std::is_void_v<typename F::semantic_option>) {
        if (!semantic_option_fits<typename F::semantic_option, U>()) return model_problem::bad_semantic_equal;
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
constexpr model_problem check_nested_struct(bool repeated, bool in_set, path_buffer& at);

// An attribute's value type: a plain type, or a struct of attributes (nested
// attributes), alone or as the element of a list, set or map.
template <class T>
constexpr model_problem check_attribute_type(bool in_set, path_buffer& at) {
    constexpr nested_form form = nested_form_of<T>();
    if constexpr (is_attribute<T>) {
        return model_problem::role_in_role;
    } else if constexpr (form != nested_form::none) {
        return check_nested_struct<nested_struct_t<T>>(form != nested_form::single, in_set || form == nested_form::set,
                                                       at);
    } else if constexpr (kind_of<nested_struct_t<T>> == type_kind::object &&
                         classify<nested_struct_t<T>>() == struct_kind::attributes_and_blocks) {
        return model_problem::blocks_in_nested_attributes;
    } else {
        return check_value_type<T>(at);
    }
}

// Attribute F of struct S: its type, options and validators.
template <class S, class F>
constexpr model_problem check_attribute_field(bool in_set, path_buffer& at) {
    if (in_set && F::template has<write_only>) return model_problem::write_only_in_set;
    model_problem p = check_attribute_type<typename F::value_type>(in_set, at);
    if (p == model_problem::none) p = check_attribute_options<S, F>();
    if (p == model_problem::none) p = attribute_validators_problem<F>();
    return p;
}

template <class S>
constexpr model_problem check_nested_struct(bool repeated, bool in_set, path_buffer& at) {
    if (repeated && contains_dynamic<S>()) return model_problem::dynamic_in_repeated_nesting;
    model_problem p = check_names<S>(model_context::block, at);
    if (p == model_problem::none) p = check_docs<S>(at);
    if (p == model_problem::none) p = rules_problem<S>();
    for_each_index<S>([&]<std::size_t I>() {
        using F = field_t<S, I>;
        if constexpr (is_attribute<F>) {
            if (p != model_problem::none) return;
            p = check_attribute_field<S, F>(in_set, at);
            if (p != model_problem::none) at.prepend(field_name<S, I>());
        }
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
constexpr model_problem check_block_struct(model_context where, bool in_set, path_buffer& at) {
    if constexpr (!is_reflectable<S>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = model_problem::none;
        for_each_index<S>([&]<std::size_t I>() {
            if constexpr (!is_attribute<field_t<S, I>> && !is_block<field_t<S, I>>) {
                if (p != model_problem::none) return;
                p = model_problem::not_an_attribute;
                at.prepend(cpp_field_name<S, I>());
            }
        });
        if (p == model_problem::none) p = check_names<S>(where, at);
        if (p == model_problem::none) p = check_docs<S>(at);
        if (p == model_problem::none) p = rules_problem<S>();
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if (p != model_problem::none) return;
            if constexpr (is_attribute<F>) {
                p = check_attribute_field<S, F>(in_set, at);
            } else if constexpr (is_block<F>) {
                using E = typename F::element;
                if constexpr (!block_bounds_ok<F>()) p = model_problem::bad_block_bounds;
                else if constexpr (!std::is_void_v<typename F::match_option> &&
                                   ((F::mode != nesting::list && F::mode != nesting::set) || !match_by_fits<F, E>()))
                    p = model_problem::bad_match_by;
                else if constexpr (!is_reflectable<E>) p = model_problem::not_reflectable;
                else if (F::mode != nesting::single && F::mode != nesting::group && contains_dynamic<E>())
                    p = model_problem::dynamic_in_repeated_nesting;
                else p = check_block_struct<E>(model_context::block, in_set || F::mode == nesting::set, at);
            }
            if (p != model_problem::none) at.prepend(field_name<S, I>());
        });
        return p;
    }
}

// An identity: required or optional attributes of primitive types or lists of them.
template <class S>
constexpr model_problem check_identity_struct(path_buffer& at) {
    if constexpr (!is_reflectable<S>) {
        return model_problem::not_reflectable;
    } else {
        model_problem p = check_names<S>(model_context::identity, at);
        if (p == model_problem::none) p = check_docs<S>(at);
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
            if (p != model_problem::none) at.prepend(field_name<S, I>());
        });
        return p;
    }
}

// The first rule a model breaks, and the path of the field that breaks it
// (empty when the problem is the struct itself).
struct model_finding {
    model_problem problem = model_problem::none;
    path_buffer field{};
};

template <class M, model_context Where>
constexpr model_finding check_model() {
    model_finding f;
    if constexpr (Where == model_context::identity) f.problem = check_identity_struct<M>(f.field);
    else f.problem = check_block_struct<M>(Where, false, f.field);
    return f;
}

// One static_assert per problem. Field is the path of the field at fault, so
// the compiler's "In instantiation of 'in_field<field_path<11>{"rules.port"},
// ...>'" line just above the message names it.
template <field_path Field, model_problem problem>
struct in_field {
    static_assert(problem != model_problem::not_reflectable,
                  "tfpp: a model (and every struct inside one) must be a plain aggregate at namespace scope: no "
                  "constructors, base classes, virtual functions or private fields. For other classes, list the "
                  "fields with BOOST_DESCRIBE_STRUCT. The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::not_an_attribute,
                  "tfpp: every field of a model (and of a block's struct) must be an attribute or a block. Declare it "
                  "as tfpp::required<T>, tfpp::optional<T>, tfpp::computed<T>, tfpp::optional_computed<T>, or "
                  "tfpp::block<S>, tfpp::block_list<S>, tfpp::block_set<S>, tfpp::block_map<S>, tfpp::block_group<S>. "
                  "The field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::unsupported_type,
                  "tfpp: a field's C++ type has no Terraform equivalent. Use std::string, bool, std::int64_t, double, "
                  "tfpp::number, std::vector<T>, tfpp::set<T>, std::map<std::string, T>, std::tuple<T...>, "
                  "tfpp::dynamic, tfpp::value<T> or a struct of these. The field_path just above names the field at "
                  "fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_name,
                  "tfpp: a field name breaks Terraform's naming rule: use lowercase letters, digits and underscores, "
                  "not starting with a digit (rename the member, or give the name with tfpp::terraform_name<\"...\">). "
                  "The field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::reserved_name,
                  "tfpp: a field is named after a Terraform meta-argument (count, for_each, provider, lifecycle, "
                  "depends_on, connection or provisioner in resources and data sources; alias, version or for_each "
                  "in a provider's configuration; provider in a state store's). Rename the field. The field_path just "
                  "above names the field at "
                  "fault (empty: the model itself).");
    static_assert(
        problem != model_problem::duplicate_name,
        "tfpp: two fields of one struct have the same Terraform name (check tfpp::terraform_name<\"...\"> and "
        "BOOST_DESCRIBE_STRUCT lists). Give each field a name of its own. The field_path just above names the field at "
        "fault (empty: the model itself).");
    static_assert(problem != model_problem::mixed_struct,
                  "tfpp: a struct mixes attribute fields (tfpp::required<T>, ...) with plain fields. Make every field "
                  "an attribute (the struct is then nested attributes) or none (it is then an object type). The "
                  "field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::misplaced_nested_attributes,
                  "tfpp: a struct of attributes can only be a field's own type or the element of its std::vector, "
                  "tfpp::set or std::map (single, list, set or map nested attributes), not deeper. Use a struct of "
                  "plain fields for an object type, or a block. The field_path just above names the field at fault "
                  "(empty: the model itself).");
    static_assert(problem != model_problem::blocks_in_nested_attributes,
                  "tfpp: nested attributes cannot contain blocks. Make the outer field a block too "
                  "(tfpp::block_list<S>, ...), or make the inner block a nested attribute. The field_path just above "
                  "names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::dynamic_in_repeated_nesting,
                  "tfpp: a list, set or map of nested attributes or blocks cannot contain a tfpp::dynamic value "
                  "(Terraform's implied type would no longer be a collection). Use single nesting, or a concrete type. "
                  "The field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::write_only_in_set,
                  "tfpp: a write-only attribute cannot be inside a set of nested attributes or blocks (Terraform "
                  "rejects such a schema). Use a list or map instead, or move the attribute out of the set. The "
                  "field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_block_bounds,
                  "tfpp: a block's item bounds are impossible: tfpp::block allows tfpp::min_items<0> or <1> only, "
                  "tfpp::block_map and tfpp::block_group allow none, and list and set blocks need "
                  "0 <= min_items <= max_items with max_items above 0. The field_path just above names the field at "
                  "fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_docs,
                  "tfpp: a model's `struct docs` must be a plain aggregate whose every member is a tfpp::doc "
                  "named after a field of the model. The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::docs_unknown_name,
                  "tfpp: a member of a model's `struct docs` names no field of the model. Mirror the model's member "
                  "names exactly (the C++ names, not tfpp::terraform_name<> renames). The field_path just above names "
                  "the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::documented_twice,
                  "tfpp: a field is documented both in its type (tfpp::description, tfpp::markdown_description or "
                  "tfpp::deprecated) and in the model's `struct docs`. Keep one. The field_path just above names the "
                  "field at fault (empty: the model itself).");
    static_assert(problem != model_problem::identity_role,
                  "tfpp: every field of an identity is tfpp::required<T> (required for import) or tfpp::optional<T> "
                  "(optional for import), with no option but documentation: no blocks, plain fields, computed "
                  "roles, tfpp::sensitive, tfpp::write_only or tfpp::requires_replace. The field_path just above names "
                  "the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::identity_type,
                  "tfpp: an identity attribute must be a string, number or bool, or a std::vector of one; Terraform "
                  "does not allow maps, sets or objects in identities. The field_path just above names the field at "
                  "fault (empty: the model itself).");
    static_assert(
        problem != model_problem::role_in_value,
        "tfpp: roles and blocks belong on a struct's fields, not inside a value: write "
        "tfpp::optional<std::vector<std::string>>, or std::vector<tfpp::value<std::string>> for elements "
        "that may be null or unknown. The field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_default,
                  "tfpp: an attribute's default does not fit it: tfpp::default_value<\"text\"> needs a string, "
                  "<42> or <0.5> a number, <true> a bool; tfpp::default_from<&f> needs f(const S&) returning the "
                  "attribute's type, S being the struct that holds it; and one default per attribute. The field_path "
                  "just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_replace_if,
                  "tfpp: tfpp::requires_replace_if<&f> needs bool f(const T& prior, const T& planned) or "
                  "bool f(const tfpp::value<T>& prior, const tfpp::value<T>& planned), T being the attribute's type. "
                  "The field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::bad_semantic_equal,
                  "tfpp: a semantic equality option does not fit its attribute: tfpp::semantic_equal<&f> needs bool "
                  "f(const T& terraform_value, const T& read_value), T being the attribute's type; "
                  "tfpp::semantic_equal_elements<&f> belongs on a list, set or map and needs bool f(const E&, const "
                  "E&) for its elements; tfpp::normalized_json and tfpp::rfc3339 belong on a string or a list, set or "
                  "map of strings; one of them per attribute. The field_path just above names the field at fault "
                  "(empty: the model itself).");
    static_assert(problem != model_problem::bad_match_by,
                  "tfpp: tfpp::match_by<\"name\", ...> belongs on a list or set of nested attributes or blocks, and "
                  "names attributes of their struct that the configuration sets (not computed ones). The field_path "
                  "just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::length_not_string,
                  "tfpp: tfpp::length<Min, Max> counts the characters of a string, and this attribute (or, inside "
                  "tfpp::each<...>, its element) is not a string. Use tfpp::range<Min, Max> for a number, "
                  "tfpp::size<Min, Max> for a list, set or map. The field_path just above names the field at fault "
                  "(empty: the model itself).");
    static_assert(problem != model_problem::regex_not_string,
                  "tfpp: tfpp::regex<\"...\"> matches strings, and this attribute (or, inside tfpp::each<...>, its "
                  "element) is not a string. Use tfpp::check<&f, \"...\"> for values of other types. The field_path "
                  "just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::range_not_number,
                  "tfpp: tfpp::range<Min, Max> (and tfpp::at_least, tfpp::at_most) bounds a number, and this "
                  "attribute (or, inside tfpp::each<...>, its element) is not a number. Use tfpp::length<Min, Max> "
                  "for a string, tfpp::size<Min, Max> for a list, set or map. The field_path just above names the "
                  "field at fault (empty: the model itself).");
    static_assert(problem != model_problem::one_of_mismatch,
                  "tfpp: the values of tfpp::one_of<...> do not fit the attribute's type: a string takes strings "
                  "(tfpp::one_of<\"tcp\", \"udp\">), a number takes numbers (tfpp::one_of<1, 2, 3>), a bool bools. The "
                  "field_path just above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::size_not_collection,
                  "tfpp: tfpp::size<Min, Max> and tfpp::unique apply to lists, sets and maps, and this attribute (or, "
                  "inside tfpp::each<...>, its element) is not one. Use tfpp::length<Min, Max> for a string, "
                  "tfpp::range<Min, Max> for a number. The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::unique_not_comparable,
                  "tfpp: tfpp::unique compares elements with ==, and the elements of this attribute have no "
                  "operator==. Give their struct `bool operator==(const S&) const = default;`. The field_path just "
                  "above names the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::each_not_collection,
                  "tfpp: tfpp::each<...> applies validators to the elements of a list or set or the values of a "
                  "map, and this attribute (or, inside another tfpp::each<...>, its element) is not one. Put the "
                  "validators on the attribute itself. The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::each_not_validators,
                  "tfpp: tfpp::each<...> takes one or more validators (tfpp::length, tfpp::range, tfpp::one_of, "
                  "tfpp::regex, tfpp::size, tfpp::unique, tfpp::each, tfpp::check). The field_path just above names "
                  "the field at fault (empty: the model itself).");
    static_assert(problem != model_problem::check_not_callable,
                  "tfpp: tfpp::check<&f, \"...\"> needs bool f(const T&), T being the attribute's type (inside "
                  "tfpp::each<...>, its element type). The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::bad_rules,
                  "tfpp: a struct's `using rules = tfpp::rules<...>;` lists tfpp::conflicts_with<...>, "
                  "tfpp::exactly_one_of<...>, tfpp::at_least_one_of<...> or tfpp::required_together<...>, each "
                  "naming two or more different fields. The field_path just above names the field at fault (empty: the "
                  "model itself).");
    static_assert(problem != model_problem::bad_rule_name,
                  "tfpp: a name in a struct's rules is not a field of that struct that the configuration can set. "
                  "Use the Terraform names of its attributes (not tfpp::computed ones) and blocks (not "
                  "tfpp::block_group). The field_path just above names the field at fault (empty: the model itself).");
    static constexpr bool ok = problem == model_problem::none;
};

// Instantiating this states the first rule a model breaks, in one message
// that the compiler shows with the field's path. The message's class is
// instantiated by this class's body and ok does not read it: clang makes a
// value whose initializer met a failed static_assert no constant
// expression, and each reader of ok would add an error of its own.
template <class M, model_context Where = model_context::resource>
struct model_check {
    static constexpr model_finding found = check_model<M, Where>();
    static_assert(sizeof(in_field<shown_path<found.field>(), found.problem>) > 0);
    static constexpr bool ok = found.problem == model_problem::none;
};

}  // namespace tfpp::detail
