// The provider in-process, as Terraform would drive it: no gRPC, no Terraform.
#include "note.hpp"
#include "provider.hpp"

#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace {

struct sandbox {
    std::filesystem::path dir;
    sandbox() {
        std::string pattern = (std::filesystem::temp_directory_path() / "scaffold-XXXXXX").string();
        dir = ::mkdtemp(pattern.data());
    }
    ~sandbox() { std::filesystem::remove_all(dir); }
    [[nodiscard]] scaffold::provider_config config() const {
        scaffold::provider_config c;
        c.directory = dir.string();
        return c;
    }
};

scaffold::note_model note(std::string name, std::string text) {
    scaffold::note_model m;
    m.name = std::move(name);
    m.text = std::move(text);
    return m;
}

}  // namespace

TEST_CASE("scaffold_note: create, update in place, replace on a new name, drift, import") {
    sandbox box;
    tfpp::testing::provider_under_test<scaffold::provider> p(box.config());

    auto created = p.create<scaffold::note_resource>(note("todo", "buy milk"));
    REQUIRE(created);
    CHECK(std::ifstream(box.dir / "todo.txt").good());

    auto updated = p.update<scaffold::note_resource>(created, note("todo", "buy bread"));
    REQUIRE(updated);
    auto renamed = p.replace<scaffold::note_resource>(updated, note("shopping", "buy bread"), {"name"});
    REQUIRE(renamed);
    CHECK(!std::filesystem::exists(box.dir / "todo.txt"));

    std::ofstream(box.dir / "shopping.txt") << "changed by hand";
    REQUIRE(p.drift<scaffold::note_resource>(note("shopping", "buy bread"), *renamed.state,
                                          tfpp::testing::action::update));

    REQUIRE(p.import_then_empty_plan<scaffold::note_resource>("shopping", note("shopping", "buy bread")));
}

TEST_CASE("scaffold_note: a name longer than 64 characters is refused at its path") {
    sandbox box;
    tfpp::testing::provider_under_test<scaffold::provider> p(box.config());
    auto step = p.plan<scaffold::note_resource>(note(std::string(65, 'x'), "text"), tfpp::testing::no_state);
    REQUIRE(!step.ok());
    CHECK(step.diagnostics[0].path.to_string() == "name");
}
