// The seeded generator of hashicorp/random: a seed string's CRC-64 (ISO
// polynomial, as Go's hash/crc64) seeds Go's math/rand v1 source, an
// additive lagged Fibonacci generator (lags 607 and 273), and random_integer
// and random_shuffle draw from it as math/rand's Intn and Perm do. Written
// from the published description of those algorithms, so that a seeded
// configuration gives the result it gave with the Go provider.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace random_provider {

// CRC-64 with the ISO polynomial, reflected, initial value and final xor all
// ones (catalogue name CRC-64/GO-ISO; "123456789" gives 0xB90956C775A41001).
std::uint64_t crc64_iso(std::string_view bytes);

class go_source {
public:
    explicit go_source(std::int64_t seed);
    // The seed a string gives: its CRC-64 read as a signed number.
    static go_source from_seed(std::string_view seed) { return go_source(static_cast<std::int64_t>(crc64_iso(seed))); }

    std::uint64_t uint64();
    std::int64_t int63() { return static_cast<std::int64_t>(uint64() & 0x7fffffffffffffffULL); }
    std::int32_t int31() { return static_cast<std::int32_t>(int63() >> 32); }
    // [0, n) for n > 0, exactly as math/rand's Int63n, Int31n and Intn.
    std::int64_t int63n(std::int64_t n);
    std::int32_t int31n(std::int32_t n);
    std::int64_t intn(std::int64_t n);
    // A permutation of 0..n-1, as math/rand's Perm.
    std::vector<std::int64_t> perm(std::int64_t n);

private:
    static constexpr int length = 607;
    static constexpr int tap_lag = 273;
    int tap_ = 0;
    int feed_ = length - tap_lag;
    std::array<std::int64_t, length> vec_{};
};

}  // namespace random_provider
