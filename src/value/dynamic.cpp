// Compiled once into libtfpp_values.a (the default mode); the code is in the header below.
#include <tfpp/value/detail/dynamic-inl.hpp>
