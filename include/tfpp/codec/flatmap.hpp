// The legacy "flatmap" state of Terraform 0.11 and older (RawState.flatmap):
// one string per leaf, keyed by a dotted path.
//
//   name = "web"              "name" = "web"
//   tags = ["a", "b"]         "tags.#" = "2", "tags.0" = "a", "tags.1" = "b"
//   labels = {k = "v"}        "labels.%" = "1", "labels.k" = "v"
//   ports = toset([80])       "ports.#" = "1", "ports.<hash>" = "80"
//   rule { port = 1 }         "rule.#" = "1", "rule.0.port" = "1"
//
// A missing count means null; the value "74D93920-ED26-11E3-AC10-0800200C9A66"
// was Terraform's marker for an unknown.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/value/dynamic.hpp>

#include <map>
#include <string>

namespace tfpp {

// Reads a legacy flatmap state as an object of the given type.
[[nodiscard]] bool decode_flatmap(const std::map<std::string, std::string>& flat, const type& object_type, dynamic& out,
                                  diagnostics& diags);

// Reads a legacy flatmap state into a typed model.
template <encodable T>
[[nodiscard]] bool decode_flatmap(const std::map<std::string, std::string>& flat, T& out, diagnostics& diags) {
    dynamic value;
    if (!decode_flatmap(flat, type_of<T>(), value, diags)) return false;
    return decode_msgpack(to_msgpack(value, type_of<T>()), out, diags);
}

}  // namespace tfpp

#ifdef TFPP_HEADER_ONLY
#include <tfpp/codec/detail/flatmap-inl.hpp>
#endif
