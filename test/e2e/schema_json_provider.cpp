// The provider of test/unit/schema_json_provider.hpp as a binary, for
// run_schema_json.py: real OpenTofu prints its schemas, and they must be
// byte for byte what its --schema-json prints.
#include "../unit/schema_json_provider.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) { return tfpp::serve<kitchen::provider>(argc, argv, {.address = "tfpp/kitchen"}); }
