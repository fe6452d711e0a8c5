// The parts of planning that need a field's C++ type: encoded static defaults
// (tfpp::default_value), and the thunks that decode values for
// tfpp::default_from and tfpp::requires_replace_if. They are attached to a
// freshly derived schema by the provider layer, which is the first layer that
// has both the schema and the codecs.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

template <class F>
using field_value_t = strip_nullable_t<typename F::value_type>;

// Runs a user function from a plan hook; an exception becomes an error.
template <class Fn>
bool run_hook(diagnostics& diags, std::string_view what, Fn&& fn) {
    try {
        fn();
        return true;
    } catch (const value_access_error& e) {
        diags.error("Provider bug: " + std::string(what) + " read a value that is not known",
                    std::string(e.what()) + ". Check is_null() / is_unknown() first.");
    } catch (const std::exception& e) {
        diags.error("Unexpected error in " + std::string(what), e.what());
    }
    return false;
}

template <class F>
bool replace_if_thunk(std::string_view prior, std::string_view planned, diagnostics& diags) {
    using U = field_value_t<F>;
    value<U> before, after;
    if (!decode_msgpack(prior, before, diags) || !decode_msgpack(planned, after, diags)) return false;
    constexpr auto predicate = F::replace_if_option::predicate;
    bool replace = true;
    run_hook(diags, "requires_replace_if", [&] {
        if constexpr (std::is_invocable_r_v<bool, decltype(predicate), const value<U>&, const value<U>&>)
            replace = predicate(before, after);
        else replace = !before.is_known() || !after.is_known() || predicate(*before, *after);
    });
    return replace;
}

template <class S, class F>
bool default_from_thunk(std::string_view config_object, std::string& out, diagnostics& diags) {
    S config;
    if (!decode_msgpack(config_object, config, diags)) return false;
    value<field_value_t<F>> v;
    if (!run_hook(diags, "default_from", [&] { v = F::default_option::function(config); })) return false;
    std::optional<std::string> bytes = to_msgpack(v, diags);  // only UTF-8 text leaves the provider
    if (!bytes) return false;
    out = std::move(*bytes);
    return true;
}

template <class F>
std::string encoded_default() {
    constexpr auto literal = F::default_option::literal;
    using kind = typename std::remove_cvref_t<decltype(literal)>::kind;
    if constexpr (literal.which == kind::string) return to_msgpack(std::string(literal.string()));
    else if constexpr (literal.which == kind::boolean) return to_msgpack(literal.boolean);
    else if constexpr (literal.which == kind::integer) return to_msgpack(literal.integer);
    else return to_msgpack(literal.real());
}

inline attribute_schema* find_attribute(std::vector<attribute_schema>& attributes, std::string_view name) {
    for (attribute_schema& a : attributes)
        if (a.name == name) return &a;
    return nullptr;
}
inline nested_block_schema* find_block(std::vector<nested_block_schema>& blocks, std::string_view name) {
    for (nested_block_schema& b : blocks)
        if (b.name == name) return &b;
    return nullptr;
}

// Whether field F (of some struct) has plan hooks, or holds a struct that may.
template <class F>
consteval bool may_have_plan_hooks() {
    if constexpr (is_attribute<F>)
        return !std::is_void_v<typename F::default_option> || !std::is_void_v<typename F::replace_if_option> ||
               nested_form_of<typename F::value_type>() != nested_form::none;
    else return is_block<F>;
}

template <class S>
void attach_plan_hooks(std::vector<attribute_schema>& attributes, std::vector<nested_block_schema>* blocks);

// Fills in the hooks of struct S's fields in its schema, to any depth.
// Fields with none cost nothing here.
template <class S>
void attach_plan_hooks(std::vector<attribute_schema>& attributes, std::vector<nested_block_schema>* blocks) {
    for_each_index<S>([&]<std::size_t I>() {
        using F = field_t<S, I>;
        if constexpr (may_have_plan_hooks<F>()) {
            constexpr std::string_view name = field_name<S, I>();
            if constexpr (is_attribute<F>) {
                attribute_schema* it = find_attribute(attributes, name);
                if (!it) return;
                using D = typename F::default_option;
                if constexpr (!std::is_void_v<D>) {
                    if constexpr (requires { D::literal; }) it->default_bytes = encoded_default<F>();
                    else it->default_from = &default_from_thunk<S, F>;
                }
                if constexpr (!std::is_void_v<typename F::replace_if_option>) it->replace_if = &replace_if_thunk<F>;
                if constexpr (nested_form_of<typename F::value_type>() != nested_form::none) {
                    // The nested schema was made by derive_block a moment ago and
                    // is not shared yet.
                    auto& nested = const_cast<nested_attributes&>(*it->nested);
                    attach_plan_hooks<nested_struct_t<typename F::value_type>>(nested.attributes, nullptr);
                }
            } else {
                if (blocks == nullptr) return;
                nested_block_schema* it = find_block(*blocks, name);
                if (!it) return;
                attach_plan_hooks<typename F::element>(it->block.attributes, &it->block.blocks);
            }
        }
    });
}

}  // namespace tfpp::detail
