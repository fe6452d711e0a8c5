// MessagePack encoding of Terraform values, byte-compatible with go-cty, which
// is what Terraform and OpenTofu use on their side of the wire.
//
//   std::string bytes;
//   tfpp::encode_msgpack(model, bytes);
//   if (!tfpp::encode_msgpack(model, bytes, diags)) ...   // a string that is not UTF-8, and where
//   if (!tfpp::decode_msgpack(bytes, model, diags)) ...   // diags say what and where
//
// Typed models are decoded by walking the bytes and the C++ type together,
// with no intermediate tree; an unknown value lands in the nearest
// tfpp::value<T> that encloses it. tfpp::dynamic values are encoded and
// decoded against a type constraint, as go-cty does.
#pragma once

#include <tfpp/codec/options.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/type.hpp>
#include <tfpp/value/type_of.hpp>

#include <optional>
#include <string>
#include <string_view>

#include <tfpp/codec/detail/msgpack_decoder.hpp>
#include <tfpp/codec/detail/msgpack_encoder.hpp>
#include <tfpp/codec/detail/invalid_text.hpp>

namespace tfpp {

// Appends the encoding of v to out.
template <encodable T>
void encode_msgpack(const T& v, std::string& out) {
    detail::encoder(out).encode(v);
}
// Appends the encoding of a dynamic value of the given type constraint
// (its own type when the constraint is dynamic).
inline void encode_msgpack(const dynamic& v, const type& constraint, std::string& out) {
    detail::msgpack_writer w(out);
    detail::encode_dynamic(w, v, constraint);
}

// Appends the encoding of v to out, as a value leaving the provider: false,
// with an error diagnostic at its attribute path, when a string (or a map
// key) is not valid UTF-8, which Terraform refuses. out then holds bytes to
// drop.
template <encodable T>
[[nodiscard]] bool encode_msgpack(const T& v, std::string& out, diagnostics& diags) {
    const std::size_t start = out.size();
    detail::encoder e(out);
    e.writer().check_text();
    e.encode(v);
    if (e.writer().text_valid()) return true;
    detail::report_invalid_text(std::string_view(out).substr(start), type_of<T>(), diags);
    return false;
}
[[nodiscard]] inline bool encode_msgpack(const dynamic& v, const type& constraint, std::string& out,
                                         diagnostics& diags) {
    const std::size_t start = out.size();
    detail::msgpack_writer w(out);
    w.check_text();
    detail::encode_dynamic(w, v, constraint);
    if (w.text_valid()) return true;
    detail::report_invalid_text(std::string_view(out).substr(start), constraint, diags);
    return false;
}

// The encoding of v.
template <encodable T>
[[nodiscard]] std::string to_msgpack(const T& v) {
    std::string out;
    encode_msgpack(v, out);
    return out;
}
[[nodiscard]] inline std::string to_msgpack(const dynamic& v, const type& constraint) {
    std::string out;
    encode_msgpack(v, constraint, out);
    return out;
}
// The encoding of v, or nullopt (with the diagnostic) when a string of it
// is not valid UTF-8.
template <encodable T>
[[nodiscard]] std::optional<std::string> to_msgpack(const T& v, diagnostics& diags) {
    std::string out;
    if (!encode_msgpack(v, out, diags)) return std::nullopt;
    return out;
}
[[nodiscard]] inline std::optional<std::string> to_msgpack(const dynamic& v, const type& constraint,
                                                           diagnostics& diags) {
    std::string out;
    if (!encode_msgpack(v, constraint, out, diags)) return std::nullopt;
    return out;
}

// Decodes one value into out; on failure adds an error diagnostic at the
// attribute path and returns false.
template <encodable T>
[[nodiscard]] bool decode_msgpack(std::string_view bytes, T& out, diagnostics& diags,
                                  const decode_options& options = {}) {
    return detail::decoder(bytes, diags, options).decode_document(out);
}
// Decodes one value of a type constraint into a dynamic value.
[[nodiscard]] inline bool decode_msgpack(std::string_view bytes, const type& constraint, dynamic& out,
                                         diagnostics& diags, const decode_options& options = {}) {
    return detail::decoder(bytes, diags, options).decode_document(constraint, out);
}

}  // namespace tfpp
