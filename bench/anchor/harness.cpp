// The client of the tfpp/Go benchmark (bench/anchor/run.py drives it; method
// in docs/benchmarks.md). One run starts one provider binary the way
// Terraform does (bench/plugin_client.hpp: cookie, AutoMTLS, handshake line,
// health check), measures one case, shuts the provider down, reaps it, and
// prints one JSON object. The same code drives tfpp's providers, the Go
// terraform-plugin-framework providers of bench/anchor-go and the echo
// server below, so the only difference between the sides is the provider.
//
//   tfpp_bench_harness handshake --provider P          B1, B5 idle
//   tfpp_bench_harness schema    --provider P [--expect-types N]      B2
//   tfpp_bench_harness small     --provider P [--streams S] [--echo]  B3
//   tfpp_bench_harness large     --provider P --kind list|set --elements N
//                                [--echo] [--budget-s S] [--call-timeout-s T]
//                                                                     B4, B4s
//   common: [--calls K] [--no-tls] [--client-cpu C --provider-cpu C]
//           [--dump DIR]  (small, large: the returned states' msgpack, as
//                          planned_state.msgpack and new_state.msgpack)
//
//   tfpp_bench_harness serve-echo   a go-plugin server whose every unary
//                                   method answers with the request's bytes
//                                   (the bare gRPC baseline of B3); also
//                                   when started with no arguments by a
//                                   go-plugin client: --provider can name
//                                   the harness itself; started through a
//                                   link named tfpp_bench_sync_echo, the
//                                   same echo on gRPC's synchronous API
//
// Every request is encoded (msgpack values, protobuf messages) before the
// timed region; responses stay raw bytes while timed and are parsed once
// afterwards, to check that they carry no error and to hash the states they
// return (run.py compares the hashes of the two sides).
#include "../plugin_client.hpp"

#include <tfplugin6.pb.h>
#include <tfpp/serve/detail/handshake.hpp>

#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/security/server_credentials.h>
#include <openssl/sha.h>
#include <msgpack.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <condition_variable>
#include <cstdint>
#include <future>
#include <mutex>
#include <string>
#include <vector>

namespace {

using namespace bench::plugin;
using json = nlohmann::ordered_json;

// ---------------------------------------------------------------- options

struct options {
    std::string mode;
    std::string provider;
    int calls = 30;
    int streams = 1;
    bool tls = true;
    bool echo = false;
    int client_cpu = -1;
    int provider_cpu = -1;
    long expect_types = -1;
    std::string kind = "list";
    long elements = 1000;
    double budget_s = 0;          // large: stop timing a call kind after this many seconds (0: all calls)
    std::string dump_dir;         // small, large: write the states the provider returned here
    double call_timeout_s = 600;  // large: a call taking longer is given up and recorded as censored
};

options parse(int argc, char** argv) {
    options o;
    if (argc < 2) fail("usage: tfpp_bench_harness handshake|schema|small|large|serve-echo --provider PATH ...");
    o.mode = argv[1];
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) fail("missing value after " + a);
            return argv[++i];
        };
        if (a == "--provider") o.provider = next();
        else if (a == "--calls") o.calls = std::stoi(next());
        else if (a == "--streams") o.streams = std::stoi(next());
        else if (a == "--no-tls") o.tls = false;
        else if (a == "--echo") o.echo = true;
        else if (a == "--client-cpu") o.client_cpu = std::stoi(next());
        else if (a == "--provider-cpu") o.provider_cpu = std::stoi(next());
        else if (a == "--expect-types") o.expect_types = std::stol(next());
        else if (a == "--kind") o.kind = next();
        else if (a == "--elements") o.elements = std::stol(next());
        else if (a == "--budget-s") o.budget_s = std::stod(next());
        else if (a == "--dump") o.dump_dir = next();
        else if (a == "--call-timeout-s") o.call_timeout_s = std::stod(next());
        else fail("unknown argument " + a);
    }
    if (o.mode != "serve-echo" && o.provider.empty()) fail("--provider PATH is required");
    if (o.calls < 1 || o.streams < 1 || o.elements < 1) fail("--calls, --streams and --elements must be positive");
    if (o.kind != "list" && o.kind != "set") fail("--kind is list or set");
    return o;
}

// ---------------------------------------------------------------- msgpack values

// Values are written the way Terraform's go-cty writes them: object
// attributes and map keys in sorted order, sets in sorted order, whole
// numbers as integers, unknown as extension 0.
class value_writer {
public:
    value_writer() : pk_(buf_) {}
    value_writer& map(std::size_t n) { return pk_.pack_map(static_cast<std::uint32_t>(n)), *this; }
    value_writer& array(std::size_t n) { return pk_.pack_array(static_cast<std::uint32_t>(n)), *this; }
    value_writer& str(std::string_view s) {
        pk_.pack_str(static_cast<std::uint32_t>(s.size()));
        pk_.pack_str_body(s.data(), static_cast<std::uint32_t>(s.size()));
        return *this;
    }
    value_writer& key(std::string_view k) { return str(k); }
    value_writer& integer(std::int64_t v) { return pk_.pack_int64(v), *this; }
    value_writer& real(double v) { return pk_.pack_double(v), *this; }
    value_writer& boolean(bool v) { return v ? pk_.pack_true() : pk_.pack_false(), *this; }
    value_writer& null() { return pk_.pack_nil(), *this; }
    value_writer& unknown() {
        const char u[] = {static_cast<char>(0xd4), 0, 0};
        buf_.write(u, sizeof u);
        return *this;
    }
    [[nodiscard]] std::string bytes() const { return {buf_.data(), buf_.size()}; }

private:
    msgpack::sbuffer buf_;
    msgpack::packer<msgpack::sbuffer> pk_;
};

tfplugin6::DynamicValue dynamic(const std::string& msgpack_bytes) {
    tfplugin6::DynamicValue v;
    v.set_msgpack(msgpack_bytes);
    return v;
}

const std::string null_value = "\xc0";

// bench_thing_NNNN (bench/schema/gen.py): a value of about 1 KB with every
// optional attribute set; computed attributes null, as in a configuration.
std::string thing_config() {
    value_writer w;
    w.map(20);
    w.key("aliases").array(4).str("alpha").str("beta").str("gamma").str("delta");
    w.key("arn").null();
    w.key("description")
        .str(std::string(
            "A benchmark resource with a description long enough to make the whole value about one kilobyte, as a "
            "typical cloud resource's configuration is: names, tags, a few nested rules and settings, an endpoint, "
            "and this text, which says nothing else."));
    w.key("enabled").boolean(true);
    w.key("endpoint")
        .map(3)
        .key("host")
        .str("db.internal.example.com")
        .key("port")
        .integer(5432)
        .key("tls")
        .boolean(true);
    w.key("id").null();
    w.key("labels").null();
    w.key("name").str("thing-small-0001");
    w.key("password").str("s3cr3t-passw0rd-for-the-benchmark");
    w.key("priority").integer(7);
    w.key("ratio").real(0.75);
    w.key("region").null();
    w.key("revision").null();
    w.key("rules").array(3);
    for (int i = 0; i < 3; ++i) {
        w.map(4);
        w.key("cidr_blocks").array(2).str("10.0.0.0/8").str("192.168.0.0/16");
        w.key("from_port").integer(443 + i);
        w.key("protocol").str("tcp");
        w.key("to_port").integer(443 + i);
    }
    w.key("setting").array(3);
    for (int i = 0; i < 3; ++i)
        w.map(3)
            .key("key")
            .str("setting-" + std::to_string(i))
            .key("secure")
            .boolean(i == 0)
            .key("value")
            .str("value-of-setting-" + std::to_string(i));
    w.key("size").integer(42);
    w.key("tags").map(6);
    w.key("app").str("tfpp").key("cost-center").str("cc-1234").key("env").str("bench");
    w.key("owner").str("platform-team@example.com").key("team").str("platform").key("tier").str("gold");
    w.key("updated_at").null();
    w.key("weight").real(12.5);
    w.key("zones").array(3).str("zone-a").str("zone-b").str("zone-c");
    return w.bytes();
}

// bench_items_list / bench_items_set (bench/anchor/items.hpp): n disks.
enum class disk_form { config, state, proposed };

std::string items_value(long n, disk_form form, bool set_kind, long changed) {
    // Labels sort in element order ("disk-0000001" < "disk-0000002"), so the
    // list's order is also the set's canonical order.
    auto label = [](long i) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "disk-%07ld", i);
        return std::string(buf);
    };
    value_writer w;
    w.map(3);
    w.key("disks").array(static_cast<std::size_t>(n));
    for (long i = 0; i < n; ++i) {
        const std::string l = label(i);
        const bool is_changed = i == changed;
        // Core's ProposedNew keeps a list element's computed values (it
        // correlates by index) but cannot correlate a changed set element.
        const bool computed_from_prior =
            form == disk_form::state || (form == disk_form::proposed && !(set_kind && is_changed));
        w.map(5);
        if (computed_from_prior) w.key("device").str("/dev/" + l);
        else w.key("device").null();
        w.key("kind").str(i % 2 ? "ssd" : "hdd");
        w.key("label").str(l);
        w.key("size").integer(is_changed && form != disk_form::state ? 20 : 10);
        if (computed_from_prior) w.key("uuid").str("uuid-" + l);
        else w.key("uuid").null();
    }
    if (form == disk_form::config) w.key("id").null();
    else w.key("id").str("items/big");
    w.key("name").str("big");
    return w.bytes();
}

std::string bench_provider_config() {
    value_writer w;
    w.map(1).key("region").null();
    return w.bytes();
}

// ---------------------------------------------------------------- responses

std::string dump_dir;  // --dump

// The hash of a returned state (run.py compares the sides by it); with
// --dump, the bytes are also written to DIR/<name>.msgpack.
std::string state_digest(std::string_view name, const std::string& msgpack_bytes);

std::string sha256_hex(std::string_view data) {
    unsigned char d[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), d);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char c : d) out += hex[c >> 4], out += hex[c & 15];
    return out;
}

// Writes o with every map's entries ordered by their encoded keys, so that
// equal values hash the same whatever order an encoder chose (Go's tftypes
// writes map entries in Go's random map order).
void pack_canonical(const msgpack::object& o, msgpack::sbuffer& out) {
    msgpack::packer<msgpack::sbuffer> pk(out);
    if (o.type == msgpack::type::ARRAY) {
        pk.pack_array(o.via.array.size);
        for (std::uint32_t i = 0; i < o.via.array.size; ++i) pack_canonical(o.via.array.ptr[i], out);
    } else if (o.type == msgpack::type::MAP) {
        std::vector<std::pair<std::string, const msgpack::object*>> entries;
        for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
            msgpack::sbuffer key;
            pack_canonical(o.via.map.ptr[i].key, key);
            entries.emplace_back(std::string(key.data(), key.size()), &o.via.map.ptr[i].val);
        }
        std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        pk.pack_map(o.via.map.size);
        for (const auto& [key, val] : entries) {
            out.write(key.data(), key.size());
            pack_canonical(*val, out);
        }
    } else {
        pk.pack(o);
    }
}

std::string state_digest(std::string_view name, const std::string& msgpack_bytes) {
    if (!dump_dir.empty()) {
        std::ofstream out(dump_dir + "/" + std::string(name) + ".msgpack", std::ios::binary | std::ios::trunc);
        out << msgpack_bytes;
    }
    const msgpack::object_handle h = msgpack::unpack(msgpack_bytes.data(), msgpack_bytes.size());
    msgpack::sbuffer canonical;
    pack_canonical(h.get(), canonical);
    return sha256_hex(std::string_view(canonical.data(), canonical.size()));
}

template <class Msg>
Msg parse_response(const std::string& bytes, std::string_view what) {
    Msg m;
    if (!m.ParseFromString(bytes)) fail(std::string(what) + ": the response does not parse");
    for (const auto& d : m.diagnostics())
        if (d.severity() == tfplugin6::Diagnostic::ERROR)
            fail(std::string(what) + " error: " + d.summary() + ": " + d.detail());
    return m;
}

// The rpc's response, or a failure naming it.
std::string call_or_fail(raw_caller& caller, const std::string& method, const grpc::ByteBuffer& req) {
    grpc::ByteBuffer resp;
    const grpc::Status s = caller.call(method, req, resp);
    if (!s.ok()) fail(method + " failed: " + s.error_message());
    return to_string(resp);
}

const std::string m_schema = "/tfplugin6.Provider/GetProviderSchema";
const std::string m_metadata = "/tfplugin6.Provider/GetMetadata";
const std::string m_configure = "/tfplugin6.Provider/ConfigureProvider";
const std::string m_validate = "/tfplugin6.Provider/ValidateResourceConfig";
const std::string m_plan = "/tfplugin6.Provider/PlanResourceChange";
const std::string m_apply = "/tfplugin6.Provider/ApplyResourceChange";
const std::string m_health = "/grpc.health.v1.Health/Check";
const std::string m_shutdown = "/plugin.GRPCController/Shutdown";

// What Terraform does before any resource call: the schema, then configure.
void prepare(raw_caller& caller, bool echo) {
    const std::string schema =
        call_or_fail(caller, m_schema, to_buffer(tfplugin6::GetProviderSchema_Request().SerializeAsString()));
    tfplugin6::ConfigureProvider_Request configure;
    configure.set_terraform_version("1.12.6");
    *configure.mutable_config() = dynamic(bench_provider_config());
    const std::string configured = call_or_fail(caller, m_configure, to_buffer(configure.SerializeAsString()));
    if (echo) return;
    parse_response<tfplugin6::GetProviderSchema_Response>(schema, "GetProviderSchema");
    parse_response<tfplugin6::ConfigureProvider_Response>(configured, "ConfigureProvider");
}

// ---------------------------------------------------------------- measurements

struct timed_calls {
    std::vector<double> ms;
    std::string last_response;
    bool censored = false;  // the last call hit the timeout: its sample is the timeout, a lower bound
};

// Calls `method` up to `calls` times (stopping early, after at least one
// call, once `budget_s` seconds are spent when it is positive). A call that
// takes longer than `timeout_s` is given up: its sample is the timeout and
// no further call is made.
timed_calls time_calls(raw_caller& caller, const std::string& method, const grpc::ByteBuffer& req, int calls,
                       double budget_s = 0, double timeout_s = 600) {
    timed_calls out;
    const auto timeout = std::chrono::milliseconds(static_cast<long>(timeout_s * 1e3));
    const auto start = clock_type::now();
    for (int i = 0; i < calls; ++i) {
        grpc::ByteBuffer resp;
        const auto t0 = clock_type::now();
        const grpc::Status s = caller.call(method, req, resp, timeout);
        out.ms.push_back(ms_since(t0));
        if (s.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
            out.ms.back() = timeout_s * 1e3;
            out.censored = true;
            break;
        }
        if (!s.ok()) fail(method + " failed: " + s.error_message());
        if (i + 1 == calls || (budget_s > 0 && ms_since(start) / 1e3 >= budget_s)) {
            out.last_response = to_string(resp);
            break;
        }
    }
    return out;
}

json provider_end(process& p, json out, bool kill_late) {
    out["vm_hwm_kb"] = proc_status_kb(p.proc.pid, "VmHWM");
    out["exited_on_shutdown"] = stop(p, kill_late);
    out["shutdown_ms"] = p.shutdown_ms;
    out["ru_maxrss_kb"] = p.proc.usage.max_rss_kb;
    out["provider_cpu_ms"] = p.proc.cpu_ms();
    out["exit_code"] = p.proc.exit_code();
    return out;
}

json run_handshake(process& p) {
    std::this_thread::sleep_for(50ms);  // let start-up settle before reading the idle RSS
    json out;
    out["idle_rss_kb"] = proc_status_kb(p.proc.pid, "VmRSS");
    return out;
}

json run_schema(const options& o, process& p) {
    raw_caller caller(p.channel);
    std::this_thread::sleep_for(50ms);
    json out;
    out["idle_rss_kb"] = proc_status_kb(p.proc.pid, "VmRSS");
    const grpc::ByteBuffer req = to_buffer(tfplugin6::GetProviderSchema_Request().SerializeAsString());
    const auto schema = time_calls(caller, m_schema, req, o.calls + 1);
    const auto metadata =
        time_calls(caller, m_metadata, to_buffer(tfplugin6::GetMetadataMsg_Request().SerializeAsString()), o.calls);
    out["rss_after_schema_kb"] = proc_status_kb(p.proc.pid, "VmRSS");
    out["schema_ms"] = schema.ms;
    out["metadata_ms"] = metadata.ms;
    const auto parsed =
        parse_response<tfplugin6::GetProviderSchema_Response>(schema.last_response, "GetProviderSchema");
    const long types = parsed.resource_schemas_size();
    if (o.expect_types >= 0 && types != o.expect_types)
        fail("GetProviderSchema lists " + std::to_string(types) + " resource types, expected " +
             std::to_string(o.expect_types));
    out["response_bytes"] = schema.last_response.size();
    out["resource_types"] = types;
    return out;
}

struct small_requests {
    grpc::ByteBuffer validate, plan, apply;
    std::size_t value_bytes = 0;
};

small_requests small_setup(raw_caller& caller, bool echo, json& out) {
    prepare(caller, echo);
    const std::string type = "bench_thing_0000";
    const std::string config = thing_config();
    small_requests r;
    r.value_bytes = config.size();

    tfplugin6::ValidateResourceConfig_Request validate;
    validate.set_type_name(type);
    *validate.mutable_config() = dynamic(config);
    r.validate = to_buffer(validate.SerializeAsString());

    tfplugin6::PlanResourceChange_Request plan;
    plan.set_type_name(type);
    *plan.mutable_prior_state() = dynamic(null_value);
    *plan.mutable_proposed_new_state() = dynamic(config);
    *plan.mutable_config() = dynamic(config);
    r.plan = to_buffer(plan.SerializeAsString());

    // The apply request carries this provider's own plan (untimed call).
    tfplugin6::ApplyResourceChange_Request apply;
    apply.set_type_name(type);
    *apply.mutable_prior_state() = dynamic(null_value);
    *apply.mutable_config() = dynamic(config);
    const std::string planned = call_or_fail(caller, m_plan, r.plan);
    if (echo) {
        *apply.mutable_planned_state() = dynamic(config);
    } else {
        const auto resp = parse_response<tfplugin6::PlanResourceChange_Response>(planned, "PlanResourceChange");
        *apply.mutable_planned_state() = resp.planned_state();
        apply.set_planned_private(resp.planned_private());
        out["planned_state_sha256"] = state_digest("planned_state", resp.planned_state().msgpack());
    }
    r.apply = to_buffer(apply.SerializeAsString());
    return r;
}

json run_small(const options& o, process& p) {
    raw_caller caller(p.channel);
    json out;
    const small_requests r = small_setup(caller, o.echo, out);
    out["value_bytes"] = r.value_bytes;
    out["streams"] = o.streams;
    if (o.streams == 1) {
        timed_calls v, pl, a;
        const double cpu0 = threads_cpu_ms(p.proc.pid);
        for (int i = 0; i < o.calls; ++i) {
            auto one = [&](timed_calls& into, const std::string& m, const grpc::ByteBuffer& req) {
                auto t = time_calls(caller, m, req, 1);
                into.ms.push_back(t.ms[0]);
                into.last_response = std::move(t.last_response);
            };
            one(v, m_validate, r.validate);
            one(pl, m_plan, r.plan);
            one(a, m_apply, r.apply);
        }
        out["provider_cpu_per_call_ms"] = (threads_cpu_ms(p.proc.pid) - cpu0) / (3.0 * o.calls);
        out["validate_ms"] = v.ms;
        out["plan_ms"] = pl.ms;
        out["apply_ms"] = a.ms;
        if (!o.echo) {
            parse_response<tfplugin6::ValidateResourceConfig_Response>(v.last_response, "ValidateResourceConfig");
            parse_response<tfplugin6::PlanResourceChange_Response>(pl.last_response, "PlanResourceChange");
            const auto applied =
                parse_response<tfplugin6::ApplyResourceChange_Response>(a.last_response, "ApplyResourceChange");
            out["new_state_sha256"] = state_digest("new_state", applied.new_state().msgpack());
        }
    } else {
        // S concurrent streams on one channel (one HTTP/2 connection, as
        // Terraform has), each cycling validate/plan/apply; every call timed.
        std::vector<std::vector<double>> ms(static_cast<std::size_t>(o.streams));
        std::barrier sync(o.streams + 1);
        std::atomic<bool> failed{false};
        std::vector<std::jthread> threads;
        for (int s = 0; s < o.streams; ++s) {
            threads.emplace_back([&, s] {
                raw_caller own(p.channel);
                const grpc::ByteBuffer* reqs[] = {&r.validate, &r.plan, &r.apply};
                const std::string* methods[] = {&m_validate, &m_plan, &m_apply};
                auto& mine = ms[static_cast<std::size_t>(s)];
                mine.reserve(static_cast<std::size_t>(o.calls) * 3);
                sync.arrive_and_wait();
                for (int i = 0; i < o.calls * 3; ++i) {
                    grpc::ByteBuffer resp;
                    const auto t0 = clock_type::now();
                    const grpc::Status st = own.call(*methods[i % 3], *reqs[i % 3], resp);
                    mine.push_back(ms_since(t0));
                    if (!st.ok()) failed = true;
                }
                sync.arrive_and_wait();
            });
        }
        const double cpu0 = threads_cpu_ms(p.proc.pid);
        sync.arrive_and_wait();
        const auto t0 = clock_type::now();
        sync.arrive_and_wait();
        const double wall_ms = ms_since(t0);
        threads.clear();
        if (failed) fail("a call failed on one of the concurrent streams");
        std::vector<double> all;
        for (const auto& v : ms) all.insert(all.end(), v.begin(), v.end());
        out["call_ms"] = all;
        out["wall_ms"] = wall_ms;
        out["qps"] = static_cast<double>(all.size()) / (wall_ms / 1e3);
        out["provider_cpu_per_call_ms"] = (threads_cpu_ms(p.proc.pid) - cpu0) / static_cast<double>(all.size());
    }
    return out;
}

json run_large(const options& o, process& p) {
    raw_caller caller(p.channel);
    json out;
    prepare(caller, o.echo);
    const bool set_kind = o.kind == "set";
    const std::string type = set_kind ? "bench_items_set" : "bench_items_list";
    const long n = o.elements;
    const long changed = n / 2;

    // An update that changes one disk: prior state, Core's ProposedNew, config.
    const std::string prior = items_value(n, disk_form::state, set_kind, changed);
    const std::string proposed = items_value(n, disk_form::proposed, set_kind, changed);
    const std::string config = items_value(n, disk_form::config, set_kind, changed);
    out["state_bytes"] = prior.size();
    out["elements"] = n;
    out["kind"] = o.kind;
    tfplugin6::PlanResourceChange_Request update;
    update.set_type_name(type);
    *update.mutable_prior_state() = dynamic(prior);
    *update.mutable_proposed_new_state() = dynamic(proposed);
    *update.mutable_config() = dynamic(config);
    const grpc::ByteBuffer update_req = to_buffer(update.SerializeAsString());
    out["plan_request_bytes"] = update_req.Length();

    const double cpu0 = threads_cpu_ms(p.proc.pid);
    const auto plans = time_calls(caller, m_plan, update_req, o.calls, o.budget_s, o.call_timeout_s);
    const double cpu1 = threads_cpu_ms(p.proc.pid);
    out["plan_ms"] = plans.ms;
    out["plan_censored"] = plans.censored;
    out["plan_cpu_ms"] = (cpu1 - cpu0) / static_cast<double>(plans.ms.size());
    if (plans.censored) {
        out["apply_censored"] = true;  // the provider is still busy with the plan
        out["apply_ms"] = json::array();
        return out;
    }

    // A create of the same resource: this provider's own plan (untimed, but
    // under the same timeout), then the timed applies.
    const std::string create_config = items_value(n, disk_form::config, set_kind, -1);
    tfplugin6::PlanResourceChange_Request create_plan;
    create_plan.set_type_name(type);
    *create_plan.mutable_prior_state() = dynamic(null_value);
    *create_plan.mutable_proposed_new_state() = dynamic(create_config);
    *create_plan.mutable_config() = dynamic(create_config);
    tfplugin6::ApplyResourceChange_Request apply;
    apply.set_type_name(type);
    *apply.mutable_prior_state() = dynamic(null_value);
    *apply.mutable_config() = dynamic(create_config);
    if (o.echo) {
        *apply.mutable_planned_state() = dynamic(create_config);
    } else {
        const auto planned_create =
            time_calls(caller, m_plan, to_buffer(create_plan.SerializeAsString()), 1, 0, o.call_timeout_s);
        if (planned_create.censored) {
            out["apply_censored"] = true;  // no plan to apply within the timeout
            out["apply_ms"] = json::array();
            return out;
        }
        const auto planned = parse_response<tfplugin6::PlanResourceChange_Response>(planned_create.last_response,
                                                                                    "PlanResourceChange (create)");
        *apply.mutable_planned_state() = planned.planned_state();
        apply.set_planned_private(planned.planned_private());
    }
    const grpc::ByteBuffer apply_req = to_buffer(apply.SerializeAsString());
    const double cpu2 = threads_cpu_ms(p.proc.pid);
    const auto applies = time_calls(caller, m_apply, apply_req, o.calls, o.budget_s, o.call_timeout_s);
    const double cpu3 = threads_cpu_ms(p.proc.pid);
    out["apply_ms"] = applies.ms;
    out["apply_censored"] = applies.censored;
    out["apply_cpu_ms"] = (cpu3 - cpu2) / static_cast<double>(applies.ms.size());
    if (!o.echo) {
        const auto planned =
            parse_response<tfplugin6::PlanResourceChange_Response>(plans.last_response, "PlanResourceChange");
        out["planned_state_sha256"] = state_digest("planned_state", planned.planned_state().msgpack());
        out["planned_state_bytes"] = planned.planned_state().msgpack().size();
        if (!applies.censored) {
            const auto applied =
                parse_response<tfplugin6::ApplyResourceChange_Response>(applies.last_response, "ApplyResourceChange");
            out["new_state_sha256"] = state_digest("new_state", applied.new_state().msgpack());
        }
    }
    return out;
}

// ---------------------------------------------------------------- echo server

// What both echo servers answer: SERVING to the health check, nothing to
// Shutdown, and the request's own bytes to every other call.
grpc::ByteBuffer echo_answer(const std::string& method, const grpc::ByteBuffer& request) {
    if (method == m_health) return to_buffer(std::string("\x08\x01"));
    if (method == m_shutdown) return to_buffer(std::string());
    return request;
}

class echo_reactor final : public grpc::ServerGenericBidiReactor {
public:
    echo_reactor(std::string method, std::function<void()> on_shutdown)
        : method_(std::move(method)), on_shutdown_(std::move(on_shutdown)) {
        StartRead(&request_);
    }
    void OnReadDone(bool ok) override {
        if (!ok) {
            Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no request"));
            return;
        }
        response_ = echo_answer(method_, request_);
        StartWriteAndFinish(&response_, grpc::WriteOptions(), grpc::Status::OK);
    }
    void OnDone() override {
        if (method_ == m_shutdown) on_shutdown_();
        delete this;
    }

private:
    std::string method_;
    std::function<void()> on_shutdown_;
    grpc::ByteBuffer request_, response_;
};

class echo_service final : public grpc::CallbackGenericService {
public:
    explicit echo_service(std::function<void()> on_shutdown) : on_shutdown_(std::move(on_shutdown)) {}
    grpc::ServerGenericBidiReactor* CreateReactor(grpc::GenericCallbackServerContext* ctx) override {
        return new echo_reactor(ctx->method(), on_shutdown_);
    }

private:
    std::function<void()> on_shutdown_;
};

// The same echo on gRPC's synchronous API, which tfpp serves on: with both
// floors beside tfpp, B3 tells the cost of the API from tfpp's own work.
class sync_echo_service final : public grpc::Service {
public:
    explicit sync_echo_service(std::function<void()> on_shutdown) : on_shutdown_(std::move(on_shutdown)) {
        for (const std::string* m : {&m_schema, &m_configure, &m_validate, &m_plan, &m_apply, &m_health, &m_shutdown}) {
            AddMethod(new grpc::internal::RpcServiceMethod(
                m->c_str(), grpc::internal::RpcMethod::NORMAL_RPC,
                new grpc::internal::RpcMethodHandler<sync_echo_service, grpc::ByteBuffer, grpc::ByteBuffer>(
                    [m](sync_echo_service* self, grpc::ServerContext*, const grpc::ByteBuffer* req,
                        grpc::ByteBuffer* resp) { return self->answer(*m, *req, *resp); },
                    this)));
        }
    }

private:
    grpc::Status answer(const std::string& method, const grpc::ByteBuffer& req, grpc::ByteBuffer& resp) {
        resp = echo_answer(method, req);
        if (method == m_shutdown) on_shutdown_();
        return grpc::Status::OK;
    }

    std::function<void()> on_shutdown_;
};

int serve_echo(bool synchronous) {
    const char* cookie = std::getenv("TF_PLUGIN_MAGIC_COOKIE");
    if (cookie == nullptr || cookie != magic_cookie) fail("serve-echo is started by a go-plugin client");
    const char* tmp = std::getenv("TMPDIR");
    const std::string socket =
        std::string(tmp && *tmp ? tmp : "/tmp") + "/echo-" + std::to_string(::getpid()) + ".sock";
    // Never shut down, as in tfpp's serve(): gRPC's last shutdown can wait
    // up to 10 s for an executor thread after a session of large messages.
    // As tfpp does, the certificate is made on a second thread while gRPC
    // starts, so that B1's floor is the same work done the same way.
    const char* client_cert = std::getenv("PLUGIN_CLIENT_CERT");
    const bool tls = client_cert != nullptr && *client_cert != '\0';
    std::future<tfpp::detail::server_certificate> certificate;
    if (tls) certificate = std::async(std::launch::async, tfpp::detail::make_server_certificate);
    grpc_init();
    std::shared_ptr<grpc::ServerCredentials> credentials = grpc::InsecureServerCredentials();
    std::string cert_b64;
    if (tls) {
        const auto cert = certificate.get();
        grpc::SslServerCredentialsOptions options(GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
        options.pem_root_certs = client_cert;
        options.pem_key_cert_pairs.push_back({cert.key_pem, cert.cert_pem});
        credentials = grpc::SslServerCredentials(options);
        cert_b64 = tfpp::detail::base64_unpadded(cert.cert_der);
    }
    std::mutex mu;
    std::condition_variable cv;
    bool done = false;
    const auto on_shutdown = [&] {
        std::lock_guard lock(mu);
        done = true;
        cv.notify_all();
    };
    echo_service callback_service(on_shutdown);
    sync_echo_service sync_service(on_shutdown);
    grpc::ServerBuilder builder;
    builder.AddListeningPort("unix:" + socket, credentials);
    builder.SetMaxReceiveMessageSize(256 << 20);
    builder.SetMaxSendMessageSize(256 << 20);
    if (synchronous) {
        builder.SetSyncServerOption(grpc::ServerBuilder::SyncServerOption::MAX_POLLERS, 16);  // as tfpp
        builder.RegisterService(&sync_service);
    } else {
        builder.RegisterCallbackGenericService(&callback_service);
    }
    const auto server = builder.BuildAndStart();
    if (!server) fail("serve-echo: cannot listen on " + socket);
    const std::string line = tfpp::detail::handshake_line(6, "unix", socket, cert_b64);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return done; });
    lock.unlock();
    server->Shutdown(std::chrono::system_clock::now() + 1s);
    ::unlink(socket.c_str());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    program_name = "tfpp_bench_harness";
    ::signal(SIGPIPE, SIG_IGN);
    // Started without arguments by a go-plugin client (itself, as the echo
    // "provider"): serve the echo.
    // Started through a link named tfpp_bench_sync_echo: the synchronous echo.
    if (argc == 1 && std::getenv("TF_PLUGIN_MAGIC_COOKIE") != nullptr)
        return serve_echo(std::string_view(argv[0]).ends_with("tfpp_bench_sync_echo"));
    const options o = parse(argc, argv);
    if (o.mode == "serve-echo") return serve_echo(false);
    dump_dir = o.dump_dir;
    if (o.mode != "handshake" && o.mode != "schema" && o.mode != "small" && o.mode != "large")
        fail("unknown case " + o.mode);

    const auto started = start({.provider = o.provider,
                                .tls = o.tls,
                                .log_file = {},
                                .client_cpu = o.client_cpu,
                                .provider_cpu = o.provider_cpu});
    process& p = *started;
    json out;
    if (o.mode == "handshake") out = run_handshake(p);
    else if (o.mode == "schema") out = run_schema(o, p);
    else if (o.mode == "small") out = run_small(o, p);
    else out = run_large(o, p);
    out["case"] = o.mode;
    out["provider"] = o.provider;
    out["tls"] = o.tls;
    out["handshake_ms"] = p.handshake_ms;
    out["ready_ms"] = p.ready_ms;
    const bool gave_up = out.value("plan_censored", false) || out.value("apply_censored", false);
    out = provider_end(p, std::move(out), gave_up);
    std::printf("%s\n", out.dump().c_str());
    return out["exit_code"] == 0 || gave_up ? 0 : 1;
}
