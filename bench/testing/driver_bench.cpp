// How fast provider unit tests through tfpp/testing.hpp are: one plan step
// (validate, proposed new state, plan, the plan checks) and whole scenarios
// (create: plan, apply, refresh, plan again; update the same) of a typical
// resource of 20 attributes (strings, numbers, bools, a list, a map, a
// nested list attribute, a list block, computed values) whose handlers only
// touch memory, so the numbers are the driver's and tfpp's own cost.
//
//   ninja -C build bench/testing/tfpp_driver_bench
//   build/bench/testing/tfpp_driver_bench [-smoke]
//
// Prints medians and p90s per call in microseconds.
#include "../timing.hpp"

#include <tfpp/testing.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bench {

struct port_rule {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string> protocol;
    tfpp::computed<std::string> rule_id;
};
struct volume {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t> size_gb;
    tfpp::computed<std::string> device;
};

struct server_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::required<std::string> image;
    tfpp::optional<std::string> description;
    tfpp::optional<std::int64_t> cpus;
    tfpp::optional<std::int64_t> memory_mb;
    tfpp::optional<tfpp::number> disk_gb;
    tfpp::optional<bool> monitoring;
    tfpp::optional<bool> backups;
    tfpp::optional<std::vector<std::string>> ssh_keys;
    tfpp::optional<std::map<std::string, std::string>> labels;
    tfpp::optional<std::vector<volume>> volumes;
    tfpp::optional<std::string, tfpp::sensitive> admin_password;
    tfpp::optional_computed<std::string, tfpp::default_value<"eu-1">> region;
    tfpp::optional_computed<std::string> zone;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> created_at;
    tfpp::computed<std::string> ipv4_address;
    tfpp::computed<std::string> status;
    tfpp::computed<std::int64_t> revision;
    tfpp::block_list<port_rule> rule;
};

struct provider;

struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "bench_server";

    static void fill(model& m) {
        if (m.zone.is_unknown()) m.zone = "eu-1a";
        if (m.id.is_unknown()) m.id = "srv-" + *m.name;
        if (m.created_at.is_unknown()) m.created_at = "2026-01-01T00:00:00Z";
        m.ipv4_address = "192.0.2.10";
        m.status = "running";
        if (m.volumes.is_known())
            for (volume& v : *m.volumes) v.device = "/dev/" + *v.label;
        if (m.rule.is_known())
            for (port_rule& r : *m.rule) r.rule_id = "rule-" + std::to_string(*r.port);
    }
    std::optional<model> create(model plan, tfpp::context&) {
        fill(plan);
        plan.revision = 1;
        stored = plan;
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return stored ? *stored : state; }
    std::optional<model> update(model plan, const model& prior, tfpp::context&) {
        fill(plan);
        plan.revision = *prior.revision + 1;
        stored = plan;
        return plan;
    }
    void destroy(const model&, tfpp::context&) { stored.reset(); }

    std::optional<model> stored;
};

struct provider {
    static constexpr std::string_view type_name = "bench";
    using resources = tfpp::type_list<server>;
};

server_model config(std::string description) {
    server_model m;
    m.name = "web-1";
    m.image = "debian-12";
    m.description = std::move(description);
    m.cpus = 4;
    m.memory_mb = 8192;
    m.disk_gb = tfpp::number(80);
    m.monitoring = true;
    m.backups = false;
    m.ssh_keys = std::vector<std::string>{"ssh-ed25519 AAAA one", "ssh-ed25519 AAAA two"};
    m.labels = std::map<std::string, std::string>{{"env", "prod"}, {"team", "web"}, {"tier", "frontend"}};
    volume v;
    v.label = "data";
    v.size_gb = 100;
    m.volumes = std::vector<volume>{v};
    m.admin_password = "hunter2";
    std::vector<port_rule> rules;
    for (std::int64_t port : {22, 80, 443}) {
        port_rule r;
        r.port = port;
        r.protocol = "tcp";
        rules.push_back(r);
    }
    m.rule = rules;
    return m;
}

struct stats {
    double median, p90;
};

// Runs f in batches of at least 2 ms, for about `seconds`; per-call times.
stats measure(const std::function<void()>& f, double seconds) {
    std::vector<double> samples;
    const auto end = clock::now() + std::chrono::duration<double>(seconds);
    for (int i = 0; i < 20; ++i) f();  // warm-up
    while (clock::now() < end || samples.size() < 5) {
        std::size_t n = 0;
        const auto start = clock::now();
        auto now = start;
        do {
            f();
            ++n;
            now = clock::now();
        } while (now - start < std::chrono::milliseconds(2));
        samples.push_back(std::chrono::duration<double, std::micro>(now - start).count() / static_cast<double>(n));
    }
    return {quantile(samples, 0.5), quantile(samples, 0.9)};
}

}  // namespace bench

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "-smoke") == 0;
    const double seconds = smoke ? 0.05 : 2.0;
    tfpp::testing::provider_under_test<bench::provider> p;
    const bench::server_model cfg = bench::config("first"), changed = bench::config("second");
    auto created = p.create<bench::server>(cfg);
    if (!created) {
        std::fprintf(stderr, "create failed:\n%s\n", created.failure.c_str());
        return 1;
    }
    const bench::server_model state = *created.state;
    struct row {
        const char* what;
        std::function<void()> f;
    };
    bool ok = true;
    const std::vector<row> rows = {
        {"plan step: create", [&] { ok &= p.plan<bench::server>(cfg, tfpp::testing::no_state).ok(); }},
        {"plan step: update in place", [&] { ok &= p.plan<bench::server>(changed, state).ok(); }},
        {"plan step: no change", [&] { ok &= p.plan<bench::server>(cfg, state).ok(); }},
        {"scenario: create (plan, apply, refresh, empty plan)",
         [&] { ok &= static_cast<bool>(p.create<bench::server>(cfg)); }},
        {"scenario: update (plan, apply, refresh, empty plan)",
         [&] { ok &= static_cast<bool>(p.update<bench::server>(state, changed)); }},
    };
    std::printf("| %-52s | median µs | p90 µs |\n|---|---:|---:|\n", "bench_server (20 attributes, a block of 3)");
    for (const row& r : rows) {
        const bench::stats s = bench::measure(r.f, seconds);
        std::printf("| %-52s | %9.1f | %6.1f |\n", r.what, s.median, s.p90);
    }
    if (!ok) {
        std::fprintf(stderr, "a step failed\n");
        return 1;
    }
    return 0;
}
