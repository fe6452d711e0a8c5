// Hands the allocator's free memory back to the operating system after large
// calls, on a thread of its own once the calls' buffers are freed.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

// After a C library header: that is what defines __GLIBC__.
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace tfpp::detail {

// glibc keeps freed memory in its arenas (one per thread that allocated);
// elsewhere the allocators (macOS's, jemalloc) return such memory on their own.
inline void return_free_memory() noexcept {
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
}

// Blocks of at least this size get mappings of their own, which free()
// returns at once. glibc would otherwise raise that threshold to the largest
// block freed so far (up to 32 MiB) and keep later large blocks in its arenas,
// which a trim cannot always empty (bench/memory: 2.6 times the RSS before a
// burst, 5 s after it). 64 KiB, not 1 MiB: gRPC reads a connection into
// 64 KiB slices and keeps the unused ones of its last read allocated; from an
// arena they are pages a trim cannot return (up to 10 MB after a burst), as
// mappings of their own they stay untouched, so not resident.
inline constexpr int own_mapping_bytes = 64 << 10;

// Set once before serving, unless the user set the same tunable.
inline void tune_allocator_for_serving() noexcept {
#ifdef __GLIBC__
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (std::getenv("MALLOC_MMAP_THRESHOLD_") == nullptr &&
        (tunables == nullptr || std::strstr(tunables, "glibc.malloc.mmap_threshold") == nullptr))
        ::mallopt(M_MMAP_THRESHOLD, own_mapping_bytes);
#endif
}

// A trim when a large call's handler returns is too early: gRPC frees the
// request's and the response's buffers after it. So the trim waits until no
// large call has ended for `quiet`, and under steady large calls runs at
// least every `at_most`; a second trim `again` later catches a slow send.
class free_memory_after_calls {
public:
    static constexpr std::chrono::milliseconds quiet{200}, at_most{1000}, again{2000};

    // Called when a large call ends; cheap (one lock, no allocation).
    void large_call_ended() noexcept {
        if (!threaded_) return return_free_memory();
        {
            const std::scoped_lock lock(mutex_);
            last_end_ = std::chrono::steady_clock::now();
            if (!pending_) first_end_ = last_end_;
            pending_ = true;
        }
        wake_.notify_one();
    }

    // The one trimmer, started on the first large call and never stopped: it
    // sleeps while nothing is pending, and process exit ends it.
    static free_memory_after_calls& instance() {
        static free_memory_after_calls* const trimmer = [] {
            auto* t = new free_memory_after_calls;  // never destroyed: gRPC threads may call it during exit
            try {
                std::thread([t] { t->run(); }).detach();
            } catch (const std::system_error&) {
                t->threaded_ = false;  // no thread to be had: trim at once, as late as the call can
            }
            return t;
        }();
        return *trimmer;
    }

private:
    void run() {
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [&] { return pending_; });
            for (;;) {  // debounce: `quiet` since the last end, at most `at_most` since the first
                const auto due = std::min(last_end_ + quiet, first_end_ + at_most);
                if (std::chrono::steady_clock::now() >= due) break;
                wake_.wait_until(lock, due);
            }
            pending_ = false;
            lock.unlock();
            return_free_memory();
            lock.lock();
            // One more trim `again` later, unless another large call ends first
            // (its own trim follows then).
            if (!wake_.wait_for(lock, again, [&] { return pending_; })) {
                lock.unlock();
                return_free_memory();
                lock.lock();
            }
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::chrono::steady_clock::time_point first_end_, last_end_;
    bool pending_ = false;
    bool threaded_ = true;
};

}  // namespace tfpp::detail
