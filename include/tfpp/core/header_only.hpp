// TFPP_HEADER_ONLY: tfpp's type-independent code (the planner, the codecs,
// the server, ...) comes inline from its headers' detail/*-inl.hpp files, so
// a provider builds from include/ and the protocol code generated from proto/,
// with no libtfpp.a or libtfpp_values.a (Meson: -Dheader_only=true). Without
// it, that code is compiled once into those libraries (src/), the default.
#pragma once

#ifdef TFPP_HEADER_ONLY
#define TFPP_INLINE inline
#else
#define TFPP_INLINE
#endif
