// The client of the schema benchmark (bench/schema/run.py drives it).
//
//   tfpp_schema_client --provider PATH [--calls K] [--no-tls] [--log FILE]
//                      [--client-cpu C --provider-cpu P] [--expect-types N]
//
// Starts one provider binary the way Terraform's go-plugin client does (magic
// cookie, PLUGIN_PROTOCOL_VERSIONS=6, a private TMPDIR, AutoMTLS with a client
// certificate in PLUGIN_CLIENT_CERT unless --no-tls), reads the handshake
// line, dials the unix socket, waits for the health check, and then:
//
//   1. reads the idle RSS (VmRSS in /proc/PID/status);
//   2. calls GetProviderSchema once (cold: the provider builds and serializes
//      the response), then K more times (warm), timing each call on the
//      client, from the request to the last byte of the response; the
//      responses stay raw bytes (gRPC's generic stub), so the client does not
//      time its own protobuf parsing; the first response is parsed once,
//      afterwards, to check it holds the expected number of resource types;
//   3. times K GetMetadata calls;
//   4. reads VmRSS and VmHWM, calls GRPCController/Shutdown, reaps the
//      provider with wait4 and reads its peak RSS (ru_maxrss) and CPU time.
//
// With --log FILE the provider runs with TF_LOG_PROVIDER=DEBUG and its stderr
// (hclog JSON, one "Served request" line with tf_req_duration_ms per RPC) goes
// to FILE; without it, stderr goes to /dev/null and logging stays off.
//
// Prints one JSON object on stdout. Exit code 0 when every step worked.
#include "../plugin_client.hpp"

#include <tfplugin6.pb.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bench::plugin;

struct options {
    std::string provider;
    int calls = 30;
    bool tls = true;
    std::string log_file;
    int client_cpu = -1;
    int provider_cpu = -1;
    long expect_types = -1;
};

options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) fail("missing value after " + a);
            return argv[++i];
        };
        if (a == "--provider") o.provider = next();
        else if (a == "--calls") o.calls = std::stoi(next());
        else if (a == "--no-tls") o.tls = false;
        else if (a == "--log") o.log_file = next();
        else if (a == "--client-cpu") o.client_cpu = std::stoi(next());
        else if (a == "--provider-cpu") o.provider_cpu = std::stoi(next());
        else if (a == "--expect-types") o.expect_types = std::stol(next());
        else fail("unknown argument " + a);
    }
    if (o.provider.empty()) fail("--provider PATH is required");
    if (o.calls < 1) fail("--calls must be at least 1");
    return o;
}

std::string json_list(const std::vector<double>& v) {
    std::ostringstream s;
    s.precision(6);
    s << '[';
    for (std::size_t i = 0; i < v.size(); ++i) s << (i ? "," : "") << std::fixed << v[i];
    s << ']';
    return s.str();
}

std::string json_string(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else out += c;
    }
    return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
    program_name = "tfpp_schema_client";
    const options o = parse(argc, argv);
    ::signal(SIGPIPE, SIG_IGN);
    const auto started = start({.provider = o.provider,
                                .tls = o.tls,
                                .log_file = o.log_file,
                                .client_cpu = o.client_cpu,
                                .provider_cpu = o.provider_cpu});
    process& p = *started;
    child& c = p.proc;
    raw_caller caller(p.channel);
    const double handshake_ms = p.handshake_ms, ready_ms = p.ready_ms;
    std::this_thread::sleep_for(50ms);  // let startup settle before reading the idle RSS
    const long idle_rss_kb = proc_status_kb(c.pid, "VmRSS");

    tfplugin6::GetProviderSchema_Request schema_req_msg;
    const grpc::ByteBuffer schema_req = to_buffer(schema_req_msg.SerializeAsString());
    std::vector<double> schema_ms;
    std::string first_response;
    std::size_t response_bytes = 0;
    for (int i = 0; i <= o.calls; ++i) {
        grpc::ByteBuffer r;
        const auto t0 = clock_type::now();
        const grpc::Status s = caller.call("/tfplugin6.Provider/GetProviderSchema", schema_req, r);
        const double ms = ms_since(t0);
        if (!s.ok()) fail("GetProviderSchema failed: " + s.error_message());
        schema_ms.push_back(ms);
        if (i == 0) {
            first_response = to_string(r);
            response_bytes = first_response.size();
        } else if (r.Length() != response_bytes) {
            fail("GetProviderSchema answered with a different size on call " + std::to_string(i));
        }
    }
    const long rss_after_schema_kb = proc_status_kb(c.pid, "VmRSS");

    tfplugin6::GetMetadataMsg_Request meta_req_msg;
    const grpc::ByteBuffer meta_req = to_buffer(meta_req_msg.SerializeAsString());
    std::vector<double> metadata_ms;
    for (int i = 0; i < o.calls; ++i) {
        grpc::ByteBuffer r;
        const auto t0 = clock_type::now();
        const grpc::Status s = caller.call("/tfplugin6.Provider/GetMetadata", meta_req, r);
        metadata_ms.push_back(ms_since(t0));
        if (!s.ok()) fail("GetMetadata failed: " + s.error_message());
    }

    const long vm_hwm_kb = proc_status_kb(c.pid, "VmHWM");
    const long rss_end_kb = proc_status_kb(c.pid, "VmRSS");

    // Checked after the timed calls: the response is what was asked for.
    tfplugin6::GetProviderSchema_Response parsed;
    if (!parsed.ParseFromString(first_response)) fail("the GetProviderSchema response does not parse");
    for (const auto& d : parsed.diagnostics())
        if (d.severity() == tfplugin6::Diagnostic::ERROR)
            fail("GetProviderSchema error: " + d.summary() + ": " + d.detail());
    const long types = static_cast<long>(parsed.resource_schemas_size());
    if (o.expect_types >= 0 && types != o.expect_types)
        fail("GetProviderSchema lists " + std::to_string(types) + " resource types, expected " +
             std::to_string(o.expect_types));
    long top_attributes = -1, top_blocks = -1;
    if (types > 0) {
        const auto& first = parsed.resource_schemas().begin()->second.block();
        top_attributes = first.attributes_size();
        top_blocks = first.block_types_size();
    }

    stop(p);
    const int code = c.exit_code();
    const double cpu_ms = c.cpu_ms();
    std::printf(
        "{\"provider\": %s, \"tls\": %s, \"handshake_ms\": %.4f, \"ready_ms\": %.4f, \"idle_rss_kb\": %ld, "
        "\"schema_ms\": %s, \"response_bytes\": %zu, \"resource_types\": %ld, \"first_type_attributes\": %ld, "
        "\"first_type_blocks\": %ld, \"rss_after_schema_kb\": %ld, \"metadata_ms\": %s, \"vm_hwm_kb\": %ld, "
        "\"rss_end_kb\": %ld, \"ru_maxrss_kb\": %ld, \"provider_cpu_ms\": %.3f, \"exit_code\": %d}\n",
        json_string(o.provider).c_str(), o.tls ? "true" : "false", handshake_ms, ready_ms, idle_rss_kb,
        json_list(schema_ms).c_str(), response_bytes, types, top_attributes, top_blocks, rss_after_schema_kb,
        json_list(metadata_ms).c_str(), vm_hwm_kb, rss_end_kb, c.usage.max_rss_kb, cpu_ms, code);
    return code == 0 ? 0 : 1;
}
