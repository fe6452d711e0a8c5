// Between tfpp's own types and the protocol messages. Written once for both
// protocol majors: tfplugin5 and tfplugin6 messages share their field names.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/detail/log_context.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/engine.hpp>  // check_request_value
#include <tfpp/schema/function.hpp>
#include <tfpp/schema/schema.hpp>

#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tfpp::detail {

// Every string tfpp puts in a message goes through this file and is made
// valid UTF-8 here: Go's protobuf refuses a message with a string that is
// not, so Terraform would see a transport error instead of the diagnostic.
// What handlers wrote for the user (client_text) also has the request's
// secrets masked, as log lines do: a handler that quotes a password does not
// show it.
// And none is longer than message_bytes_limit: handlers quote input with
// tfpp::quoted, and a message that still grew with its input is cut (after
// masking, so that no secret is cut out of its mask).
inline constexpr std::size_t message_bytes_limit = 16 * 1024;
inline std::string client_text(std::string_view s) {
    std::string out(s);
    mask_text(out);
    if (out.size() > message_bytes_limit) out = bounded_text(out, message_bytes_limit);
    return to_valid_utf8(out);
}

template <class ProtoPath>
void path_to_proto(const attribute_path& path, ProtoPath& out) {
    for (const auto& step : path.steps()) {
        auto* s = out.add_steps();
        switch (step.kind) {
        case attribute_path::step::kind::attribute: s->set_attribute_name(to_valid_utf8(step.name)); break;
        case attribute_path::step::kind::key: s->set_element_key_string(client_text(step.name)); break;
        case attribute_path::step::kind::index: s->set_element_key_int(step.position); break;
        }
    }
}

// A proto AttributePath back into an attribute_path (Terraform sends them in
// requests, e.g. the paths of a plan's requires-replace).
template <class ProtoPath>
attribute_path path_from_proto(const ProtoPath& in) {
    attribute_path out;
    for (const auto& s : in.steps()) {
        using proto_step = std::remove_cvref_t<decltype(s)>;
        switch (s.selector_case()) {
        case proto_step::kAttributeName: out.push(attribute_path::attribute(s.attribute_name())); break;
        case proto_step::kElementKeyString: out.push(attribute_path::key(s.element_key_string())); break;
        case proto_step::kElementKeyInt: out.push(attribute_path::index(s.element_key_int())); break;
        default: break;  // an empty step carries nothing
        }
    }
    return out;
}

// The part of a path that OpenTofu and Terraform can point at in the
// configuration: through blocks (with an index for list and map blocks) down
// to one attribute, and at most one index into that attribute's value. They
// find nothing deeper (inside a nested attribute's object or a set block),
// and then point at the whole resource instead.
inline attribute_path locatable_path(const block_schema& root, const attribute_path& path) {
    using step = attribute_path::step;
    attribute_path out;
    const block_schema* block = &root;
    const auto& steps = path.steps();
    std::size_t i = 0;
    while (i < steps.size() && steps[i].kind == step::kind::attribute) {
        out.push(steps[i]);
        const nested_block_schema* nb = block->find_block(steps[i].name);
        ++i;
        const bool indexed = i < steps.size() && steps[i].kind != step::kind::attribute;
        if (nb == nullptr || nb->mode == nesting::set) {  // an attribute, or a set block: one index at most
            if (nb == nullptr && indexed) out.push(steps[i]);
            break;
        }
        if (nb->mode == nesting::list || nb->mode == nesting::map) {
            if (!indexed) break;
            out.push(steps[i++]);
        }
        block = &nb->block;
    }
    return out;
}

// `block`: the name of the nested block that holds the schema's values in
// the configuration (a list block's `config`), which Terraform resolves the
// paths against; empty when they are the block's own attributes.
template <class RepeatedDiagnostics>
void diagnostics_to_proto(const diagnostics& diags, RepeatedDiagnostics* out, const block_schema* schema = nullptr,
                          std::string_view block = {}) {
    for (const diagnostic& d : diags) {
        auto* p = out->Add();
        using proto_diagnostic = std::remove_pointer_t<decltype(p)>;
        p->set_severity(d.severity == severity::error ? proto_diagnostic::ERROR : proto_diagnostic::WARNING);
        p->set_summary(client_text(d.summary));
        if (d.path.empty()) {
            p->set_detail(client_text(d.detail));
            continue;
        }
        const attribute_path located = schema ? locatable_path(*schema, d.path) : d.path;
        // Where the configuration cannot show the exact place, the detail names it.
        p->set_detail(client_text(located == d.path ? d.detail : d.path.to_string() + ": " + d.detail));
        if (located.empty()) continue;
        if (block.empty()) {
            path_to_proto(located, *p->mutable_attribute());
        } else {
            attribute_path in_block(block);
            for (const auto& step : located.steps()) in_block.push(step);
            path_to_proto(in_block, *p->mutable_attribute());
        }
    }
}

template <class FunctionError>
void function_error_to_proto(std::string_view text, std::optional<std::int64_t> argument, FunctionError& out) {
    out.set_text(client_text(text));
    if (argument) out.set_function_argument(*argument);
}

template <class ProtoAttribute>
void attribute_to_proto(const attribute_schema& a, ProtoAttribute& p) {
    using string_kind = decltype(p.description_kind());
    p.set_name(std::string(a.name));
    p.set_required(a.role == attribute_role::required);
    p.set_optional(a.is_optional());
    p.set_computed(a.is_computed());
    p.set_sensitive(a.sensitive);
    p.set_write_only(a.write_only);
    if (!a.description.empty()) {
        p.set_description(to_valid_utf8(a.description));
        p.set_description_kind(a.description_is_markdown ? string_kind{1} : string_kind{0});
    }
    if (a.deprecated) {
        p.set_deprecated(true);
        p.set_deprecation_message(to_valid_utf8(a.deprecation_message));
    }
    if (!a.nested) {
        p.set_type(to_type_json(a.type));
        return;
    }
    if constexpr (requires { p.mutable_nested_type(); }) {
        auto* object = p.mutable_nested_type();
        using object_nesting = decltype(object->nesting());
        switch (a.nested->mode) {
        case nesting::list: object->set_nesting(object_nesting{2}); break;
        case nesting::set: object->set_nesting(object_nesting{3}); break;
        case nesting::map: object->set_nesting(object_nesting{4}); break;
        default: object->set_nesting(object_nesting{1}); break;
        }
        for (const attribute_schema& inner : a.nested->attributes) attribute_to_proto(inner, *object->add_attributes());
    } else {
        // serve() refuses protocol 5 for such providers before any schema is asked for.
        throw std::logic_error("tfpp: nested attribute \"" + std::string(a.name) + "\" needs protocol 6");
    }
}

template <class ProtoBlock>
void block_to_proto(const block_schema& b, ProtoBlock& out) {
    using string_kind = decltype(out.description_kind());
    if (!b.description.empty()) {
        out.set_description(to_valid_utf8(b.description));
        out.set_description_kind(b.description_is_markdown ? string_kind{1} : string_kind{0});
    }
    if (b.deprecated) {
        out.set_deprecated(true);
        out.set_deprecation_message(to_valid_utf8(b.deprecation_message));
    }
    for (const attribute_schema& a : b.attributes) attribute_to_proto(a, *out.add_attributes());
    for (const nested_block_schema& nb : b.blocks) {
        auto* p = out.add_block_types();
        using block_nesting = decltype(p->nesting());
        p->set_type_name(std::string(nb.name));
        p->set_nesting(block_nesting{static_cast<int>(nb.mode) + 1});  // SINGLE=1 LIST SET MAP GROUP=5
        p->set_min_items(nb.min_items);
        p->set_max_items(nb.max_items);
        block_to_proto(nb.block, *p->mutable_block());
    }
}

template <class ProtoParameter>
void function_parameter_to_proto(const function_parameter_schema& p, ProtoParameter& out) {
    using string_kind = decltype(out.description_kind());
    out.set_name(std::string(p.name));
    out.set_type(to_type_json(p.type));
    out.set_allow_null_value(p.allow_null);
    out.set_allow_unknown_values(p.allow_unknown);
    if (!p.description.empty()) {
        out.set_description(to_valid_utf8(p.description));
        out.set_description_kind(p.description_is_markdown ? string_kind{1} : string_kind{0});
    }
}

template <class ProtoFunction>
void function_to_proto(const function_schema& f, ProtoFunction& out) {
    using string_kind = decltype(out.description_kind());
    for (const auto& p : f.parameters) function_parameter_to_proto(p, *out.add_parameters());
    if (f.variadic) function_parameter_to_proto(*f.variadic, *out.mutable_variadic_parameter());
    out.mutable_return_()->set_type(to_type_json(f.return_type));
    out.set_summary(to_valid_utf8(f.summary));
    if (!f.description.empty()) {
        out.set_description(to_valid_utf8(f.description));
        out.set_description_kind(f.description_is_markdown ? string_kind{1} : string_kind{0});
    }
    out.set_deprecation_message(to_valid_utf8(f.deprecation_message));
}

template <class ProtoSchema>
void schema_to_proto(const block_schema& b, ProtoSchema& out) {
    out.set_version(b.version);
    block_to_proto(b, *out.mutable_block());
}

template <class ProtoIdentitySchema>
void identity_schema_to_proto(const identity_schema& id, ProtoIdentitySchema& out) {
    out.set_version(id.version);
    for (const identity_attribute_schema& a : id.attributes) {
        auto* p = out.add_identity_attributes();
        p->set_name(std::string(a.name));
        p->set_type(to_type_json(a.type));
        p->set_required_for_import(a.required_for_import);
        p->set_optional_for_import(a.optional_for_import);
        if (!a.description.empty()) p->set_description(to_valid_utf8(a.description));
    }
}

}  // namespace tfpp::detail
