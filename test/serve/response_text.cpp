// Bytes that are not UTF-8 in a request (a MessagePack map key, a string, a
// DynamicValue.json that is not JSON) never come back in a response string:
// every answer decodes with Go's strict rule, which Terraform and OpenTofu
// apply, and still refuses the input with a diagnostic.
#include "../common/utf8_strings.hpp"
#include "harness.hpp"

#include "../../examples/local/local.hpp"

#include <tfpp/codec/msgpack.hpp>

#include <tfplugin6.grpc.pb.h>

namespace test_response_text {

using namespace test_serve;
namespace pb = google::protobuf;

const std::string bad_key_object("\x81\xa2\xff\xfe\xc0", 5);  // { "\xff\xfe" = null }
const std::string bad_map_key(
    "\x81\xa5"
    "files"
    "\x81\xa2\xff\xfe\xc0",
    11);                                          // { files = { "\xff\xfe" = null } }
const std::string bad_string("\xa2\xff\xfe", 3);  // "\xff\xfe"
const std::string not_json("\xff\xfe{\"a\": \xc3", 9);

// Calls `method` with `request`; the answer must be OK, parse as Response,
// hold only UTF-8 strings and (when `refused`) an error diagnostic.
template <class Response>
Response call(provider_session& s, const std::string& method, const pb::Message& request) {
    const generic_result r = generic_call(s.channel, "/tfplugin6.Provider/" + method, {request.SerializeAsString()});
    INFO(method << ": " << describe(r.status));
    REQUIRE(r.status.ok());
    REQUIRE(r.responses.size() == 1);
    Response resp;
    // C++ protobuf may only log a bad string while parsing; the walk below is the strict check.
    REQUIRE(resp.ParsePartialFromString(r.responses[0]));
    const std::vector<std::string> invalid = test_common::invalid_strings(resp);
    for (const auto& i : invalid) UNSCOPED_INFO("not UTF-8: " << i);
    CHECK(invalid.empty());
    return resp;
}

template <class Response>
bool refused(const Response& resp) {
    for (const auto& d : resp.diagnostics())
        if (d.severity() == tfplugin6::Diagnostic::ERROR) return true;
    return false;
}

void configure(provider_session& s) {
    tfplugin6::ConfigureProvider_Request req;
    req.set_terraform_version("1.12.6");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(local::provider_config{}));
    CHECK_FALSE(refused(call<tfplugin6::ConfigureProvider_Response>(s, "ConfigureProvider", req)));
}

// The bad values, each as a DynamicValue.
std::vector<std::pair<std::string, tfplugin6::DynamicValue>> bad_values() {
    std::vector<std::pair<std::string, tfplugin6::DynamicValue>> out;
    for (const auto& [name, msgpack] : {std::pair{"attribute name", bad_key_object}, {"map key", bad_map_key}}) {
        tfplugin6::DynamicValue v;
        v.set_msgpack(msgpack);
        out.emplace_back(name, v);
    }
    tfplugin6::DynamicValue json;
    json.set_json(not_json);
    out.emplace_back("JSON", json);
    return out;
}

}  // namespace test_response_text

using namespace test_response_text;

TEST_CASE("bad bytes in configurations and states come back as UTF-8 diagnostics", "[serve][utf8]") {
    provider_session s;
    configure(s);
    for (const auto& [what, value] : bad_values()) {
        SECTION(what) {
            tfplugin6::ValidateResourceConfig_Request validate;
            validate.set_type_name("local_directory");
            *validate.mutable_config() = value;
            CHECK(refused(call<tfplugin6::ValidateResourceConfig_Response>(s, "ValidateResourceConfig", validate)));

            tfplugin6::PlanResourceChange_Request plan;
            plan.set_type_name("local_directory");
            *plan.mutable_prior_state() = value;
            *plan.mutable_proposed_new_state() = value;
            *plan.mutable_config() = value;
            CHECK(refused(call<tfplugin6::PlanResourceChange_Response>(s, "PlanResourceChange", plan)));

            tfplugin6::ReadResource_Request read;
            read.set_type_name("local_directory");
            *read.mutable_current_state() = value;
            CHECK(refused(call<tfplugin6::ReadResource_Response>(s, "ReadResource", read)));

            tfplugin6::ReadDataSource_Request data;
            data.set_type_name("local_file");
            *data.mutable_config() = value;
            CHECK(refused(call<tfplugin6::ReadDataSource_Response>(s, "ReadDataSource", data)));
        }
    }
    CHECK(s.proc->running());
}

TEST_CASE("bad bytes in function arguments come back as a UTF-8 function error", "[serve][utf8]") {
    provider_session s;
    for (const bool as_json : {false, true}) {
        tfplugin6::CallFunction_Request req;
        req.set_name("join_path");
        if (as_json) req.add_arguments()->set_json(not_json);
        else req.add_arguments()->set_msgpack(bad_string);
        const auto resp = call<tfplugin6::CallFunction_Response>(s, "CallFunction", req);
        INFO((as_json ? "JSON" : "MessagePack"));
        CHECK(resp.has_error());
        CHECK_FALSE(resp.error().text().empty());
    }
}
