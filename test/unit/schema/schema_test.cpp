#include <tfpp/codec/type_json.hpp>
#include <tfpp/schema/schema_of.hpp>

#include <boost/describe/class.hpp>
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace test_schema {

struct address {
    std::string street;
    tfpp::value<std::int64_t> number;
};

struct server {
    tfpp::required<std::string, tfpp::requires_replace, tfpp::description<"Name of the server.">> name;
    tfpp::optional<std::int64_t> port;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::optional_computed<bool, tfpp::sensitive> enabled;
    tfpp::optional<std::vector<std::string>> tags;
    tfpp::optional<std::set<double>> weights;
    tfpp::optional<std::map<std::string, address>> addresses;
    tfpp::optional<std::string, tfpp::deprecated<"Use name instead.">, tfpp::markdown_description<"*Old* name.">>
        legacy_name;
};

// A type PFR cannot reflect (it has a constructor), described instead.
class described {
public:
    described() = default;
    tfpp::required<std::string> label;
    tfpp::computed<std::int64_t> size;
};
BOOST_DESCRIBE_STRUCT(described, (), (label, size))

TEST_CASE("field names come from the struct itself", "[schema]") {
    using tfpp::detail::field_names;
    CHECK(field_names<address>[0] == "street");
    CHECK(field_names<address>[1] == "number");
    CHECK(field_names<server>.size() == 8);
    CHECK(field_names<server>[7] == "legacy_name");
    CHECK(field_names<described>[0] == "label");
    CHECK(field_names<described>[1] == "size");
}

TEST_CASE("C++ types map to Terraform type constraints", "[schema]") {
    CHECK(tfpp::type_json<std::string>() == "\"string\"");
    CHECK(tfpp::type_json<bool>() == "\"bool\"");
    CHECK(tfpp::type_json<std::int64_t>() == "\"number\"");
    CHECK(tfpp::type_json<double>() == "\"number\"");
    CHECK(tfpp::type_json<std::vector<tfpp::value<std::string>>>() == "[\"list\",\"string\"]");
    CHECK(tfpp::type_json<std::set<std::int64_t>>() == "[\"set\",\"number\"]");
    CHECK(tfpp::type_json<std::map<std::string, bool>>() == "[\"map\",\"bool\"]");
    // Object attributes are written sorted, as go-cty writes them.
    CHECK(tfpp::type_json<address>() == "[\"object\",{\"number\":\"number\",\"street\":\"string\"}]");
}

TEST_CASE("the schema of a model follows its field types", "[schema]") {
    const tfpp::block_schema& s = tfpp::schema_of<server>();
    REQUIRE(s.attributes.size() == 8);
    // sorted by name
    CHECK(s.attributes.front().name == "addresses");
    CHECK(s.attributes.back().name == "weights");

    const tfpp::attribute_schema* name = s.find("name");
    REQUIRE(name);
    CHECK(name->role == tfpp::attribute_role::required);
    CHECK(name->requires_replace);
    CHECK(name->description == "Name of the server.");
    CHECK_FALSE(name->description_is_markdown);
    CHECK(tfpp::to_type_json(name->type) == "\"string\"");

    CHECK(s.find("port")->role == tfpp::attribute_role::optional);
    CHECK_FALSE(s.find("port")->is_computed());
    CHECK(s.find("id")->role == tfpp::attribute_role::computed);
    CHECK(s.find("id")->use_state_for_unknown);
    CHECK(s.find("enabled")->role == tfpp::attribute_role::optional_computed);
    CHECK(s.find("enabled")->is_computed());
    CHECK(s.find("enabled")->sensitive);
    CHECK(tfpp::to_type_json(s.find("addresses")->type) ==
          "[\"map\",[\"object\",{\"number\":\"number\",\"street\":\"string\"}]]");

    const tfpp::attribute_schema* legacy = s.find("legacy_name");
    CHECK(legacy->deprecated);
    CHECK(legacy->deprecation_message == "Use name instead.");
    CHECK(legacy->description == "*Old* name.");
    CHECK(legacy->description_is_markdown);
    CHECK(s.find("nope") == nullptr);
}

TEST_CASE("described classes work like aggregates", "[schema]") {
    const tfpp::block_schema& s = tfpp::schema_of<described>();
    REQUIRE(s.attributes.size() == 2);
    CHECK(s.find("label")->role == tfpp::attribute_role::required);
    CHECK(tfpp::to_type_json(s.find("size")->type) == "\"number\"");
}

TEST_CASE("a schema knows which attribute paths it has", "[schema]") {
    const tfpp::block_schema& s = tfpp::schema_of<server>();
    using p = tfpp::attribute_path;
    CHECK(s.contains(p("name")));
    CHECK(s.contains(p("tags").then_index(3)));
    CHECK(s.contains(p("addresses").then_key("home").then_attribute("street")));
    CHECK(s.contains(p("weights").then_index(0)));
    CHECK_FALSE(s.contains(p("tabel")));
    CHECK_FALSE(s.contains(p("name").then_index(0)));
    CHECK_FALSE(s.contains(p("addresses").then_key("home").then_attribute("zip")));
    CHECK_FALSE(s.contains(p("tags").then_key("a")));
}

TEST_CASE("models are checked at compile time", "[schema]") {
    using tfpp::detail::model_problem;
    STATIC_REQUIRE(tfpp::detail::check_model<server, tfpp::detail::model_context::resource>().problem ==
                   model_problem::none);
    STATIC_REQUIRE(tfpp::detail::check_model<address, tfpp::detail::model_context::resource>().problem ==
                   model_problem::not_an_attribute);
    STATIC_REQUIRE(tfpp::detail::is_identifier("content_sha256"));
    STATIC_REQUIRE_FALSE(tfpp::detail::is_identifier("9lives"));
    STATIC_REQUIRE_FALSE(tfpp::detail::is_identifier("camelCase"));
    STATIC_REQUIRE(tfpp::detail::is_reserved("count"));
    STATIC_REQUIRE_FALSE(tfpp::detail::is_reserved("counter"));
}

}  // namespace test_schema
