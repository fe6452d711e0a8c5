// Provider logs on stderr are go-hclog JSON lines, which Terraform and
// OpenTofu parse and re-log at their level.
#include "harness.hpp"

#include <tfplugin6.grpc.pb.h>

#include <nlohmann/json.hpp>

#include <regex>
#include <set>

namespace test_logs {

using namespace test_serve;

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out = split(text, '\n');
    if (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

// Runs one RPC and a Shutdown under the given TF_LOG-like settings; returns
// the provider's whole stderr.
inline std::string stderr_of_one_session(const environment& extra) {
    launch_options o;
    o.env = extra;
    provider_session s(o);
    tfplugin6::GetProviderSchema_Response resp;
    const grpc::Status st = get_provider_schema(s.channel, resp);
    INFO(describe(st));
    CHECK(st.ok());
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(s.proc->wait_output_closed(5s));
    return s.proc->stderr_text();
}

}  // namespace test_logs

using namespace test_logs;

TEST_CASE("TF_LOG=debug: every stderr line is a go-hclog JSON object", "[serve]") {
    const std::string err = stderr_of_one_session({{"TF_LOG", "debug"}});
    INFO("stderr:\n" << err);
    REQUIRE_FALSE(err.empty());
    CHECK(err.back() == '\n');

    static const std::regex timestamp(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$)");
    static const std::set<std::string> levels{"trace", "debug", "info", "warn", "error"};
    bool saw_rpc = false;
    bool saw_get_provider_schema = false;
    const auto lines = lines_of(err);
    REQUIRE(lines.size() >= 3);
    for (const std::string& line : lines) {
        INFO("line: " << line);
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        REQUIRE_FALSE(j.is_discarded());
        REQUIRE(j.is_object());
        for (const char* key : {"@level", "@message", "@module", "@timestamp"}) {
            INFO("key " << key);
            REQUIRE(j.contains(key));
            CHECK(j[key].is_string());
        }
        CHECK(levels.count(j["@level"].get<std::string>()) == 1);
        CHECK(std::regex_match(j["@timestamp"].get<std::string>(), timestamp));
        CHECK_FALSE(j["@module"].get<std::string>().empty());
        if (j.contains("tf_rpc")) {
            saw_rpc = true;
            if (j["tf_rpc"] == "GetProviderSchema") saw_get_provider_schema = true;
        }
    }
    CHECK(saw_rpc);
    CHECK(saw_get_provider_schema);
}

TEST_CASE("TF_LOG_PROVIDER takes precedence over TF_LOG", "[serve]") {
    const std::string err = stderr_of_one_session({{"TF_LOG", "debug"}, {"TF_LOG_PROVIDER", "error"}});
    INFO("stderr:\n" << err);
    // Nothing goes wrong in this session, so at level error nothing is logged.
    CHECK(err.find("tf_rpc") == std::string::npos);
    for (const std::string& line : lines_of(err)) {
        INFO("line: " << line);
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        REQUIRE_FALSE(j.is_discarded());
        CHECK(j.value("@level", "") == "error");
    }
}

TEST_CASE("without TF_LOG a quiet session writes no RPC logs", "[serve]") {
    const std::string err = stderr_of_one_session({});
    INFO("stderr:\n" << err);
    CHECK(err.find("tf_rpc") == std::string::npos);
    for (const std::string& line : lines_of(err)) {
        INFO("line: " << line);
        CHECK_FALSE(nlohmann::json::parse(line, nullptr, false).is_discarded());
    }
}
