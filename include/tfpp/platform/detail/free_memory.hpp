// Hands the allocator's free memory back to the operating system.
#pragma once

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace tfpp::detail {

// After a large request glibc keeps its freed arenas mapped; elsewhere the
// allocators (macOS's, jemalloc) return such memory on their own.
inline void return_free_memory() noexcept {
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
}

}  // namespace tfpp::detail
