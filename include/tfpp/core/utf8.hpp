// UTF-8 checks. Terraform's strings are Unicode text, and Go's protobuf
// refuses a message whose string field holds bytes that are not UTF-8.
#pragma once

#include <tfpp/core/detail/utf8.hpp>

#include <string>
#include <string_view>

namespace tfpp {

/// Whether `s` is well-formed UTF-8: no overlong forms, surrogates or code
/// points beyond U+10FFFF.
inline bool valid_utf8(std::string_view s) noexcept { return detail::valid_utf8(s); }

/// `s` with each ill-formed part replaced by U+FFFD, as Unicode recommends.
/// Every string tfpp puts in a protocol message passes through it.
inline std::string to_valid_utf8(std::string_view s) { return detail::to_valid_utf8(s); }

}  // namespace tfpp
