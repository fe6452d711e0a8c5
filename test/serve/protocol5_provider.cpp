// examples/local without local_directory, whose nested attributes need
// protocol 6: the same local_file resource and data source (the example's own
// code), so that the serve tests still have a provider that speaks protocol 5.
// The example's file_resource is given this provider as its local::provider&.
#include "../../examples/local/local.hpp"

#include <tfpp/serve.hpp>

struct protocol5_provider : local::provider {
    using resources = tfpp::type_list<local::file_resource>;
};

int main(int argc, char** argv) { return tfpp::serve<protocol5_provider>(argc, argv, {.address = "tfpp/local"}); }
