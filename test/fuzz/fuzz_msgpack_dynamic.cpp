// libFuzzer target: tfpp::decode_msgpack of a tfpp::dynamic against a type
// constraint.
//
// Input: one selector byte (low bits: which of fuzz_support::constraints();
// high bit: a tight depth limit), then the MessagePack bytes. Properties as
// for the typed target: no crash or throw, verdict and diagnostics agree, and
// decode(encode(x, constraint), constraint) == x.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto& all = fuzz_support::constraints();
    const tfpp::type& constraint = all[(data[0] & 0x7f) % all.size()];
    tfpp::decode_options limits;
    if (data[0] & 0x80) limits.max_depth = 6;
    const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);

    tfpp::dynamic first;
    tfpp::diagnostics d1;
    const bool ok = tfpp::decode_msgpack(bytes, constraint, first, d1, limits);
    fuzz_support::check_verdict(ok, d1);
    if (!ok) return 0;

    const std::string encoded = tfpp::to_msgpack(first, constraint);
    tfpp::dynamic second;
    tfpp::diagnostics d2;
    const bool again = tfpp::decode_msgpack(encoded, constraint, second, d2, limits);
    if (!again) {
        std::fprintf(stderr, "type: %s\nre-encoded: %s\n", tfpp::to_type_json(first.type()).c_str(),
                     fuzz_support::hex(encoded).c_str());
        fuzz_support::print_diags(d2);
        fuzz_support::fail("a re-encoded dynamic value does not decode");
    }
    fuzz_support::check_verdict(again, d2);
    if (!(second == fuzz_support::encodable(first))) {
        std::fprintf(stderr, "type: %s -> %s\nre-encoded: %s\nre-encoded again: %s\n",
                     tfpp::to_type_json(first.type()).c_str(), tfpp::to_type_json(second.type()).c_str(),
                     fuzz_support::hex(encoded).c_str(),
                     fuzz_support::hex(tfpp::to_msgpack(second, constraint)).c_str());
        fuzz_support::fail("decode(encode(x)) != x for a dynamic value");
    }
    if (tfpp::to_msgpack(second, constraint) != encoded)
        fuzz_support::fail("encode(decode(encode(x))) != encode(x) for a dynamic value");
    return 0;
}
