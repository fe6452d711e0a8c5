// Terraform values in C++: exact numbers, sets without operator<, tuples,
// dynamic values, refined unknowns, and the codecs that carry them. A model
// like this one can be the model of a resource; here it goes through the
// codecs directly, as the framework does on every request.
//
// Built and run as a test (examples/values); it prints what it shows.
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <tuple>

namespace example {

struct rule {
    std::string protocol;
    std::int64_t port;
};

struct firewall {
    tfpp::required<std::string> name;
    tfpp::optional<tfpp::set<rule>> rules;                        // set(object): no operator< needed
    tfpp::optional<tfpp::number> budget;                          // exact: 0.1 stays 0.1
    tfpp::optional<std::tuple<std::string, std::int64_t>> owner;  // tuple([string, number])
    tfpp::optional<tfpp::dynamic> metadata;                       // any type, chosen by the value
    tfpp::computed<std::string> arn;
};

}  // namespace example

int main() {
    using example::firewall;
    int failures = 0;
    auto expect = [&](bool ok, const char* what) {
        std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
        failures += ok ? 0 : 1;
    };

    std::printf("schema type: %s\n", tfpp::type_json<firewall>().c_str());

    firewall f;
    f.name = "edge";
    // Duplicates go, and the order is Terraform's own, whatever the input order.
    f.rules = tfpp::set<example::rule>{{"tcp", 443}, {"udp", 53}, {"tcp", 443}, {"tcp", 22}};
    f.budget = *tfpp::number::parse("1234567890.12345678901234567890");
    f.owner = std::tuple<std::string, std::int64_t>{"team-a", 7};
    f.metadata =
        tfpp::dynamic::object({{"tier", "gold"}, {"zones", tfpp::dynamic::list(tfpp::type::string(), {"a", "b"})}});
    // Not known until apply, but it will not be null and starts with "arn:fw:".
    f.arn = tfpp::value<std::string>(tfpp::unknown, {.not_null = true, .string_prefix = "arn:fw:"});

    expect(f.rules->size() == 3, "the set holds three rules");
    expect(f.rules->elements()[0].port == 22, "tcp/22 sorts first, as Terraform orders it");
    expect(!tfpp::is_wholly_known(f), "the model is not wholly known (arn is unknown)");

    // msgpack, as Terraform exchanges it: byte-compatible with go-cty.
    const std::string bytes = tfpp::to_msgpack(f);
    firewall back;
    tfpp::diagnostics diags;
    expect(tfpp::decode_msgpack(bytes, back, diags), "msgpack decodes");
    expect(back.budget == f.budget && back.budget->to_string() == "1234567890.1234567890123456789",
           "the budget keeps every digit");
    expect(back.arn.is_unknown() && back.arn.refinement() && back.arn.refinement()->string_prefix == "arn:fw:",
           "the unknown arn keeps its refinements");
    expect(back.metadata->operator[]("zones")[1].as_string() == "b", "dynamic values carry their type and content");

    // The same bytes as a generic value, for code that does not know the model.
    tfpp::dynamic generic;
    expect(tfpp::decode_msgpack(bytes, tfpp::type_of<firewall>(), generic, diags), "decodes as tfpp::dynamic");
    expect(tfpp::to_msgpack(generic, tfpp::type_of<firewall>()) == bytes, "and encodes to the same bytes");

    // JSON has no unknowns: encoding says where the problem is.
    std::string json;
    tfpp::diagnostics json_diags;
    expect(!tfpp::encode_json(f, json, json_diags) && json_diags[0].path.to_string() == "arn",
           "JSON refuses the unknown arn, naming it");
    f.arn = "arn:fw:edge";
    json.clear();
    expect(tfpp::encode_json(f, json, diags), "once known, the model writes as JSON");
    std::printf("json: %s\n", json.c_str());

    // Bad input is a diagnostic with a path, never a crash.
    firewall bad;
    tfpp::diagnostics bad_diags;
    expect(!tfpp::decode_json(R"({"name":"x","rules":[{"protocol":"tcp","port":"many"}]})", bad, bad_diags),
           "a bad port is refused");
    std::printf("diagnostic: %s: %s at %s\n", bad_diags[0].summary.c_str(), bad_diags[0].detail.c_str(),
                bad_diags[0].path.to_string().c_str());
    expect(bad_diags[0].path.to_string() == "rules[0].port", "the diagnostic names rules[0].port");
    return failures == 0 ? 0 : 1;
}
