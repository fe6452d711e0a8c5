package main

// Hand-made msgpack inputs: encodings go-cty's encoder never produces but
// its decoder accepts ("value" vectors with roundtrip false), and inputs it
// rejects ("reject" vectors).

import (
	"bytes"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

type bytesCase struct {
	name string
	ty   cty.Type
	in   []byte
}

var (
	objA   = tObj(map[string]cty.Type{"a": tStr})
	objAB  = tObj(map[string]cty.Type{"a": tStr, "b": tStr})
	tupSS  = tTup(tStr, tStr)
	mA     = mstr("a")
	mX     = mstr("x")
	unkExt = hx("d4 00 00")
)

func acceptedBytesCases(g *gen) {
	cases := []bytesCase{
		// Strings: every str/bin header is accepted for any length.
		{"accept/str8_short", tStr, hx("d9 01 78")},
		{"accept/str16_short", tStr, hx("da 0001 78")},
		{"accept/str32_short", tStr, hx("db 00000001 78")},
		{"accept/bin8_as_string", tStr, hx("c4 01 78")},
		{"accept/bin16_as_string", tStr, hx("c5 0001 78")},
		{"accept/bin32_as_string", tStr, hx("c6 00000001 78")},
		// Decoded strings are NFC-normalised; invalid UTF-8 passes through.
		{"accept/string_not_nfc", tStr, mstr("e\u0301")},
		{"accept/string_angstrom_sign_nfc", tStr, mstr("\u212b")},
		{"accept/string_hangul_jamo_nfc", tStr, mstr("\u1100\u1161\u11a8")},
		{"accept/string_invalid_utf8", tStr, mstr("a\xffb")},
		{"accept/string_overlong_utf8", tStr, mstr("\xc0\xaf")},
		{"accept/string_utf8_surrogate", tStr, mstr("\xed\xa0\x80")},
		{"accept/string_truncated_utf8", tStr, mstr("ab\xe2\x82")},

		// Integers in wider-than-needed encodings.
		{"accept/uint8_small", tNum, hx("cc 05")},
		{"accept/uint16_small", tNum, hx("cd 0005")},
		{"accept/uint32_small", tNum, hx("ce 00000005")},
		{"accept/uint64_small", tNum, hx("cf 0000000000000005")},
		{"accept/int8_positive", tNum, hx("d0 05")},
		{"accept/int16_positive", tNum, hx("d1 0005")},
		{"accept/int32_negative_small", tNum, hx("d2 ffffffff")},
		{"accept/int64_negative_small", tNum, hx("d3 ffffffffffffffff")},
		{"accept/uint64_max", tNum, hx("cf ffffffffffffffff")},
		{"accept/uint64_2pow63", tNum, hx("cf 8000000000000000")},
		// Floats.
		{"accept/float32_tenth", tNum, hx("ca 3dcccccd")},
		{"accept/float32_one", tNum, hx("ca 3f800000")},
		{"accept/float32_neg_zero", tNum, hx("ca 80000000")},
		{"accept/float32_pos_inf", tNum, hx("ca 7f800000")},
		{"accept/float32_neg_inf", tNum, hx("ca ff800000")},
		{"accept/float64_two", tNum, hx("cb 4000000000000000")},
		{"accept/float64_half", tNum, hx("cb 3fe0000000000000")},
		{"accept/float64_neg_zero", tNum, hx("cb 8000000000000000")},
		{"accept/float64_smallest_denormal", tNum, hx("cb 0000000000000001")},
		{"accept/float64_1e23", tNum, hx("cb 44b52d02c7e14af6")},
		{"accept/float64_2pow63", tNum, hx("cb 43e0000000000000")},
		{"accept/float64_2pow53", tNum, hx("cb 4340000000000000")},
		// Numbers as strings go through big.Float parsing (base 10, 512 bits).
		{"accept/numstr_int", tNum, mstr("12")},
		{"accept/numstr_exponent", tNum, mstr("1e3")},
		{"accept/numstr_upper_exponent_plus", tNum, mstr("1E+3")},
		{"accept/numstr_plus_sign", tNum, mstr("+1")},
		{"accept/numstr_leading_dot", tNum, mstr(".5")},
		{"accept/numstr_trailing_dot", tNum, mstr("5.")},
		{"accept/numstr_leading_zeros", tNum, mstr("0012")},
		{"accept/numstr_neg_zero", tNum, mstr("-0")},
		{"accept/numstr_binary_exponent", tNum, mstr("1p3")},
		{"accept/numstr_Inf", tNum, mstr("Inf")},
		{"accept/numstr_inf_lower", tNum, mstr("inf")},
		{"accept/numstr_plus_Inf", tNum, mstr("+Inf")},
		{"accept/numstr_minus_inf", tNum, mstr("-inf")},
		{"accept/numstr_tenth", tNum, mstr("0.1")},
		{"accept/numstr_1e400", tNum, mstr("1E400")},
		{"accept/numstr_tiny", tNum, mstr("1e-400")},
		{"accept/numstr_fits_int", tNum, mstr("9223372036854775807")},
		{"accept/numstr_as_bin", tNum, mbin("12")},

		// Containers with wider headers.
		{"accept/array16_list", tList(tNum), hx("dc 0002 01 02")},
		{"accept/array32_list", tList(tNum), hx("dd 00000002 01 02")},
		{"accept/array32_tuple", tupSS, cat(hx("dd 00000002"), mA, mX)},
		{"accept/map16_map", tMap(tNum), cat(hx("de 0001"), mA, hx("01"))},
		{"accept/map32_map", tMap(tNum), cat(hx("df 00000001"), mA, hx("01"))},
		{"accept/map16_object", objA, cat(hx("de 0001"), mA, mX)},
		{"accept/object_attrs_unsorted", objAB, cat(mapHdr(2), mstr("b"), mstr("2"), mA, mstr("1"))},
		{"accept/object_key_as_bin", objA, cat(mapHdr(1), mbin("a"), mX)},
		{"accept/map_keys_unsorted", tMap(tNum), cat(mapHdr(2), mstr("b"), hx("02"), mA, hx("01"))},
		{"accept/map_key_as_bin", tMap(tNum), cat(mapHdr(1), mbin("k"), hx("01"))},
		// Map keys are NFC-normalised, so these two keys collide.
		{"accept/map_keys_nfc_collide", tMap(tNum), cat(mapHdr(2), mstr("é"), hx("01"), mstr("e\u0301"), hx("01"))},
		{"accept/map_duplicate_key_last_wins", tMap(tNum), cat(mapHdr(2), mA, hx("01"), mA, hx("02"))},
		{"accept/map_nil_key_is_empty_string", tMap(tStr), cat(mapHdr(1), hx("c0"), mX)},
		// go-cty drops the error from reading a non-string map key: the key's
		// first byte is consumed and the key becomes "".
		{"accept/map_int_key_becomes_empty", tMap(tStr), cat(mapHdr(1), hx("07"), mX)},
		{"accept/map_bool_key_becomes_empty", tMap(tStr), cat(mapHdr(1), hx("c3"), mX)},
		// Objects and tuples with zero entries decode to the empty
		// object/tuple whatever the type says.
		{"accept/object_empty_map_for_nonempty_type", objA, hx("80")},
		{"accept/tuple_empty_array_for_nonempty_type", tupSS, hx("90")},
		{"accept/object_duplicate_attr", objAB, cat(mapHdr(2), mA, mX, mA, mstr("y"))},

		// Trailing bytes after the top-level value are ignored.
		{"accept/trailing_bytes_number", tNum, hx("01 02")},
		{"accept/trailing_bytes_string", tStr, cat(mX, hx("ff"))},
		{"accept/trailing_never_used_code", tList(tNum), hx("91 01 c1")},

		// Unknown-value extensions with a body of at most one byte are
		// plain unknowns whatever their type code and body.
		{"accept/ext_fixext1_type5", tStr, hx("d4 05 00")},
		{"accept/ext_fixext1_type_neg1", tStr, hx("d4 ff 00")},
		{"accept/ext_fixext1_refinement_code", tStr, hx("d4 0c 01")},
		{"accept/ext_fixext1_body_7f", tStr, hx("d4 00 7f")},
		{"accept/ext8_len0", tStr, hx("c7 00 00")},
		{"accept/ext8_len0_refinement_code", tNum, hx("c7 00 0c")},
		{"accept/ext8_len1", tBool, hx("c7 01 0c 05")},
		{"accept/ext16_len0", tList(tStr), hx("c8 0000 00")},
		{"accept/ext32_len1", tMap(tStr), hx("c9 00000001 00 00")},
		{"accept/ext_for_object", objA, unkExt},
		{"accept/ext_in_list", tList(tStr), cat(arrHdr(2), unkExt, mX)},

		// Refinement payloads.
		{"accept/rfn_ext16_header", tStr, cat(hx("c8 0003 0c"), mapHdr(1), mInt(1), mFalse)},
		{"accept/rfn_ext32_header", tStr, cat(hx("c9 00000003 0c"), mapHdr(1), mInt(1), mFalse)},
		{"accept/rfn_trailing_payload_bytes", tStr, ext(0x0c, cat(mapHdr(1), mInt(1), mFalse, hx("ffff")))},
		{"accept/rfn_map16_header", tStr, ext(0x0c, cat(hx("de 0001"), mInt(1), mFalse))},
		{"accept/rfn_empty_map", tStr, ext(0x0c, hx("80 00"))},
		{"accept/rfn_int_key_encodings", tStr, ext(0x0c, cat(mapHdr(1), hx("d3 0000000000000001"), mFalse))},
		{"accept/rfn_null_true_is_null_string", tStr, refn(mInt(1), mTrue)},
		{"accept/rfn_null_true_is_null_number", tNum, refn(mInt(1), mTrue)},
		{"accept/rfn_null_true_is_null_list", tList(tStr), refn(mInt(1), mTrue)},
		{"accept/rfn_null_true_is_null_object", objA, refn(mInt(1), mTrue)},
		{"accept/rfn_null_true_with_prefix", tStr, refn(mInt(1), mTrue, mInt(2), mstr("ab"))},
		{"accept/rfn_null_nil_means_not_null", tStr, refn(mInt(1), mNil)},
		{"accept/rfn_not_null_bool", tBool, refn(mInt(1), mFalse)},
		{"accept/rfn_not_null_tuple", tupSS, refn(mInt(1), mFalse)},
		{"accept/rfn_dynamic_ignored", tDyn, refn(mInt(1), mFalse)},
		{"accept/rfn_dynamic_null_true_ignored", tDyn, refn(mInt(1), mTrue)},
		{"accept/rfn_dynamic_bad_keys_ignored", tDyn, refn(mInt(2), mInt(5), mInt(3), mstr("x"))},
		// Unrecognised keys are skipped without consuming their value; the
		// value is then read as the next key.
		{"accept/rfn_unknown_key_only", tStr, refn(mInt(7), mInt(1))},
		{"accept/rfn_unknown_key_value_misread_as_key", tStr, ext(0x0c, cat(mapHdr(2), mInt(7), mInt(1), mFalse))},
		{"accept/rfn_key_zero_ignored", tNum, refn(mInt(0), mInt(0))},
		{"accept/rfn_prefix_not_safe_trimmed", tStr, refn(mInt(2), mstr("ab"))},
		{"accept/rfn_prefix_empty", tStr, refn(mInt(2), mstr(""))},
		{"accept/rfn_prefix_nil", tStr, refn(mInt(2), mNil)},
		{"accept/rfn_prefix_bin", tStr, refn(mInt(2), mbin("ab"))},
		{"accept/rfn_prefix_not_nfc", tStr, refn(mInt(2), mstr("e\u0301"))},
		{"accept/rfn_prefix_300_bytes", tStr, refn(mInt(2), mstr(strings.Repeat("a", 300)))},
		{"accept/rfn_prefix_longer_wins", tStr, refn(mInt(2), mstr("ab"), mInt(2), mstr("abc"))},
		{"accept/rfn_prefix_shorter_ignored", tStr, refn(mInt(2), mstr("abc"), mInt(2), mstr("ab"))},
		{"accept/rfn_payload_1024_bytes", tStr, refn(mInt(1), mFalse, mInt(2), mstr(strings.Repeat("z", 1024-7)))},
		{"accept/rfn_num_bound_string", tNum, refn(mInt(3), bound(mstr("1e3"), mTrue))},
		{"accept/rfn_num_bound_float32", tNum, refn(mInt(4), bound(hx("ca 3dcccccd"), mFalse))},
		{"accept/rfn_num_bound_uint64", tNum, refn(mInt(4), bound(hx("cf ffffffffffffffff"), mTrue))},
		{"accept/rfn_num_bound_neg_inf_kept", tNum, refn(mInt(3), bound(hx("cb fff0000000000000"), mTrue))},
		{"accept/rfn_num_bound_pos_inf_kept", tNum, refn(mInt(4), bound(hx("cb 7ff0000000000000"), mFalse))},
		{"accept/rfn_num_bound_array16", tNum, refn(mInt(3), cat(hx("dc 0002"), mInt(1), mTrue))},
		{"accept/rfn_num_equal_bounds_not_null_collapses", tNum, refn(mInt(1), mFalse, mInt(3), bound(mInt(5), mTrue), mInt(4), bound(mInt(5), mTrue))},
		{"accept/rfn_num_equal_bounds_nullable", tNum, refn(mInt(3), bound(mInt(5), mTrue), mInt(4), bound(mInt(5), mTrue))},
		{"accept/rfn_num_weaker_lower_ignored", tNum, refn(mInt(3), bound(mInt(1), mTrue), mInt(3), bound(mInt(0), mTrue))},
		{"accept/rfn_num_stronger_lower_replaces", tNum, refn(mInt(3), bound(mInt(0), mTrue), mInt(3), bound(mInt(1), mTrue))},
		{"accept/rfn_num_exclusive_then_inclusive_same", tNum, refn(mInt(3), bound(mInt(1), mFalse), mInt(3), bound(mInt(1), mTrue))},
		{"accept/rfn_len_lower_negative_ignored", tList(tStr), refn(mInt(5), mInt(-1))},
		{"accept/rfn_len_nil_is_zero", tList(tStr), refn(mInt(5), mNil)},
		{"accept/rfn_len_uint16", tSet(tStr), refn(mInt(6), hx("cd 0100"))},
		{"accept/rfn_len_weaker_upper_ignored", tMap(tStr), refn(mInt(6), mInt(5), mInt(6), mInt(10))},
		{"accept/rfn_list_len_0_not_null_collapses", tList(tStr), refn(mInt(1), mFalse, mInt(5), mInt(0), mInt(6), mInt(0))},
		{"accept/rfn_list_len_2_not_null_collapses", tList(tStr), refn(mInt(1), mFalse, mInt(5), mInt(2), mInt(6), mInt(2))},
		{"accept/rfn_set_len_1_not_null_collapses", tSet(tNum), refn(mInt(1), mFalse, mInt(5), mInt(1), mInt(6), mInt(1))},
		{"accept/rfn_set_len_0_not_null_collapses", tSet(tNum), refn(mInt(1), mFalse, mInt(6), mInt(0))},
		{"accept/rfn_map_len_2_not_null_stays_unknown", tMap(tNum), refn(mInt(1), mFalse, mInt(5), mInt(2), mInt(6), mInt(2))},
		{"accept/rfn_in_list_elements", tList(tNum), cat(arrHdr(2), refn(mInt(1), mFalse), refn(mInt(4), bound(mInt(9), mTrue)))},

		// Dynamic wrappers.
		{"accept/dyn_type_as_str", tDyn, cat(arrHdr(2), mstr(`"string"`), mX)},
		{"accept/dyn_type_json_whitespace", tDyn, dynWrap(" [ \"list\" ,\n \"string\" ] ", cat(arrHdr(1), mX))},
		{"accept/dyn_array16_wrapper", tDyn, cat(hx("dc 0002"), mbin(`"number"`), hx("05"))},
		{"accept/dyn_nested_dynamic", tDyn, dynWrap(`"dynamic"`, dynWrap(`"string"`, mX))},
		{"accept/dyn_nested_dynamic_null", tDyn, dynWrap(`"dynamic"`, hx("c0"))},
		{"accept/dyn_nested_dynamic_unknown", tDyn, dynWrap(`"dynamic"`, unkExt)},
		{"accept/dyn_typed_unknown_in_wrapper", tDyn, dynWrap(`"bool"`, unkExt)},
		{"accept/dyn_optional_attrs_in_type", tDyn, dynWrap(`["object",{"a":"string","b":"number"},["b"]]`, cat(mapHdr(2), mA, mX, mstr("b"), hx("c0")))},
		{"accept/dyn_type_attr_not_nfc", tDyn, dynWrap("[\"object\",{\"e\u0301\":\"string\"}]", cat(mapHdr(1), mstr("é"), mX))},
		{"accept/dyn_type_escaped_unicode", tDyn, dynWrap(`["map","\u0073tring"]`, cat(mapHdr(1), mA, mX))},
		{"accept/dyn_type_tuple_null", tDyn, dynWrap(`["tuple",null]`, arrHdr(0))},
		{"accept/dyn_number_from_string", tDyn, dynWrap(`"number"`, mstr("12"))},
		{"accept/dyn_list_unknown_and_string", tList(tDyn), cat(arrHdr(2), unkExt, dynWrap(`"string"`, mX))},
		{"accept/dyn_list_null_and_string", tList(tDyn), cat(arrHdr(2), hx("c0"), dynWrap(`"string"`, mX))},
		{"accept/dyn_list_all_unknown", tList(tDyn), cat(arrHdr(2), unkExt, unkExt)},
		{"accept/dyn_set_unknown_and_string", tSet(tDyn), cat(arrHdr(2), unkExt, dynWrap(`"string"`, mX))},
		{"accept/dyn_set_duplicates", tSet(tDyn), cat(arrHdr(2), dynWrap(`"string"`, mX), dynWrap(`"string"`, mX))},
		{"accept/dyn_map_unknown_and_number", tMap(tDyn), cat(mapHdr(2), mA, unkExt, mstr("b"), dynWrap(`"number"`, hx("01")))},

		// Sets: duplicates collapse (first occurrence wins), order is
		// re-established by go-cty.
		{"accept/set_strings_duplicates", tSet(tStr), cat(arrHdr(4), mA, mA, mstr("b"), mA)},
		{"accept/set_strings_unsorted", tSet(tStr), cat(arrHdr(3), mstr("c"), mstr("b"), mA)},
		{"accept/set_strings_nfc_duplicates", tSet(tStr), cat(arrHdr(2), mstr("é"), mstr("e\u0301"))},
		{"accept/set_numbers_equal_encodings", tSet(tNum), cat(arrHdr(4), hx("01"), hx("cb 3ff0000000000000"), mstr("1"), hx("cc 01"))},
		{"accept/set_numbers_string_first", tSet(tNum), cat(arrHdr(2), mstr("0.1"), hx("cb 3fb999999999999a"))},
		{"accept/set_numbers_float_first", tSet(tNum), cat(arrHdr(2), hx("cb 3fb999999999999a"), mstr("0.1"))},
		{"accept/set_zero_and_neg_zero", tSet(tNum), cat(arrHdr(2), hx("00"), hx("cb 8000000000000000"))},
		{"accept/set_two_nulls", tSet(tStr), cat(arrHdr(3), hx("c0"), mA, hx("c0"))},
		{"accept/set_two_unknowns", tSet(tStr), cat(arrHdr(3), unkExt, mA, unkExt)},
		{"accept/set_null_unknown_known_order", tSet(tNum), cat(arrHdr(3), hx("c0"), unkExt, hx("07"))},
		{"accept/set_bools_duplicates", tSet(tBool), cat(arrHdr(3), mTrue, mTrue, mFalse)},
		{"accept/set_objects_duplicates", tSet(objA), cat(arrHdr(3), mapHdr(1), mA, mX, mapHdr(1), mA, mstr("w"), mapHdr(1), mA, mX)},
		{"accept/set_lists_duplicates", tSet(tList(tStr)), cat(arrHdr(2), arrHdr(1), mX, arrHdr(1), mX)},
		{"accept/set_objects_same_hash_keeps_input_order", tSet(tObj(map[string]cty.Type{"n": tNum})), cat(arrHdr(2),
			mapHdr(1), mstr("n"), mstr("1.00000000002"),
			mapHdr(1), mstr("n"), mstr("1.00000000001"))},
	}
	// An array32 header with 70000 elements, all duplicates: exercises the
	// decoder's 32-bit length path while the line stays small.
	many := cat(arrHdr(70000), bytes.Repeat(mTrue, 70000))
	cases = append(cases, bytesCase{"accept/set_array32_70000_duplicates", tSet(tBool), many})

	for _, c := range cases {
		g.accepted(c.name, c.ty, c.in)
	}
}

func rejectCases(g *gen) {
	over := refn(mInt(2), mstr(strings.Repeat("z", 1100)))
	cases := []bytesCase{
		// Truncated input.
		{"reject/empty_input", tStr, nil},
		{"reject/empty_input_dynamic", tDyn, nil},
		{"reject/truncated_str", tStr, hx("a5 6162")},
		{"reject/truncated_str8_header", tStr, hx("d9")},
		{"reject/truncated_uint16", tNum, hx("cd 01")},
		{"reject/truncated_float64", tNum, hx("cb 3ff0")},
		{"reject/truncated_array", tList(tNum), hx("92 01")},
		{"reject/truncated_map_value", tMap(tStr), cat(mapHdr(1), mA)},
		{"reject/truncated_object", objA, cat(mapHdr(1), mA)},
		{"reject/truncated_dynamic_type", tDyn, hx("92 c4 08 22737472")},
		{"reject/truncated_dynamic_value", tDyn, dynWrap(`"string"`, nil)},

		// Wrong msgpack type for the schema.
		{"reject/string_got_int", tStr, hx("01")},
		{"reject/string_got_bool", tStr, mTrue},
		{"reject/string_got_array", tStr, cat(arrHdr(1), mX)},
		{"reject/number_got_bool", tNum, mTrue},
		{"reject/number_got_array", tNum, arrHdr(0)},
		{"reject/bool_got_string", tBool, mstr("true")},
		{"reject/bool_got_int", tBool, hx("01")},
		{"reject/list_got_string", tList(tStr), mX},
		{"reject/list_got_map", tList(tStr), mapHdr(0)},
		{"reject/set_got_int", tSet(tStr), hx("01")},
		{"reject/map_got_array", tMap(tStr), arrHdr(0)},
		{"reject/tuple_got_map", tupSS, mapHdr(0)},
		{"reject/object_got_array", objA, arrHdr(0)},

		// Strings that do not parse as numbers.
		{"reject/numstr_word", tNum, mX},
		{"reject/numstr_empty", tNum, mstr("")},
		{"reject/numstr_leading_space", tNum, mstr(" 1")},
		{"reject/numstr_trailing_space", tNum, mstr("1 ")},
		{"reject/numstr_hex", tNum, mstr("0x10")},
		{"reject/numstr_underscore", tNum, mstr("1_000")},
		{"reject/numstr_nan", tNum, mstr("NaN")},
		{"reject/numstr_infinity_word", tNum, mstr("infinity")},
		{"reject/numstr_bare_exponent", tNum, mstr("1e")},
		{"reject/numstr_double_sign", tNum, mstr("--1")},
		{"reject/numstr_arabic_digits", tNum, mstr("١٢")},
		{"reject/numstr_nil_bin_in_refinement_bound", tNum, refn(mInt(3), bound(mbin(""), mTrue))},

		// NaN cannot become a cty number: go-cty panics.
		{"reject/float64_nan_panics", tNum, hx("cb 7ff8000000000000")},
		{"reject/float32_nan_panics", tNum, hx("ca 7fc00000")},

		// Shape errors.
		{"reject/tuple_too_short", tupSS, cat(arrHdr(1), mX)},
		{"reject/tuple_too_long", tupSS, cat(arrHdr(3), mX, mX, mX)},
		{"reject/object_too_few_attrs", objAB, cat(mapHdr(1), mA, mX)},
		{"reject/object_too_many_attrs", objA, cat(mapHdr(2), mA, mX, mstr("b"), mX)},
		{"reject/object_unknown_attr", objA, cat(mapHdr(1), mstr("b"), mX)},
		{"reject/object_attr_not_nfc", tObj(map[string]cty.Type{"é": tStr}), cat(mapHdr(1), mstr("e\u0301"), mX)},
		{"reject/object_int_key", objA, cat(mapHdr(1), hx("01"), mX)},
		{"reject/object_nil_key", objA, cat(mapHdr(1), hx("c0"), mX)},
		{"reject/map_int16_key_misparsed", tMap(tStr), cat(mapHdr(1), hx("cd 0005"), mX)},
		{"reject/list_element_path", tList(tNum), cat(arrHdr(2), hx("01"), mX)},
		{"reject/set_element_path", tSet(tNum), cat(arrHdr(2), hx("01"), mX)},
		{"reject/map_element_path", tMap(tNum), cat(mapHdr(1), mstr("k"), mX)},
		{"reject/tuple_element_path", tTup(tStr, tNum), cat(arrHdr(2), mX, mX)},
		{"reject/object_nested_path", tObj(map[string]cty.Type{"a": tList(tObj(map[string]cty.Type{"b": tNum}))}),
			cat(mapHdr(1), mA, arrHdr(1), mapHdr(1), mstr("b"), mTrue)},

		// Extensions.
		{"reject/ext_type5_len2", tStr, hx("d5 05 0000")},
		{"reject/ext_type_neg1_len2", tStr, hx("d5 ff 0000")},
		{"reject/ext_type0_len4", tNum, hx("d6 00 81 01 c2 00")},
		{"reject/ext_oversize_refinement", tStr, over},
		{"reject/ext_oversize_header_only", tStr, hx("c8 0401 0c")},
		{"reject/ext_header_truncated", tStr, hx("c7")},
		{"reject/ext_type_code_missing", tStr, hx("c7 05")},
		{"reject/ext_fixext1_body_missing", tStr, hx("d4 00")},
		{"reject/ext_body_truncated", tStr, hx("c7 03 0c 81 01")},
		{"reject/rfn_body_not_map", tStr, ext(0x0c, hx("01 01"))},
		{"reject/rfn_body_not_map_dynamic", tDyn, ext(0x0c, hx("01 01"))},
		{"reject/rfn_string_key", tStr, refn(mstr("a"), mFalse)},
		{"reject/rfn_map_shorter_than_count", tStr, ext(0x0c, cat(mapHdr(2), mInt(1), mFalse))},
		{"reject/rfn_null_not_bool", tStr, refn(mInt(1), mInt(1))},
		{"reject/rfn_unknown_key_then_misread", tStr, ext(0x0c, cat(mapHdr(2), mInt(7), mInt(1), mInt(1), mFalse))},
		{"reject/rfn_prefix_on_number", tNum, refn(mInt(2), mA)},
		{"reject/rfn_prefix_on_list", tList(tStr), refn(mInt(2), mA)},
		{"reject/rfn_prefix_on_bool", tBool, refn(mInt(2), mA)},
		{"reject/rfn_prefix_not_string", tStr, refn(mInt(2), mInt(1))},
		{"reject/rfn_prefix_invalid_utf8", tStr, refn(mInt(2), mstr("a\xff"))},
		{"reject/rfn_prefix_truncated_utf8", tStr, refn(mInt(2), mstr("a\xc3"))},
		{"reject/rfn_len_on_string", tStr, refn(mInt(5), mInt(1))},
		{"reject/rfn_len_upper_on_tuple", tupSS, refn(mInt(6), mInt(1))},
		{"reject/rfn_len_on_object", objA, refn(mInt(5), mInt(1))},
		{"reject/rfn_len_not_int", tList(tStr), refn(mInt(5), mX)},
		{"reject/rfn_len_float", tList(tStr), refn(mInt(5), hx("cb 3ff0000000000000"))},
		{"reject/rfn_num_bound_on_string", tStr, refn(mInt(3), bound(mInt(1), mTrue))},
		{"reject/rfn_num_bound_on_list", tList(tNum), refn(mInt(4), bound(mInt(1), mTrue))},
		{"reject/rfn_num_bound_not_array", tNum, refn(mInt(3), mInt(1))},
		{"reject/rfn_num_bound_one_element", tNum, refn(mInt(3), cat(arrHdr(1), mInt(1)))},
		{"reject/rfn_num_bound_three_elements", tNum, refn(mInt(3), cat(arrHdr(3), mInt(1), mTrue, mTrue))},
		{"reject/rfn_num_bound_nil", tNum, refn(mInt(3), mNil)},
		{"reject/rfn_num_bound_null_number", tNum, refn(mInt(3), bound(mNil, mTrue))},
		{"reject/rfn_num_bound_null_inclusive", tNum, refn(mInt(3), bound(mInt(1), mNil))},
		{"reject/rfn_num_bound_unknown_number", tNum, refn(mInt(3), bound(unkExt, mTrue))},
		{"reject/rfn_num_bound_bad_string", tNum, refn(mInt(4), bound(mX, mTrue))},
		{"reject/rfn_num_bound_int_inclusive", tNum, refn(mInt(4), bound(mInt(1), mInt(1)))},
		// Inconsistent refinements make go-cty's refinement builder panic.
		{"reject/rfn_null_then_not_null_panics", tStr, refn(mInt(1), mTrue, mInt(1), mFalse)},
		{"reject/rfn_not_null_then_null_panics", tStr, refn(mInt(1), mFalse, mInt(1), mTrue)},
		{"reject/rfn_prefix_conflict_panics", tStr, refn(mInt(2), mstr("ab"), mInt(2), mstr("x"))},
		{"reject/rfn_num_lower_above_upper_panics", tNum, refn(mInt(3), bound(mInt(10), mTrue), mInt(4), bound(mInt(1), mTrue))},
		{"reject/rfn_num_equal_exclusive_panics", tNum, refn(mInt(3), bound(mInt(1), mFalse), mInt(4), bound(mInt(1), mTrue))},
		{"reject/rfn_len_lower_above_upper_panics", tList(tStr), refn(mInt(5), mInt(5), mInt(6), mInt(2))},
		{"reject/rfn_len_upper_negative_panics", tList(tStr), refn(mInt(6), mInt(-1))},

		// Dynamic wrappers.
		{"reject/dyn_not_array", tDyn, mX},
		{"reject/dyn_array_of_3", tDyn, cat(arrHdr(3), mbin(`"string"`), mX, mX)},
		{"reject/dyn_array_of_1", tDyn, cat(arrHdr(1), mbin(`"string"`))},
		{"reject/dyn_array_of_0", tDyn, arrHdr(0)},
		{"reject/dyn_type_nil", tDyn, cat(arrHdr(2), hx("c0"), mX)},
		{"reject/dyn_type_int", tDyn, cat(arrHdr(2), hx("01"), mX)},
		{"reject/dyn_type_empty", tDyn, dynWrap("", mX)},
		{"reject/dyn_type_unknown_name", tDyn, dynWrap(`"nope"`, mX)},
		{"reject/dyn_type_not_json", tDyn, dynWrap(`string`, mX)},
		{"reject/dyn_type_list_missing_element", tDyn, dynWrap(`["list"]`, arrHdr(0))},
		{"reject/dyn_type_trailing_data", tDyn, dynWrap(`"string" "x"`, mX)},
		{"reject/dyn_type_optional_not_declared_panics", tDyn, dynWrap(`["object",{"a":"string"},["b"]]`, cat(mapHdr(1), mA, mX))},
		{"reject/dyn_value_wrong_type", tDyn, dynWrap(`"string"`, hx("01"))},
		{"reject/dyn_list_inconsistent_types_panics", tList(tDyn), cat(arrHdr(2), dynWrap(`"string"`, mX), dynWrap(`"number"`, hx("01")))},
		{"reject/dyn_set_inconsistent_types_panics", tSet(tDyn), cat(arrHdr(2), dynWrap(`"string"`, mX), dynWrap(`"bool"`, mTrue))},
	}
	for _, c := range cases {
		g.reject(c.name, c.ty, c.in)
	}
}
