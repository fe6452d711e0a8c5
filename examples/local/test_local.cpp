// examples/local tested through tfpp/testing.hpp: every workflow of
// local_file, local_sensitive_file, local_directory and local_id in-process, on real
// files in a temporary directory, without Terraform.
#include "files.hpp"
#include "local.hpp"

#include <tfpp/testing.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
using tfpp::testing::action;

// A fresh directory per test, removed afterwards; the provider resolves
// relative file names against it.
struct sandbox {
    fs::path dir;
    sandbox() {
        std::string pattern = (fs::temp_directory_path() / "tfpp-local-XXXXXX").string();
        dir = ::mkdtemp(pattern.data());
    }
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
    // Empty again, for the next explored workflow.
    void empty() const {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
};

local::file_model file(std::string name, std::string content) {
    local::file_model m;
    m.filename = std::move(name);
    m.content = std::move(content);
    return m;
}

std::string mode_of(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? local::format_mode(st.st_mode) : "";
}

TEST_CASE("local_file: create, update in place, replace on a new filename", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    REQUIRE(p.configure_diagnostics().empty());

    local::file_model expected;
    expected.file_permission = "0644";  // the default
    expected.id = box.path("hello.txt");
    expected.content_sha256 = local::hex_digest(EVP_sha256(), "Hello");
    auto created = p.create<local::file_resource>(file("hello.txt", "Hello"), expected);
    REQUIRE(created);
    CHECK(local::read_file(box.path("hello.txt")) == "Hello");
    CHECK(mode_of(box.path("hello.txt")) == "0644");

    auto updated = p.update<local::file_resource>(*created.state, file("hello.txt", "Hello again"));
    REQUIRE(updated);
    CHECK(local::read_file(box.path("hello.txt")) == "Hello again");
    CHECK(updated.state->id == created.state->id);

    auto replaced = p.replace<local::file_resource>(*updated.state, file("renamed.txt", "Hello again"), {"filename"});
    REQUIRE(replaced);
    CHECK_FALSE(fs::exists(box.path("hello.txt")));
    CHECK(local::read_file(box.path("renamed.txt")) == "Hello again");

    // a new permission is an update in place, and reaches the disk
    local::file_model private_file = file("renamed.txt", "Hello again");
    private_file.file_permission = "0600";
    REQUIRE(p.update<local::file_resource>(*replaced.state, private_file));
    CHECK(mode_of(box.path("renamed.txt")) == "0600");
}

TEST_CASE("local_file: a permission written as \"644\" stays so, though the disk says \"0644\"", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::file_model short_form = file("short.txt", "x");
    short_form.file_permission = "644";
    auto created = p.create<local::file_resource>(short_form);  // refresh, then an empty plan
    REQUIRE(created);
    CHECK(*created.state->file_permission == "644");
    CHECK(mode_of(box.path("short.txt")) == "0644");
    // other bits are a change: chmod by hand shows as drift
    fs::permissions(box.path("short.txt"), fs::perms(0600));
    REQUIRE(p.drift<local::file_resource>(short_form, *created.state, action::update));
    CHECK(mode_of(box.path("short.txt")) == "0644");
}

TEST_CASE("local_file: import by filename, then an empty plan", "[testing][local]") {
    sandbox box;
    std::ofstream(box.path("existing.txt")) << "made by hand";
    fs::permissions(box.path("existing.txt"), fs::perms(0644));
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::file_model expected;
    expected.content = "made by hand";
    auto imported =
        p.import_then_empty_plan<local::file_resource>("existing.txt", file("existing.txt", "made by hand"), expected);
    REQUIRE(imported);
    // a configuration that differs from the file plans an update
    auto step = p.plan<local::file_resource>(file("existing.txt", "new"), *imported.state);
    CHECK(step.action == action::update);
}

TEST_CASE("local_file: its identity is its path, kept by every step and imported by", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    auto created = p.apply(p.plan<local::file_resource>(file("a.txt", "one"), tfpp::testing::no_state));
    REQUIRE(created.ok());
    auto id = p.identity<local::file_resource>(created);
    REQUIRE(id);
    CHECK(id->path == box.path("a.txt"));
    auto step = p.plan<local::file_resource>(file("a.txt", "two"), created);  // carries the identity
    REQUIRE(step.action == action::update);
    auto updated = p.apply(step);
    REQUIRE(updated.ok());
    auto refreshed = p.read<local::file_resource>(updated);
    REQUIRE(refreshed.ok());
    CHECK(p.identity<local::file_resource>(refreshed)->path == box.path("a.txt"));

    std::ofstream(box.path("found.txt")) << "made by hand";
    fs::permissions(box.path("found.txt"), fs::perms(0644));
    local::file_identity found;
    found.path = box.path("found.txt");
    local::file_model expected;
    expected.content = "made by hand";
    REQUIRE(p.import_by_identity_then_empty_plan<local::file_resource>(
        found, file(box.path("found.txt"), "made by hand"), expected));
}

TEST_CASE("local_file: state of schema version 0 (release 0.0.9) is upgraded to an empty plan", "[testing][local]") {
    sandbox box;
    std::ofstream(box.path("old.txt")) << "old";
    fs::permissions(box.path("old.txt"), fs::perms(0640));
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    const std::string v0 = R"({"filename":"old.txt","content":"old","file_mode":416,"id":")" + box.path("old.txt") +
                           R"(","content_sha256":")" + local::hex_digest(EVP_sha256(), "old") + R"("})";
    auto upgraded = p.upgrade_state<local::file_resource>(0, v0);
    REQUIRE(upgraded.ok());
    CHECK(upgraded.state->file_permission == "0640");  // 416 mode bits
    CHECK(upgraded.state->content_md5 == local::hex_digest(EVP_md5(), "old"));

    local::file_model config = file("old.txt", "old");
    config.file_permission = "0640";
    CHECK(p.upgrade_then_empty_plan<local::file_resource>(0, v0, config));
}

TEST_CASE("local_file: drift, edited by hand and deleted", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    auto created = p.create<local::file_resource>(file("drift.txt", "as configured"));
    REQUIRE(created);

    std::ofstream(box.path("drift.txt")) << "edited by hand";
    REQUIRE(p.drift<local::file_resource>(file("drift.txt", "as configured"), *created.state, action::update));
    CHECK(local::read_file(box.path("drift.txt")) == "as configured");

    fs::remove(box.path("drift.txt"));
    REQUIRE(p.drift<local::file_resource>(file("drift.txt", "as configured"), *created.state, action::create));
    CHECK(local::read_file(box.path("drift.txt")) == "as configured");
}

TEST_CASE("local_file: content known only at apply", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::file_model later = file("later.txt", "");
    later.content = tfpp::unknown;
    auto r = p.unknown_until_apply<local::file_resource>(later, file("later.txt", "from another resource"));
    REQUIRE(r);
    CHECK(local::read_file(box.path("later.txt")) == "from another resource");
}

local::id_model id_config(std::string prefix) {
    local::id_model m;
    m.prefix = std::move(prefix);
    return m;
}

TEST_CASE("local_id: chosen while planning where the client keeps planned private data (Terraform 1.16)",
          "[testing][local]") {
    tfpp::testing::provider_under_test<local::provider> p;
    p.store_planned_private = true;
    auto step = p.plan<local::id_resource>(id_config("build-"), tfpp::testing::no_state);
    REQUIRE(step.ok());
    REQUIRE(step.planned.id.is_known());  // the plan shows it
    REQUIRE(step.planned.created_at.is_known());
    CHECK(step.planned.id->starts_with("build-"));
    CHECK(step.planned.id->size() == 6 + 16);
    CHECK(step.planned.created_at->size() == 20);  // 2026-12-02T04:58:00Z

    // The plan at apply gets the values back (no inconsistent final plan);
    // create keeps them; they are not stored with the object.
    auto created = p.apply(step);
    REQUIRE(created.ok());
    CHECK(created.state->id == step.planned.id);
    CHECK(created.state->created_at == step.planned.created_at);
    CHECK(created.private_state.empty());
    CHECK(p.plan<local::id_resource>(id_config("build-"), created).action == action::no_op);

    // New keepers replace it: the replacement's values are chosen in the plan too.
    local::id_model rekeyed = id_config("build-");
    rekeyed.keepers = std::map<std::string, std::string>{{"version", "2"}};
    auto replace = p.plan<local::id_resource>(rekeyed, created);
    REQUIRE(replace.ok());
    CHECK(replace.action == action::replace);
    REQUIRE(replace.planned.id.is_known());
    CHECK(replace.planned.id != created.state->id);
    auto replaced = p.apply(replace);
    REQUIRE(replaced.ok());
    CHECK(replaced.state->id == replace.planned.id);
    CHECK(replaced.state->created_at == replace.planned.created_at);
}

TEST_CASE("local_id: known after apply where the client cannot keep them (OpenTofu, Terraform before 1.16)",
          "[testing][local]") {
    tfpp::testing::provider_under_test<local::provider> p;  // store_planned_private is false
    auto step = p.plan<local::id_resource>(id_config("build-"), tfpp::testing::no_state);
    REQUIRE(step.ok());
    CHECK(step.planned.id.is_unknown());
    CHECK(step.planned.created_at.is_unknown());
    CHECK(step.planned_private.empty());
    auto created = p.apply(step);  // planned again at apply, as Core does: still unknown, no inconsistency
    REQUIRE(created.ok());
    REQUIRE(created.state->id.is_known());
    CHECK(created.state->id->starts_with("build-"));
    CHECK(created.state->created_at.is_known());
    CHECK(p.plan<local::id_resource>(id_config("build-"), created).action == action::no_op);
}

TEST_CASE("local_id: a prefix known only at apply is chosen with then", "[testing][local]") {
    tfpp::testing::provider_under_test<local::provider> p;
    p.store_planned_private = true;
    local::id_model later;
    later.prefix = tfpp::unknown;
    auto step = p.plan<local::id_resource>(later, tfpp::testing::no_state);
    REQUIRE(step.ok());
    CHECK(step.planned.id.is_unknown());
    auto created = p.apply(step, id_config("late-"));
    REQUIRE(created.ok());
    CHECK(created.state->id->starts_with("late-"));
}

TEST_CASE("local_id: planned private bytes that are not what the plan wrote are an error, not a new value",
          "[testing][local]") {
    tfpp::testing::provider_under_test<local::provider> p;
    p.store_planned_private = true;
    auto step = p.plan<local::id_resource>(id_config("x-"), tfpp::testing::no_state);
    REQUIRE(step.ok());
    REQUIRE(!step.planned_private.empty());
    const auto error_of = [&](std::string bytes) {
        auto damaged = step;
        damaged.planned_private = std::move(bytes);
        auto r = p.apply(damaged);
        CHECK_FALSE(r.state.has_value());
        REQUIRE(r.diagnostics.has_errors());
        return r.diagnostics.begin()->summary + ": " + r.diagnostics.begin()->detail;
    };
    // A frame cut short.
    const std::string cut = step.planned_private.substr(0, step.planned_private.size() - 5);
    const std::string short_frame = error_of(cut);
    CHECK(short_frame.starts_with("Invalid private data: the planned_private bytes the client sent"));
    CHECK(short_frame.find("{\"") == std::string::npos);  // nothing of the bytes is echoed
    // A whole frame whose values are not the struct local_id chooses.
    const std::string other = error_of(std::string("\0tfpp.plan_time_values:", 23) + "7:[\"abc\"]");
    CHECK(other.starts_with("Invalid private data: the values this provider chose while planning"));
    CHECK(other.find("abc") == std::string::npos);
}

// tfpp::log lines while a capture lives (tests run no hclog writer).
std::vector<std::string> logged;
struct log_capture {
    log_capture() {
        logged.clear();
        tfpp::log::sink = [](tfpp::log::level, std::string_view, std::string_view message,
                             std::span<const tfpp::log::field>) { logged.emplace_back(message); };
        tfpp::log::threshold = tfpp::log::level::info;
    }
    ~log_capture() {
        tfpp::log::sink = nullptr;
        tfpp::log::threshold = tfpp::log::level::off;
    }
};

TEST_CASE("local_file: the module's provider_meta is logged with the file it wrote", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::module_meta meta;
    meta.module_name = "site";
    p.set_provider_meta(meta);
    const log_capture capture;
    REQUIRE(p.create<local::file_resource>(file("meta.txt", "m")));
    CHECK(std::count(logged.begin(), logged.end(), "wrote " + box.path("meta.txt") + " for module site") == 1);
}

TEST_CASE("local_file data source reads what the resource wrote", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    REQUIRE(p.create<local::file_resource>(file("data.txt", "data")));
    local::file_data_model q;
    q.filename = "data.txt";
    auto r = p.read_data_source<local::file_data_source>(q);
    REQUIRE(r.ok());
    CHECK(r.state->content == "data");
    CHECK(r.state->content_sha1 == local::hex_digest(EVP_sha1(), "data"));
}

TEST_CASE("local_file: content_base64 for bytes that are not text, as hashicorp/local has it", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    const std::string bytes("\xff\xfe\x00", 3);
    local::file_model m;
    m.filename = "binary.dat";
    m.content_base64 = "//4A";
    auto created = p.create<local::file_resource>(m);
    REQUIRE(created);
    CHECK(local::read_file(box.path("binary.dat")) == bytes);
    CHECK(created.state->content.is_null());
    CHECK(created.state->content_sha256 == local::hex_digest(EVP_sha256(), bytes));
    CHECK(p.empty_plan<local::file_resource>(m, *created.state));
    // Imported, a file that is not UTF-8 text comes back in base64.
    CHECK(p.import_then_empty_plan<local::file_resource>("binary.dat", m));

    local::file_data_model q;
    q.filename = "binary.dat";
    auto r = p.read_data_source<local::file_data_source>(q);
    REQUIRE(r.ok());
    CHECK(r.state->content.is_null());
    CHECK(r.state->content_base64 == "//4A");

    local::file_model bad = m;
    bad.content_base64 = "not base64!";
    const tfpp::diagnostics refused = p.validate<local::file_resource>(bad);
    REQUIRE(refused.has_errors());
    CHECK(refused[0].path.to_string() == "content_base64");
    bad.content_base64 = "aGk=";  // "hi": text goes in content
    CHECK(p.validate<local::file_resource>(bad).has_errors());
    bad.content = "both";
    bad.content_base64 = "//4A";
    CHECK(p.validate<local::file_resource>(bad).has_errors());  // exactly one of content, content_base64
    CHECK(local::base64_encode("hi!") == "aGkh");
    CHECK(local::base64_decode("aGk=") == "hi");
    CHECK_FALSE(local::base64_decode("aGk").has_value());
}

TEST_CASE("local_sensitive_file: write-only content leaves nothing of itself in the state", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::sensitive_file_model m;
    m.filename = "wo.txt";
    m.content_wo = "hunter2";
    m.content_wo_version = 1;
    auto created = p.create<local::sensitive_file_resource>(m);
    REQUIRE(created);
    CHECK(local::read_file(box.path("wo.txt")) == "hunter2");
    // No digest: an unsalted MD5 of a weak secret is the secret to anyone who guesses it.
    CHECK(created.state->content_md5.is_null());
    CHECK(created.state->content_sha1.is_null());
    CHECK(created.state->content_sha256.is_null());
    CHECK(created.state->content.is_null());
    CHECK(p.empty_plan<local::sensitive_file_resource>(m, *created.state));
}

TEST_CASE("local_sensitive_file: create, empty plan, replace, import", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::sensitive_file_model m;
    m.filename = "secret.txt";
    m.content = "s3cret";
    local::sensitive_file_model expected;
    expected.file_permission = "0600";  // this resource's default
    auto created = p.create<local::sensitive_file_resource>(m, expected);
    REQUIRE(created);
    CHECK(mode_of(box.path("secret.txt")) == "0600");
    CHECK(p.empty_plan<local::sensitive_file_resource>(m, *created.state));

    local::sensitive_file_model moved = m;
    moved.filename = "secret2.txt";
    REQUIRE(p.replace<local::sensitive_file_resource>(*created.state, moved, {"filename"}));
    CHECK_FALSE(fs::exists(box.path("secret.txt")));
    CHECK(p.import_then_empty_plan<local::sensitive_file_resource>("secret2.txt", moved));
}

local::directory_file dir_file(std::string content) {
    local::directory_file f;
    f.content = std::move(content);
    return f;
}
local::directory_symlink symlink_to(std::string name, std::string target) {
    local::directory_symlink l;
    l.name = std::move(name);
    l.target = std::move(target);
    return l;
}
local::directory_model directory(std::string path) {
    local::directory_model d;
    d.path = std::move(path);
    d.files = std::map<std::string, local::directory_file>{{"index.html", dir_file("<h1>Hi</h1>")}};
    d.symlink = std::vector<local::directory_symlink>{symlink_to("latest", "index.html")};
    return d;
}

TEST_CASE("local_directory: create, update of nested files and links, replace, drift", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    auto created = p.create<local::directory_resource>(directory("site"));
    REQUIRE(created);
    CHECK(local::read_file(box.path("site/index.html")) == "<h1>Hi</h1>");
    CHECK(fs::read_symlink(box.path("site/latest")) == "index.html");
    CHECK(created.state->files->at("index.html").permission == "0644");
    CHECK(created.state->file_count == std::int64_t{1});

    // a second file and a private permission, in place
    local::directory_model more = directory("site");
    local::directory_file notes = dir_file("private");
    notes.permission = "0600";
    more.files->emplace("notes.txt", notes);
    auto updated = p.update<local::directory_resource>(*created.state, more);
    REQUIRE(updated);
    CHECK(mode_of(box.path("site/notes.txt")) == "0600");
    CHECK(updated.state->files->at("index.html").sha256 == created.state->files->at("index.html").sha256);

    // a file deleted by hand: refresh drops it, the plan writes it again
    fs::remove(box.path("site/notes.txt"));
    REQUIRE(p.drift<local::directory_resource>(more, *updated.state, action::update));
    CHECK(local::read_file(box.path("site/notes.txt")) == "private");

    // the whole directory gone: created again
    fs::remove_all(box.path("site"));
    REQUIRE(p.drift<local::directory_resource>(more, *updated.state, action::create));

    auto moved = p.replace<local::directory_resource>(*updated.state, directory("site2"), {"path"});
    REQUIRE(moved);
    CHECK_FALSE(fs::exists(box.path("site/index.html")));
    CHECK(fs::exists(box.path("site2/index.html")));
}

TEST_CASE("local_directory: a validation error deep in a nested value", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::directory_model bad = directory("site");
    local::directory_file f = dir_file("x");
    f.permission = "999";
    bad.files->emplace("bad.txt", f);
    auto step = p.plan<local::directory_resource>(bad, tfpp::testing::no_state);
    REQUIRE_FALSE(step.ok());
    CHECK(step.diagnostics[0].path.to_string() == "files[\"bad.txt\"].permission");
}

TEST_CASE("local_directory: a create that fails half-way is kept, tainted, and replaced next", "[testing][local]") {
    sandbox box;
    fs::create_directories(box.path("half"));
    std::ofstream(box.path("half/clash")) << "a regular file where the link should go";
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::directory_model half;
    half.path = "half";
    half.files = std::map<std::string, local::directory_file>{{"a.txt", dir_file("a")}};
    half.symlink = std::vector<local::directory_symlink>{symlink_to("clash", "a.txt")};
    auto r = p.partial_failure<local::directory_resource>(half);
    REQUIRE(r);
    CHECK(r.state->files->count("a.txt") == 1);  // what exists is recorded
    CHECK(r.state->symlink->empty());
    CHECK(local::read_file(box.path("half/a.txt")) == "a");
}

TEST_CASE("local_directory: writing stops at the create timeout, keeping what was written", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::directory_model slow = directory("slow");
    tfpp::timeouts no_time;
    no_time.create = "0s";  // already over when the first file is due
    slow.timeouts = no_time;
    auto r = p.partial_failure<local::directory_resource>(slow);
    REQUIRE(r);
    CHECK(r.state->files->empty());
    CHECK(fs::is_directory(box.path("slow")));
    CHECK_FALSE(fs::exists(box.path("slow/index.html")));
    // a longer timeout writes them all
    local::directory_model fast = directory("fast");
    tfpp::timeouts a_minute;
    a_minute.create = "1m";
    fast.timeouts = a_minute;
    REQUIRE(p.create<local::directory_resource>(fast));
    CHECK(local::read_file(box.path("fast/index.html")) == "<h1>Hi</h1>");
}

}  // namespace

namespace {

TEST_CASE("functions: file_mode and join_path, with errors at their arguments", "[testing][local]") {
    tfpp::testing::provider_under_test<local::provider> p;  // functions run on an unconfigured provider

    auto mode = p.call_function<local::file_mode_function>({.mode = "0640"});
    REQUIRE(mode.ok());
    CHECK(*mode.result == 0640);
    auto bad = p.call_function<local::file_mode_function>({.mode = "0680"});
    CHECK(bad.error == "Invalid permission: \"0680\" is not three or four octal digits");
    CHECK(bad.argument == 0);

    auto joined = p.call_function<local::join_path_function>({.first = "/srv/", .more = {"www", "/index.html"}});
    REQUIRE(joined.ok());
    CHECK(*joined.result == "/srv/www/index.html");
    CHECK(*p.call_function<local::join_path_function>({.first = "a", .more = {}}).result == "a");
    auto empty = p.call_function<local::join_path_function>({.first = "a", .more = {"b", "/"}});
    CHECK(empty.error == "Empty path element: element 3 has no name in it");
    CHECK(empty.argument == 2);
}

TEST_CASE("local_command: each line is progress; a failing or missing program is an error", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::command_config c;
    c.command = std::vector<std::string>{"sh", "-c", "echo one; echo two >&2; printf three; pwd > where"};
    c.working_dir = ".";  // relative to base_directory
    auto run = p.invoke_action<local::command_action>(c);
    REQUIRE(run.ok());
    CHECK(run.progress == std::vector<std::string>{"one", "two", "three"});
    std::ifstream where(box.path("where"));
    std::string dir;
    std::getline(where, dir);
    CHECK(fs::equivalent(dir, box.dir));

    c.command = std::vector<std::string>{"sh", "-c", "echo half; exit 3"};
    run = p.invoke_action<local::command_action>(c);
    CHECK(run.invoked);
    CHECK(run.progress == std::vector<std::string>{"half"});
    REQUIRE(run.diagnostics.size() == 1);
    CHECK(run.diagnostics[0].detail == "sh exited with status 3");

    c.command = std::vector<std::string>{"no-such-program-tfpp"};
    run = p.invoke_action<local::command_action>(c);
    REQUIRE(run.diagnostics.has_errors());
    CHECK(run.diagnostics[0].summary == "Cannot run the command");
    CHECK(run.diagnostics[0].path.to_string() == "command");

    c.command = std::vector<std::string>{};
    run = p.invoke_action<local::command_action>(c);
    CHECK_FALSE(run.invoked);
    REQUIRE(run.diagnostics.has_errors());
    CHECK(run.diagnostics[0].path.to_string() == "command");
}

// ------------------------------------------------ exploration
// Random configurations and workflows (create, update, replace, refresh,
// drift, import by filename and by identity, upgrade from version 0,
// destroy), with Terraform's properties checked after each step. The hooks
// say what the schema cannot: names inside the sandbox, permissions a file
// can have, how the disk drifts, and what release 0.0.9 stored.

TEST_CASE("local_file: explored", "[testing][local][explore]") {
    sandbox box;
    tfpp::testing::explore_hooks<local::provider, local::file_resource> hooks;
    hooks.provider_config = box.config();
    hooks.new_workflow = [&] { box.empty(); };
    // Absolute names: an import by identity (the absolute path) of a file the
    // configuration names relatively reads back the other form, and the plan
    // replaces it; exploration found that, docs/testing.md#exploration.
    hooks.configure = [&](local::file_model& m, tfpp::testing::random& r) {
        m.filename = box.path(r.pick({"a.txt", "b.txt", "sub/c.txt"}));  // few, so that workflows revisit them
        // Four digits: "640" would import as "0640" and plan one cosmetic
        // update, as in Terraform (no configuration reaches an import's read).
        if (r.chance(50)) m.file_permission = r.pick({"0644", "0600", "0640", "0755"});
        else m.file_permission = tfpp::null;
    };
    hooks.drift = [](local::provider&, const local::file_model& state, tfpp::testing::random& r) {
        if (r.chance(40)) {
            fs::remove(*state.id);
            return tfpp::testing::drift_kind::deleted;
        }
        std::ofstream(*state.id, std::ios::app) << " edited by hand";
        return tfpp::testing::drift_kind::changed;
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
    tfpp::testing::explore_options options;
    options.cases = 150;
    const auto report = tfpp::testing::explore<local::provider, local::file_resource>(options, hooks);
    REQUIRE(report);
    for (const char* kind : {"create", "update in place", "replace", "refresh", "drift (changed)", "drift (deleted)",
                             "import by ID", "import by identity", "upgrade from version 0", "destroy"})
        CHECK(report.covered.count(kind) == 1);
    WARN(report.workflows << " local_file workflows, " << report.steps << " steps, in " << report.seconds << " s");
}

TEST_CASE("local_directory: explored", "[testing][local][explore]") {
    sandbox box;
    tfpp::testing::explore_hooks<local::provider, local::directory_resource> hooks;
    hooks.provider_config = box.config();
    hooks.new_workflow = [&] { box.empty(); };
    hooks.configure = [](local::directory_model& m, tfpp::testing::random& r) {
        m.path = r.pick({"d1", "d2"});
        if (r.chance(50)) m.permission = r.pick({"0755", "0700", "755"});
        else m.permission = tfpp::null;
        if (m.files.is_known())
            for (auto& [name, f] : *m.files)
                if (f.permission.is_known() || r.chance(50)) f.permission = r.pick({"0644", "0600", "644"});
        // Links named apart from the files, once each.
        if (m.symlink.is_known())
            for (std::size_t i = 0; i < m.symlink->size(); ++i) (*m.symlink)[i].name = "link-" + std::to_string(i);
        m.timeouts = tfpp::null;
    };
    hooks.drift = [](local::provider&, const local::directory_model& state, tfpp::testing::random& r) {
        if (r.chance(40)) {
            fs::remove_all(*state.id);
            return tfpp::testing::drift_kind::deleted;
        }
        if (!state.files.is_known() || state.files->empty()) return tfpp::testing::drift_kind::none;
        std::ofstream(fs::path(*state.id) / state.files->begin()->first, std::ios::app) << " edited by hand";
        return tfpp::testing::drift_kind::changed;
    };
    tfpp::testing::explore_options options;
    options.cases = 100;
    const auto report = tfpp::testing::explore<local::provider, local::directory_resource>(options, hooks);
    REQUIRE(report);
    for (const char* kind : {"create", "update in place", "replace", "drift (changed)", "drift (deleted)", "destroy",
                             "invalid value refused"})
        CHECK(report.covered.count(kind) == 1);
    WARN(report.workflows << " local_directory workflows, " << report.steps << " steps, in " << report.seconds << " s");
}

}  // namespace

TEST_CASE("local_state_directory: states as files, written whole, locked across stores", "[testing][local]") {
    sandbox box;
    tfpp::testing::provider_under_test<local::provider> p(box.config());
    local::state_directory_config c;
    c.path = "states";  // relative to base_directory, created
    const auto configured = p.configure_state_store<local::state_directory_store>(c);
    REQUIRE(configured.ok());
    CHECK(configured.chunk_size == 64 * 1024);
    CHECK(fs::is_directory(box.path("states")));

    CHECK_FALSE(p.read_state<local::state_directory_store>("default").bytes.has_value());
    std::string state;
    while (state.size() < 200000) state += "{\"serial\": " + std::to_string(state.size()) + "}\n";
    REQUIRE(p.write_state<local::state_directory_store>("default", state).empty());
    CHECK(local::read_file(box.path("states/default.tfstate")) == state);
    CHECK(mode_of(box.path("states/default.tfstate")) == "0600");
    const auto read = p.read_state<local::state_directory_store>("default");
    REQUIRE(read.ok());
    CHECK(read.bytes == state);
    CHECK(read.chunks == 4);

    // A second provider process sees the lock file.
    tfpp::testing::provider_under_test<local::provider> other(box.config());
    REQUIRE(other.configure_state_store<local::state_directory_store>(c).ok());
    const auto lock = p.lock_state<local::state_directory_store>("default");
    REQUIRE(lock.ok());
    const auto refused = other.lock_state<local::state_directory_store>("default", "OperationTypePlan");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.diagnostics[0].summary == "State locked");
    CHECK(refused.diagnostics[0].detail.find(lock.lock_id) != std::string::npos);
    CHECK(refused.diagnostics[0].detail.find("OperationTypeApply") != std::string::npos);
    CHECK_FALSE(other.unlock_state<local::state_directory_store>("default", "not-the-id").empty());
    CHECK(p.unlock_state<local::state_directory_store>("default", lock.lock_id).empty());
    CHECK(other.lock_state<local::state_directory_store>("default").ok());

    REQUIRE(p.write_state<local::state_directory_store>("dev", "{}").empty());
    CHECK(p.get_states<local::state_directory_store>().names == std::vector<std::string>{"default", "dev"});
    CHECK(p.delete_state<local::state_directory_store>("dev").empty());
    CHECK(p.get_states<local::state_directory_store>().names == std::vector<std::string>{"default"});
    const auto escape = p.write_state<local::state_directory_store>("../outside", "{}");
    REQUIRE(escape.size() == 1);
    CHECK(escape[0].summary == "Invalid workspace name");
    CHECK_FALSE(fs::exists(box.path("outside.tfstate")));
    // No temporary file is left behind.
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(box.path("states"))) files.push_back(e.path().filename().string());
    std::sort(files.begin(), files.end());
    CHECK(files == std::vector<std::string>{"default.tfstate", "default.tfstate.lock"});
}
