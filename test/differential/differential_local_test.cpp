// tfpp::testing::differential: examples/local (in-process) against other
// providers over protocol 6. [self]: against tfpp's own build of it (no
// difference, no rule), and a planted variant against it (the difference is
// found). [go]: against bench/anchor-go's terraform-plugin-framework port,
// with the differences known and accepted declared as rules.
#include "../../examples/local/local.hpp"

#include <tfpp/testing/differential.hpp>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace fs = std::filesystem;

namespace {

// A scratch directory both providers resolve names against, emptied before
// each side plays a workflow, so both start from the same disk.
struct sandbox {
    fs::path dir;
    sandbox() {
        std::string templ = (fs::temp_directory_path() / "tfpp-differential-XXXXXX").string();
        dir = ::mkdtemp(templ.data());
    }
    sandbox(const sandbox&) = delete;
    sandbox& operator=(const sandbox&) = delete;
    ~sandbox() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    [[nodiscard]] local::provider_config config() const {
        local::provider_config c;
        c.base_directory = dir.string();
        return c;
    }
    [[nodiscard]] std::string path(const std::string& name) const { return (dir / name).string(); }
    void empty() const {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
};

std::string required_env(const char* name) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') FAIL(std::string(name) + " is not set: meson test sets it (test/differential/meson.build)");
    return v;
}

tfpp::testing::explore_hooks<local::provider, local::file_resource> file_hooks(const sandbox& box) {
    tfpp::testing::explore_hooks<local::provider, local::file_resource> hooks;
    hooks.new_workflow = [&box] { box.empty(); };
    hooks.configure = [&box](local::file_model& m, tfpp::testing::random& r) {
        m.filename = box.path(r.pick({"a.txt", "b.txt", "sub/c.txt"}));
        if (r.chance(50)) m.file_permission = r.pick({"0644", "0600", "0640", "0755"});
        else m.file_permission = tfpp::null;
    };
    hooks.older_state = [](std::int64_t, const local::file_model& s) -> std::optional<std::string> {
        local::file_model_v0 old;
        old.filename = s.filename;
        old.content = s.content;
        old.file_mode = std::stoll(*s.file_permission, nullptr, 8);
        old.id = s.id;
        old.content_sha256 = s.content_sha256;
        std::string json;
        tfpp::diagnostics diags;
        if (!tfpp::encode_json(old, json, diags)) return std::nullopt;
        return json;
    };
    return hooks;
}

tfpp::testing::explore_hooks<local::provider, local::directory_resource> directory_hooks(const sandbox& box) {
    tfpp::testing::explore_hooks<local::provider, local::directory_resource> hooks;
    hooks.new_workflow = [&box] { box.empty(); };
    hooks.configure = [](local::directory_model& m, tfpp::testing::random& r) {
        m.path = r.pick({"d1", "d2"});
        if (r.chance(50)) m.permission = r.pick({"0755", "0700", "755"});
        else m.permission = tfpp::null;
        if (m.files.is_known())
            for (auto& [name, f] : *m.files)
                if (f.permission.is_known() || r.chance(50)) f.permission = r.pick({"0644", "0600", "644"});
        if (m.symlink.is_known())
            for (std::size_t i = 0; i < m.symlink->size(); ++i) (*m.symlink)[i].name = "link-" + std::to_string(i);
        m.timeouts = tfpp::null;
    };
    return hooks;
}

// local_file with one plan modifier changed: a new content replaces the
// file instead of updating it in place.
struct planted_file : local::file_resource {
    void modify_plan(tfpp::change<local::file_model>& change, tfpp::context&) {
        if (change.prior && change.planned.content.is_known() && change.prior->content.is_known() &&
            *change.planned.content != *change.prior->content)
            change.requires_replace("content");
    }
};
struct planted_provider : local::provider {
    using resources = tfpp::type_list<planted_file>;  // local_directory is compiled for local::provider only
    using list_resources = tfpp::type_list<>;  // local_file's list resource lists local::file_resource
};

}  // namespace

TEST_CASE("differential: examples/local against its own binary differs nowhere", "[self]") {
    sandbox box;
    tfpp::testing::differential_options options;
    options.cases = 25;
    tfpp::testing::differential<local::provider> d(required_env("TFPP_LOCAL_PROVIDER"), options, box.config());
    d.explore<local::file_resource>(file_hooks(box));
    d.explore<local::directory_resource>(directory_hooks(box));
    const auto& r = d.report();
    std::cout << r << "\n";
    CHECK(r.workflows == 50);
    CHECK(r.steps > 100);
    CHECK(r.covered.count("import by ID") == 1);
    CHECK(r.covered.count("invalid value refused") == 1);
    REQUIRE(r);
}

TEST_CASE("differential: a planted plan modifier is reported", "[self]") {
    sandbox box;
    tfpp::testing::differential_options options;
    options.cases = 25;
    // The variant has local_file only.
    for (const char* absent : {"local_sensitive_file", "local_directory", "local_id", "list resource local_file"})
        options.rules.push_back({absent, "", tfpp::testing::differential_compare::ignore, "not in the variant"});
    tfpp::testing::explore_hooks<planted_provider, planted_file> hooks;
    tfpp::testing::differential<planted_provider> d(required_env("TFPP_LOCAL_PROVIDER"), options, box.config());
    const auto base = file_hooks(box);
    hooks.new_workflow = base.new_workflow;
    hooks.configure = base.configure;
    d.explore<planted_file>(hooks);
    const auto& r = d.report();
    std::cout << r << "\n";
    REQUIRE_FALSE(r);
    bool replacement = false;
    for (const auto& diff : r.differences) {
        CHECK(diff.resource_type == "local_file");
        replacement = replacement || (diff.operation == "plan" &&
                                      diff.what.find("replacement forced by under test: content") != std::string::npos);
    }
    CHECK(replacement);
    CHECK(r.relaxed.size() == 4);  // each absent type's rule was used
}

TEST_CASE("differential: the reference is a path or an environment variable", "[self]") {
    const std::string built = required_env("TFPP_LOCAL_PROVIDER");
    CHECK(tfpp::testing::reference_binary(built) == built);
    CHECK(tfpp::testing::reference_binary("", "TFPP_LOCAL_PROVIDER") == built);
    CHECK_THROWS_WITH(tfpp::testing::reference_binary("", "TFPP_NO_SUCH_VARIABLE"),
                      "tfpp: no reference provider: pass its path or set TFPP_NO_SUCH_VARIABLE");
    CHECK_THROWS_WITH(tfpp::testing::reference_binary("/dev/null"),
                      "tfpp: the reference provider /dev/null is not an executable file");
    // Not a provider: no handshake line, a clear error.
    tfpp::testing::reference_options quick;
    quick.start_timeout = std::chrono::seconds(5);
    CHECK_THROWS_WITH(tfpp::testing::reference_provider("/bin/true", quick),
                      Catch::Contains("no handshake line from /bin/true"));
}

TEST_CASE("differential: examples/local against the Go framework port", "[go]") {
    sandbox box;
    tfpp::testing::differential_options options;
    options.cases = 40;
    using tfpp::testing::differential_compare;
    // examples/local gained these after the Go port was written
    // (bench/anchor-go/README.md: it mirrors the resources and the data source).
    for (const char* part : {"function file_mode", "function join_path", "ephemeral resource local_secret",
                             "list resource local_file", "state store local_state_directory", "local_id"})
        options.rules.push_back({part, "", differential_compare::ignore, "newer than the Go port"});
    // So did content_base64 (local_file and its data source), which made
    // content optional (exactly one of the two), write-only content_wo with
    // its version (local_sensitive_file, content then optional), and
    // local_directory's timeouts block. The hooks below keep configurations
    // to what the port takes; content's values are still compared.
    options.rules.push_back({"local_file", "content_base64", differential_compare::ignore, "newer than the Go port"});
    options.rules.push_back(
        {"data source local_file", "content_base64", differential_compare::ignore, "newer than the Go port"});
    options.rules.push_back({"local_file", "content", differential_compare::schema_differs, "required in the port"});
    options.rules.push_back(
        {"local_sensitive_file", "content", differential_compare::schema_differs, "required in the port"});
    options.rules.push_back({"local_sensitive_file", "content_wo", differential_compare::ignore, "newer"});
    options.rules.push_back({"local_sensitive_file", "content_wo_version", differential_compare::ignore, "newer"});
    options.rules.push_back({"local_directory", "timeouts", differential_compare::ignore, "newer than the Go port"});
    // examples/local's descriptions were reworded since (defaults are now
    // stated by the generated docs), and its provider and resources gained
    // descriptions of their own: the texts are not behaviour.
    options.compare_descriptions = false;
    // The port has no resource identity (terraform-plugin-framework's
    // identity came after it): import by identity cannot be played on it.
    options.identity_imports = false;
    tfpp::testing::differential<local::provider> d(required_env("TFPP_REFERENCE_PROVIDER"), options, box.config());
    auto files = file_hooks(box);
    // The Go port predates content_base64 (its content is required): the
    // configurations it can take set content.
    files.configure = [base = files.configure](local::file_model& m, tfpp::testing::random& r) {
        base(m, r);
        if (!m.content.is_known()) m.content = "text, not base64";
        m.content_base64 = tfpp::null;
    };
    d.explore<local::file_resource>(files);
    d.explore<local::directory_resource>(directory_hooks(box));
    const auto& r = d.report();
    std::cout << r << "\n";
    CHECK(r.schemas_compared >= 5);
    CHECK(r.workflows == 80);
    CHECK(r.steps > 300);
    for (const char* kind : {"apply a configuration", "refresh", "import by ID", "upgrade from version 0", "destroy",
                             "invalid value refused"})
        CHECK(r.covered.count(kind) == 1);
    // Every rule still hides a difference: one the port no longer needs fails here.
    CHECK(r.relaxed.size() == options.rules.size());
    REQUIRE(r);
}
