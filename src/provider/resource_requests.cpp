// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/provider/detail/resource_requests-inl.hpp>
