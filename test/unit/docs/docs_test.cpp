// The documentation layer without a provider binary or tfplugindocs: the
// template language, markdown to plain text, and schema pages (the e2e test
// run_docs.py compares whole pages with tfplugindocs).
#include <tfpp/docs/docs.hpp>
#include <tfpp/provider/detail/schemas.hpp>  // the schema with its encoded defaults

#include <catch2/catch.hpp>

#include <unistd.h>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::string render(std::string_view text, const tfpp::detail::doc_fields& fields = {},
                   const tfpp::detail::doc_functions& functions = {}) {
    return tfpp::detail::doc_template(text, "t.md.tmpl").execute(fields, functions);
}

std::string error_of(std::string_view text, const tfpp::detail::doc_fields& fields = {}) {
    try {
        render(text, fields);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("templates: fields, trimming, conditions, ranges and pipelines as in Go", "[docs]") {
    const tfpp::detail::doc_fields f{{"Name", std::string("local_file")},
                                     {"Yes", true},
                                     {"No", false},
                                     {"Empty", std::string()},
                                     {"Files", std::vector<std::string>{"a.tf", "b.tf"}},
                                     {"None", std::vector<std::string>{}}};
    CHECK(render("# {{.Name}} ({{ .Name }})", f) == "# local_file (local_file)");
    CHECK(render("a  \n {{- .Name -}} \n  b", f) == "alocal_fileb");
    CHECK(render("{{/* a comment */}}x{{- /* trimmed */ -}} y", f) == "xy");
    CHECK(render("{{ if .Yes }}1{{ else }}2{{ end }}{{ if .No }}1{{ else }}2{{ end }}", f) == "12");
    CHECK(render("{{ if .No }}a{{ else if .Empty }}b{{ else if .Yes }}c{{ else }}d{{ end }}", f) == "c");
    CHECK(render("{{ range .Files }}[{{ . }}]{{ end }}{{ range .None }}x{{ else }}none{{ end }}", f) ==
          "[a.tf][b.tf]none");
    CHECK(render("{{ if or .No .Empty .Yes }}or{{ end }}{{ if and .Yes .No }}and{{ end }}{{ if not .No }}!{{ end }}",
                 f) == "or!");
    CHECK(render(R"({{ printf "{{tffile %q}}" .Name }} {{ eq .Name "local_file" }} {{ len .Files }})", f) ==
          R"({{tffile "local_file"}} true 2)");
    const tfpp::detail::doc_functions fn{{"upper", [](const std::vector<tfpp::detail::doc_value>& a) {
                                              std::string s = tfpp::detail::doc_text(a.at(0));
                                              for (char& c : s)
                                                  c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                                              return tfpp::detail::doc_value(s);
                                          }}};
    CHECK(render("{{ .Name | upper }} {{ upper (print .Name \"!\") }}", f, fn) == "LOCAL_FILE LOCAL_FILE!");
}

TEST_CASE("templates: what Go's templates refuse, or tfpp's do not support, is named with its line", "[docs]") {
    CHECK(error_of("line 1\n{{ .Missing }}") ==
          "tfpp: template t.md.tmpl, line 2: this template has no field .Missing");
    CHECK(error_of("{{ if .X }}") == "tfpp: template t.md.tmpl, line 1: {{if}} has no {{end}}");
    CHECK(error_of("\n\n{{ end }}") == "tfpp: template t.md.tmpl, line 3: unexpected {{end}}");
    CHECK(error_of("{{ $x := 1 }}") ==
          "tfpp: template t.md.tmpl, line 1: {{$x}} is not supported by tfpp's documentation templates");
    CHECK(error_of("{{ with .X }}{{ end }}") ==
          "tfpp: template t.md.tmpl, line 1: {{with}} is not supported by tfpp's documentation templates");
    CHECK(error_of("{{ nope .X }}", {{"X", true}}) ==
          "tfpp: template t.md.tmpl, line 1: function \"nope\" not defined");
    CHECK(error_of("{{ \"open }}") == "tfpp: template t.md.tmpl, line 1: an action {{ has no closing }}");
    CHECK(error_of("{{ .X ) }}", {{"X", true}}) == "tfpp: template t.md.tmpl, line 1: a ) without its (");
}

TEST_CASE("markdown to plain text keeps the words: code spans, emphasis, links and paragraphs", "[docs]") {
    using tfpp::detail::plain_markdown;
    CHECK(plain_markdown("The `path` of the **file**, *never* _shared_.") == "The path of the file, never shared.");
    CHECK(plain_markdown("See [the docs](https://example.com/x) or [below](#schema).") ==
          "See the docs https://example.com/x or below.");
    CHECK(plain_markdown("First line\nsecond line.\n\nNext paragraph.") == "First line\nsecond line.\nNext paragraph.");
    CHECK(plain_markdown("## Title\n\nText with snake_case_names and 2 * 3.") ==
          "Title\nText with snake_case_names and 2 * 3.");
    CHECK(plain_markdown("") == "");
    CHECK(plain_markdown("unclosed ` and ** and [link](") == "unclosed ` and ** and [link](");
    CHECK(plain_markdown("ends with ``") == "ends with ``");
}

// A named namespace: clang cannot reflect a model with internal linkage.
namespace docs_test_models {
bool is_hex(const std::string& s) { return s.size() == 4; }
struct page_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::check<&is_hex, "four characters">> mode;
    tfpp::optional_computed<std::string, tfpp::default_value<"0644">> permission;
    tfpp::optional_computed<std::string, tfpp::sensitive, tfpp::default_value<"hunter2">> password;
    tfpp::optional<std::string, tfpp::write_only> token;
    tfpp::computed<std::string> id;

    struct docs {
        tfpp::doc name{"The name."};
        tfpp::doc permission{.markdown = "Bits in `octal`."};
    };
};
}  // namespace docs_test_models
using namespace docs_test_models;

TEST_CASE("schema pages: groups, flags, the write-only note, constraints and defaults, never a secret default",
          "[docs]") {
    const tfpp::block_schema& s = tfpp::detail::model_block<page_model>();
    const std::string page = tfpp::detail::schema_markdown(true).render(s);
    CHECK(page ==
          "## Schema\n\n"
          "### Required\n\n"
          "- `name` (String) The name.\n\n"
          "### Optional\n\n" +
              std::string(tfpp::detail::write_only_note) +
              "- `mode` (String) Constraints: four characters.\n"
              "- `password` (String, Sensitive)\n"
              "- `permission` (String) Bits in `octal`. Defaults to `\"0644\"`.\n"
              "- `token` (String" +
              std::string(tfpp::detail::write_only_link) +
              ")\n\n"
              "### Read-Only\n\n"
              "- `id` (String) The ID of this resource.\n\n");
    CHECK(page.find("hunter2") == std::string::npos);
    const std::string plain = tfpp::detail::schema_markdown(false).render(s);
    CHECK(plain.find("Constraints") == std::string::npos);
    CHECK(plain.find("Defaults to") == std::string::npos);
}

TEST_CASE("generate_docs writes the registry layout, takes templates and examples, and removes stale pages", "[docs]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("tfpp-docs-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const auto write = [&](const fs::path& p, std::string_view text) {
        fs::create_directories((dir / p).parent_path());
        std::ofstream(dir / p) << text;
    };
    write("examples/resources/demo_page/resource.tf", "resource \"demo_page\" \"x\" {\n  name = \"a\"\n}\n");
    write("templates/data-sources.md.tmpl", "# {{ .Name }} ({{ .Type }}) of {{ .ProviderShortName }}\n");
    write("docs/resources/gone.md", "a page of a resource that no longer exists");
    write("docs/notes.txt", "not generated: kept");

    tfpp::provider_schemas schemas;
    schemas.address = "registry.opentofu.org/tfpp/demo";
    schemas.resources.emplace_back("demo_page", &tfpp::detail::model_block<page_model>());
    schemas.data_sources.emplace_back("demo_page", &tfpp::detail::model_block<page_model>());
    const std::vector<std::string> written =
        tfpp::generate_docs(schemas, {.provider_dir = dir, .provider_name = "demo"});
    CHECK(written == std::vector<std::string>{"docs/data-sources/page.md", "docs/index.md", "docs/resources/page.md"});
    CHECK(!fs::exists(dir / "docs/resources/gone.md"));
    CHECK(fs::exists(dir / "docs/notes.txt"));
    std::ifstream data(dir / "docs/data-sources/page.md");
    CHECK(std::string(std::istreambuf_iterator<char>(data), {}) == "# demo_page (Data Source) of demo\n");
    std::ifstream resource(dir / "docs/resources/page.md");
    const std::string page(std::istreambuf_iterator<char>(resource), {});
    CHECK(page.find("## Example Usage\n\n```terraform\nresource \"demo_page\" \"x\" {\n  name = \"a\"\n}\n```\n") !=
          std::string::npos);
    CHECK(page.find("page_title: \"demo_page Resource - demo\"") != std::string::npos);
    fs::remove_all(dir);
}
