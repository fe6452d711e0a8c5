// tfpp::serve<Provider>(argc, argv): include in the one file that has main().
#pragma once

#include <tfpp/serve/server.hpp>
#include <tfpp/tfpp.hpp>
