// tfpp::stop_token, tfpp::stop_source and tfpp::stop_callback: the standard
// library's where it has them (__cpp_lib_jthread), otherwise tfpp's own with
// the same semantics (libc++ before 17, as on older macOS and FreeBSD;
// docs/platforms.md). A provider uses these names, not std::'s, to build
// everywhere.
#pragma once

#include <version>

#if defined(__cpp_lib_jthread)
#include <stop_token>
#include <thread>

namespace tfpp {
using std::nostopstate;
using std::stop_callback;
using std::stop_source;
using std::stop_token;
namespace detail {
using std::jthread;
}  // namespace detail
}  // namespace tfpp
#else
#include <tfpp/platform/detail/stop_token_fallback.hpp>

namespace tfpp {
using detail::stop_fallback::nostopstate;
using detail::stop_fallback::stop_callback;
using detail::stop_fallback::stop_source;
using detail::stop_fallback::stop_token;
namespace detail {
using stop_fallback::jthread;
}  // namespace detail
}  // namespace tfpp
#endif
