#include "local.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) { return tfpp::serve<local::provider>(argc, argv, {.address = "tfpp/local"}); }
