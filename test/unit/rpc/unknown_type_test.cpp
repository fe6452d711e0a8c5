// A Validate*Config request naming a type the provider does not have: the
// same diagnostic for every kind, its name in both lines.
#include "../../../examples/local/local.hpp"

#include <tfpp/rpc/detail/service_v6.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace test_unknown_type {

using engine = tfpp::detail::engine<local::provider>;

template <class Request, class Response, class Call>
Response validate_unknown(Call&& call) {
    Request req;
    Response resp;
    req.set_type_name("local_nope");
    REQUIRE(call(&req, &resp).ok());
    return resp;
}

template <class Response>
void check_unknown(const Response& resp, const std::string& what) {
    REQUIRE(resp.diagnostics_size() == 1);
    CHECK(resp.diagnostics(0).severity() == tfplugin6::Diagnostic::ERROR);
    CHECK(resp.diagnostics(0).summary() == "Unknown " + what);
    CHECK(resp.diagnostics(0).detail() == "this provider has no " + what + " named \"local_nope\"");
}

TEST_CASE("an unknown type name gets one diagnostic, worded alike for every kind", "[rpc]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    using namespace tfplugin6;
    check_unknown(validate_unknown<ValidateResourceConfig_Request, ValidateResourceConfig_Response>(
                      [&](auto* req, auto* resp) { return v6.ValidateResourceConfig(nullptr, req, resp); }),
                  "resource type");
    check_unknown(validate_unknown<ValidateDataResourceConfig_Request, ValidateDataResourceConfig_Response>(
                      [&](auto* req, auto* resp) { return v6.ValidateDataResourceConfig(nullptr, req, resp); }),
                  "data source type");
    check_unknown(
        validate_unknown<ValidateEphemeralResourceConfig_Request, ValidateEphemeralResourceConfig_Response>(
            [&](auto* req, auto* resp) { return v6.ValidateEphemeralResourceConfig(nullptr, req, resp); }),
        "ephemeral resource type");
    check_unknown(validate_unknown<ValidateListResourceConfig_Request, ValidateListResourceConfig_Response>(
                      [&](auto* req, auto* resp) { return v6.ValidateListResourceConfig(nullptr, req, resp); }),
                  "list resource type");
    check_unknown(validate_unknown<ValidateActionConfig_Request, ValidateActionConfig_Response>(
                      [&](auto* req, auto* resp) { return v6.ValidateActionConfig(nullptr, req, resp); }),
                  "action type");
    check_unknown(validate_unknown<ValidateStateStore_Request, ValidateStateStore_Response>(
                      [&](auto* req, auto* resp) { return v6.ValidateStateStoreConfig(nullptr, req, resp); }),
                  "state store type");
}

TEST_CASE("an unknown type name is quoted bounded, never echoed whole", "[rpc][bad-input]") {
    engine e;
    tfpp::detail::provider_service_v6 v6(e);
    tfplugin6::ValidateResourceConfig_Request req;
    tfplugin6::ValidateResourceConfig_Response resp;
    req.set_type_name(std::string(1 << 20, 'x'));
    REQUIRE(v6.ValidateResourceConfig(nullptr, &req, &resp).ok());
    REQUIRE(resp.diagnostics_size() == 1);
    const std::string& detail = resp.diagnostics(0).detail();
    CHECK(detail.size() < 2 * tfpp::quoted_bytes_limit);
    CHECK(detail.find("(1048576 bytes in all)") != std::string::npos);
}

}  // namespace test_unknown_type
