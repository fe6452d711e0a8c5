#include "postgresql.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) {
    return tfpp::serve<postgresql::provider>(argc, argv, {.address = "tfpp/postgresql"});
}
