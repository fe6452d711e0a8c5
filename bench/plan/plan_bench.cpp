// Planning at scale, and the cost of the consistency checker
// (tfpp/plan/detail/consistency.hpp) against planning itself
// (tfpp::detail::plan_resource_change) on the same values in the same run:
//
//   typical   a resource of 20 attributes (strings, numbers, bools, a list, a
//             map, a sensitive and a write-only one, computed ones kept by
//             use_state_for_unknown) and a list block of 3, updated
//   set-N     a resource with a set of N nested objects (5 attributes, two of
//             them computed), one element changed, N = 100, 1k, 3k, 10k
//             (the Go framework's terraform-plugin-framework#775 and #1314
//             case: minutes there at a few thousand elements)
//   list-N    the same elements as a list of nested objects
//
// For each case: plan = plan_resource_change(prior, proposed, config);
// plan-check = check_plan_consistency(prior, config, planned); apply-check =
// check_apply_consistency(planned, actual) where actual is the plan with its
// unknowns filled in (what a correct create/update returns). The three run
// in rotating order, round after round, each sample a batch of at least
// 2 ms; the first rounds are discarded; medians and p90s per call.
//
//   ninja -C build bench/plan/tfpp_plan_bench
//   build/bench/plan/tfpp_plan_bench [-smoke] [-seconds S] [-rounds N]
//
// Prints a Markdown table (the one in docs/benchmarks.md).
#include "../timing.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/plan/detail/planner.hpp>
#include <tfpp/tfpp.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bench {

// ------------------------------------------------------------ typical

struct port_rule {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string> protocol;
    tfpp::computed<std::string> rule_id;
};

struct server {
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
    tfpp::optional<std::string, tfpp::sensitive> user_data;
    tfpp::optional<std::string, tfpp::write_only> root_password;
    tfpp::optional_computed<std::string> region;
    tfpp::optional_computed<std::string> zone;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> created_at;
    tfpp::computed<std::string> ipv4_address;
    tfpp::computed<std::string> ipv6_address;
    tfpp::computed<std::string> status;
    tfpp::computed<std::int64_t> revision;
    tfpp::block_list<port_rule> ingress;
};

// ------------------------------------------------------------ N elements

struct disk {
    tfpp::required<std::string> label;
    tfpp::optional<std::int64_t> size;
    tfpp::optional<std::string> kind;
    tfpp::computed<std::string> device;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> uuid;
};
struct machine_set {
    tfpp::required<std::string> name;
    tfpp::optional<tfpp::set<disk>> disks;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};
struct machine_list {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<disk>> disks;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

// The values of one case, encoded once outside the timed region.
struct values {
    const tfpp::block_schema* schema;
    std::string prior, proposed, config, planned, actual;
};

template <class M>
std::string enc(const M& m) {
    return tfpp::to_msgpack(m);
}

// A value the benchmark made itself: decoding it cannot fail.
template <class M>
M decode_own(std::string_view bytes) {
    M out;
    tfpp::diagnostics d;
    if (!tfpp::decode_msgpack(bytes, out, d)) {
        std::fprintf(stderr, "decoding failed: %s\n", d.empty() ? "?" : d[0].detail.c_str());
        std::exit(1);
    }
    return out;
}

std::string plan_once(const values& v) {
    tfpp::detail::plan_result r;
    tfpp::diagnostics d;
    if (!tfpp::detail::plan_resource_change(*v.schema, v.prior, v.proposed, v.config, r, d) || !d.empty()) {
        std::fprintf(stderr, "planning failed: %s\n", d.empty() ? "?" : d[0].detail.c_str());
        std::exit(1);
    }
    return r.planned_state;
}

values typical() {
    server prior;
    prior.name = "web-1";
    prior.image = "debian-12";
    prior.description = "the web server";
    prior.cpus = 2;
    prior.memory_mb = 4096;
    prior.disk_gb = tfpp::number(40);
    prior.monitoring = true;
    prior.backups = false;
    prior.ssh_keys = std::vector<std::string>{"ssh-ed25519 AAAA... alice", "ssh-ed25519 AAAA... bob"};
    prior.labels = std::map<std::string, std::string>{{"env", "prod"}, {"team", "web"}, {"tier", "frontend"}};
    prior.user_data = "#cloud-config\npackages: [nginx]\n";
    prior.region = "eu-west";
    prior.zone = "eu-west-1a";
    prior.id = "srv-123456";
    prior.created_at = "2026-01-01T00:00:00Z";
    prior.ipv4_address = "192.0.2.10";
    prior.ipv6_address = "2001:db8::10";
    prior.status = "running";
    prior.revision = 7;
    std::vector<port_rule> rules;
    for (std::int64_t port : {22, 80, 443}) {
        port_rule r;
        r.port = port;
        r.protocol = "tcp";
        r.rule_id = "rule-" + std::to_string(port);
        rules.push_back(r);
    }
    prior.ingress = rules;

    server config = prior;  // the configuration: computed attributes null
    config.region = tfpp::null;
    config.zone = tfpp::null;
    config.id = tfpp::null;
    config.created_at = tfpp::null;
    config.ipv4_address = tfpp::null;
    config.ipv6_address = tfpp::null;
    config.status = tfpp::null;
    config.revision = tfpp::null;
    config.root_password = "s3cret";
    for (auto& r : *config.ingress) r.rule_id = tfpp::null;
    config.memory_mb = 8192;  // the change

    server proposed = config;  // Core's ProposedNew: prior values where computed and unset
    proposed.region = prior.region;
    proposed.zone = prior.zone;
    proposed.id = prior.id;
    proposed.created_at = prior.created_at;
    proposed.ipv4_address = prior.ipv4_address;
    proposed.ipv6_address = prior.ipv6_address;
    proposed.status = prior.status;
    proposed.revision = prior.revision;
    proposed.root_password = tfpp::null;
    proposed.ingress = prior.ingress;

    values v{&tfpp::schema_of<server>(), enc(prior), enc(proposed), enc(config), {}, {}};
    v.planned = plan_once(v);
    server actual = decode_own<server>(v.planned);
    actual.region = "eu-west";
    actual.zone = "eu-west-1a";
    actual.ipv4_address = "192.0.2.10";
    actual.ipv6_address = "2001:db8::10";
    actual.status = "running";
    actual.revision = 8;
    for (auto& r : *actual.ingress) r.rule_id = "rule-" + std::to_string(*r.port);
    v.actual = enc(actual);
    return v;
}

disk config_disk(int i) {
    disk d;
    d.label = "disk-" + std::to_string(i);
    d.size = i;
    d.kind = i % 2 ? "ssd" : "hdd";
    return d;
}
disk applied_disk(int i) {
    disk d = config_disk(i);
    d.device = "/dev/vd" + std::to_string(i);
    d.uuid = "uuid-" + std::to_string(i);
    return d;
}

template <class M, class C>
values many(int n) {
    std::vector<disk> config_disks, prior_disks;
    for (int i = 0; i < n; ++i) {
        config_disks.push_back(config_disk(i));
        prior_disks.push_back(applied_disk(i));
    }
    M prior;
    prior.name = "m";
    prior.disks = C(prior_disks);
    prior.id = "m-1";
    // one element changes; Core keeps the computed values of the others
    config_disks[42].size = 4242;
    std::vector<disk> proposed_disks = prior_disks;
    proposed_disks[42] = config_disks[42];
    M config;
    config.name = "m";
    config.disks = C(config_disks);
    M proposed = config;
    proposed.disks = C(proposed_disks);
    proposed.id = prior.id;
    values v{&tfpp::schema_of<M>(), enc(prior), enc(proposed), enc(config), {}, {}};
    v.planned = plan_once(v);
    M actual = decode_own<M>(v.planned);
    std::vector<disk> filled(actual.disks->begin(), actual.disks->end());
    for (disk& e : filled) {
        const int i = std::stoi(e.label->substr(5));
        e.device = "/dev/vd" + std::to_string(i);
        if (e.uuid.is_unknown()) e.uuid = "uuid-new-" + std::to_string(i);
    }
    actual.disks = C(filled);
    v.actual = enc(actual);
    return v;
}

// ------------------------------------------------------------ timing

struct op {
    const char* name;
    std::function<void()> run;
    int batch = 1;
    std::vector<double> ns;
};

std::string ms(double ns) {
    char buf[32];
    if (ns < 1e6) std::snprintf(buf, sizeof buf, "%.1f µs", ns / 1e3);
    else std::snprintf(buf, sizeof buf, "%.2f ms", ns / 1e6);
    return buf;
}

void run_case(const char* name, const values& v, double seconds, int min_rounds) {
    // Each check must pass on these values: the benchmark times the
    // checker's full walk, not an early exit.
    tfpp::diagnostics d;
    if (!tfpp::check_plan_consistency(*v.schema, v.prior, v.config, v.planned, d) ||
        !tfpp::check_apply_consistency(*v.schema, v.planned, v.actual, d)) {
        std::fprintf(stderr, "%s: the values do not pass the check: %s\n", name, d[0].detail.c_str());
        std::exit(1);
    }
    std::vector<op> ops;
    ops.push_back({"plan", [&] { (void)plan_once(v); }, 1, {}});
    ops.push_back({"plan-check",
                   [&] {
                       tfpp::diagnostics dd;
                       (void)tfpp::check_plan_consistency(*v.schema, v.prior, v.config, v.planned, dd);
                   },
                   1,
                   {}});
    ops.push_back({"apply-check",
                   [&] {
                       tfpp::diagnostics dd;
                       (void)tfpp::check_apply_consistency(*v.schema, v.planned, v.actual, dd);
                   },
                   1,
                   {}});
    for (op& o : ops) {  // warm up, and a batch that lasts at least 2 ms
        const double once = time_batch(o.run, 1);
        o.batch = std::max(1, static_cast<int>(2e6 / std::max(once, 1.0)));
    }
    const int warmup = 3;
    const auto start = clock::now();
    for (int round = 0;; ++round) {
        for (std::size_t k = 0; k < ops.size(); ++k) {
            op& o = ops[(k + static_cast<std::size_t>(round)) % ops.size()];
            const double t = time_batch(o.run, o.batch);
            if (round >= warmup) o.ns.push_back(t);
        }
        const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
        if (round + 1 - warmup >= min_rounds && elapsed >= seconds) break;
    }
    const auto cell = [](const op& o) { return ms(quantile(o.ns, 0.5)) + " (" + ms(quantile(o.ns, 0.9)) + ")"; };
    const double plan_median = quantile(ops[0].ns, 0.5);
    std::printf("| %s | %zu | %s | %s | %.2f× | %s | %.2f× | %zu |\n", name, v.planned.size(), cell(ops[0]).c_str(),
                cell(ops[1]).c_str(), quantile(ops[1].ns, 0.5) / plan_median, cell(ops[2]).c_str(),
                quantile(ops[2].ns, 0.5) / plan_median, ops[0].ns.size());
    std::fflush(stdout);
}

}  // namespace bench

int main(int argc, char** argv) {
    double seconds = 5;
    int rounds = 30;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "-smoke") {  // every case once, for CI: proves they run, judges nothing
            seconds = 0;
            rounds = 1;
        } else if (flag == "-seconds" && i + 1 < argc) {
            seconds = std::atof(argv[++i]);
        } else if (flag == "-rounds" && i + 1 < argc) {
            rounds = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: %s [-smoke] [-seconds S] [-rounds N]\n", argv[0]);
            return 2;
        }
    }
    std::printf(
        "| case | planned bytes | plan, median (p90) | plan check (p90) | check / plan | apply check (p90) | "
        "check / plan | samples |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    bench::run_case("typical", bench::typical(), seconds, rounds);
    // The same resource at growing sizes: planning and checking a set stays
    // O(n log n), so the time per element barely grows with n.
    for (int n : {100, 1000, 3000, 10000}) {
        const std::string size = n >= 1000 ? std::to_string(n / 1000) + "k" : std::to_string(n);
        bench::run_case(("set-" + size).c_str(), bench::many<bench::machine_set, tfpp::set<bench::disk>>(n), seconds,
                        rounds);
        bench::run_case(("list-" + size).c_str(), bench::many<bench::machine_list, std::vector<bench::disk>>(n),
                        seconds, rounds);
    }
    return 0;
}
