// tfpp::schema_json and tfpp::provider_schema_json: the exact text of
// `tofu providers schema -json` (OpenTofu v1.12.6). The expected document of
// the kitchen provider is what real OpenTofu printed for it; the e2e test
// e2e-tofu-schema-json compares the two again on every run.
#include "schema_json_provider.hpp"

#include <tfpp/serve/provider_schema_json.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace test_schema_json {

// `tofu providers schema -json` for test/unit/schema_json_provider.hpp, less
// its trailing newline, cut into pieces at commas.
const std::string kitchen_expected =
    R"json({"format_version":"1.0","provider_schemas":{"registry.opentofu.org/tfpp/kitchen":{"provider":{"versi)json"
    R"json(on":0,"block":{"attributes":{"endpoint":{"type":"string","description":"Where the kitchen is.","desc)json"
    R"json(ription_kind":"plain","optional":true},"token":{"type":"string","description_kind":"plain","optional)json"
    R"json(":true,"sensitive":true}},"block_types":{"timeouts":{"nesting_mode":"single","block":{"attributes":{)json"
    R"json("create":{"type":"string","description_kind":"plain","optional":true},"delete":{"type":"string","des)json"
    R"json(cription_kind":"plain","optional":true}},"description_kind":"plain"}}},"description":"The **kitchen*)json"
    R"json(* provider.","description_kind":"markdown"}},"resource_schemas":{"kitchen_old":{"version":0,"block":)json"
    R"json({"attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},"description":"Rep)json"
    R"json(laced by kitchen_thing.","description_kind":"plain","deprecated":true,"deprecation_message":"Use kit)json"
    R"json(chen_thing."}},"kitchen_thing":{"version":3,"block":{"attributes":{"aliases":{"type":["list","string)json"
    R"json("],"description_kind":"plain","optional":true},"anything":{"type":"dynamic","description_kind":"plai)json"
    R"json(n","optional":true},"deep":{"type":["list",["map",["set","string"]]],"description_kind":"plain","opt)json"
    R"json(ional":true},"enabled":{"type":"bool","description_kind":"plain","optional":true},"flags":{"type":[")json"
    R"json(map","bool"],"description_kind":"plain","optional":true},"html":{"type":"string","description":"Show)json"
    R"json(n as \u003cb\u003ebold\u003c/b\u003e \u0026 \"quoted\"\u2028then\u2029done,\ttabbed\u0001.","descrip)json"
    R"json(tion_kind":"plain","optional":true},"id":{"type":"string","description_kind":"plain","computed":true)json"
    R"json(},"label_text":{"type":"string","description_kind":"plain","deprecated":true,"deprecation_message":")json"
    R"json(Use `name` instead.","optional":true},"login":{"nested_type":{"attributes":{"one_time_code":{"type":)json"
    R"json("string","description_kind":"plain","optional":true,"write_only":true},"password":{"type":"string",")json"
    R"json(description_kind":"plain","optional":true,"sensitive":true},"user":{"type":"string","description":"U)json"
    R"json(ser name.","description_kind":"plain","required":true}},"nesting_mode":"single"},"description_kind":)json"
    R"json("plain","optional":true},"members":{"nested_type":{"attributes":{"active":{"type":"bool","descriptio)json"
    R"json(n_kind":"plain","computed":true},"name":{"type":"string","description_kind":"plain","required":true})json"
    R"json(,"rules":{"nested_type":{"attributes":{"port":{"type":"number","description":"Port number.","descrip)json"
    R"json(tion_kind":"plain","required":true},"protocol":{"type":"string","description_kind":"plain","deprecat)json"
    R"json(ed":true,"optional":true},"protocols":{"type":["set","string"],"description_kind":"plain","optional")json"
    R"json(:true}},"nesting_mode":"list"},"description_kind":"plain","optional":true}},"nesting_mode":"set"},"d)json"
    R"json(escription_kind":"plain","optional":true},"name":{"type":"string","description":"Name of the thing; )json"
    R"json(a change replaces it.","description_kind":"plain","required":true},"namespace":{"type":"string","des)json"
    R"json(cription":"The `namespace` (a C++ keyword, hence the rename).","description_kind":"markdown","option)json"
    R"json(al":true},"ports":{"type":["set","number"],"description_kind":"plain","optional":true},"position":{")json"
    R"json(type":["object",{"label":"string","lat":"number","lon":"number"}],"description_kind":"plain","option)json"
    R"json(al":true},"ratio":{"type":"number","description_kind":"plain","optional":true},"rules":{"nested_type)json"
    R"json(":{"attributes":{"port":{"type":"number","description":"Port number.","description_kind":"plain","re)json"
    R"json(quired":true},"protocol":{"type":"string","description_kind":"plain","deprecated":true,"optional":tr)json"
    R"json(ue},"protocols":{"type":["set","string"],"description_kind":"plain","optional":true}},"nesting_mode")json"
    R"json(:"list"},"description_kind":"plain","optional":true},"secret":{"type":"string","description":"A gene)json"
    R"json(rated secret.","description_kind":"plain","computed":true,"sensitive":true},"size":{"type":"number",)json"
    R"json("description":"Size in bytes.","description_kind":"plain","optional":true},"tags":{"nested_type":{"a)json"
    R"json(ttributes":{"normalized":{"type":"string","description":"`value` in *lower case*.","description_kind)json"
    R"json(":"markdown","computed":true},"value":{"type":"string","description_kind":"plain","required":true}},)json"
    R"json("nesting_mode":"map"},"description":"Tags, each with a **value**.","description_kind":"markdown","op)json"
    R"json(tional":true,"computed":true},"triple":{"type":["tuple",["string","number","bool"]],"description_kin)json"
    R"json(d":"plain","optional":true}},"block_types":{"fallback":{"nesting_mode":"group","block":{"attributes")json"
    R"json(:{"allow":{"type":"bool","description_kind":"plain","optional":true},"cidr":{"type":"string","descri)json"
    R"json(ption_kind":"plain","required":true}},"description":"Rules applied when no other matches.","descript)json"
    R"json(ion_kind":"plain"}},"label":{"nesting_mode":"map","block":{"attributes":{"color":{"type":"string","d)json"
    R"json(escription_kind":"plain","optional":true}},"description":"Labels, by label name.","description_kind")json"
    R"json(:"plain"}},"listener":{"nesting_mode":"list","block":{"attributes":{"address":{"type":"string","desc)json"
    R"json(ription":"Address to bind, e.g. 0.0.0.0 \u0026 [::].","description_kind":"plain","optional":true},"p)json"
    R"json(ort":{"type":"number","description_kind":"plain","required":true}},"block_types":{"header":{"nesting)json"
    R"json(_mode":"list","block":{"attributes":{"name":{"type":"string","description_kind":"plain","required":t)json"
    R"json(rue},"value":{"type":"string","description_kind":"plain","deprecated":true,"deprecation_message":"He)json"
    R"json(aders are sent as given.","optional":true}},"description_kind":"plain","deprecated":true,"deprecatio)json"
    R"json(n_message":"Use a proxy."},"max_items":5}},"description_kind":"plain"},"min_items":1,"max_items":3},)json"
    R"json("rule":{"nesting_mode":"set","block":{"attributes":{"allow":{"type":"bool","description_kind":"plain)json"
    R"json(","optional":true},"cidr":{"type":"string","description_kind":"plain","required":true}},"description)json"
    R"json(_kind":"plain"},"max_items":10},"settings":{"nesting_mode":"single","block":{"attributes":{"extra":{)json"
    R"json("type":["map","string"],"description_kind":"plain","optional":true},"mode":{"type":"string","descrip)json"
    R"json(tion_kind":"plain","required":true}},"description":"Settings; exactly one `settings` block.","descri)json"
    R"json(ption_kind":"markdown"},"min_items":1,"max_items":1},"timeouts":{"nesting_mode":"single","block":{"a)json"
    R"json(ttributes":{"create":{"type":"string","description_kind":"plain","optional":true},"delete":{"type":")json"
    R"json(string","description_kind":"plain","optional":true}},"description_kind":"plain"}}},"description":"A )json"
    R"json(*thing* with every kind of field.","description_kind":"markdown"}}},"data_source_schemas":{"kitchen_)json"
    R"json(info":{"version":0,"block":{"attributes":{"items":{"type":["list","string"],"description_kind":"plai)json"
    R"json(n","computed":true},"name":{"type":"string","description_kind":"plain","required":true},"tags":{"nes)json"
    R"json(ted_type":{"attributes":{"normalized":{"type":"string","description":"`value` in *lower case*.","des)json"
    R"json(cription_kind":"markdown","computed":true},"value":{"type":"string","description_kind":"plain","requ)json"
    R"json(ired":true}},"nesting_mode":"map"},"description_kind":"plain","computed":true}},"description":"Reads)json"
    R"json( what a \u003cthing\u003e knows.","description_kind":"plain"}}},"functions":{"mix":{"description":"M)json"
    R"json(ixes *everything* \u003ctogether\u003e.","summary":"Mix \u0026 match","return_type":["object",{"labe)json"
    R"json(l":"string","lat":"number","lon":"number"}],"parameters":[{"name":"label","description":"The label.")json"
    R"json(,"type":"string"},{"name":"count","description":"","type":"number","is_nullable":true},{"name":"name)json"
    R"json(s","description":"The *names*.","type":["list","string"],"is_nullable":true},{"name":"where","descri)json"
    R"json(ption":"","type":["object",{"label":"string","lat":"number","lon":"number"}]},{"name":"flags","descr)json"
    R"json(iption":"","type":["map",["set","bool"]]},{"name":"pair","description":"","type":["tuple",["string",)json"
    R"json("number"]]},{"name":"anything","description":"","type":"dynamic"}],"variadic_parameter":{"name":"res)json"
    R"json(t","description":"And the rest.","type":"string","is_nullable":true}},"noop":{"description":"","summ)json"
    R"json(ary":"","return_type":"dynamic"}},"resource_identity_schemas":{"kitchen_thing":{"version":2,"attribu)json"
    R"json(tes":{"name":{"type":"string","description":"Name of the thing.","required_for_import":true},"region)json"
    R"json(s":{"type":["list","string"],"optional_for_import":true},"shard":{"type":"number","optional_for_impo)json"
    R"json(rt":true}}}}}}})json";

struct demo_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct demo_thing {
    using model = demo_model;
    static constexpr std::string_view type_name = "demo_thing";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};
// No configuration, no data sources, no identities.
struct demo_provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<demo_thing>;
};
struct bare_provider {
    static constexpr std::string_view type_name = "bare";
};

}  // namespace test_schema_json

using namespace test_schema_json;

TEST_CASE("schema_json: every part of the schema surface, exactly as OpenTofu prints it", "[schema_json]") {
    const std::string doc = tfpp::provider_schema_json<kitchen::provider>("tfpp/kitchen");
    CHECK(doc == kitchen_expected);
    // What the expected text shows, spelled out.
    const auto j = nlohmann::json::parse(doc);
    const auto& p = j["provider_schemas"]["registry.opentofu.org/tfpp/kitchen"];
    CHECK_FALSE(p.contains("provider_meta"));  // the format has no place for it
    CHECK(p["resource_identity_schemas"].size() == 1);
    CHECK(p["resource_identity_schemas"]["kitchen_thing"]["version"] == 2);
    const auto& thing = p["resource_schemas"]["kitchen_thing"];
    CHECK(thing["version"] == 3);
    CHECK(thing["block"]["attributes"].contains("namespace"));
    CHECK(thing["block"]["attributes"]["login"].contains("nested_type"));
    CHECK_FALSE(thing["block"]["attributes"]["login"].contains("type"));
    // Inside nested attributes OpenTofu keeps `deprecated` but not the message.
    const auto& protocol = thing["block"]["attributes"]["rules"]["nested_type"]["attributes"]["protocol"];
    CHECK(protocol["deprecated"] == true);
    CHECK_FALSE(protocol.contains("deprecation_message"));
    CHECK(thing["block"]["attributes"]["label_text"]["deprecation_message"] == "Use `name` instead.");
    CHECK(
        doc.find(
            R"("description":"Shown as \u003cb\u003ebold\u003c/b\u003e \u0026 \"quoted\"\u2028then\u2029done,\ttabbed\u0001.")") !=
        std::string::npos);
}

TEST_CASE("schema_json: a provider without configuration, data sources or identities", "[schema_json]") {
    CHECK(tfpp::provider_schema_json<demo_provider>() ==
          R"({"format_version":"1.0","provider_schemas":{"registry.opentofu.org/hashicorp/demo":{)"
          R"("provider":{"version":0,"block":{"description_kind":"plain"}},)"
          R"("resource_schemas":{"demo_thing":{"version":0,"block":{"attributes":{)"
          R"("id":{"type":"string","description_kind":"plain","computed":true},)"
          R"("name":{"type":"string","description_kind":"plain","required":true}},"description_kind":"plain"}}}}}})");
    CHECK(tfpp::provider_schema_json<bare_provider>("example.com/acme/bare") ==
          R"({"format_version":"1.0","provider_schemas":{"example.com/acme/bare":{)"
          R"("provider":{"version":0,"block":{"description_kind":"plain"}}}}})");
}

TEST_CASE("schema_json: provider addresses are completed as OpenTofu completes a source", "[schema_json]") {
    using tfpp::detail::opentofu_provider_address;
    CHECK(opentofu_provider_address("tfpp/local", "local") == "registry.opentofu.org/tfpp/local");
    CHECK(opentofu_provider_address("", "local") == "registry.opentofu.org/hashicorp/local");
    CHECK(opentofu_provider_address("local", "local") == "registry.opentofu.org/hashicorp/local");
    CHECK(opentofu_provider_address("registry.terraform.io/hashicorp/local", "local") ==
          "registry.terraform.io/hashicorp/local");
    CHECK(opentofu_provider_address("Example.COM/Acme/Local", "local") == "example.com/acme/local");
    const tfpp::provider_schemas parts = tfpp::detail::schemas_of<kitchen::provider>();
    CHECK(parts.address == "registry.opentofu.org/hashicorp/kitchen");
    CHECK(parts.resources.size() == 2);
    CHECK(parts.data_sources.size() == 1);
    CHECK(parts.resource_identities.size() == 1);
}

TEST_CASE("schema_json: runtime structures built by hand, in Go's key order and escaping", "[schema_json]") {
    auto attribute = [](std::string_view name, tfpp::type type, tfpp::attribute_role role) {
        tfpp::attribute_schema a;
        a.name = name;
        a.type = std::move(type);
        a.role = role;
        return a;
    };
    tfpp::block_schema inner;
    inner.attributes.push_back(attribute("b", tfpp::type::number(), tfpp::attribute_role::computed));
    tfpp::block_schema b;
    b.version = 7;
    // Out of order on purpose: Go sorts map keys.
    b.attributes.push_back(attribute("zeta", tfpp::type::boolean(), tfpp::attribute_role::optional));
    b.attributes.push_back(
        attribute("alpha", tfpp::type::object({{"y", tfpp::type::string(), false}, {"x", tfpp::type::number(), false}}),
                  tfpp::attribute_role::required));
    b.attributes.back().description = "a<b>&c\x1f\b\f\n\r\t\\\"\x7f\xe2\x80\xa8\xe2\x80\xa9\xc3\xa9";
    // A message without `deprecated` is not sent, and so not printed.
    b.attributes.push_back(attribute("mid", tfpp::type::string(), tfpp::attribute_role::optional));
    b.attributes.back().deprecation_message = "not sent";
    tfpp::nested_block_schema group;
    group.name = "grp";
    group.mode = tfpp::nesting::group;
    group.block = inner;
    b.blocks.push_back(group);
    b.description_is_markdown = true;  // no description: the kind stays plain
    CHECK(tfpp::schema_json(b) ==
          R"({"version":7,"block":{"attributes":{)"
          R"("alpha":{"type":["object",{"x":"number","y":"string"}],)"
          R"("description":"a\u003cb\u003e\u0026c\u001f\b\f\n\r\t\\\")"
          "\x7f"
          R"(\u2028\u2029)"
          "\xc3\xa9"
          R"(","description_kind":"plain","required":true},)"
          R"("mid":{"type":"string","description_kind":"plain","optional":true},)"
          R"("zeta":{"type":"bool","description_kind":"plain","optional":true}},)"
          R"("block_types":{"grp":{"nesting_mode":"group","block":{"attributes":{)"
          R"("b":{"type":"number","description_kind":"plain","computed":true}},"description_kind":"plain"}}},)"
          R"("description_kind":"plain"}})");

    tfpp::provider_schemas none;
    none.address = "registry.opentofu.org/x/y";
    CHECK(tfpp::schema_json(none) ==
          R"({"format_version":"1.0","provider_schemas":{"registry.opentofu.org/x/y":{"provider":{"version":0}}}})");

    tfpp::identity_schema empty_identity;
    tfpp::block_schema empty;
    tfpp::provider_schemas one;
    one.address = "a/b/c";
    one.provider = &empty;
    one.resources = {{"c_two", &empty}, {"c_one", &empty}};
    one.resource_identities = {{"c_two", &empty_identity}};
    CHECK(
        tfpp::schema_json(one) ==
        R"({"format_version":"1.0","provider_schemas":{"a/b/c":{"provider":{"version":0,"block":{"description_kind":"plain"}},)"
        R"("resource_schemas":{"c_one":{"version":0,"block":{"description_kind":"plain"}},)"
        R"("c_two":{"version":0,"block":{"description_kind":"plain"}}},)"
        R"("resource_identity_schemas":{"c_two":{"version":0}}}}})");

    // Terraform 1.14's parts, where its jsonprovider.Provider puts them
    one.list_resources = {{"c_two", &empty}};
    one.actions = {{"c_run", &empty}};
    one.state_stores = {{"c_states", &empty}};
    one.functions = {};
    CHECK(
        tfpp::schema_json(one) ==
        R"({"format_version":"1.0","provider_schemas":{"a/b/c":{"provider":{"version":0,"block":{"description_kind":"plain"}},)"
        R"("resource_schemas":{"c_one":{"version":0,"block":{"description_kind":"plain"}},)"
        R"("c_two":{"version":0,"block":{"description_kind":"plain"}}},)"
        R"("list_resource_schemas":{"c_two":{"version":0,"block":{"description_kind":"plain"}}},)"
        R"("resource_identity_schemas":{"c_two":{"version":0}},)"
        R"("action_schemas":{"c_run":{"block":{"description_kind":"plain"}}},)"
        R"("state_store_schemas":{"c_states":{"version":0,"block":{"description_kind":"plain"}}}}}})");
}
