// The differential session's view of the protocol: one side's answers as
// compared, values translated between the two sides' schemas, the
// tfplugin6.Provider client, and the schema as comparable lines.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>

#include <grpcpp/grpcpp.h>
#include <tfplugin6.grpc.pb.h>

#include <chrono>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

// One side's answer to one request, as compared.
struct protocol_answer {
    protocol_answer() = default;
    explicit protocol_answer(std::string op) : operation(std::move(op)) {}

    std::string operation;  // "plan", "apply", "read", ...
    std::vector<std::vector<std::string>> diagnostic_paths;  // each diagnostic's path steps, as received
    std::vector<int> diagnostic_severity;
    std::vector<std::string> diagnostic_summary;
    std::string action;                 // plans only
    std::vector<std::string> requires_replace;
    bool has_value = false;             // a planned or new state was part of the answer
    std::string value;                  // its msgpack ("" when the answer held none)
    std::string failure;                // the call itself failed (transport, undecodable)
};

inline std::string path_step_text(const tfplugin6::AttributePath_Step& s, bool first) {
    switch (s.selector_case()) {
    case tfplugin6::AttributePath_Step::kAttributeName: return (first ? "" : ".") + s.attribute_name();
    case tfplugin6::AttributePath_Step::kElementKeyString: return "[\"" + s.element_key_string() + "\"]";
    case tfplugin6::AttributePath_Step::kElementKeyInt: return "[" + std::to_string(s.element_key_int()) + "]";
    default: return "[?]";
    }
}

inline std::string path_text(const tfplugin6::AttributePath& p) {
    std::string out;
    for (int i = 0; i < p.steps_size(); ++i) out += path_step_text(p.steps(i), i == 0);
    return out;
}

template <class Diagnostics>
void take_diagnostics(const Diagnostics& diags, protocol_answer& a) {
    for (const auto& d : diags) {
        std::vector<std::string> steps;
        for (int i = 0; i < d.attribute().steps_size(); ++i) steps.push_back(path_step_text(d.attribute().steps(i), i == 0));
        a.diagnostic_paths.push_back(std::move(steps));
        a.diagnostic_severity.push_back(d.severity() == tfplugin6::Diagnostic::ERROR ? 1 : 2);
        a.diagnostic_summary.push_back(d.summary());
    }
}

inline bool answer_has_errors(const protocol_answer& a) {
    return !a.failure.empty() ||
           std::find(a.diagnostic_severity.begin(), a.diagnostic_severity.end(), 1) != a.diagnostic_severity.end();
}

inline std::string dynamic_bytes(const tfplugin6::DynamicValue& v) {
    return v.msgpack().empty() && v.json().empty() ? std::string(tfpp::detail::null_bytes) : v.msgpack();
}

inline tfplugin6::DynamicValue dynamic_value(std::string_view msgpack) {
    tfplugin6::DynamicValue v;
    v.set_msgpack(std::string(msgpack));
    return v;
}

// The object type a protocol schema block describes (attributes, nested
// attributes and blocks), as the values of that block are encoded.
inline type block_value_type(const tfplugin6::Schema_Block& b);
inline type nested_value_type(const tfplugin6::Schema_Object& o);

inline type attribute_value_type(const tfplugin6::Schema_Attribute& a) {
    if (a.has_nested_type()) return nested_value_type(a.nested_type());
    tfpp::diagnostics ignored;
    return parse_type_json(a.type(), ignored).value_or(type::dynamic());
}

inline type nested_value_type(const tfplugin6::Schema_Object& o) {
    std::vector<type::attribute> attrs;
    for (const auto& a : o.attributes()) {
        attrs.push_back({a.name(), attribute_value_type(a)});
    }
    type object = type::object(std::move(attrs));
    switch (o.nesting()) {
    case tfplugin6::Schema_Object::LIST: return type::list(object);
    case tfplugin6::Schema_Object::SET: return type::set(object);
    case tfplugin6::Schema_Object::MAP: return type::map(object);
    default: return object;
    }
}

inline type block_value_type(const tfplugin6::Schema_Block& b) {
    std::vector<type::attribute> attrs;
    for (const auto& a : b.attributes()) {
        attrs.push_back({a.name(), attribute_value_type(a)});
    }
    for (const auto& n : b.block_types()) {
        type object = block_value_type(n.block());
        switch (n.nesting()) {
        case tfplugin6::Schema_NestedBlock::LIST: attrs.push_back({n.type_name(), type::list(object)}); break;
        case tfplugin6::Schema_NestedBlock::SET: attrs.push_back({n.type_name(), type::set(object)}); break;
        case tfplugin6::Schema_NestedBlock::MAP: attrs.push_back({n.type_name(), type::map(object)}); break;
        default: attrs.push_back({n.type_name(), std::move(object)}); break;
        }
    }
    return type::object(std::move(attrs));
}

// A value moved to another schema's type by attribute name: the attributes
// the target lacks are left out (`strict`: only while null), the ones only
// it has are null. Throws std::runtime_error saying what does not fit.
inline dynamic translated(const dynamic& v, const type& to, bool strict, attribute_path& path) {
    if (to.is_dynamic()) return v;
    if (v.is_null()) return dynamic::null(to);
    if (v.is_unknown()) return dynamic::unknown(to);
    const auto misfit = [&](const std::string& why) {
        return std::runtime_error("the value " + (path.empty() ? std::string() : "at " + path.to_string() + " ") +
                                  "does not fit the other provider's schema: " + why);
    };
    const type& from = v.type();
    if (from.which() != to.which() && !(from.is_object() && to.is_object()))
        throw misfit(from.friendly_name() + " against " + to.friendly_name());
    switch (to.which()) {
    case type::kind::object: {
        const auto attrs = to.attributes();
        for (const auto& a : from.attributes())
            if (to.attribute_index(a.name) < 0 && strict &&
                !v.elements()[static_cast<std::size_t>(from.attribute_index(a.name))].is_null())
                throw misfit("it sets \"" + a.name + "\", which that schema lacks");
        std::vector<dynamic> values;
        for (const auto& a : attrs) {
            const std::ptrdiff_t i = from.attribute_index(a.name);
            path.push(attribute_path::attribute(a.name));
            values.push_back(i < 0 ? dynamic::null(a.type)
                                   : translated(v.elements()[static_cast<std::size_t>(i)], a.type, strict, path));
            path.pop();
        }
        return dynamic::object(to, std::move(values));
    }
    case type::kind::list:
    case type::kind::set: {
        std::vector<dynamic> elements;
        for (std::size_t i = 0; i < v.size(); ++i) {
            path.push(attribute_path::index(static_cast<std::int64_t>(i)));
            elements.push_back(translated(v.elements()[i], to.element(), strict, path));
            path.pop();
        }
        return to.which() == type::kind::list ? dynamic::list(to.element(), std::move(elements))
                                              : dynamic::set(to.element(), std::move(elements));
    }
    case type::kind::map: {
        std::vector<dynamic::entry> entries;
        for (const auto& [k, e] : v.entries()) {
            path.push(attribute_path::key(k));
            entries.emplace_back(k, translated(e, to.element(), strict, path));
            path.pop();
        }
        return dynamic::map(to.element(), std::move(entries));
    }
    default: return v;
    }
}

// The tested provider's type and the reference's, of one type name ("" : the provider's configuration).
using translations = std::map<std::string, std::pair<type, type>, std::less<>>;

// A tfplugin6.Provider client; each call's transport failure is the answer's `failure`.
class protocol_client {
public:
    explicit protocol_client(const std::shared_ptr<grpc::Channel>& channel)
        : stub_(tfplugin6::Provider::NewStub(channel)) {}

    // The reference's values are translated to and from its own schema
    // (nullptr: the tested provider's, nothing to translate).
    void translate_with(const translations* t) noexcept { translations_ = t; }

    // A value (encoded in the tested provider's schema) as this side takes it.
    [[nodiscard]] tfplugin6::DynamicValue send(std::string_view type_name, std::string_view bytes) const {
        return dynamic_value(translate(type_name, bytes, true));
    }
    // A value this side returned, encoded in the tested provider's schema.
    [[nodiscard]] std::string receive(std::string_view type_name, const tfplugin6::DynamicValue& v) const {
        if (!v.json().empty() && v.msgpack().empty())
            throw std::runtime_error("the answer is JSON, where Terraform expects msgpack");
        return translate(type_name, dynamic_bytes(v), false);
    }

    template <class Request, class Response>
    std::string call(grpc::Status (tfplugin6::Provider::Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                     const Request& req, Response& resp) {
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
        const grpc::Status s = ((*stub_).*method)(&ctx, req, &resp);
        return s.ok() ? std::string() : "the call failed: " + s.error_message();
    }

private:
    [[nodiscard]] std::string translate(std::string_view type_name, std::string_view bytes, bool outgoing) const {
        if (!translations_) return std::string(bytes);
        const auto it = translations_->find(type_name);
        if (it == translations_->end()) throw std::runtime_error("the reference has no " + std::string(type_name));
        const type& from = outgoing ? it->second.first : it->second.second;
        const type& to = outgoing ? it->second.second : it->second.first;
        dynamic v;
        tfpp::diagnostics diags;
        if (!decode_msgpack(bytes, from, v, diags))
            throw std::runtime_error("the value does not decode with the schema:\n" + describe(diags));
        attribute_path path;
        return to_msgpack(translated(v, to, outgoing, path), to);
    }

    std::unique_ptr<tfplugin6::Provider::Stub> stub_;
    const translations* translations_ = nullptr;
};

// One side's world during a workflow: what Terraform's state would hold.
struct side_state {
    std::string state;  // msgpack; empty: no object
    std::string private_state, identity;
    bool tainted = false;
    bool configured = false;  // an apply succeeded with a configuration
};

// The schema as comparable lines, keyed by where they are.
inline void schema_lines(const tfplugin6::Schema_Block& b, const std::string& at, bool descriptions,
                         std::map<std::string, std::string>& out);

inline void attribute_lines(const tfplugin6::Schema_Attribute& a, const std::string& at, bool descriptions,
                            std::map<std::string, std::string>& out) {
    std::string line = a.type();
    for (auto [flag, name] : {std::pair{a.required(), "required"}, {a.optional(), "optional"},
                              {a.computed(), "computed"}, {a.sensitive(), "sensitive"},
                              {a.write_only(), "write_only"}, {a.deprecated(), "deprecated"}})
        if (flag) line += std::string(" ") + name;
    if (a.has_nested_type()) line += " nested(" + std::to_string(a.nested_type().nesting()) + ")";
    if (descriptions) line += " description=\"" + a.description() + "\"";
    out[at] = line;
    if (a.has_nested_type())
        for (const auto& n : a.nested_type().attributes()) attribute_lines(n, at + "." + n.name(), descriptions, out);
}

inline void schema_lines(const tfplugin6::Schema_Block& b, const std::string& at, bool descriptions,
                         std::map<std::string, std::string>& out) {
    out[at.empty() ? "(block)" : at + " (block)"] =
        (descriptions ? "description=\"" + b.description() + "\"" : std::string("block")) +
        (b.deprecated() ? " deprecated" : "");
    for (const auto& a : b.attributes())
        attribute_lines(a, at.empty() ? a.name() : at + "." + a.name(), descriptions, out);
    for (const auto& n : b.block_types()) {
        const std::string name = at.empty() ? n.type_name() : at + "." + n.type_name();
        out[name] = "block nesting=" + std::to_string(n.nesting()) + " min_items=" + std::to_string(n.min_items()) +
                    " max_items=" + std::to_string(n.max_items());
        schema_lines(n.block(), name, descriptions, out);
    }
}


}  // namespace tfpp::testing::detail
