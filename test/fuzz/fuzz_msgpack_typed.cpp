// libFuzzer target: tfpp::decode_msgpack into typed models.
//
// Input: one selector byte (which model, and whether a tight depth limit
// applies), then the MessagePack bytes. Properties:
//  - never crashes, hangs, leaks or throws;
//  - false comes with an error diagnostic, true with none;
//  - a decoded value re-encodes to bytes that decode again, to an equal value
//    (after the refinements the encoder drops by design), and re-encoding that
//    gives the same bytes;
//  - the dynamic decoder, given the same bytes and the model's Terraform type,
//    agrees with the typed one (for wholly known values).
#include "fuzz_common.hpp"

namespace {

template <class Model>
void round_trip(std::string_view bytes, tfpp::decode_options limits) {
    Model first{};
    tfpp::diagnostics d1;
    const bool ok = tfpp::decode_msgpack(bytes, first, d1, limits);
    fuzz_support::check_verdict(ok, d1);
    if (!ok) return;

    const std::string encoded = tfpp::to_msgpack(first);
    Model second{};
    tfpp::diagnostics d2;
    const bool again = tfpp::decode_msgpack(encoded, second, d2, limits);
    if (!again) {
        std::fprintf(stderr, "re-encoded: %s\n", fuzz_support::hex(encoded).c_str());
        fuzz_support::print_diags(d2);
        fuzz_support::fail("a re-encoded value does not decode");
    }
    fuzz_support::check_verdict(again, d2);
    Model expected = first;
    fuzz_support::make_encodable(expected);
    if (!(second == expected)) {
        std::fprintf(stderr, "re-encoded: %s\nre-encoded again: %s\n", fuzz_support::hex(encoded).c_str(),
                     fuzz_support::hex(tfpp::to_msgpack(second)).c_str());
        fuzz_support::fail("decode(encode(x)) != x");
    }
    if (tfpp::to_msgpack(second) != encoded) fuzz_support::fail("encode(decode(encode(x))) != encode(x)");

    // The typed and the dynamic decoder must agree. Where the model holds a
    // wholly known value (an unknown inside a plain C++ type is absorbed by
    // the enclosing value<T>, which the dynamic decoder keeps in place), the
    // same bytes decode against the model's Terraform type too, and that
    // dynamic value, encoded and decoded into the model, gives the same model.
    // (Compared through the model, because doubles in it are lossy where the
    // dynamic value keeps the exact decimal.)
    if (!tfpp::is_wholly_known(first)) return;
    static const tfpp::type model_type = tfpp::type_of<Model>();
    tfpp::dynamic dyn;
    tfpp::diagnostics d3;
    if (!tfpp::decode_msgpack(bytes, model_type, dyn, d3, limits)) {
        std::fprintf(stderr, "type: %s\n", tfpp::to_type_json(model_type).c_str());
        fuzz_support::print_diags(d3);
        fuzz_support::fail("the typed decoder accepts what the dynamic decoder refuses");
    }
    const std::string dyn_encoded = tfpp::to_msgpack(dyn, model_type);
    Model third{};
    tfpp::diagnostics d4;
    if (!tfpp::decode_msgpack(dyn_encoded, third, d4, limits)) {
        std::fprintf(stderr, "dynamic re-encoded: %s\n", fuzz_support::hex(dyn_encoded).c_str());
        fuzz_support::print_diags(d4);
        fuzz_support::fail("the dynamic decoder's value does not decode into the model");
    }
    if (!(third == first)) {
        std::fprintf(stderr, "typed re-encoded: %s\ndynamic re-encoded: %s\n", fuzz_support::hex(encoded).c_str(),
                     fuzz_support::hex(dyn_encoded).c_str());
        fuzz_support::fail("typed and dynamic decoding disagree");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const unsigned selector = data[0];
    const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
    tfpp::decode_options limits;
    if (selector & 0x80) limits.max_depth = 6;  // reach the depth limit with short inputs too
    switch (selector % fuzz_model::typed_model_count) {
    case 0: round_trip<fuzz_model::root>(bytes, limits); break;
    case 1: round_trip<fuzz_model::set_model>(bytes, limits); break;
    case 2: round_trip<fuzz_model::map_model>(bytes, limits); break;
    case 3: round_trip<fuzz_model::list_model>(bytes, limits); break;
    }
    return 0;
}
