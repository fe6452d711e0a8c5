// JSON encoding of Terraform values, both ways, as go-cty's ctyjson does it:
// DynamicValue.json, and RawState.json (the state Terraform stores and hands
// back when it asks a provider to upgrade it). Numbers keep their exact
// text, so 0.1 stays 0.1.
//
//   std::string text;
//   if (!tfpp::encode_json(model, text, diags)) ...       // unknowns have no JSON form
//   if (!tfpp::decode_json(text, model, diags, {.extra = tfpp::extra_attributes::ignore})) ...
//
// The calls mirror tfpp/codec/msgpack.hpp: the same order of parameters and
// the same options, for typed models and for dynamic values alike.
#pragma once

#include <tfpp/codec/options.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/type.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <tfpp/codec/detail/json_decoder.hpp>
#include <tfpp/codec/detail/json_encoder.hpp>

namespace tfpp {

// Appends v as JSON; false (with a diagnostic) for values JSON cannot hold:
// unknowns and infinities.
template <encodable T>
[[nodiscard]] bool encode_json(const T& v, std::string& out, diagnostics& diags) {
    return detail::json_encoder(out, diags).encode(v);
}
[[nodiscard]] inline bool encode_json(const dynamic& v, const type& constraint, std::string& out, diagnostics& diags) {
    return detail::json_encoder(out, diags).encode(v, constraint);
}

// Decodes JSON into out; absent attributes are null. On failure adds an error
// diagnostic at the attribute path and returns false.
template <encodable T>
[[nodiscard]] bool decode_json(std::string_view text, T& out, diagnostics& diags, const decode_options& options = {}) {
    auto tree = detail::parse_json_tree(text, diags, options, "the JSON value");
    return tree && detail::json_decoder(diags, options.extra).decode(*tree, out);
}
// Decodes JSON of a type constraint into a dynamic value.
[[nodiscard]] inline bool decode_json(std::string_view text, const type& constraint, dynamic& out, diagnostics& diags,
                                      const decode_options& options = {}) {
    auto tree = detail::parse_json_tree(text, diags, options, "the JSON value");
    return tree && detail::json_decoder(diags, options.extra).decode(*tree, constraint, out);
}

// JSON parsed once and decoded into several models: a stored state tried
// against the model of each schema version.
class json_document {
public:
    // Parses text; nullopt (with a diagnostic) when it is not valid JSON or
    // exceeds the options' limits.
    [[nodiscard]] static std::optional<json_document> parse(std::string_view text, diagnostics& diags,
                                                            const decode_options& options = {}) {
        auto tree = detail::parse_json_tree(text, diags, options, "the JSON value");
        if (!tree) return std::nullopt;
        return json_document(std::move(*tree));
    }

    template <encodable T>
    [[nodiscard]] bool decode(T& out, diagnostics& diags, const decode_options& options = {}) const {
        return detail::json_decoder(diags, options.extra).decode(root_, out);
    }

private:
    explicit json_document(detail::json_node root) : root_(std::move(root)) {}
    detail::json_node root_;
};

}  // namespace tfpp
