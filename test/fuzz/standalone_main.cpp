// A main() for the fuzz targets when libFuzzer is not available (GCC builds):
// replays files and directories through LLVMFuzzerTestOneInput, and with
// -mutate_seconds=N also tries random mutations of them for N seconds. The
// mutations are blind (no coverage feedback), so this is a fallback, not a
// replacement for libFuzzer.
//
//   fuzz_X_replay [-mutate_seconds=N] [-seed=S] [-max_len=L] FILE_OR_DIR...
//
// When an input crashes the process (sanitizer report, trap, abort, uncaught
// exception), it is written to ./crash-standalone before the process dies.
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Present when a sanitizer runtime is linked in; weak so that plain builds link too.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {

std::vector<std::uint8_t> current;

void dump_current() {
    static bool done = false;
    if (done) return;
    done = true;
    std::FILE* f = std::fopen("crash-standalone", "wb");
    if (!f) return;
    std::fwrite(current.data(), 1, current.size(), f);
    std::fclose(f);
    static const char msg[] = "standalone: the crashing input is in ./crash-standalone\n";
    (void)!write(2, msg, sizeof msg - 1);
}

void on_signal(int sig) {
    dump_current();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void run(const std::vector<std::uint8_t>& input) {
    current = input;
    // A copy of exactly the input's size, so that reads past the end are caught.
    std::unique_ptr<std::uint8_t[]> copy(new std::uint8_t[input.size() ? input.size() : 1]);
    if (!input.empty()) std::memcpy(copy.get(), input.data(), input.size());
    LLVMFuzzerTestOneInput(copy.get(), input.size());
}

std::vector<std::uint8_t> read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void mutate(std::vector<std::uint8_t>& in, const std::vector<std::vector<std::uint8_t>>& corpus, std::mt19937_64& rng,
            std::size_t max_len) {
    using namespace std::string_view_literals;
    static constexpr std::string_view tokens[] = {
        "\xc0"sv, "\xd4\x00\x00"sv, "\xc7\x03\x0c\x81\x01"sv, "\x91"sv, "\x81"sv, "\""sv, "["sv, "]"sv, "{"sv, "}"sv,
        "null"sv, "1e400"sv,        "\"dynamic\""sv,          "\xa1"sv, "\xff"sv, "0.1"sv};
    const int rounds = 1 + static_cast<int>(rng() % 4);
    for (int r = 0; r < rounds; ++r) {
        const std::size_t pos = in.empty() ? 0 : rng() % (in.size() + 1);
        switch (rng() % 7) {
        case 0:  // flip a bit
            if (!in.empty()) in[rng() % in.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
            break;
        case 1:  // random byte
            if (!in.empty()) in[rng() % in.size()] = static_cast<std::uint8_t>(rng());
            break;
        case 2:  // insert a byte
            in.insert(in.begin() + static_cast<std::ptrdiff_t>(pos), static_cast<std::uint8_t>(rng()));
            break;
        case 3:  // erase a range
            if (!in.empty()) {
                const std::size_t at = rng() % in.size();
                const std::size_t n = 1 + rng() % std::min<std::size_t>(16, in.size() - at);
                in.erase(in.begin() + static_cast<std::ptrdiff_t>(at),
                         in.begin() + static_cast<std::ptrdiff_t>(at + n));
            }
            break;
        case 4: {  // insert a token
            const std::string_view t = tokens[rng() % std::size(tokens)];
            in.insert(in.begin() + static_cast<std::ptrdiff_t>(pos), t.begin(), t.end());
            break;
        }
        case 5: {  // splice a piece of another input
            const auto& other = corpus[rng() % corpus.size()];
            if (other.empty()) break;
            const std::size_t at = rng() % other.size();
            const std::size_t n = 1 + rng() % std::min<std::size_t>(64, other.size() - at);
            in.insert(in.begin() + static_cast<std::ptrdiff_t>(pos), other.begin() + static_cast<std::ptrdiff_t>(at),
                      other.begin() + static_cast<std::ptrdiff_t>(at + n));
            break;
        }
        case 6:  // duplicate a range
            if (!in.empty()) {
                const std::size_t at = rng() % in.size();
                const std::size_t n = 1 + rng() % std::min<std::size_t>(32, in.size() - at);
                std::vector<std::uint8_t> piece(in.begin() + static_cast<std::ptrdiff_t>(at),
                                                in.begin() + static_cast<std::ptrdiff_t>(at + n));
                in.insert(in.begin() + static_cast<std::ptrdiff_t>(pos), piece.begin(), piece.end());
            }
            break;
        }
    }
    if (in.size() > max_len) in.resize(max_len);
}

}  // namespace

int main(int argc, char** argv) {
    double seconds = 0;
    std::uint64_t seed = 1;
    std::size_t max_len = 4096;
    std::vector<std::vector<std::uint8_t>> corpus;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("-mutate_seconds=", 0) == 0) seconds = std::atof(a.c_str() + 16);
        else if (a.rfind("-seed=", 0) == 0) seed = std::strtoull(a.c_str() + 6, nullptr, 10);
        else if (a.rfind("-max_len=", 0) == 0) max_len = std::strtoull(a.c_str() + 9, nullptr, 10);
        else if (a.rfind("-", 0) == 0) continue;  // libFuzzer flags such as -runs=0: ignored
        else if (std::filesystem::is_directory(a)) {
            for (const auto& e : std::filesystem::directory_iterator(a))
                if (e.is_regular_file()) corpus.push_back(read_file(e.path()));
        } else {
            corpus.push_back(read_file(a));
        }
    }
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(dump_current);
    for (int sig : {SIGABRT, SIGILL, SIGSEGV, SIGBUS, SIGFPE}) std::signal(sig, on_signal);

    for (auto& input : corpus) {
        if (input.size() > max_len) input.resize(max_len);
        run(input);
    }
    std::printf("replayed %zu inputs\n", corpus.size());
    if (seconds <= 0 || corpus.empty()) return 0;

    std::mt19937_64 rng(seed);
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    std::uint64_t execs = 0;
    while (std::chrono::steady_clock::now() < until) {
        for (int k = 0; k < 256; ++k, ++execs) {
            std::vector<std::uint8_t> in = corpus[rng() % corpus.size()];
            mutate(in, corpus, rng, max_len);
            run(in);
        }
    }
    std::printf("stat::number_of_executed_units: %llu\n", static_cast<unsigned long long>(execs));
    return 0;
}
