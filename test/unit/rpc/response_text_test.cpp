// Every string tfpp puts in a response is valid UTF-8, whatever a handler
// or a request hands it: Go's protobuf refuses a message with a string that
// is not, and Terraform would report a transport error instead of the
// diagnostic. Ill-formed parts become U+FFFD.
#include "../../common/utf8_strings.hpp"

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/rpc/detail/service_v6.hpp>
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace test_response_text {

const std::string bad = "caf\xc3 \xff\xfe \xed\xa0\x80 end";  // a cut sequence, stray bytes, a surrogate

struct thing_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::map<std::string, std::string>> labels;
};

struct provider;
struct thing {
    using model = thing_model;
    static constexpr std::string_view type_name = "bytes_thing";
    provider& p;
    // A handler that passes on what it got from somewhere else: a file name,
    // a server's message.
    void validate(const model&, tfpp::context& ctx) {
        ctx.error(bad, "detail " + bad, tfpp::attribute_path("labels").then_key(bad));
    }
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct shout_function {
    static constexpr std::string_view name = "shout";
    struct parameters {
        std::string text;
    };
    std::string call(const parameters&, tfpp::context& ctx) { return ctx.error("Refused", bad), ""; }
};

struct provider {
    static constexpr std::string_view type_name = "bytes";
    using resources = tfpp::type_list<thing>;
    using functions = tfpp::type_list<shout_function>;
};

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += s + "\n";
    return out;
}

}  // namespace test_response_text

using namespace test_response_text;

TEST_CASE("to_valid_utf8 replaces each ill-formed part with U+FFFD", "[rpc][utf8]") {
    CHECK(tfpp::to_valid_utf8("plain, \xc3\xa9t\xc3\xa9 \xf0\x9f\x98\x80") ==
          "plain, \xc3\xa9t\xc3\xa9 \xf0\x9f\x98\x80");
    CHECK(tfpp::to_valid_utf8("a\xff"
                              "b") ==
          "a\xef\xbf\xbd"
          "b");
    CHECK(tfpp::to_valid_utf8("\xe2\x82") == "\xef\xbf\xbd");  // a cut three-byte sequence: one part
    CHECK(tfpp::to_valid_utf8("\xe2\x82x") == "\xef\xbf\xbdx");
    CHECK(tfpp::to_valid_utf8("\xc0\xaf") == "\xef\xbf\xbd\xef\xbf\xbd");                  // an overlong form: two
    CHECK(tfpp::to_valid_utf8("\xed\xa0\x80") == "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");  // a surrogate
    CHECK(tfpp::to_valid_utf8("\xf4\x90\x80\x80").size() == 12);                           // beyond U+10FFFF
    CHECK(tfpp::valid_utf8(tfpp::to_valid_utf8(bad)));
    CHECK_FALSE(tfpp::valid_utf8(bad));
}

TEST_CASE("diagnostics and paths a handler fills with bytes that are not UTF-8 reach the client valid", "[rpc][utf8]") {
    tfpp::detail::engine<provider> e;
    tfpp::detail::provider_service_v6 service{e};
    thing_model m;
    m.name = "n";
    tfplugin6::ValidateResourceConfig_Request req;
    req.set_type_name("bytes_thing");
    req.mutable_config()->set_msgpack(tfpp::to_msgpack(m));
    tfplugin6::ValidateResourceConfig_Response resp;
    REQUIRE(service.ValidateResourceConfig(nullptr, &req, &resp).ok());
    REQUIRE(resp.diagnostics_size() == 1);
    INFO(joined(test_common::invalid_strings(resp)));
    CHECK(test_common::invalid_strings(resp).empty());
    const auto& d = resp.diagnostics(0);
    CHECK(d.summary() == tfpp::to_valid_utf8(bad));
    CHECK(d.detail() == "detail " + tfpp::to_valid_utf8(bad));
    REQUIRE(d.attribute().steps_size() == 2);
    CHECK(d.attribute().steps(1).element_key_string() == tfpp::to_valid_utf8(bad));
}

TEST_CASE("a function's error text that is not UTF-8 reaches the client valid", "[rpc][utf8]") {
    tfpp::detail::engine<provider> e;
    tfpp::detail::provider_service_v6 service{e};
    tfplugin6::CallFunction_Request req;
    req.set_name("shout");
    req.add_arguments()->set_msgpack(tfpp::to_msgpack(std::string("hi")));
    tfplugin6::CallFunction_Response resp;
    REQUIRE(service.CallFunction(nullptr, &req, &resp).ok());
    REQUIRE(resp.has_error());
    INFO(joined(test_common::invalid_strings(resp)));
    CHECK(test_common::invalid_strings(resp).empty());
    CHECK(resp.error().text().find(tfpp::to_valid_utf8(bad)) != std::string::npos);
}
