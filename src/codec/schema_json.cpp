// Compiled once into libtfpp_values.a (the default mode); the code is in the header below.
#include <tfpp/codec/detail/schema_json-inl.hpp>
