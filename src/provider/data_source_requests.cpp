// Compiled once into libtfpp.a (the default mode); the code is in the header below.
#include <tfpp/provider/detail/data_source_requests-inl.hpp>
