// A provider's documentation in the registry layout, generated from its
// schemas: docs/index.md, docs/resources/<name>.md, docs/data-sources/,
// docs/ephemeral-resources/ and docs/functions/, with front matter and each
// attribute's type, role, flags, description, constraints and default. A
// provider moving from Go keeps its files: examples/ and templates/ are read
// as tfplugindocs reads them, and the pages match what it writes.
//
//   terraform-provider-x --docs        # in the provider's repository
//
// runs tfpp::generate_docs over the provider's schemas (tfpp::serve does
// it); call it directly to generate documentation elsewhere.
#pragma once

#include <tfpp/codec/schema_json.hpp>
#include <tfpp/docs/options.hpp>

#include <tfpp/docs/detail/generator.hpp>

#include <string>
#include <vector>

namespace tfpp {

// Writes the pages; returns the files written, relative to provider_dir.
// Throws std::runtime_error naming the template or file at fault.
inline std::vector<std::string> generate_docs(const provider_schemas& schemas, const docs_options& options) {
    return detail::docs_generator(schemas, options).run();
}

}  // namespace tfpp
