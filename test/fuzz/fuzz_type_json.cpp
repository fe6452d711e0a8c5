// libFuzzer target: tfpp::parse_type_json, the type-constraint JSON parser.
//
// Input: the JSON text. Properties: no crash or throw; nullopt comes with an
// error diagnostic; a parsed type prints to JSON that parses back to an equal
// type, and printing that again gives the same text.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    tfpp::diagnostics d1;
    const auto parsed = tfpp::parse_type_json(text, d1);
    fuzz_support::check_verdict(parsed.has_value(), d1);
    if (!parsed) return 0;

    const std::string printed = tfpp::to_type_json(*parsed);
    tfpp::diagnostics d2;
    const auto again = tfpp::parse_type_json(printed, d2);
    if (!again) {
        std::fprintf(stderr, "printed: %s\n", printed.c_str());
        fuzz_support::print_diags(d2);
        fuzz_support::fail("printed type JSON does not parse");
    }
    fuzz_support::check_verdict(true, d2);
    if (!(*again == *parsed)) {
        std::fprintf(stderr, "printed: %s\n", printed.c_str());
        fuzz_support::fail("parse(print(t)) != t");
    }
    if (tfpp::to_type_json(*again) != printed) fuzz_support::fail("print(parse(print(t))) != print(t)");
    return 0;
}
