// MessagePack encoding of Terraform values, byte-compatible with go-cty, which
// is what Terraform and OpenTofu use on their side of the wire.
//
//   std::string bytes;
//   tfpp::encode_msgpack(model, bytes);
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

#include <string>
#include <string_view>

#include <tfpp/codec/detail/msgpack_decoder.hpp>
#include <tfpp/codec/detail/msgpack_encoder.hpp>

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
