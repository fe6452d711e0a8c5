// A provider's schemas as `tofu providers schema -json` prints them, without
// starting the provider: what `terraform-provider-x --schema-json` writes.
//
//   std::string doc = tfpp::provider_schema_json<local::provider>("tfpp/local");
//
// No gRPC here: the parts come from the provider's types (resources, data
// sources, configuration, identities), the document from tfpp::schema_json.
#pragma once

#include <tfpp/codec/schema_json.hpp>
#include <tfpp/provider/provider.hpp>

#include <tfpp/serve/detail/schema_json.hpp>

#include <string>
#include <string_view>

namespace tfpp {

// The `providers schema -json` document of provider P (no trailing newline).
template <class P>
std::string provider_schema_json(std::string_view address = {}) {
    return schema_json(detail::schemas_of<P>(address));
}

}  // namespace tfpp
