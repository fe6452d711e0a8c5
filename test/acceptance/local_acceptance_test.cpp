// Acceptance tests of examples/local: OpenTofu (TFPP_TOFU) and Terraform
// (TFPP_TERRAFORM, when set) drive the provider, served in this process,
// through HCL steps. The last cases check that the harness itself fails
// loudly: a wrong check, an error that does not come, no CLI at all.
#include "../../examples/local/local.hpp"

#include <tfpp/testing/acceptance.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <mutex>
#include <optional>
#include <string>

namespace {

namespace acc = tfpp::testing;
namespace fs = std::filesystem;

// A directory of the test's own for the provider's files (base_directory),
// so that checks can look at them.
struct files_dir {
    fs::path path;
    files_dir() {
        std::string templ = (fs::temp_directory_path() / "tfpp-local-files-XXXXXX").string();
        REQUIRE(::mkdtemp(templ.data()) != nullptr);
        path = templ;
    }
    ~files_dir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    files_dir(const files_dir&) = delete;
    files_dir& operator=(const files_dir&) = delete;

    [[nodiscard]] std::string operator/(const std::string& name) const { return (path / name).string(); }

    // The provider block and `resources` after it.
    [[nodiscard]] std::string config(const std::string& resources) const {
        return "provider \"local\" {\n  base_directory = \"" + path.string() + "\"\n}\n\n" + resources;
    }
};

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + " does not exist");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A check on the files themselves, beside the state.
acc::acceptance_check file_holds(std::string path, std::string content) {
    return [=](const acc::acceptance_state&) {
        const std::string actual = read_text(path);
        if (actual != content)
            throw std::runtime_error(path + " holds \"" + actual + "\", expected \"" + content + "\"");
    };
}

acc::acceptance_check file_mode(std::string path, unsigned mode) {
    return [=](const acc::acceptance_state&) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) throw std::runtime_error(path + " does not exist");
        if ((st.st_mode & 07777) != mode) throw std::runtime_error(path + " has the wrong permission bits");
    };
}

acc::acceptance_check file_absent(std::string path) {
    return [=](const acc::acceptance_state&) {
        if (fs::exists(fs::symlink_status(path))) throw std::runtime_error(path + " still exists");
    };
}

std::string file_resource(const std::string& filename, const std::string& content, const std::string& extra = "") {
    return "resource \"local_file\" \"greeting\" {\n  filename = \"" + filename + "\"\n  content  = \"" + content +
           "\"\n" + extra + "}\n";
}

// Prints the mean wall time of the steps (destroy included) per CLI.
void print_step_times(const acc::acceptance_report& report) {
    for (const auto& run : report.runs) {
        double total = 0;
        for (const auto& s : run.steps) total += s.seconds;
        std::printf("%s: %zu steps (destroy included), %.2f s, %.3f s per step\n", run.cli.c_str(), run.steps.size(),
                    total, total / static_cast<double>(run.steps.size()));
    }
}

// The directory run() keeps after a failure, read from its message.
std::optional<fs::path> kept_directory(const std::string& message) {
    static const std::string key = "The working directory is kept: ";
    const auto at = message.find(key);
    if (at == std::string::npos) return std::nullopt;
    const auto start = at + key.size();
    return fs::path(message.substr(start, message.find('\n', start) - start));
}

// Runs `f`, which must throw acceptance_failure; returns its message and
// removes the working directory it kept.
template <class F>
std::string failure_of(F&& f) {
    try {
        f();
    } catch (const acc::acceptance_failure& e) {
        const std::string message = e.what();
        if (const auto dir = kept_directory(message)) {
            std::error_code ignored;
            fs::remove_all(dir->parent_path(), ignored);
        }
        return message;
    }
    FAIL("run() did not throw acceptance_failure");
    return {};
}

// Two threads wait here for each other: proof that they run at the same time.
class meeting_point {
public:
    // Waits until `expected` callers have arrived, at most `limit`; callers
    // after that pass straight through.
    void arrive(int expected, std::chrono::seconds limit) {
        std::unique_lock lock(m_);
        ++arrived_;
        cv_.notify_all();
        if (!cv_.wait_for(lock, limit, [&] { return arrived_ >= expected; }))
            throw std::runtime_error("the other acceptance test never ran at the same time as this one");
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    int arrived_ = 0;
};

}  // namespace

TEST_CASE("local_file: create, check, empty plan, update, drift, replace, import, destroy", "[acceptance]") {
    files_dir files;
    const std::string sha256_hello = "185f8db32271fe25f561a6fc938b2e264306ec304eda518007d1764826381969";
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    const acc::acceptance_report report = t.run(
        {
            // Created with the default permission; the next plan is empty.
            {.config = files.config(file_resource("greeting.txt", "Hello")),
             .checks = {acc::attribute("local_file.greeting", "content", "Hello"),
                        acc::attribute("local_file.greeting", "file_permission", "0644"),
                        acc::attribute("local_file.greeting", "content_sha256", sha256_hello),
                        acc::attribute("local_file.greeting", "id", files / "greeting.txt"),
                        acc::attribute_matches("local_file.greeting", "content_md5", "^[0-9a-f]{32}$"),
                        file_holds(files / "greeting.txt", "Hello"), file_mode(files / "greeting.txt", 0644)}},
            // Updated in place: same id, new content and permission.
            {.config = files.config(file_resource("greeting.txt", "Hello again", "  file_permission = \"0600\"\n")),
             .checks = {acc::attribute("local_file.greeting", "content", "Hello again"),
                        acc::attribute("local_file.greeting", "id", files / "greeting.txt"),
                        file_holds(files / "greeting.txt", "Hello again"), file_mode(files / "greeting.txt", 0600)}},
            // Edited behind the provider's back: the apply puts it right.
            {.config = files.config(file_resource("greeting.txt", "Hello again", "  file_permission = \"0600\"\n")),
             .checks = {file_holds(files / "greeting.txt", "Hello again")},
             .before = [&] { write_text(files / "greeting.txt", "edited by hand"); }},
            // A new filename replaces the file.
            {.config = files.config(file_resource("renamed.txt", "Hello again", "  file_permission = \"0600\"\n")),
             .checks = {acc::attribute("local_file.greeting", "filename", "renamed.txt"),
                        acc::attribute("local_file.greeting", "id", files / "renamed.txt"),
                        file_holds(files / "renamed.txt", "Hello again"), file_absent(files / "greeting.txt")}},
            // Imported by filename, the object equals the applied one.
            {.checks = {acc::attribute("local_file.greeting", "content", "Hello again")},
             .import = "local_file.greeting",
             .import_id = "renamed.txt",
             .import_verify = true},
        },
        [&](const acc::acceptance_state& before_destroy) {
            REQUIRE(before_destroy.resource("local_file.greeting") != nullptr);
            file_absent(files / "renamed.txt")(before_destroy);
        });
    REQUIRE_FALSE(report.runs.empty());
    for (const auto& run : report.runs) CHECK(run.steps.size() == 6);
    print_step_times(report);
}

TEST_CASE("local_file and its data source: a value known only after apply", "[acceptance]") {
    files_dir files;
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    t.run({{.config = files.config(file_resource("greeting.txt", "Hello") + R"(
data "local_file" "greeting" {
  filename = local_file.greeting.id
}
)"),
            .checks = {acc::attribute("data.local_file.greeting", "content", "Hello"),
                       acc::attribute_set("data.local_file.greeting", "content_sha256")}}});
}

TEST_CASE("local_directory: nested attributes and blocks through create, update, destroy", "[acceptance]") {
    files_dir files;
    const std::string site = files / "site";
    const std::string first = R"(
resource "local_directory" "site" {
  path = "site"
  files = {
    "index.html" = { content = "<h1>Hello</h1>" }
    "notes.txt"  = { content = "private", permission = "0600" }
  }
  symlink {
    name   = "latest"
    target = "index.html"
  }
}
)";
    const std::string second = R"(
resource "local_directory" "site" {
  path = "site"
  files = {
    "index.html" = { content = "<h1>Hello again</h1>" }
    "notes.txt"  = { content = "private", permission = "0600" }
    "extra.txt"  = { content = "one more" }
  }
}
)";
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    t.run(
        {
            {.config = files.config(first),
             .checks = {acc::attribute("local_directory.site", "id", site),
                        acc::attribute("local_directory.site", "permission", "0755"),
                        acc::attribute("local_directory.site", "file_count", 2),
                        acc::attribute("local_directory.site",
                                       tfpp::attribute_path("files").then_key("notes.txt").then_attribute("permission"),
                                       "0600"),
                        acc::attribute(
                            "local_directory.site",
                            tfpp::attribute_path("files").then_key("index.html").then_attribute("permission"), "0644"),
                        acc::attribute_matches(
                            "local_directory.site",
                            tfpp::attribute_path("files").then_key("index.html").then_attribute("sha256"),
                            "^[0-9a-f]{64}$"),
                        acc::attribute("local_directory.site",
                                       tfpp::attribute_path("symlink").then_index(0).then_attribute("name"), "latest"),
                        file_holds(site + "/index.html", "<h1>Hello</h1>"), file_mode(site + "/notes.txt", 0600),
                        file_holds(site + "/latest", "<h1>Hello</h1>")}},
            {.config = files.config(second),
             .checks = {acc::attribute("local_directory.site", "file_count", 3),
                        acc::attribute("local_directory.site", "symlink", nlohmann::json::array()),
                        file_holds(site + "/index.html", "<h1>Hello again</h1>"),
                        file_holds(site + "/extra.txt", "one more"), file_absent(site + "/latest")}},
        },
        [&](const acc::acceptance_state& before_destroy) { file_absent(site)(before_destroy); });
}

TEST_CASE("validation errors come back as expected errors, and the state is left alone", "[acceptance]") {
    files_dir files;
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    t.run({
        {.config = files.config(file_resource("greeting.txt", "Hello")),
         .checks = {acc::attribute("local_file.greeting", "content", "Hello")}},
        // An attribute validator, matched across the CLI's line breaks.
        {.config = files.config(file_resource("greeting.txt", "Hello", "  file_permission = \"9x\"\n")),
         .expect_error = "must be three or four octal digits, such as \"0644\", got \"9x\""},
        // A validator deep in a nested block.
        {.config = files.config(R"(
resource "local_directory" "site" {
  path = "site"
  symlink {
    name   = "../escape"
    target = "x"
  }
}
)"),
         .expect_error = "a plain name inside the directory"},
        // The first configuration still applies with no change.
        {.config = files.config(file_resource("greeting.txt", "Hello")),
         .checks = {acc::attribute("local_file.greeting", "content", "Hello"), acc::no_resource("local_directory.site"),
                    file_holds(files / "greeting.txt", "Hello")}},
    });
}

TEST_CASE("two acceptance tests run at the same time, each with its own server and directory", "[acceptance]") {
    files_dir files_a;
    files_dir files_b;
    acc::acceptance<local::provider> a{{.address = "tfpp/local"}};
    acc::acceptance<local::provider> b{{.address = "tfpp/local"}};
    REQUIRE(a.server().socket_path() != b.server().socket_path());

    // Each test's first step waits for the other's: neither can finish
    // unless both run at once.
    meeting_point meet;
    auto lifecycle = [&meet](acc::acceptance<local::provider>& t, const files_dir& files, const std::string& content) {
        return t.run({
            {.config = files.config(file_resource("same-name.txt", content)),
             .checks = {acc::attribute("local_file.greeting", "content", content),
                        file_holds(files / "same-name.txt", content)},
             .before = [&meet] { meet.arrive(2, std::chrono::seconds(120)); }},
            {.config = files.config(file_resource("same-name.txt", content + "!")),
             .checks = {file_holds(files / "same-name.txt", content + "!")}},
        });
    };
    auto run_a = std::async(std::launch::async, lifecycle, std::ref(a), std::cref(files_a), std::string("from a"));
    auto run_b = std::async(std::launch::async, lifecycle, std::ref(b), std::cref(files_b), std::string("from b"));
    const acc::acceptance_report report_a = run_a.get();
    const acc::acceptance_report report_b = run_b.get();
    REQUIRE(report_a.runs.size() == report_b.runs.size());
    const auto& first_a = report_a.runs.front();
    const auto& first_b = report_b.runs.front();
    CHECK(first_a.started < first_b.finished);
    CHECK(first_b.started < first_a.finished);
    CHECK_FALSE(fs::exists(files_a / "same-name.txt"));
    CHECK_FALSE(fs::exists(files_b / "same-name.txt"));
}

TEST_CASE("the example of docs/testing.md", "[acceptance]") {
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    auto file = [](const std::string& content) {
        return R"(resource "local_file" "a" {
  filename = "${abspath(path.module)}/a.txt"
  content  = ")" +
               content + "\"\n}\n";
    };
    t.run({
        {.config = file("hi"),
         .checks = {acc::attribute("local_file.a", "content", "hi"), acc::attribute_set("local_file.a", "id")}},
        {.config = file("hello"),  // an update in place
         .checks = {acc::attribute("local_file.a", "content", "hello")}},
        {.config = R"(resource "local_file" "a" {
                        filename        = "a.txt"
                        content         = "x"
                        file_permission = "9x"
                      })",
         .expect_error = "must be three or four octal digits"},  // nothing is applied
        {.import = "local_file.a", .import_verify = true},       // by its id attribute
    });
}

TEST_CASE("the harness fails with the step, the command and the CLI's output", "[acceptance][harness]") {
    files_dir files;
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};

    SECTION("a check that does not hold") {
        const std::string message = failure_of([&] {
            t.run({{.config = files.config(file_resource("greeting.txt", "Hello")),
                    .checks = {acc::attribute("local_file.greeting", "content", "Goodbye")}}});
        });
        INFO(message);
        CHECK_THAT(message, Catch::Contains("step 1/1 (config): checks failed"));
        CHECK_THAT(message, Catch::Contains("local_file.greeting: content is \"Hello\", expected \"Goodbye\""));
        CHECK_THAT(message, Catch::Contains("The working directory is kept: "));
        // What the steps created is destroyed all the same.
        CHECK_THAT(message, Catch::Contains("Everything the steps created was destroyed."));
        CHECK_FALSE(fs::exists(files / "greeting.txt"));
    }
    SECTION("an expected error that does not come") {
        const std::string message = failure_of([&] {
            t.run({{.config = files.config(file_resource("greeting.txt", "Hello")), .expect_error = "octal digits"}});
        });
        INFO(message);
        CHECK_THAT(message, Catch::Contains("step 1/1 (expect_error): expected an error matching /octal digits/"));
        CHECK_THAT(message, Catch::Contains("apply -auto-approve` succeeded"));
        CHECK_THAT(message, Catch::Contains("Apply complete!"));  // the CLI's output
    }
    SECTION("a failing apply") {
        const std::string message = failure_of([&] {
            t.run({{.config = files.config(file_resource("greeting.txt", "Hello", "  file_permission = \"9x\"\n"))}});
        });
        INFO(message);
        CHECK_THAT(message, Catch::Contains("step 1/1 (config): `"));
        CHECK_THAT(message, Catch::Contains("apply -auto-approve` exited 1"));
        CHECK_THAT(message, Catch::Contains("must be three or four octal digits"));
        CHECK_THAT(message, Catch::Contains("Everything the steps created was destroyed."));
    }
    SECTION("a plan that should show changes but is empty") {
        const std::string message = failure_of([&] {
            t.run({{.config = files.config(file_resource("greeting.txt", "Hello")), .expect_non_empty_plan = true}});
        });
        INFO(message);
        CHECK_THAT(message, Catch::Contains("the plan after apply is empty"));
        CHECK_THAT(message, Catch::Contains("plan -detailed-exitcode`"));
    }
    SECTION("an import that differs from the applied object") {
        const std::string message = failure_of([&] {
            t.run({{.config = files.config(file_resource("greeting.txt", "Hello"))},
                   // By absolute path: the imported filename is not the configured one.
                   {.import = "local_file.greeting", .import_verify = true}});
        });
        INFO(message);
        CHECK_THAT(message, Catch::Contains("step 2/2 (import): the imported object differs from the applied one"));
        CHECK_THAT(message, Catch::Contains("filename: applied \"greeting.txt\", imported \"" +
                                            (files / "greeting.txt") + "\""));
    }
}

TEST_CASE("without TFPP_TOFU and TFPP_TERRAFORM the harness fails instead of passing", "[acceptance][harness]") {
    // Nothing else runs while this case does; the variables come back after.
    struct saved_variable {
        std::string name;
        std::optional<std::string> value;
        explicit saved_variable(std::string n) : name(std::move(n)) {
            if (const char* v = std::getenv(name.c_str())) value = v;
            ::unsetenv(name.c_str());
        }
        ~saved_variable() {
            if (value) ::setenv(name.c_str(), value->c_str(), 1);
        }
    };
    const saved_variable tofu("TFPP_TOFU");
    const saved_variable terraform("TFPP_TERRAFORM");
    acc::acceptance<local::provider> t{{.address = "tfpp/local"}};
    const std::string message = failure_of([&] { t.run({{.config = "# nothing\n"}}); });
    CHECK_THAT(message, Catch::Contains("neither TFPP_TOFU nor TFPP_TERRAFORM is set"));
}
