#include "consumer_provider.hpp"

#include <tfpp/serve.hpp>

int main(int argc, char** argv) { return tfpp::serve<consumer::provider>(argc, argv); }
