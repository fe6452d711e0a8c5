// Attribute paths: printing, building step by step, and tfpp::path_of from
// member pointers (the Terraform names, renames included).
#include <tfpp/tfpp.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>

namespace test_path {

struct file {
    tfpp::required<std::string> content;
    tfpp::optional<std::string, tfpp::terraform_name<"mode">> file_mode;
};
struct directory {
    tfpp::required<std::string> path;
    tfpp::optional<std::map<std::string, file>> files;
    tfpp::optional<std::string, tfpp::terraform_name<"namespace">> namespace_;
};

TEST_CASE("paths print as Terraform shows them", "[path]") {
    CHECK(tfpp::attribute_path("files").then_key("a\"b").then_attribute("content").to_string() ==
          R"(files["a\"b"].content)");
    CHECK(tfpp::attribute_path("rule").then_index(2).to_string() == "rule[2]");
    CHECK(tfpp::attribute_path().empty());
}

TEST_CASE("path_of names a field by member pointer, with its Terraform name", "[path]") {
    CHECK(tfpp::path_of(&directory::path) == tfpp::attribute_path("path"));
    CHECK(tfpp::path_of(&directory::namespace_) == tfpp::attribute_path("namespace"));
    CHECK(tfpp::path_of(&directory::files).then_key("a.txt").then(&file::content).to_string() ==
          R"(files["a.txt"].content)");
    CHECK(tfpp::path_of(&directory::files).then_key("a.txt").then(&file::file_mode).to_string() ==
          R"(files["a.txt"].mode)");
}

}  // namespace test_path
