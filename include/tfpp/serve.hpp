// tfpp::serve<Provider>(argc, argv): include in the one file that has main().
#pragma once

#include <tfpp/tfpp.hpp>
#include <tfpp/serve/serve.hpp>
