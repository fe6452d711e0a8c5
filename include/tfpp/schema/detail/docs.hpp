// Documentation of a struct's fields: from their options, or from the
// model's `struct docs` mirror, matched by name through tables.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/schema/attribute_options.hpp>

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

namespace tfpp::detail {

template <class S>
inline constexpr bool has_docs = requires {
    typename S::docs;
};

template <class D>
inline constexpr D docs_instance{};

// A struct's members' C++ names, by position.
template <class T>
inline constexpr auto cpp_field_names = with_indexes<field_count<T>()>([]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{cpp_field_name<T, I>()...};
});

// The docs mirror D's members, by position: whether each is a tfpp::doc, and
// its value (empty when it is not one). Tables, so that matching them to
// the model's fields costs loops, not a template per pair.
template <class D, std::size_t J>
consteval doc docs_entry() {
    if constexpr (std::is_same_v<field_t<D, J>, doc>) return get<J>(docs_instance<D>);
    else return doc{};
}
template <class D>
inline constexpr auto docs_entries = with_indexes<field_count<D>()>([]<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<doc, sizeof...(J)>{docs_entry<D, J>()...};
});
template <class D>
inline constexpr auto docs_are_docs = with_indexes<field_count<D>()>([]<std::size_t... J>(std::index_sequence<J...>) {
    return std::array<bool, sizeof...(J)>{std::is_same_v<field_t<D, J>, doc>...};
});

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
    else return {};
}
template <class S>
inline constexpr auto field_doc_uses = with_indexes<field_count<S>()>([]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<field_doc_use, sizeof...(I)>{field_doc_use_of<field_t<S, I>>()...};
});

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

}  // namespace tfpp::detail
