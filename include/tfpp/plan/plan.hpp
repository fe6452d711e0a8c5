// Default planning of a managed resource, following the rules Terraform core
// checks (AssertPlanValid): start from the proposed new state; keep every
// configured value exactly; a computed attribute that the configuration leaves
// null becomes unknown on create and whenever the object changes.
//
// It works on the encoded attribute values, never re-encoding what it does not
// change, so configured values reach the plan byte for byte (no number or
// nested-unknown is lost to a C++ type that cannot hold it). Core encodes
// prior state and proposed state the same way, so equal bytes mean equal values.
#pragma once

#include <tfpp/codec/detail/msgpack_reader.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tfpp {

// An object value split into its attributes' encoded bytes.
struct object_bytes {
    enum class state { null, unknown, known } kind = state::null;
    std::vector<std::pair<std::string_view, std::string_view>> attributes;

    [[nodiscard]] bool is_null() const noexcept { return kind == state::null; }
    // The encoded attribute; nil when absent (go-cty always writes all of them).
    [[nodiscard]] std::string_view get(std::string_view name) const noexcept {
        for (const auto& [n, bytes] : attributes)
            if (n == name) return bytes;
        return detail::null_bytes;
    }
};

// Splits an encoded object (empty bytes count as null). False, with an error
// naming `what`, when the bytes are not an object.
inline bool split_object(std::string_view bytes, object_bytes& out, diagnostics& diags, std::string_view what) {
    out = {};
    if (detail::is_null_value(bytes)) return true;
    detail::msgpack_reader r(bytes);
    detail::mp_token t;
    auto malformed = [&] {
        diags.error("Malformed " + std::string(what), "the MessagePack bytes of the " + std::string(what) +
                                                          " are not a valid object");
        return false;
    };
    if (!r.next(t)) return malformed();
    if (t.kind == detail::mp_kind::ext) {
        out.kind = object_bytes::state::unknown;
        return r.at_end() || malformed();
    }
    if (t.kind != detail::mp_kind::map) return malformed();
    out.kind = object_bytes::state::known;
    out.attributes.reserve(t.count);
    for (std::uint32_t i = 0; i < t.count; ++i) {
        detail::mp_token key;
        if (!r.next(key) || key.kind != detail::mp_kind::str) return malformed();
        const char* begin = r.position();
        if (!r.skip()) return malformed();
        out.attributes.emplace_back(key.bytes, std::string_view(begin, static_cast<std::size_t>(r.position() - begin)));
    }
    return r.at_end() || malformed();
}

struct plan_result {
    std::string planned_state;  // encoded; null for a planned destroy
    std::vector<attribute_path> requires_replace;
};

// Plans a change of a resource with the given schema from its encoded prior
// state, proposed new state and configuration.
inline bool plan_resource_change(const block_schema& schema, std::string_view prior_bytes,
                                 std::string_view proposed_bytes, std::string_view config_bytes, plan_result& out,
                                 diagnostics& diags) {
    object_bytes prior, proposed, config;
    if (!split_object(prior_bytes, prior, diags, "prior state") ||
        !split_object(proposed_bytes, proposed, diags, "proposed new state") ||
        !split_object(config_bytes, config, diags, "configuration"))
        return false;

    out = {};
    if (proposed.is_null()) {  // destroy: nothing to plan
        out.planned_state.assign(detail::null_bytes);
        return true;
    }
    if (proposed.kind == object_bytes::state::unknown) {
        out.planned_state.assign(proposed_bytes);
        return true;
    }

    const bool create = prior.is_null();
    bool changed = create;
    for (const auto& a : schema.attributes)
        if (!changed && proposed.get(a.name) != prior.get(a.name)) changed = true;

    detail::msgpack_writer enc(out.planned_state);
    enc.map_header(static_cast<std::uint32_t>(schema.attributes.size()));
    for (const auto& a : schema.attributes) {
        std::string_view planned = proposed.get(a.name);
        if (a.is_computed() && detail::is_null_value(config.get(a.name)) && changed) {
            if (a.use_state_for_unknown && !create && !detail::is_null_value(prior.get(a.name)))
                planned = prior.get(a.name);
            else
                planned = detail::unknown_value_bytes;
        }
        enc.string(a.name);
        enc.raw(planned);
        if (a.requires_replace && !create && planned != prior.get(a.name))
            out.requires_replace.emplace_back(a.name);
    }
    return true;
}

}  // namespace tfpp
