// What the engine does around a handler's call: exceptions turned into
// diagnostics, unknowns left in a result found and settled, write-only values
// carried from the configuration to the handler and kept out of results.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/diag/log.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/reported_error.hpp>
#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/schema/schema_of.hpp>

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp::detail {

// guarded()'s try and catch, compiled once rather than at every call site.
inline void guarded_call(context& ctx, std::string_view what, void (*call)(void*), void* f) {
    try {
        call(f);
    } catch (const reported_error&) {
    } catch (const value_access_error& e) {
        ctx.error("Provider bug: " + std::string(what) + " read a value that is not known",
                  std::string(e.what()) +
                      ". Check is_null() / is_unknown() before reading an attribute that may be null or unknown.");
    } catch (const std::exception& e) {
        ctx.error("Unexpected error in " + std::string(what), e.what());
    } catch (...) {
        ctx.error("Unexpected error in " + std::string(what), "an exception of unknown type was thrown");
    }
}

// A value leaving the provider, encoded; nullopt, with an error at the
// attribute, when a string of it is not valid UTF-8 (the encoder checks each
// as it writes it). `what` names the value in the error.
inline void report_outgoing_text(const diagnostics& found, std::string_view what, context& ctx) {
    for (const diagnostic& d : found)
        ctx.error("Invalid UTF-8 from the provider",
                  std::string(what) + " holds a string that is not valid UTF-8" +
                      (d.path.empty() ? std::string() : " at " + d.path.to_string()) +
                      " (bytes from outside, such as a file's content, are not always text); Terraform takes only "
                      "Unicode text, so nothing was sent. Binary data belongs in a base64 attribute.",
                  d.path);
}
template <class T>
std::optional<std::string> outgoing_msgpack(const T& v, std::string_view what, context& ctx) {
    diagnostics found;
    std::optional<std::string> bytes = to_msgpack(v, found);
    if (!bytes) report_outgoing_text(found, what, ctx);
    return bytes;
}

// A handler names attribute paths by hand; one that is not in the schema
// would reach Terraform pointing nowhere. The diagnostic is kept, without the
// path, and says which path was wrong.
inline void check_handler_paths(diagnostics& diags, std::size_t from, const block_schema& schema,
                                std::string_view what) {
    for (std::size_t i = from; i < diags.size(); ++i) {
        diagnostic& d = diags[i];
        if (d.path.empty() || schema.contains(d.path)) continue;
        const std::string path = d.path.to_string();
        log::write(log::level::warn, log::sdk_module, "diagnostic at an attribute path the schema does not have",
                   {{"tf_handler", what}, {"path", path}});
        d.detail += (d.detail.empty() ? "" : "\n\n");
        d.detail += "(" + std::string(what) + " reported this at \"" + path +
                    "\", which is no attribute path of its schema; tfpp::path_of(&model::field) names fields "
                    "the compiler checks.)";
        d.path = {};
    }
}

// Runs a user handler; an exception becomes an error diagnostic instead of
// taking the provider process down.
template <class F>
void guarded(context& ctx, std::string_view what, F&& f) {
    using Fn = std::remove_reference_t<F>;
    guarded_call(
        ctx, what, [](void* p) { (*static_cast<Fn*>(p))(); },
        const_cast<void*>(static_cast<const void*>(std::addressof(f))));
}

template <class T>
bool holds_unknown(const T& v);
template <class F>
bool holds_unknown_at(const void* field) {
    return holds_unknown(*static_cast<const F*>(field));
}

// Whether a handler's result still holds an unknown anywhere (checked
// through nested attributes, blocks, collections and objects).
template <class T>
bool holds_unknown(const T& v) {
    if constexpr (is_schema_field<T>) {
        return holds_unknown(static_cast<const value<typename T::value_type>&>(v));
    } else if constexpr (is_value_v<T>) {
        return v.is_unknown() || (v.is_known() && holds_unknown(*v));
    } else if constexpr (is_optional_v<T>) {
        return v && holds_unknown(*v);
    } else if constexpr (std::is_same_v<T, dynamic>) {
        return !v.is_null() && !v.is_wholly_known();
    } else {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::list || k == type_kind::set) {
            return std::any_of(v.begin(), v.end(), [](const auto& e) { return holds_unknown(e); });
        } else if constexpr (k == type_kind::map) {
            return std::any_of(v.begin(), v.end(), [](const auto& e) { return holds_unknown(e.second); });
        } else if constexpr (k == type_kind::tuple) {
            return std::apply([](const auto&... e) { return (holds_unknown(e) || ...); }, v);
        } else if constexpr (k == type_kind::object) {
            static constexpr auto checks =
                with_indexes<field_count<T>()>([]<std::size_t... I>(std::index_sequence<I...>) {
                    return std::array<bool (*)(const void*), sizeof...(I)>{
                        &holds_unknown_at<field_codec_t<field_t<T, I>>>...};
                });
            const auto offsets = field_offsets(v);
            for (std::size_t i = 0; i < checks.size(); ++i)
                if (checks[i](field_at(&v, offsets[i]))) return true;
            return false;
        } else {
            return false;
        }
    }
}

template <class T>
void settle_unknowns(T& v, attribute_path& path, context& ctx, std::string_view what);
using settle_function = void (*)(void*, attribute_path&, context&, std::string_view);
template <class F>
void settle_unknowns_at(void* field, attribute_path& path, context& ctx, std::string_view what) {
    settle_unknowns(*static_cast<F*>(field), path, ctx, what);
}
// The fields of a struct, each at its path: one loop for every struct.
inline void settle_fields(void* object, std::size_t n, const std::string_view* names, const settle_function* settle,
                          const std::size_t* offsets, attribute_path& path, context& ctx, std::string_view what) {
    for (std::size_t i = 0; i < n; ++i) {
        path.push(attribute_path::attribute(names[i]));
        settle[i](field_at(object, offsets[i]), path, ctx, what);
        path.pop();
    }
}

// Turns leftover unknowns into nulls, so that the state Terraform stores is
// valid, and reports each as an error at its attribute path. Descends into
// nested attributes and blocks; any other value that still holds an unknown
// is reported and nulled as a whole.
template <class T>
void settle_unknowns(T& v, attribute_path& path, context& ctx, std::string_view what) {
    if constexpr (is_schema_field<T>) {
        settle_unknowns(static_cast<value<typename T::value_type>&>(v), path, ctx, what);
    } else if constexpr (is_value_v<T>) {
        using V = typename T::value_type;
        if (v.is_known()) {
            constexpr nested_form form = nested_form_of<V>();
            if constexpr (form != nested_form::none && form != nested_form::set) {
                return settle_unknowns(*v, path, ctx, what);
            } else if constexpr (kind_of<V> == type_kind::object &&
                                 classify<strip_nullable_t<V>>() != struct_kind::plain) {
                return settle_unknowns(*v, path, ctx, what);
            } else if constexpr (kind_of<V> == type_kind::list || kind_of<V> == type_kind::map) {
                using E = strip_nullable_t<typename type_info<V>::element>;
                if constexpr (kind_of<E> == type_kind::object && classify<E>() != struct_kind::plain)
                    return settle_unknowns(*v, path, ctx, what);
            }
        }
        if (!holds_unknown(v)) return;
        v.set_null();
        ctx.error("Provider returned an unknown value",
                  std::string(what) + " left \"" + path.to_string() +
                      "\" unknown (or holding an unknown); it must set a value (or tfpp::null) before returning.",
                  path);
    } else {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::object) {
            static constexpr auto settles = with_indexes<field_count<T>()>([]<std::size_t... I>(
                std::index_sequence<I...>) {
                return std::array<settle_function, sizeof...(I)>{&settle_unknowns_at<field_codec_t<field_t<T, I>>>...};
            });
            const auto offsets = field_offsets(v);
            settle_fields(&v, settles.size(), field_names<T>.data(), settles.data(), offsets.data(), path, ctx, what);
        } else if constexpr (k == type_kind::list) {
            for (std::size_t i = 0; i < v.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                settle_unknowns(v[i], path, ctx, what);
                path.pop();
            }
        } else if constexpr (k == type_kind::map) {
            for (auto& [key, e] : v) {
                path.push(attribute_path::key(key));
                settle_unknowns(e, path, ctx, what);
                path.pop();
            }
        }
    }
}

template <class M>
void settle_unknowns(M& m, context& ctx, std::string_view what) {
    attribute_path path;
    settle_unknowns(m, path, ctx, what);
}

// Attributes marked by Marks<F>::value (write-only, semantic equality),
// anywhere in a model: through nested attributes and blocks, but not inside
// sets (their elements have no counterpart to pair with).
template <template <class> class Marks, class T>
consteval bool has_marked() {
    using U = strip_nullable_t<T>;
    if constexpr (kind_of<U> == type_kind::list || kind_of<U> == type_kind::map) {
        return has_marked<Marks, typename type_info<U>::element>();
    } else if constexpr (kind_of<U> == type_kind::object && classify<U>() != struct_kind::plain) {
        bool any = false;
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_attribute<F>) any = any || Marks<F>::value || has_marked<Marks, typename F::value_type>();
            else if constexpr (is_block<F>) any = any || has_marked<Marks, typename F::value_type>();
        });
        return any;
    } else {
        return false;
    }
}

template <class T>
bool has_value(const T& v) {
    if constexpr (is_value_v<T>) return v.is_known();
    else return v.has_value();
}

// Calls f(field, counterpart) for each attribute of v that Marks marks, where
// the counterpart is the same attribute in *other (paired through nested
// attributes and blocks by index and by key), or nullptr.
template <template <class> class Marks, class T, class O, class F>
void for_marked(T& v, O* other, F&& f) {
    using U = std::remove_const_t<T>;
    if constexpr (is_schema_field<U>) {
        if constexpr (is_attribute<U> && Marks<U>::value) {
            f(v, other);
        } else if constexpr (has_marked<Marks, typename U::value_type>()) {
            auto& inner = static_cast<value<typename U::value_type>&>(v);
            if (!inner.is_known()) return;
            for_marked<Marks>(*inner, other && other->is_known() ? &**other : nullptr, f);
        }
    } else if constexpr (is_value_v<U> || is_optional_v<U>) {
        if (!has_value(v)) return;
        for_marked<Marks>(*v, other && has_value(*other) ? &**other : nullptr, f);
    } else if constexpr (kind_of<U> == type_kind::object) {
        for_each_index<U>([&]<std::size_t I>() { for_marked<Marks>(get<I>(v), other ? &get<I>(*other) : nullptr, f); });
    } else if constexpr (kind_of<U> == type_kind::list) {
        for (std::size_t i = 0; i < v.size(); ++i)
            for_marked<Marks>(v[i], other && other->size() == v.size() ? &(*other)[i] : nullptr, f);
    } else if constexpr (kind_of<U> == type_kind::map) {
        for (auto& [key, e] : v) {
            decltype(&std::as_const(e)) counterpart = nullptr;
            if (other)
                if (auto it = other->find(key); it != other->end()) counterpart = &it->second;
            for_marked<Marks>(e, counterpart, f);
        }
    }
}

// Write-only attributes: Terraform plans and stores them null, so a handler
// finds their values only in the configuration.
template <class F>
struct is_write_only_field : std::bool_constant<F::template has<write_only>> {};
template <class T>
consteval bool has_write_only() {
    return has_marked<is_write_only_field, T>();
}

// The planned model gets the configuration's write-only values.
template <class M>
void take_write_only(M& planned, const M& config) {
    for_marked<is_write_only_field>(planned, &config, [](auto& field, const auto* from) {
        if (from) field = *from;
    });
}
// A result never holds write-only values: Terraform refuses to store them.
template <class M>
void drop_write_only(M& state) {
    for_marked<is_write_only_field>(state, static_cast<const M*>(nullptr),
                                    [](auto& field, auto*) { field.set_null(); });
}

// Every string inside v, for the logger to mask.
template <class T>
void mask_strings(const T& v, bool always) {
    using U = std::remove_cvref_t<T>;
    if constexpr (is_schema_field<U>) {
        mask_strings(static_cast<const value<typename U::value_type>&>(v), always);
    } else if constexpr (is_value_v<U> || is_optional_v<U>) {
        if (has_value(v)) mask_strings(*v, always);
    } else if constexpr (std::is_same_v<U, std::string>) {
        log::mask_value(v, always);
    } else if constexpr (kind_of<U> == type_kind::list || kind_of<U> == type_kind::set) {
        for (const auto& e : v) mask_strings(e, always);
    } else if constexpr (kind_of<U> == type_kind::map) {
        for (const auto& [key, e] : v) log::mask_value(key, always), mask_strings(e, always);
    } else if constexpr (kind_of<U> == type_kind::object && is_reflectable<U>) {
        for_each_index<U>([&]<std::size_t I>() { mask_strings(get<I>(v), always); });
    }
}

template <class F>
struct is_secret_field : std::bool_constant<F::template has<sensitive> || F::template has<write_only>> {};
template <class T>
consteval bool has_secrets() {
    using U = strip_nullable_t<T>;
    if constexpr (kind_of<U> == type_kind::list || kind_of<U> == type_kind::map || kind_of<U> == type_kind::set) {
        return has_secrets<typename type_info<U>::element>();
    } else if constexpr (kind_of<U> == type_kind::object && classify<U>() != struct_kind::plain) {
        bool any = false;
        for_each_index<U>([&]<std::size_t I>() {
            using F = field_t<U, I>;
            if constexpr (is_attribute<F>)
                any = any || is_secret_field<F>::value || has_secrets<typename F::value_type>();
            else if constexpr (is_block<F>) any = any || has_secrets<typename F::value_type>();
        });
        return any;
    } else {
        return false;
    }
}

// Values of sensitive and write-only attributes anywhere in v (through nested
// attributes, blocks and sets) are masked in log lines and diagnostics: until
// the request ends, or for good (`always`, the provider's configuration).
template <class T>
void mask_secrets(const T& v, bool always) {
    using U = std::remove_cvref_t<T>;
    if constexpr (is_schema_field<U>) {
        if constexpr (is_attribute<U> && is_secret_field<U>::value) mask_strings(v, always);
        else if constexpr (has_secrets<typename U::value_type>())
            mask_secrets(static_cast<const value<typename U::value_type>&>(v), always);
    } else if constexpr (!has_secrets<U>()) {
        return;
    } else if constexpr (is_value_v<U> || is_optional_v<U>) {
        if (has_value(v)) mask_secrets(*v, always);
    } else if constexpr (kind_of<U> == type_kind::list || kind_of<U> == type_kind::set) {
        for (const auto& e : v) mask_secrets(e, always);
    } else if constexpr (kind_of<U> == type_kind::map) {
        for (const auto& [key, e] : v) mask_secrets(e, always);
    } else if constexpr (kind_of<U> == type_kind::object) {
        for_each_index<U>([&]<std::size_t I>() { mask_secrets(get<I>(v), always); });
    }
}

template <class M>
bool decode_model(std::string_view bytes, M& out, context& ctx) {
    const bool ok = decode_msgpack(bytes.empty() ? null_bytes : bytes, out, ctx.diagnostics());
    if constexpr (has_secrets<M>())
        if (ok) mask_secrets(out, false);
    return ok;
}

// "local_file create": how diagnostics name the handler at fault.
inline std::string operation_name(std::string_view type_name, std::string_view operation) {
    std::string s;
    s.reserve(type_name.size() + 1 + operation.size());
    s.append(type_name).append(" ").append(operation);
    return s;
}

template <class T, class P>
T make_handler_object(P& provider) {
    if constexpr (requires { T{provider}; }) return T{provider};
    else return T{};
}

// guarded() for a handler whose diagnostics may name paths of `schema`.
template <class F>
void guarded(context& ctx, std::string_view what, const block_schema& schema, F&& f) {
    const std::size_t before = ctx.diagnostics().size();
    guarded(ctx, what, std::forward<F>(f));
    check_handler_paths(ctx.diagnostics(), before, schema, what);
}

}  // namespace tfpp::detail
