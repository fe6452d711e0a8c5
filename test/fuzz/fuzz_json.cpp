// libFuzzer target: tfpp::decode_json, typed and (when the header has it)
// against a type constraint into a tfpp::dynamic.
//
// Input: one selector byte, then the JSON text. Selector % 16 below 8 picks
// one of fuzz_support::constraints() for the dynamic overload; 8 and above
// picks a typed model (selector % 4, as in the msgpack typed target).
// Properties: no crash or throw; false comes with an error diagnostic, true
// with none; what JSON decoding produced survives a MessagePack round trip
// unchanged (the two codecs agree on what the value is); and, where
// encode_json exists, decode_json(encode_json(x)) == x, but for a number held
// as a double, which JSON writes with the double's shortest digits (as go-cty).
#include "fuzz_common.hpp"

#include <tfpp/codec/json.hpp>

#include <utility>

namespace {

// The dynamic overload is being added to json.hpp; the target uses it only
// when it is declared. (A requires-expression only tolerates a missing
// overload when the call depends on a template parameter, hence Ty.)
template <class Ty>
inline constexpr bool has_dynamic_json = requires(std::string_view text, const Ty& t, tfpp::dynamic& out,
                                                  tfpp::diagnostics& d) {
    { tfpp::decode_json(text, t, out, d, tfpp::decode_options{}) } -> std::convertible_to<bool>;
};

// encode_json arrived with the dynamic overload; used the same way.
template <class V>
inline constexpr bool has_encode_json = requires(const V& v, std::string& out, tfpp::diagnostics& d) {
    { tfpp::encode_json(v, out, d) } -> std::convertible_to<bool>;
};
template <class Ty>
inline constexpr bool has_dynamic_encode_json = requires(const tfpp::dynamic& v, const Ty& t, std::string& out,
                                                         tfpp::diagnostics& d) {
    { tfpp::encode_json(v, t, out, d) } -> std::convertible_to<bool>;
};

// JSON -> value -> JSON -> value: the value JSON was meant to give back, and
// the second text is that value's printing (the first text itself unless JSON
// changed a number). Values JSON cannot hold (infinity) may fail to encode,
// but only with an error diagnostic.
template <class Model>
void json_round_trip(const Model& first) {
    if constexpr (has_encode_json<Model>) {
        std::string text;
        tfpp::diagnostics d;
        const bool ok = tfpp::encode_json(first, text, d);
        fuzz_support::check_verdict(ok, d);
        if (!ok) return;
        Model second{};
        tfpp::diagnostics d2;
        if (!tfpp::decode_json(text, second, d2)) {
            std::fprintf(stderr, "json: %s\n", text.c_str());
            fuzz_support::print_diags(d2);
            fuzz_support::fail("JSON written by encode_json does not decode");
        }
        Model expected = first;
        fuzz_support::make_encodable(expected, fuzz_support::json_changes{});
        if (!(second == expected)) {
            std::fprintf(stderr, "json: %s\n", text.c_str());
            fuzz_support::fail("decode_json(encode_json(x)) != x");
        }
        std::string again, expected_text = text;
        tfpp::diagnostics d3;
        if (!(expected == first)) {
            expected_text.clear();
            if (!tfpp::encode_json(expected, expected_text, d3)) fuzz_support::fail("x after JSON's changes does not encode");
        }
        if (!tfpp::encode_json(second, again, d3) || again != expected_text)
            fuzz_support::fail("encode_json(decode_json(encode_json(x))) != encode_json(x)");
    } else {
        (void)first;
    }
}

template <class Ty>
void dynamic_json_round_trip(const tfpp::dynamic& first, const Ty& constraint) {
    if constexpr (has_dynamic_encode_json<Ty>) {
        std::string text;
        tfpp::diagnostics d;
        const bool ok = tfpp::encode_json(first, constraint, text, d);
        fuzz_support::check_verdict(ok, d);
        if (!ok) return;
        tfpp::dynamic second;
        tfpp::diagnostics d2;
        if (!tfpp::decode_json(text, constraint, second, d2, tfpp::decode_options{})) {
            std::fprintf(stderr, "json: %s\n", text.c_str());
            fuzz_support::print_diags(d2);
            fuzz_support::fail("JSON written by encode_json does not decode (dynamic)");
        }
        const tfpp::dynamic expected = fuzz_support::encodable(first, fuzz_support::json_changes{});
        if (!(second == expected)) {
            std::fprintf(stderr, "json: %s\ntype: %s -> %s\n", text.c_str(), tfpp::to_type_json(first.type()).c_str(),
                         tfpp::to_type_json(second.type()).c_str());
            fuzz_support::fail("decode_json(encode_json(x)) != x (dynamic)");
        }
        std::string again, expected_text = text;
        tfpp::diagnostics d3;
        if (!(expected == first)) {
            expected_text.clear();
            if (!tfpp::encode_json(expected, constraint, expected_text, d3))
                fuzz_support::fail("x after JSON's changes does not encode (dynamic)");
        }
        if (!tfpp::encode_json(second, constraint, again, d3) || again != expected_text)
            fuzz_support::fail("encode_json(decode_json(encode_json(x))) != encode_json(x) (dynamic)");
    } else {
        (void)first, (void)constraint;
    }
}

template <class Model>
void typed(std::string_view text) {
    Model first{};
    tfpp::diagnostics d1;
    const bool ok = tfpp::decode_json(text, first, d1);
    fuzz_support::check_verdict(ok, d1);
    if (!ok) return;

    const std::string encoded = tfpp::to_msgpack(first);
    Model second{};
    tfpp::diagnostics d2;
    const bool again = tfpp::decode_msgpack(encoded, second, d2);
    if (!again) {
        std::fprintf(stderr, "msgpack: %s\n", fuzz_support::hex(encoded).c_str());
        fuzz_support::print_diags(d2);
        fuzz_support::fail("a value decoded from JSON does not survive msgpack");
    }
    Model expected = first;
    fuzz_support::make_encodable(expected);
    if (!(second == expected)) {
        std::fprintf(stderr, "msgpack: %s\n", fuzz_support::hex(encoded).c_str());
        fuzz_support::fail("msgpack round trip of a JSON-decoded model changed it");
    }
    json_round_trip(first);
}

template <class Ty>
void dynamic(std::string_view text, const Ty& constraint) {
    if constexpr (has_dynamic_json<Ty>) {
        tfpp::dynamic first;
        tfpp::diagnostics d1;
        const bool ok = tfpp::decode_json(text, constraint, first, d1, tfpp::decode_options{});
        fuzz_support::check_verdict(ok, d1);
        if (!ok) return;

        const std::string encoded = tfpp::to_msgpack(first, constraint);
        tfpp::dynamic second;
        tfpp::diagnostics d2;
        const bool again = tfpp::decode_msgpack(encoded, constraint, second, d2);
        if (!again) {
            std::fprintf(stderr, "type: %s\nmsgpack: %s\n", tfpp::to_type_json(first.type()).c_str(),
                         fuzz_support::hex(encoded).c_str());
            fuzz_support::print_diags(d2);
            fuzz_support::fail("a dynamic value decoded from JSON does not survive msgpack");
        }
        if (!(second == fuzz_support::encodable(first))) {
            std::fprintf(stderr, "type: %s -> %s\nmsgpack: %s\n", tfpp::to_type_json(first.type()).c_str(),
                         tfpp::to_type_json(second.type()).c_str(), fuzz_support::hex(encoded).c_str());
            fuzz_support::fail("msgpack round trip of a JSON-decoded dynamic value changed it");
        }
        dynamic_json_round_trip(first, constraint);
    } else {
        (void)text, (void)constraint;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const unsigned selector = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (selector % 16 < 8) {
        const auto& all = fuzz_support::constraints();
        dynamic(text, all[selector % 16 % all.size()]);
        return 0;
    }
    switch (selector % fuzz_model::typed_model_count) {
    case 0: typed<fuzz_model::root>(text); break;
    case 1: typed<fuzz_model::set_model>(text); break;
    case 2: typed<fuzz_model::map_model>(text); break;
    case 3: typed<fuzz_model::list_model>(text); break;
    }
    return 0;
}
