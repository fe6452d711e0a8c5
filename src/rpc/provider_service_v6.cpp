// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/rpc/detail/provider_service_v6-inl.hpp>
