// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/provider/detail/function_requests-inl.hpp>
