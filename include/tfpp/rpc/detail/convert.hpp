// Between tfpp's own types and the protocol messages. Written once for both
// protocol majors: tfplugin5 and tfplugin6 messages share their field names.
#pragma once

#include <tfpp/codec/type_json.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/schema.hpp>

#include <string>
#include <string_view>

namespace tfpp::detail {

template <class ProtoPath>
void path_to_proto(const attribute_path& path, ProtoPath& out) {
    for (const auto& step : path.steps()) {
        auto* s = out.add_steps();
        switch (step.kind) {
        case attribute_path::step::kind::attribute: s->set_attribute_name(step.name); break;
        case attribute_path::step::kind::key: s->set_element_key_string(step.name); break;
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

template <class RepeatedDiagnostics>
void diagnostics_to_proto(const diagnostics& diags, RepeatedDiagnostics* out) {
    for (const diagnostic& d : diags) {
        auto* p = out->Add();
        using proto_diagnostic = std::remove_pointer_t<decltype(p)>;
        p->set_severity(d.severity == severity::error ? proto_diagnostic::ERROR : proto_diagnostic::WARNING);
        p->set_summary(d.summary);
        p->set_detail(d.detail);
        if (!d.path.empty()) path_to_proto(d.path, *p->mutable_attribute());
    }
}

template <class ProtoSchema>
void schema_to_proto(const block_schema& b, ProtoSchema& out) {
    using string_kind = decltype(out.block().description_kind());
    out.set_version(b.version);
    auto* block = out.mutable_block();
    if (!b.description.empty()) block->set_description(std::string(b.description));
    for (const attribute_schema& a : b.attributes) {
        auto* p = block->add_attributes();
        p->set_name(std::string(a.name));
        p->set_type(to_type_json(a.type));
        p->set_required(a.role == attribute_role::required);
        p->set_optional(a.role == attribute_role::optional || a.role == attribute_role::optional_computed);
        p->set_computed(a.is_computed());
        p->set_sensitive(a.sensitive);
        if (!a.description.empty()) {
            p->set_description(std::string(a.description));
            p->set_description_kind(a.description_is_markdown ? string_kind{1} : string_kind{0});
        }
        if (a.deprecated) {
            p->set_deprecated(true);
            p->set_deprecation_message(std::string(a.deprecation_message));
        }
    }
}

// The msgpack bytes of a request value; null when it carries none. Terraform
// always sends msgpack; a JSON-only value is refused with a diagnostic.
template <class DynamicValue>
std::string_view request_value(const DynamicValue& v, context& ctx, std::string_view what) {
    if (!v.msgpack().empty()) return v.msgpack();
    if (!v.json().empty())
        ctx.error("Unsupported value encoding",
                  "the " + std::string(what) + " arrived JSON-encoded; this provider reads MessagePack values only");
    return {};
}

}  // namespace tfpp::detail
