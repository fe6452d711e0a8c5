// Computes the table go_random.cpp xors into every seeded state: the state
// of the seeding generator (the lagged Fibonacci recurrence of length 607 and
// tap 273, filled from Park-Miller seed 1 with shifts 20 and 10) after 7.8e12
// steps. Stepping that far takes hours, so it jumps: 607 steps are one linear
// map of the state (sums mod 2^64), raised to the needed power by squaring.
// Prints 607 signed decimal numbers, one a line (about 10 s):
//   c++ -O2 -std=c++20 cook.cpp -o cook && ./cook
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

using u64 = std::uint64_t;
constexpr int n = 607, tap = 273;

std::int32_t park_miller(std::int32_t x) {
    const std::int32_t hi = x / 44488, lo = x % 44488;
    x = 48271 * lo - 3399 * hi;
    return x < 0 ? x + 2147483647 : x;
}

struct matrix {
    std::vector<u64> a = std::vector<u64>(static_cast<std::size_t>(n) * n);
    u64& at(int i, int j) { return a[static_cast<std::size_t>(i) * n + j]; }
};

matrix multiply(matrix& x, matrix& y) {
    matrix r;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            const u64 v = x.at(i, k);
            if (v == 0) continue;
            for (int j = 0; j < n; j++) r.at(i, j) += v * y.at(k, j);
        }
    return r;
}

void step(std::vector<u64>& v, int& t, int& feed) {
    if (--t < 0) t += n;
    if (--feed < 0) feed += n;
    v[static_cast<std::size_t>(feed)] += v[static_cast<std::size_t>(t)];
}

}  // namespace

int main() {
    std::vector<u64> start(n);
    std::int32_t x = 1;
    for (int i = -20; i < n; i++) {
        x = park_miller(x);
        if (i < 0) continue;
        std::int64_t u = std::int64_t(x) << 20;
        x = park_miller(x);
        u ^= std::int64_t(x) << 10;
        x = park_miller(x);
        u ^= std::int64_t(x);
        start[static_cast<std::size_t>(i)] = static_cast<u64>(u);
    }
    // Column j of the map: where 607 steps take the unit vector j (tap and feed are back where they began).
    matrix round;
    for (int j = 0; j < n; j++) {
        std::vector<u64> e(n);
        e[static_cast<std::size_t>(j)] = 1;
        int t = 0, feed = n - tap;
        for (int c = 0; c < n; c++) step(e, t, feed);
        for (int i = 0; i < n; i++) round.at(i, j) = e[static_cast<std::size_t>(i)];
    }
    const u64 total = 7800000000000ULL;
    u64 rounds = total / n;
    matrix power;
    for (int i = 0; i < n; i++) power.at(i, i) = 1;
    for (matrix base = round; rounds != 0;) {
        if (rounds & 1) power = multiply(power, base);
        rounds >>= 1;
        if (rounds != 0) base = multiply(base, base);
    }
    std::vector<u64> v(n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) v[static_cast<std::size_t>(i)] += power.at(i, j) * start[static_cast<std::size_t>(j)];
    int t = 0, feed = n - tap;
    for (u64 c = 0; c < total % n; c++) step(v, t, feed);
    for (u64 value : v) std::printf("%lld\n", static_cast<long long>(static_cast<std::int64_t>(value)));
}
