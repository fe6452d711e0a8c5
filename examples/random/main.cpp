#include "random.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) {
    return tfpp::serve<random_provider::provider>(argc, argv, {.address = "registry.terraform.io/hashicorp/random"});
}
