// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/serve/detail/serve-inl.hpp>
