// Checks on what a configuration sets, made on its encoded value and the
// runtime schema before any model is decoded: deprecation warnings,
// write-only attributes refused for a client that cannot take them, and
// read-only ones in a configuration the provider generated. Compiled once
// (src/provider/configuration_checks.cpp).
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/schema.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

struct configuration_checks {
    bool write_only_allowed = true;
    // A configuration the provider generated: read-only values are errors
    // (Terraform has not checked it), deprecations are Terraform's to warn of.
    bool generated = false;
};

// Calls f(element, path) for each element of a nested collection. Set
// elements have no index Terraform can show, so their findings point at the
// set itself.
template <class F>
void for_each_nested(std::string_view collection, nesting mode, const attribute_path& path, F&& f) {
    if (mode == nesting::single || mode == nesting::group) return f(collection, path);
    value_parts parts;
    if (!split_value(collection, parts)) return;
    for (std::size_t i = 0; i < parts.elements.size(); ++i) {
        if (mode == nesting::set) f(parts.elements[i], path);
        else if (parts.kind == value_parts::shape::map) f(parts.elements[i], path.then_key(parts.keys[i]));
        else f(parts.elements[i], path.then_index(static_cast<std::int64_t>(i)));
    }
}

std::string deprecation_detail(std::string_view message, std::string_view what, std::string_view name);

// A value counts as set when it is known and not null: an unknown one is
// checked again once it is known, so it is not reported twice.
void check_attributes(const std::vector<attribute_schema>& attributes, const object_view& o, const attribute_path& at,
                      const configuration_checks& checks, context& ctx);

// Whether a value holds anything but nulls and empty collections.
inline bool sets_anything(std::string_view v) {
    value_parts parts;
    if (!split_value(v, parts)) return false;
    if (parts.kind == value_parts::shape::scalar || parts.kind == value_parts::shape::unknown) return true;
    for (std::string_view e : parts.elements)
        if (sets_anything(e)) return true;
    return false;
}

// Every attribute and block the configuration sets, at any depth.
void check_configuration(const block_schema& block, std::string_view object, const attribute_path& at,
                         const configuration_checks& checks, context& ctx);

// What a request value may hold besides known values.
enum class unknowns : bool { refused, allowed };

// The one check every request value passes before a handler sees it: the
// bytes decode as a value of `t` (types, UTF-8, nesting, refinements) and,
// where the call cannot take one, hold no unknown value. Each problem is an
// error at its path (under `at`), naming `what` ("the configuration");
// true when there is none. Absent bytes are null.
bool check_request_value(std::string_view bytes, const type& t, std::string_view what, unknowns policy,
                         const attribute_path& at, context& ctx);

// The object type of an identity's values.
type identity_type(const identity_schema& id);

// The values a configuration gives its write-only attributes, held to their
// types: the planner takes none of them into the plan, so nothing else would.
void check_write_only_values(const block_schema& block, std::string_view config, context& ctx);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/configuration_checks-inl.hpp>
#endif
