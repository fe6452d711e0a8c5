// Every element of the schema surface, derived from structs and converted to
// the protocol's Schema messages: nested attributes in four nesting modes,
// blocks in five, renames, write-only, sensitive values inside nested
// structures, documentation in types and in a docs mirror, deprecation,
// versions, the provider_meta schema and identities.
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/rpc/detail/convert.hpp>
#include <tfpp/rpc/detail/handlers.hpp>
#include <tfpp/tfpp.hpp>

#include <tfplugin5.pb.h>
#include <tfplugin6.pb.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_schema_surface {

struct endpoint {
    tfpp::required<std::string> host;
    tfpp::optional<std::int64_t> port;
    tfpp::optional<std::string, tfpp::sensitive> token;
    tfpp::computed<std::string> resolved;
};

struct timeouts_config {
    tfpp::optional<std::string> create;
};

struct rule_config {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string, tfpp::sensitive, tfpp::deprecated<"Use port.">> legacy;
    tfpp::block_list<timeouts_config> limits;

    struct docs {
        tfpp::doc port{.markdown = "The *port*."};
    };
};

struct server_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::terraform_name<"namespace">> namespace_;
    tfpp::optional<std::string, tfpp::write_only> password;
    tfpp::optional<endpoint> primary;                                // single nested attributes
    tfpp::optional<std::vector<endpoint>> replicas;                  // list
    tfpp::optional<tfpp::set<endpoint>> mirrors;                     // set
    tfpp::optional_computed<std::map<std::string, endpoint>> named;  // map
    tfpp::block<timeouts_config> timeouts;
    tfpp::block_list<rule_config, tfpp::min_items<1>, tfpp::max_items<4>> ingress;
    tfpp::block_set<rule_config, tfpp::max_items<2>> egress;
    tfpp::block_map<timeouts_config> stage;
    tfpp::block_group<timeouts_config, tfpp::deprecated<"Use timeouts.">> defaults;
    tfpp::block<timeouts_config, tfpp::min_items<1>> required_single;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc name{"Name of the server."};
        tfpp::doc namespace_{"Where it lives."};
        tfpp::doc replicas{.description = "Replicas.", .deprecated = "Use mirrors."};
        tfpp::doc ingress{.markdown = "Inbound **rules**."};
    };
};

struct server_identity {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<std::string>> zones;
    struct docs {
        tfpp::doc name{"Name of the server."};
    };
};

struct server_resource {
    using model = server_model;
    using identity = server_identity;
    static constexpr std::string_view type_name = "demo_server";
    static constexpr std::int64_t schema_version = 3;
    static constexpr std::int64_t identity_version = 1;
    server_identity identity_of(const server_model& m) const {
        server_identity id;
        id.name = m.name;
        return id;
    }
    static constexpr tfpp::doc doc{.markdown = "A *server*.", .deprecated = "Use demo_machine."};
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

struct demo_config {
    tfpp::optional<std::string> region;
};
struct demo_meta {
    tfpp::optional<std::string> module_name;
};

struct demo_provider {
    static constexpr std::string_view type_name = "demo";
    static constexpr tfpp::doc doc{"The demo provider."};
    using config = demo_config;
    using provider_meta = demo_meta;
    using resources = tfpp::type_list<server_resource>;
};
static_assert(tfpp::valid_provider<demo_provider>);

const tfpp::block_schema& server() { return tfpp::detail::resource_schema<server_resource>(); }

TEST_CASE("nested attributes in single, list, set and map nesting", "[schema]") {
    const tfpp::block_schema& s = server();
    struct expectation {
        const char* name;
        tfpp::nesting mode;
        const char* type;
    };
    const char* object = R"(["object",{"host":"string","port":"number","resolved":"string","token":"string"}])";
    for (const auto& [name, mode, container] : {expectation{"primary", tfpp::nesting::single, "%"},
                                                expectation{"replicas", tfpp::nesting::list, "[\"list\",%]"},
                                                expectation{"mirrors", tfpp::nesting::set, "[\"set\",%]"},
                                                expectation{"named", tfpp::nesting::map, "[\"map\",%]"}}) {
        INFO(name);
        const tfpp::attribute_schema* a = s.find(name);
        REQUIRE(a);
        REQUIRE(a->nested);
        CHECK(a->nested->mode == mode);
        std::string type = container;
        type.replace(type.find('%'), 1, object);
        CHECK(tfpp::to_type_json(a->type) == type);
        REQUIRE(a->nested->attributes.size() == 4);
        CHECK(a->nested->find("host")->role == tfpp::attribute_role::required);
        CHECK(a->nested->find("resolved")->is_computed());
        CHECK(a->nested->find("token")->sensitive);  // sensitive inside a nested structure
    }
    CHECK(s.find("named")->role == tfpp::attribute_role::optional_computed);
    CHECK_FALSE(s.find("name")->nested);
}

TEST_CASE("blocks in all five nesting modes, with item bounds", "[schema]") {
    const tfpp::block_schema& s = server();
    REQUIRE(s.blocks.size() == 6);  // sorted by name
    const char* names[] = {"defaults", "egress", "ingress", "required_single", "stage", "timeouts"};
    for (std::size_t i = 0; i < 6; ++i) CHECK(s.blocks[i].name == names[i]);
    CHECK(s.find_block("timeouts")->mode == tfpp::nesting::single);
    CHECK(s.find_block("timeouts")->min_items == 0);
    CHECK(s.find_block("timeouts")->max_items == 0);
    CHECK(s.find_block("required_single")->min_items == 1);
    CHECK(s.find_block("required_single")->max_items == 1);
    const tfpp::nested_block_schema* ingress = s.find_block("ingress");
    CHECK(ingress->mode == tfpp::nesting::list);
    CHECK(ingress->min_items == 1);
    CHECK(ingress->max_items == 4);
    CHECK(ingress->block.description == "Inbound **rules**.");
    CHECK(ingress->block.description_is_markdown);
    CHECK(s.find_block("egress")->mode == tfpp::nesting::set);
    CHECK(s.find_block("egress")->max_items == 2);
    CHECK(s.find_block("stage")->mode == tfpp::nesting::map);
    CHECK(s.find_block("defaults")->mode == tfpp::nesting::group);
    CHECK(s.find_block("defaults")->block.deprecated);
    CHECK(s.find_block("defaults")->block.deprecation_message == "Use timeouts.");
    // blocks inside blocks
    const tfpp::block_schema& rule = ingress->block;
    REQUIRE(rule.blocks.size() == 1);
    CHECK(rule.blocks[0].name == "limits");
    CHECK(rule.find("port")->description == "The *port*.");
    CHECK(rule.find("port")->description_is_markdown);
    CHECK(rule.find("legacy")->sensitive);
    CHECK(rule.find("legacy")->deprecated);
    // the value type of the whole block
    CHECK(tfpp::to_type_json(s.find_block("stage")->block.value_type) == R"(["object",{"create":"string"}])");
    CHECK(tfpp::type_of<server_model>() == s.value_type);
}

TEST_CASE("names, documentation, write-only, versions", "[schema]") {
    const tfpp::block_schema& s = server();
    CHECK(s.find("namespace_") == nullptr);
    REQUIRE(s.find("namespace"));
    CHECK(s.find("namespace")->description == "Where it lives.");  // docs mirror by C++ name
    CHECK(s.find("name")->description == "Name of the server.");
    CHECK_FALSE(s.find("name")->description_is_markdown);
    CHECK(s.find("replicas")->deprecated);
    CHECK(s.find("replicas")->deprecation_message == "Use mirrors.");
    CHECK(s.find("password")->write_only);
    CHECK(s.version == 3);
    CHECK(s.description == "A *server*.");
    CHECK(s.description_is_markdown);
    CHECK(s.deprecated);
    CHECK(s.deprecation_message == "Use demo_machine.");
    CHECK(tfpp::detail::provider_config_schema<demo_provider>().description == "The demo provider.");
}

TEST_CASE("renamed fields travel under their Terraform name", "[schema][msgpack]") {
    server_model m;
    m.name = "a";
    m.namespace_ = "prod";
    const std::string bytes = tfpp::to_msgpack(m);
    CHECK(bytes.find("namespace") != std::string::npos);
    CHECK(bytes.find("namespace_") == std::string::npos);
    server_model back;
    tfpp::diagnostics d;
    REQUIRE(tfpp::decode_msgpack(bytes, back, d));
    CHECK(back.namespace_ == "prod");
}

TEST_CASE("identity and provider_meta schemas", "[schema]") {
    const tfpp::identity_schema* id = tfpp::detail::resource_identity_schema<server_resource>();
    REQUIRE(id);
    CHECK(id->version == 1);
    REQUIRE(id->attributes.size() == 2);
    CHECK(id->attributes[0].name == "name");
    CHECK(id->attributes[0].required_for_import);
    CHECK_FALSE(id->attributes[0].optional_for_import);
    CHECK(id->attributes[0].description == "Name of the server.");
    CHECK(id->attributes[1].name == "zones");
    CHECK(id->attributes[1].optional_for_import);
    CHECK(tfpp::to_type_json(id->attributes[1].type) == R"(["list","string"])");
    const tfpp::block_schema* meta = tfpp::detail::provider_meta_schema<demo_provider>();
    REQUIRE(meta);
    CHECK(meta->find("module_name"));
}

TEST_CASE("the protocol 6 schema carries every element", "[schema][rpc]") {
    tfpp::detail::engine<demo_provider> e;
    tfplugin6::GetProviderSchema_Response resp;
    tfpp::detail::get_provider_schema(e, resp);
    CHECK(resp.provider().block().description() == "The demo provider.");
    REQUIRE(resp.provider_meta().block().attributes_size() == 1);
    CHECK(resp.provider_meta().block().attributes(0).name() == "module_name");

    const tfplugin6::Schema& schema = resp.resource_schemas().at("demo_server");
    CHECK(schema.version() == 3);
    const auto& block = schema.block();
    CHECK(block.description_kind() == tfplugin6::StringKind::MARKDOWN);
    CHECK(block.deprecated());
    auto attribute = [&](const std::string& name) -> const tfplugin6::Schema_Attribute& {
        for (const auto& a : block.attributes())
            if (a.name() == name) return a;
        FAIL("no attribute " << name);
        throw;
    };
    const auto& replicas = attribute("replicas");
    CHECK(replicas.type().empty());  // nested_type instead
    CHECK(replicas.nested_type().nesting() == tfplugin6::Schema_Object::LIST);
    CHECK(replicas.deprecated());
    CHECK(replicas.deprecation_message() == "Use mirrors.");
    CHECK(attribute("primary").nested_type().nesting() == tfplugin6::Schema_Object::SINGLE);
    CHECK(attribute("mirrors").nested_type().nesting() == tfplugin6::Schema_Object::SET);
    CHECK(attribute("named").nested_type().nesting() == tfplugin6::Schema_Object::MAP);
    CHECK((attribute("named").optional() && attribute("named").computed()));
    const auto& inner = attribute("primary").nested_type().attributes();
    REQUIRE(inner.size() == 4);
    CHECK(inner[3].name() == "token");
    CHECK(inner[3].sensitive());
    CHECK(attribute("password").write_only());
    CHECK(attribute("namespace").description() == "Where it lives.");

    REQUIRE(block.block_types_size() == 6);
    std::map<std::string, const tfplugin6::Schema_NestedBlock*> blocks;
    for (const auto& b : block.block_types()) blocks[b.type_name()] = &b;
    CHECK(blocks.at("timeouts")->nesting() == tfplugin6::Schema_NestedBlock::SINGLE);
    CHECK(blocks.at("ingress")->nesting() == tfplugin6::Schema_NestedBlock::LIST);
    CHECK(blocks.at("ingress")->min_items() == 1);
    CHECK(blocks.at("ingress")->max_items() == 4);
    CHECK(blocks.at("ingress")->block().description_kind() == tfplugin6::StringKind::MARKDOWN);
    CHECK(blocks.at("egress")->nesting() == tfplugin6::Schema_NestedBlock::SET);
    CHECK(blocks.at("stage")->nesting() == tfplugin6::Schema_NestedBlock::MAP);
    CHECK(blocks.at("defaults")->nesting() == tfplugin6::Schema_NestedBlock::GROUP);
    CHECK(blocks.at("defaults")->block().deprecation_message() == "Use timeouts.");
    CHECK(blocks.at("required_single")->min_items() == 1);
    CHECK(blocks.at("required_single")->max_items() == 1);
    REQUIRE(blocks.at("ingress")->block().block_types_size() == 1);
    CHECK(blocks.at("ingress")->block().block_types(0).type_name() == "limits");

    tfplugin6::GetResourceIdentitySchemas_Response ids;
    tfpp::detail::get_resource_identity_schemas(e, ids);
    const auto& id = ids.identity_schemas().at("demo_server");
    CHECK(id.version() == 1);
    REQUIRE(id.identity_attributes_size() == 2);
    CHECK(id.identity_attributes(0).required_for_import());
    CHECK(id.identity_attributes(1).type() == R"(["list","string"])");
}

TEST_CASE("protocol 5 carries blocks but refuses nested attributes", "[schema][rpc]") {
    tfplugin5::Schema five;
    tfpp::block_schema blocks_only = server();
    std::erase_if(blocks_only.attributes, [](const tfpp::attribute_schema& a) { return a.nested != nullptr; });
    tfpp::detail::schema_to_proto(blocks_only, five);
    CHECK(five.block().block_types_size() == 6);
    CHECK(five.block().attributes_size() == 4);  // name, namespace, password, id
    CHECK_THROWS_WITH(tfpp::detail::schema_to_proto(server(), five), Catch::Contains("needs protocol 6"));
}

TEST_CASE("diagnostic paths are cut to what the configuration can show", "[schema][rpc]") {
    using tfpp::attribute_path;
    const tfpp::block_schema& s = server();
    auto located = [&](const attribute_path& p) { return tfpp::detail::locatable_path(s, p).to_string(); };
    // through list blocks by index, down to an attribute
    CHECK(located(attribute_path("ingress").then_index(1).then_attribute("port")) == "ingress[1].port");
    CHECK(located(attribute_path("ingress").then_index(0).then_attribute("limits").then_index(2).then_attribute(
              "create")) == "ingress[0].limits[2].create");
    // into a nested attribute: the attribute and one index
    CHECK(located(attribute_path("named").then_key("a").then_attribute("host")) == "named[\"a\"]");
    CHECK(located(attribute_path("replicas").then_index(3).then_attribute("port")) == "replicas[3]");
    // a set block cannot be addressed inside
    CHECK(located(attribute_path("egress").then_attribute("port")) == "egress");
    CHECK(located(attribute_path("timeouts").then_attribute("create")) == "timeouts.create");
    CHECK(located(attribute_path("name")) == "name");
}

}  // namespace test_schema_surface
