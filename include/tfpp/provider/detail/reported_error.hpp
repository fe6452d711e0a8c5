// Thrown by tfpp's own helpers inside a handler after they reported the
// problem to the context: it unwinds the handler, and guarded() adds nothing.
#pragma once

namespace tfpp::detail {

struct reported_error {};

}  // namespace tfpp::detail
