// Hostile requests to the newer RPCs, in-process: every value is held to its
// schema before a handler runs (PlanAction, InvokeAction, the list RPCs,
// GenerateResourceConfig, PlanResourceChange's prior identity and write-only
// values, ReadResource), unknowns are refused where the call cannot take one,
// and no answer carries the request's own undecodable bytes back.
#include "../../../examples/local/local.hpp"
#include "../../common/diagnostics.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/rpc/detail/handlers.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>

#include <catch2/catch.hpp>

#include <stdlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace test_strict_requests {

using engine = tfpp::detail::engine<local::provider>;

// MessagePack written by hand, so that it can be anything a client may send.
std::string mp_str(std::string_view s) {
    REQUIRE(s.size() < 32);
    return std::string(1, static_cast<char>(0xa0 | s.size())) + std::string(s);
}
std::string mp_long_str(std::string_view s) {
    REQUIRE(s.size() <= 0xff);
    return std::string{'\xd9', static_cast<char>(s.size())} + std::string(s);
}
std::string mp_map(const std::vector<std::pair<std::string, std::string>>& entries) {
    std::string out(1, static_cast<char>(0x80 | entries.size()));
    for (const auto& [k, v] : entries) out += mp_str(k) + v;
    return out;
}
std::string mp_array(const std::vector<std::string>& elements) {
    std::string out(1, static_cast<char>(0x90 | elements.size()));
    for (const auto& e : elements) out += e;
    return out;
}
std::string mp_nan() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::uint64_t bits = 0;
    std::memcpy(&bits, &nan, sizeof bits);
    std::string out(1, '\xcb');
    for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((bits >> shift) & 0xff);
    return out;
}
const std::string nil(1, '\xc0');
const std::string unknown("\xd4\x00\x00", 3);
const std::string junk("\xc1\xff\x00", 3);  // 0xc1 is never valid MessagePack

template <class Diagnostics>
std::string describe(const Diagnostics& diags) {
    std::string out;
    for (const auto& d : diags) {
        out += d.summary() + ": " + d.detail() + " at";
        for (const auto& s : d.attribute().steps()) out += " [" + s.attribute_name() + "]";
        out += "\n";
    }
    return out;
}

using test_common::has_error;
using test_common::has_error_at;

template <class Event>
struct collect {
    std::vector<Event> events;
    bool Write(const Event& e) {
        events.push_back(e);
        return true;
    }
};

std::string command_config(std::string command, std::string working_dir) {
    return mp_map({{"command", std::move(command)}, {"working_dir", std::move(working_dir)}});
}

collect<tfplugin6::InvokeAction_Event> invoke(engine& e, const std::string& config) {
    tfplugin6::InvokeAction_Request req;
    req.set_action_type("local_command");
    req.mutable_config()->set_msgpack(config);
    collect<tfplugin6::InvokeAction_Event> out;
    tfpp::detail::invoke_action<tfplugin6::InvokeAction_Event>(e, req, out);
    REQUIRE_FALSE(out.events.empty());
    REQUIRE(out.events.back().has_completed());
    return out;
}

TEST_CASE("InvokeAction validates its configuration again before the action runs", "[rpc][strict]") {
    engine e;
    const std::string echo = mp_array({mp_str("sh"), mp_str("-c"), mp_str("echo ran")});

    SECTION("command = [] (ValidateActionConfig refuses it) is an error at command, not a crash") {
        for (const std::string& dir : {nil, mp_str(".")}) {
            auto out = invoke(e, command_config(mp_array({}), dir));
            const auto& diags = out.events.back().completed().diagnostics();
            INFO(describe(diags));
            CHECK(out.events.size() == 1);  // no progress: nothing ran
            CHECK(has_error_at(diags, {"command"}));
        }
    }
    SECTION("an unknown working_dir is refused at its path; the command does not run in another directory") {
        auto out = invoke(e, command_config(echo, unknown));
        const auto& diags = out.events.back().completed().diagnostics();
        INFO(describe(diags));
        CHECK(out.events.size() == 1);
        CHECK(has_error_at(diags, {"working_dir"}));
    }
    SECTION("a configuration of the wrong type or of no valid MessagePack is an error") {
        for (const std::string& config : {command_config(mp_str("echo"), nil), command_config(echo, mp_array({})),
                                          junk, mp_array({echo})}) {
            auto out = invoke(e, config);
            INFO(describe(out.events.back().completed().diagnostics()));
            CHECK(out.events.size() == 1);
            CHECK(has_error(out.events.back().completed().diagnostics()));
        }
    }
    SECTION("a valid configuration still runs") {
        auto out = invoke(e, command_config(echo, nil));
        INFO(describe(out.events.back().completed().diagnostics()));
        REQUIRE(out.events.size() == 2);
        CHECK(out.events[0].progress().message() == "ran");
        CHECK(out.events.back().completed().diagnostics_size() == 0);
    }
}

TEST_CASE("PlanAction decodes and validates its configuration", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    const auto plan = [&](const std::string& config) {
        tfplugin6::PlanAction_Request req;
        tfplugin6::PlanAction_Response resp;
        req.set_action_type("local_command");
        req.mutable_config()->set_msgpack(config);
        REQUIRE(service.PlanAction(nullptr, &req, &resp).ok());
        return resp;
    };
    for (const std::string& config :
         {junk, mp_str("echo"), command_config(mp_str("echo"), nil), command_config(mp_array({nil}), mp_array({}))}) {
        const auto resp = plan(config);
        INFO(describe(resp.diagnostics()));
        CHECK(has_error(resp.diagnostics()));
    }
    // At plan time a value may still be unknown.
    const auto later = plan(command_config(mp_array({mp_str("true")}), unknown));
    INFO(describe(later.diagnostics()));
    CHECK_FALSE(has_error(later.diagnostics()));
}

TEST_CASE("the list RPCs type-check the list block and refuse unknowns when listing", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    const std::string config = mp_map({{"directory", mp_str(".")}, {"suffix", nil}});
    const auto validate = [&](const std::string& cfg, const std::string* include, const std::string* limit) {
        tfplugin6::ValidateListResourceConfig_Request req;
        tfplugin6::ValidateListResourceConfig_Response resp;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack(cfg);
        if (include) req.mutable_include_resource_object()->set_msgpack(*include);
        if (limit) req.mutable_limit()->set_msgpack(*limit);
        REQUIRE(service.ValidateListResourceConfig(nullptr, &req, &resp).ok());
        return resp;
    };
    const std::string yes = mp_str("yes"), ten = mp_str("ten"), nan = mp_nan(), t = "\xc3", five = "\x05";
    INFO(describe(validate(config, &yes, nullptr).diagnostics()));
    CHECK(has_error_at(validate(config, &yes, nullptr).diagnostics(), {"include_resource"}));
    CHECK(has_error_at(validate(config, nullptr, &ten).diagnostics(), {"limit"}));
    CHECK(has_error_at(validate(config, nullptr, &nan).diagnostics(), {"limit"}));
    CHECK(has_error_at(validate(config, nullptr, &junk).diagnostics(), {"limit"}));
    const auto fine = validate(config, &t, &five);
    INFO(describe(fine.diagnostics()));
    CHECK(fine.diagnostics_size() == 0);

    // The list block's configuration sits in its `config` block.
    const auto empty_dir = validate(mp_map({{"directory", mp_str("")}, {"suffix", nil}}), nullptr, nullptr);
    INFO(describe(empty_dir.diagnostics()));
    CHECK(has_error_at(empty_dir.diagnostics(), {"config", "directory"}));
    CHECK(has_error_at(validate(mp_map({{"directory", mp_array({})}, {"suffix", nil}}), nullptr, nullptr).diagnostics(),
                       {"config", "directory"}));

    SECTION("ListResource: an unknown suffix is refused at config.suffix, nothing is listed") {
        tfplugin6::ListResource_Request req;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack(mp_map({{"directory", mp_str(".")}, {"suffix", unknown}}));
        collect<tfplugin6::ListResource_Event> out;
        tfpp::detail::list_resource<tfplugin6::ListResource_Event>(e, req, out);
        REQUIRE(out.events.size() == 1);
        INFO(describe(out.events[0].diagnostic()));
        CHECK(has_error_at(out.events[0].diagnostic(), {"config", "suffix"}));
    }
    SECTION("ListResource: what ValidateListResourceConfig refuses is refused, not listed") {
        tfplugin6::ListResource_Request req;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack(mp_map({{"directory", mp_str("")}, {"suffix", nil}}));
        collect<tfplugin6::ListResource_Event> out;
        tfpp::detail::list_resource<tfplugin6::ListResource_Event>(e, req, out);
        REQUIRE(out.events.size() == 1);
        CHECK(has_error_at(out.events[0].diagnostic(), {"config", "directory"}));
    }
}

std::string file_state(std::string content) {
    return mp_map({{"content", std::move(content)},
                   {"content_base64", nil},
                   {"content_md5", nil},
                   {"content_sha1", nil},
                   {"content_sha256", nil},
                   {"file_permission", mp_str("0644")},
                   {"filename", mp_str("/nonexistent/tfpp-strict")},
                   {"id", mp_str("/nonexistent/tfpp-strict")}});
}

TEST_CASE("GenerateResourceConfig decodes the state and never hands malformed input back", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    for (const std::string& state : {file_state(mp_array({})), file_state("\x07"), junk, file_state(unknown),
                                     mp_map({{"content", mp_str("x")}, {"nonesuch", mp_str("y")}})}) {
        tfplugin6::GenerateResourceConfig_Request req;
        tfplugin6::GenerateResourceConfig_Response resp;
        req.set_type_name("local_file");
        req.mutable_state()->set_msgpack(state);
        REQUIRE(service.GenerateResourceConfig(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        CHECK(has_error(resp.diagnostics()));
        CHECK_FALSE(resp.has_config());
    }
}

TEST_CASE("ReadResource never answers an undecodable state with that state", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    for (const std::string& state : {junk, file_state(mp_array({})), file_state(unknown)}) {
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("local_file");
        req.mutable_current_state()->set_msgpack(state);
        REQUIRE(service.ReadResource(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        CHECK(has_error(resp.diagnostics()));
        CHECK(resp.new_state().msgpack().empty());
    }
}

TEST_CASE("PlanResourceChange checks the prior identity and the write-only values", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    const std::string config = mp_map({{"content", mp_str("x")},
                                       {"content_base64", nil},
                                       {"content_md5", nil},
                                       {"content_sha1", nil},
                                       {"content_sha256", nil},
                                       {"file_permission", nil},
                                       {"filename", mp_str("/tmp/tfpp-strict-plan")},
                                       {"id", nil}});
    const std::string proposed = mp_map({{"content", mp_str("x")},
                                         {"content_base64", nil},
                                         {"content_md5", unknown},
                                         {"content_sha1", unknown},
                                         {"content_sha256", unknown},
                                         {"file_permission", unknown},
                                         {"filename", mp_str("/tmp/tfpp-strict-plan")},
                                         {"id", unknown}});
    const std::string prior = mp_map({{"content", mp_str("x")},
                                      {"content_base64", nil},
                                      {"content_md5", mp_str("a")},
                                      {"content_sha1", mp_str("b")},
                                      {"content_sha256", mp_str("c")},
                                      {"file_permission", mp_str("0644")},
                                      {"filename", mp_str("/tmp/tfpp-strict-plan")},
                                      {"id", mp_str("/tmp/tfpp-strict-plan")}});
    for (const std::string& identity : {junk, mp_map({{"path", mp_array({})}}), mp_map({{"path", unknown}}),
                                        mp_str("/tmp/tfpp-strict-plan"), mp_map({{"nonesuch", mp_str("x")}})}) {
        tfplugin6::PlanResourceChange_Request req;
        tfplugin6::PlanResourceChange_Response resp;
        req.set_type_name("local_file");
        req.mutable_prior_state()->set_msgpack(prior);
        req.mutable_proposed_new_state()->set_msgpack(proposed);
        req.mutable_config()->set_msgpack(config);
        req.mutable_prior_identity()->mutable_identity_data()->set_msgpack(identity);
        REQUIRE(service.PlanResourceChange(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        CHECK(has_error(resp.diagnostics()));
        CHECK_FALSE(resp.has_planned_identity());
    }

    SECTION("a write-only attribute of the wrong type is an error at its path") {
        const auto sensitive = [&](const std::string& content_wo) {
            return mp_map({{"content", nil},
                           {"content_md5", nil},
                           {"content_sha1", nil},
                           {"content_sha256", nil},
                           {"content_wo", content_wo},
                           {"content_wo_version", nil},
                           {"file_permission", nil},
                           {"filename", mp_str("/tmp/tfpp-strict-wo")},
                           {"id", nil}});
        };
        tfplugin6::PlanResourceChange_Request req;
        tfplugin6::PlanResourceChange_Response resp;
        req.set_type_name("local_sensitive_file");
        req.mutable_prior_state()->set_msgpack(nil);
        req.mutable_proposed_new_state()->set_msgpack(sensitive(nil));
        req.mutable_config()->set_msgpack(sensitive(mp_array({mp_str("a")})));
        REQUIRE(service.PlanResourceChange(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        CHECK(has_error_at(resp.diagnostics(), {"content_wo"}));
        CHECK_FALSE(resp.has_planned_state());
    }
}

TEST_CASE("UpgradeResourceIdentity: no stored identity is no identity yet, not malformed JSON", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    tfplugin6::UpgradeResourceIdentity_Request req;
    tfplugin6::UpgradeResourceIdentity_Response resp;
    req.set_type_name("local_file");
    req.set_version(0);
    req.mutable_raw_identity();  // Terraform >= 1.12 sends an empty RawState
    REQUIRE(service.UpgradeResourceIdentity(nullptr, &req, &resp).ok());
    INFO(describe(resp.diagnostics()));
    CHECK(resp.diagnostics_size() == 0);
    CHECK_FALSE(resp.has_upgraded_identity());
}

TEST_CASE("a string that is not UTF-8 never leaves the provider: an error at its attribute", "[rpc][strict]") {
    engine e;
    tfpp::detail::provider_service_v6 service{e};
    std::string dir = (std::filesystem::temp_directory_path() / "tfpp-utf8-XXXXXX").string();
    REQUIRE(::mkdtemp(dir.data()) != nullptr);
    const std::string file = dir + "/bytes";
    std::ofstream(file, std::ios::binary) << "\xff\xfe";

    SECTION("local_secret: the opened value's content") {
        tfplugin6::OpenEphemeralResource_Request req;
        tfplugin6::OpenEphemeralResource_Response resp;
        req.set_type_name("local_secret");
        req.mutable_config()->set_msgpack(mp_map({{"content", nil}, {"filename", mp_long_str(file)}}));
        REQUIRE(service.OpenEphemeralResource(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        CHECK(has_error_at(resp.diagnostics(), {"content"}));
        CHECK_FALSE(resp.has_result());
    }
    SECTION("the local_file data source gives such a file as content_base64, content null") {
        tfplugin6::ReadDataSource_Request req;
        tfplugin6::ReadDataSource_Response resp;
        req.set_type_name("local_file");
        req.mutable_config()->set_msgpack(mp_map({{"content", nil},
                                                  {"content_base64", nil},
                                                  {"content_md5", nil},
                                                  {"content_sha1", nil},
                                                  {"content_sha256", nil},
                                                  {"filename", mp_long_str(file)},
                                                  {"id", nil}}));
        REQUIRE(service.ReadDataSource(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        REQUIRE(resp.diagnostics_size() == 0);
        local::file_data_model read;
        tfpp::diagnostics d;
        REQUIRE(tfpp::decode_msgpack(resp.state().msgpack(), read, d));
        CHECK(read.content.is_null());
        CHECK(read.content_base64 == "//4=");
    }
    SECTION("local_file: a text file that became bytes reads back as content_base64, a drift to plan") {
        tfplugin6::ReadResource_Request req;
        tfplugin6::ReadResource_Response resp;
        req.set_type_name("local_file");
        req.mutable_current_state()->set_msgpack(mp_map({{"content", mp_str("text")},
                                                         {"content_base64", nil},
                                                         {"content_md5", nil},
                                                         {"content_sha1", nil},
                                                         {"content_sha256", nil},
                                                         {"file_permission", mp_str("0644")},
                                                         {"filename", mp_long_str(file)},
                                                         {"id", mp_long_str(file)}}));
        REQUIRE(service.ReadResource(nullptr, &req, &resp).ok());
        INFO(describe(resp.diagnostics()));
        REQUIRE(resp.diagnostics_size() == 0);
        local::file_model read;
        tfpp::diagnostics d;
        REQUIRE(tfpp::decode_msgpack(resp.new_state().msgpack(), read, d));
        CHECK(read.content.is_null());
        CHECK(read.content_base64 == "//4=");
    }
    std::filesystem::remove_all(dir);
}

}  // namespace test_strict_requests
