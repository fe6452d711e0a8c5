// `terraform-provider-local --schema-json`: the schemas as `tofu providers
// schema -json` prints them, without the magic cookie or a socket. The e2e
// tests compare the same output with real OpenTofu's.
#include "harness.hpp"

#include "../../examples/local/local.hpp"

#include <tfpp/serve/provider_schema_json.hpp>

#include <nlohmann/json.hpp>

using namespace test_serve;

TEST_CASE("--schema-json prints the provider's schema document and exits 0", "[serve]") {
    temp_dir tmp;
    const environment env{{"PATH", "/usr/bin:/bin"}, {"TMPDIR", tmp.path()}};  // no magic cookie
    child_process p(provider_path(), {"--schema-json"}, env);
    const auto status = p.wait_exit(10s);
    REQUIRE(status.has_value());
    p.wait_output_closed(5s);
    INFO("stderr: " << p.stderr_text());
    CHECK(exit_code(*status) == 0);
    CHECK(p.stderr_text().empty());
    const std::string out = p.stdout_text();
    // One line, the same bytes the library makes in-process for the example
    // with its address ("tfpp/local", examples/local/main.cpp).
    CHECK(out == tfpp::provider_schema_json<local::provider>("tfpp/local") + "\n");
    const auto doc = nlohmann::json::parse(out);
    CHECK(doc["format_version"] == "1.0");
    const auto& local = doc["provider_schemas"]["registry.opentofu.org/tfpp/local"];
    CHECK(local["resource_schemas"]["local_file"]["block"]["attributes"]["filename"]["required"] == true);
    CHECK(local["data_source_schemas"].contains("local_file"));
    CHECK(tmp.empty());  // no socket directory made
}

TEST_CASE("--help lists --schema-json", "[serve]") {
    temp_dir tmp;
    child_process p(provider_path(), {"--help"}, {{"PATH", "/usr/bin:/bin"}, {"TMPDIR", tmp.path()}});
    const auto status = p.wait_exit(10s);
    REQUIRE(status.has_value());
    CHECK(exit_code(*status) == 0);
    p.wait_output_closed(5s);
    CHECK(p.stdout_text().find("--schema-json") != std::string::npos);
}
