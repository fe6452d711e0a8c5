// A provider's schemas as JSON, byte for byte what `tofu providers schema
// -json` prints for them (OpenTofu v1.12.6, internal/command/jsonprovider):
//
//   {"format_version":"1.0","provider_schemas":{"registry.opentofu.org/tfpp/local":{
//     "provider":{"version":0,"block":{...}},
//     "resource_schemas":{"local_file":{"version":0,"block":{"attributes":{...},"description_kind":"plain"}}},
//     "data_source_schemas":{...},
//     "resource_identity_schemas":{...}}}}
//
// Terraform 1.14+ prints the same, with list_resource_schemas (after
// ephemeral_resource_schemas), action_schemas and state_store_schemas (last),
// which OpenTofu does not know.
//
// The document is what OpenTofu makes of the schemas tfpp serves, so it follows
// OpenTofu's own rules: Go's encoding/json (compact, object keys sorted,
// empty fields left out, <, >, & and U+2028/U+2029 escaped), description_kind
// "plain" even without a description, no deprecation_message inside nested
// attributes (OpenTofu drops it when it reads protocol 6's nested types), and
// no provider_meta (the format has no place for it).
//
// tfpp::provider_schema_json<P>() (tfpp/serve/provider_schema_json.hpp)
// gathers a provider's parts; `terraform-provider-x --schema-json` prints it.
#pragma once

#include <tfpp/codec/type_json.hpp>
#include <tfpp/schema/function.hpp>
#include <tfpp/schema/schema.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp {

// The parts of one provider that `providers schema -json` lists; the pointers
// must stay valid while the document is made.
struct provider_schemas {
    // The provider's source address as OpenTofu writes it, e.g.
    // "registry.opentofu.org/tfpp/local".
    std::string address;
    const block_schema* provider = nullptr;  // the provider block; nullptr: none (printed as version 0, no block)
    std::vector<std::pair<std::string_view, const block_schema*>> resources;
    std::vector<std::pair<std::string_view, const block_schema*>> data_sources;
    std::vector<std::pair<std::string_view, const block_schema*>> ephemeral_resources;
    // Resources that declare an identity.
    std::vector<std::pair<std::string_view, const identity_schema*>> resource_identities;
    std::vector<std::pair<std::string_view, const function_schema*>> functions;
    // Terraform 1.14+ only: OpenTofu has no list resources, actions or state stores.
    std::vector<std::pair<std::string_view, const block_schema*>> list_resources;  // their `config` block
    std::vector<std::pair<std::string_view, const block_schema*>> actions;
    std::vector<std::pair<std::string_view, const block_schema*>> state_stores;
};

// One schema as `providers schema -json` lists it: {"version":N,"block":{...}}.
[[nodiscard]] std::string schema_json(const block_schema& b);

// The whole `providers schema -json` document for one provider (no trailing newline).
[[nodiscard]] std::string schema_json(const provider_schemas& p);

}  // namespace tfpp

#ifdef TFPP_HEADER_ONLY
#include <tfpp/codec/detail/schema_json-inl.hpp>
#endif
