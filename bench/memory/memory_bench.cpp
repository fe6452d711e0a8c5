// Memory that comes back: a provider (examples/local) gets bursts of
// concurrent requests that each carry one large value (ValidateResourceConfig
// of a local_file whose content is VALUE_MB); the provider's RSS is read
// before, at its peak (VmHWM) and SETTLE seconds after each burst.
//
//   tfpp_memory_bench PROVIDER [--clients 32] [--value-mb 5] [--bursts 3] [--settle 5]
//
// Prints one line per burst and a summary: peak RSS per request in flight
// against the value size, and how far RSS came back towards its level
// before the load. Timings are not judged; this measures, it does not test.
#include "../plugin_client.hpp"

#include <tfplugin6.pb.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>
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

}  // namespace

int main(int argc, char** argv) {
    program_name = "tfpp_memory_bench";
    if (argc < 2) fail("usage: tfpp_memory_bench PROVIDER [--clients N] [--value-mb N] [--bursts N] [--settle S]");
    const long clients = arg(argc, argv, "--clients", 32);
    const long value_mb = arg(argc, argv, "--value-mb", 5);
    const long bursts = arg(argc, argv, "--bursts", 3);
    const long settle = arg(argc, argv, "--settle", 5);

    start_options o;
    o.provider = argv[1];
    auto p = start(o);
    const pid_t pid = p->proc.pid;

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
    std::printf("value %ld MB, %ld concurrent clients, RSS before the load %.1f MB\n", value_mb, clients,
                static_cast<double>(before_kb) / 1024);

    long after_kb = before_kb;
    long peak_kb = before_kb;
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
        std::printf("burst %ld: %d failed, peak RSS %.1f MB, RSS %ld s after %.1f MB\n", b, failed.load(),
                    static_cast<double>(peak_kb) / 1024, settle, static_cast<double>(after_kb) / 1024);
    }
    const double per_request_mb = static_cast<double>(peak_kb - before_kb) / 1024 / static_cast<double>(clients);
    std::printf("peak per request in flight: %.1f MB (%.1fx the value); RSS %ld s after the last burst: %+.0f%% of "
                "its level before\n",
                per_request_mb, per_request_mb / static_cast<double>(value_mb), settle,
                100.0 * static_cast<double>(after_kb - before_kb) / static_cast<double>(before_kb));
    stop(*p);
    return 0;
}
