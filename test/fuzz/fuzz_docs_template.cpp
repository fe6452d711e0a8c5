// libFuzzer target: the documentation template language and markdown to
// plain text (tfpp/docs), which read a provider author's templates/ and
// descriptions.
//
// Input: a template's text. Properties: parsing and rendering either succeed
// or throw std::runtime_error (a message naming the template and line),
// never anything else, never a crash; plain_markdown of any text returns.
#include <tfpp/docs/detail/doc_template.hpp>
#include <tfpp/docs/detail/plain_markdown.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)tfpp::detail::plain_markdown(text);
    const tfpp::detail::doc_fields fields{{"Name", std::string("demo_thing")},
                                          {"Description", std::string(text.substr(0, 64))},
                                          {"HasExamples", true},
                                          {"ExampleFiles", std::vector<std::string>{"a.tf", "b.tf"}}};
    const tfpp::detail::doc_functions functions{{"trimspace", [](const std::vector<tfpp::detail::doc_value>& a) {
                                                     if (a.size() != 1) throw std::runtime_error("takes 1 argument");
                                                     return tfpp::detail::doc_value(tfpp::detail::doc_text(a[0]) + "!");
                                                 }}};
    try {
        const tfpp::detail::doc_template t(text, "fuzz.md.tmpl");
        (void)t.execute(fields, functions);
    } catch (const std::runtime_error& e) {
        if (std::string_view(e.what()).rfind("tfpp: template fuzz.md.tmpl, line ", 0) != 0) {
            std::fprintf(stderr, "unexpected error text: %s\n", e.what());
            std::abort();
        }
    }
    return 0;
}
