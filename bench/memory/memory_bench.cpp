// Memory that comes back: a provider (examples/local) gets bursts of
// concurrent requests that each carry one large value (ValidateResourceConfig
// of a local_file whose content is VALUE_MB); the provider's RSS is read
// before, at its peak (VmHWM) and SETTLE seconds after each burst.
//
//   tfpp_memory_bench PROVIDER [--clients 32] [--value-mb 5] [--bursts 3] [--settle 5] [--runs 3]
//
// Each run starts its own provider. Prints one line per burst and per run,
// then the median (min-max) over the runs: peak RSS per request in flight
// against the value size, and RSS after each burst against the level the
// same run measured before the load. Each run passes issue 40's goals or
// fails them: peak per request <= 3 times the value, and RSS within 20 % of
// the level before SETTLE s after every burst (its worst burst). Timings
// are not judged; the exit status is 0 whatever the verdicts: this
// measures, it does not test.
#include "../plugin_client.hpp"

#include <tfplugin6.pb.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <algorithm>
#include <vector>

namespace {

using namespace bench::plugin;

// MessagePack of local_file's configuration with `content` of n bytes.
std::string file_config(std::size_t n) {
    const auto str = [](std::string_view s) {
        std::string out;
        if (s.size() < 32) out += static_cast<char>(0xa0 | s.size());
        else {
            out += '\xdb';
            for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((s.size() >> shift) & 0xff);
        }
        return out + std::string(s);
    };
    const std::string nil(1, '\xc0');
    std::string m(1, static_cast<char>(0x88));
    m += str("content") + str(std::string(n, 'x'));
    for (const char* k : {"content_base64", "content_md5", "content_sha1", "content_sha256", "file_permission", "id"})
        m += str(k) + nil;
    m += str("filename") + str("memory-bench.txt");
    return m;
}

long arg(int argc, char** argv, std::string_view name, long fallback) {
    for (int i = 2; i + 1 < argc; ++i)
        if (argv[i] == name) return std::stol(argv[i + 1]);
    return fallback;
}

// Issue 40's goals for one run.
constexpr double peak_goal = 3.0, settle_goal = 1.20;

struct run_result {
    double peak_per_value;  // (peak - before) / clients / value size
    double settled_ratio;   // RSS `settle` s after the last burst / RSS before
    double worst_settled;   // the highest such ratio after any burst
    double anon_growth_mb;  // of that RSS: anonymous memory (the heap, arenas, stacks) gained
    double file_growth_mb;  // and pages of the binary and libraries touched for the first time
};

// Where the anonymous memory lives: the main heap, thread stacks (8 MiB
// mappings), and the rest (malloc's thread arenas, gRPC's own mappings).
std::string anonymous_split(long pid) {
    std::ifstream smaps("/proc/" + std::to_string(pid) + "/smaps");
    std::string line, kind;
    unsigned long mapped_kb = 0;
    long heap = 0, stacks = 0, other = 0, threads = proc_status_kb(pid, "Threads");
    while (std::getline(smaps, line)) {
        unsigned long lo = 0, hi = 0;
        char perms[5] = {};
        int consumed = 0;
        if (std::sscanf(line.c_str(), "%lx-%lx %4s %*s %*s %*s%n", &lo, &hi, perms, &consumed) == 3) {
            const std::string rest = line.substr(static_cast<std::size_t>(consumed));
            mapped_kb = (hi - lo) / 1024;
            const bool unnamed = rest.find_first_not_of(' ') == std::string::npos;
            kind = rest.find("[heap]") != std::string::npos ? "heap"
                 : unnamed && std::string(perms).starts_with("rw") ? ((hi - lo) == (8UL << 20) ? "stack" : "other")
                 : "";
        } else if (line.starts_with("Anonymous:") && !kind.empty()) {
            const long kb = std::atol(line.c_str() + 10);
            (kind == "heap" ? heap : kind == "stack" ? stacks : other) += kb;
            if (kind == "other" && kb > 512 && std::getenv("TFPP_MEMORY_MAPS"))
                std::printf("  other mapping: %ld kB anonymous of %lu kB\n", kb, mapped_kb);
        }
    }
    char out[160];
    std::snprintf(out, sizeof out, "threads %ld, anonymous MB: heap %.1f, stacks %.1f, other %.1f", threads,
                  heap / 1024.0, stacks / 1024.0, other / 1024.0);
    return out;
}

run_result run_once(const char* provider, long clients, long value_mb, long bursts, long settle) {
    start_options o;
    o.provider = provider;
    auto p = start(o);
    const long pid = p->proc.pid;

    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("local_file");
    req.mutable_config()->set_msgpack(file_config(static_cast<std::size_t>(value_mb) << 20));
    const grpc::ByteBuffer large = to_buffer(req.SerializeAsString());
    req.mutable_config()->set_msgpack(file_config(16));
    const grpc::ByteBuffer small = to_buffer(req.SerializeAsString());
    const std::string method = "/tfplugin6.Provider/ValidateResourceConfig";
    {
        raw_caller c(p->channel);
        grpc::ByteBuffer resp;
        if (!c.call(method, small, resp).ok()) fail("the warm-up call failed");
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const long before_kb = proc_status_kb(pid, "VmRSS");
    const long before_anon_kb = proc_status_kb(pid, "RssAnon");
    const long before_file_kb = proc_status_kb(pid, "RssFile");
    std::printf("RSS before the load %.1f MB (%s)\n", static_cast<double>(before_kb) / 1024,
                anonymous_split(pid).c_str());

    long after_kb = before_kb, after_anon_kb = before_anon_kb, after_file_kb = before_file_kb;
    long peak_kb = before_kb;
    double worst = 0;
    for (long b = 1; b <= bursts; ++b) {
        std::atomic<int> failed{0};
        std::vector<std::thread> threads;
        for (long i = 0; i < clients; ++i)
            threads.emplace_back([&] {
                raw_caller c(p->channel);
                grpc::ByteBuffer resp;
                if (!c.call(method, large, resp).ok()) ++failed;
            });
        for (auto& t : threads) t.join();
        peak_kb = proc_status_kb(pid, "VmHWM");
        std::this_thread::sleep_for(std::chrono::seconds(settle));
        after_kb = proc_status_kb(pid, "VmRSS");
        after_anon_kb = proc_status_kb(pid, "RssAnon");
        after_file_kb = proc_status_kb(pid, "RssFile");
        const double ratio = static_cast<double>(after_kb) / static_cast<double>(before_kb);
        worst = std::max(worst, ratio);
        std::printf("burst %ld: %d failed, peak RSS %.1f MB, RSS %ld s after %.1f MB = %.2f of before (%s)\n", b,
                    failed.load(), static_cast<double>(peak_kb) / 1024, settle, static_cast<double>(after_kb) / 1024,
                    ratio, anonymous_split(pid).c_str());
        if (failed.load() != 0) fail("calls failed");
    }
    stop(*p);
    const double per_request_mb = static_cast<double>(peak_kb - before_kb) / 1024 / static_cast<double>(clients);
    return {per_request_mb / static_cast<double>(value_mb),
            static_cast<double>(after_kb) / static_cast<double>(before_kb), worst,
            static_cast<double>(after_anon_kb - before_anon_kb) / 1024,
            static_cast<double>(after_file_kb - before_file_kb) / 1024};
}

void summary(const char* what, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::printf("%s: %.2f (%.2f-%.2f)\n", what, v[v.size() / 2], v.front(), v.back());
}

}  // namespace

int main(int argc, char** argv) {
    program_name = "tfpp_memory_bench";
    if (argc < 2)
        fail("usage: tfpp_memory_bench PROVIDER [--clients N] [--value-mb N] [--bursts N] [--settle S] [--runs N]");
    const long clients = arg(argc, argv, "--clients", 32);
    const long value_mb = arg(argc, argv, "--value-mb", 5);
    const long bursts = arg(argc, argv, "--bursts", 3);
    const long settle = arg(argc, argv, "--settle", 5);
    const long runs = std::max(1L, arg(argc, argv, "--runs", 3));
    std::printf("value %ld MB, %ld concurrent clients, %ld bursts, %ld runs\n", value_mb, clients, bursts, runs);
    std::vector<double> peaks, settled, worst, anon, file;
    long passed = 0;
    for (long r = 1; r <= runs; ++r) {
        std::printf("run %ld: ", r);
        const auto res = run_once(argv[1], clients, value_mb, bursts, settle);
        const bool pass = res.peak_per_value <= peak_goal && res.worst_settled <= settle_goal;
        passed += pass ? 1 : 0;
        std::printf("run %ld: peak per request / value %.2f (goal <= %.0f), worst RSS after a burst / before %.2f "
                    "(goal <= %.2f): %s\n",
                    r, res.peak_per_value, peak_goal, res.worst_settled, settle_goal, pass ? "PASS" : "FAIL");
        peaks.push_back(res.peak_per_value);
        settled.push_back(res.settled_ratio);
        worst.push_back(res.worst_settled);
        anon.push_back(res.anon_growth_mb);
        file.push_back(res.file_growth_mb);
    }
    std::printf("median (min-max) over %ld runs\n", runs);
    summary("peak RSS per request in flight / value size (goal <= 3)", peaks);
    summary("RSS after the last burst / RSS before", settled);
    summary("RSS after its worst burst / RSS before (goal <= 1.20)", worst);
    summary("of which anonymous memory gained, MB", anon);
    summary("and file pages (code) touched for the first time, MB", file);
    std::printf("issue 40's goals met in %ld of %ld runs\n", passed, runs);
    return 0;
}
