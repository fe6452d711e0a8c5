#include "note.hpp"
#include "provider.hpp"

#include <tfpp/serve.hpp>

// The version comes from the build (TFPP_PROVIDER_VERSION).
int main(int argc, char** argv) { return tfpp::serve<scaffold::provider>(argc, argv, {.address = "example/scaffold"}); }
