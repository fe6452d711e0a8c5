// Timing pieces shared by the C++ benchmarks: batches timed on a monotonic
// clock, and quantiles of the samples (method: shared/reference/performance.md).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace bench {

using clock = std::chrono::steady_clock;

// Runs f `batch` times; nanoseconds per call.
template <class F>
double time_batch(F&& f, int batch) {
    const auto start = clock::now();
    for (int i = 0; i < batch; ++i) f();
    return std::chrono::duration<double, std::nano>(clock::now() - start).count() / batch;
}

// The q-quantile of the samples by nearest rank (0 for no samples).
inline double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

}  // namespace bench
