package main

// Value vectors built from Go values: each is encoded with go-cty's
// msgpack.Marshal, then decoded again to describe what a decoder must
// produce.

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

type valueCase struct {
	name string
	ty   cty.Type
	val  cty.Value
}

func emitValues(g *gen, cases []valueCase) {
	for _, c := range cases {
		g.value(c.name, c.ty, c.val)
	}
}

func stringCases(g *gen) {
	cases := []valueCase{
		{"string/empty", tStr, sv("")},
		{"string/ascii", tStr, sv("hello world")},
		{"string/latin1", tStr, sv("café")},
		{"string/cjk", tStr, sv("日本語")},
		{"string/emoji", tStr, sv("😀👍🏽")},
		{"string/nul", tStr, sv("a\x00b")},
		{"string/json_escapes", tStr, sv("line\nbreak\ttab \"quote\" back\\slash \x01 \x1f \x7f")},
		{"string/html_chars", tStr, sv("<a href=\"x\">&amp;</a>")},
		{"string/line_separators", tStr, sv("a\u2028b\u2029c")},
		{"string/soft_hyphen_bom", tStr, sv("\u00ad\ufeff")},
		// cty.StringVal applies NFC before encoding.
		{"string/nfc_on_construction", tStr, sv("e\u0301 \u212b \u1100\u1161")},
	}
	// Lengths on both sides of every msgpack str header boundary.
	for _, n := range []int{31, 32, 255, 256, 65535, 65536} {
		cases = append(cases, valueCase{fmt.Sprintf("string/len_%d", n), tStr, sv(strings.Repeat("x", n))})
	}
	// A multi-byte character straddling the fixstr limit (31 bytes).
	cases = append(cases, valueCase{"string/multibyte_len_33", tStr, sv(strings.Repeat("x", 30) + "€")})
	emitValues(g, cases)
}

func boolCases(g *gen) {
	emitValues(g, []valueCase{
		{"bool/true", tBool, cty.True},
		{"bool/false", tBool, cty.False},
	})
}

func numberCases(g *gen) {
	var cases []valueCase
	ints := []int64{
		0, 1, -1, 127, 128, 255, 256, 65535, 65536,
		math.MaxInt32, math.MaxInt32 + 1, math.MaxUint32, math.MaxUint32 + 1,
		math.MaxInt64,
		-32, -33, -128, -129, -32768, -32769,
		math.MinInt32, math.MinInt32 - 1, math.MinInt64,
	}
	for _, n := range ints {
		cases = append(cases, valueCase{fmt.Sprintf("number/int_%d", n), tNum, nv(n)})
	}
	two := func(exp uint) *big.Float {
		return new(big.Float).SetMantExp(big.NewFloat(1), int(exp))
	}
	cases = append(cases, []valueCase{
		{"number/uint64_max", tNum, cty.NumberUIntVal(math.MaxUint64)},
		{"number/uint64_2pow63", tNum, cty.NumberUIntVal(1 << 63)},
		{"number/2pow64_parsed", tNum, pn("18446744073709551616")},
		{"number/2pow64_bigfloat", tNum, cty.NumberVal(two(64))},
		{"number/2pow70", tNum, pn("1180591620717411303424")},
		{"number/10pow30", tNum, pn("1000000000000000000000000000000")},
		{"number/neg_10pow30", tNum, pn("-1e30")},
		{"number/2pow53_plus1_parsed", tNum, pn("9007199254740993")},
		{"number/neg_zero_parsed", tNum, pn("-0")},
		{"number/neg_zero_float", tNum, fv(math.Copysign(0, -1))},
		{"number/half_parsed", tNum, pn("0.5")},
		{"number/one_point_zero_parsed", tNum, pn("1.0")},
		{"number/tenth_parsed", tNum, pn("0.1")},
		{"number/neg_tenth_parsed", tNum, pn("-0.1")},
		{"number/third_parsed", tNum, pn("0.333333333333333333333333333333")},
		{"number/1e-300_parsed", tNum, pn("1e-300")},
		{"number/1e300_parsed", tNum, pn("1e300")},
		{"number/1e400_parsed", tNum, pn("1e400")},
		{"number/60_digits", tNum, pn("123456789012345678901234567890.123456789012345678901234567890")},
		{"number/neg_60_digits", tNum, pn("-987654321098765432109876543210987654321098765432109876543210")},
		{"number/float_tenth", tNum, fv(0.1)},
		{"number/float_neg_2.5", tNum, fv(-2.5)},
		{"number/float_pi", tNum, fv(3.14159)},
		{"number/float_1e100", tNum, fv(1e100)},
		{"number/float_1e15", tNum, fv(1e15)},
		{"number/float_2pow53_plus1", tNum, fv(float64(1<<53 + 1))},
		{"number/float_smallest_denormal", tNum, fv(math.SmallestNonzeroFloat64)},
		{"number/float_max", tNum, fv(math.MaxFloat64)},
		{"number/pos_inf", tNum, cty.PositiveInfinity},
		{"number/neg_inf", tNum, cty.NegativeInfinity},
	}...)
	emitValues(g, cases)
}

// allTypes is one representative of every kind of type.
var allTypes = []struct {
	name string
	ty   cty.Type
}{
	{"string", tStr},
	{"number", tNum},
	{"bool", tBool},
	{"list", tList(tStr)},
	{"set", tSet(tNum)},
	{"map", tMap(tBool)},
	{"tuple", tTup(tStr, tNum)},
	{"empty_tuple", tTup()},
	{"object", tObj(map[string]cty.Type{"a": tStr, "b": tNum})},
	{"empty_object", cty.EmptyObject},
	{"object_optional", tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum}, "b")},
	{"dynamic", tDyn},
}

func nullUnknownCases(g *gen) {
	var cases []valueCase
	for _, t := range allTypes {
		cases = append(cases,
			valueCase{"null/top_" + t.name, t.ty, null(t.ty)},
			valueCase{"unknown/top_" + t.name, t.ty, unk(t.ty)},
		)
	}

	deep := tList(tMap(tObj(map[string]cty.Type{"x": tList(tStr), "y": tTup(tBool, tNum)})))
	inner := func(x cty.Value, y cty.Value) cty.Value {
		return ov(map[string]cty.Value{"x": x, "y": y})
	}
	objT := tObj(map[string]cty.Type{"a": tStr, "b": tList(tStr), "c": tObj(map[string]cty.Type{"d": tNum})})

	cases = append(cases, []valueCase{
		{"null/in_list", tList(tStr), lv(sv("a"), null(tStr), sv("c"))},
		{"unknown/in_list", tList(tStr), lv(unk(tStr), sv("b"))},
		{"null/in_map", tMap(tNum), mv(map[string]cty.Value{"a": null(tNum), "b": nv(2)})},
		{"unknown/in_map", tMap(tNum), mv(map[string]cty.Value{"a": nv(1), "b": unk(tNum)})},
		{"null_unknown/in_tuple", tTup(tStr, tNum, tBool), tv(null(tStr), unk(tNum), cty.True)},
		{"null_unknown/in_object", objT, ov(map[string]cty.Value{
			"a": null(tStr),
			"b": unk(tList(tStr)),
			"c": ov(map[string]cty.Value{"d": unk(tNum)}),
		})},
		{"null/object_attr_object", objT, ov(map[string]cty.Value{
			"a": sv("x"),
			"b": lv(null(tStr)),
			"c": null(tObj(map[string]cty.Type{"d": tNum})),
		})},
		{"null_unknown/depth4", deep, lv(
			mv(map[string]cty.Value{
				"k1": inner(lv(sv("a"), null(tStr), unk(tStr)), tv(unk(tBool), null(tNum))),
				"k2": inner(null(tList(tStr)), unk(tTup(tBool, tNum))),
			}),
			null(tMap(tObj(map[string]cty.Type{"x": tList(tStr), "y": tTup(tBool, tNum)}))),
			unk(tMap(tObj(map[string]cty.Type{"x": tList(tStr), "y": tTup(tBool, tNum)}))),
		)},
		{"null_unknown/in_set_of_lists", tSet(tList(tStr)), setv(
			lv(sv("a"), unk(tStr)),
			lv(null(tStr)),
		)},
	}...)
	emitValues(g, cases)
}

func refinementCases(g *gen) {
	uStr, uNum := unk(tStr), unk(tNum)
	prefix := func(p string) cty.Value { return uStr.Refine().StringPrefixFull(p).NewValue() }
	lower := func(n cty.Value, inc bool) cty.Value { return uNum.Refine().NumberRangeLowerBound(n, inc).NewValue() }
	upper := func(n cty.Value, inc bool) cty.Value { return uNum.Refine().NumberRangeUpperBound(n, inc).NewValue() }

	cases := []valueCase{
		// Not-null on every kind that accepts refinements.
		{"refine/not_null_string", tStr, uStr.RefineNotNull()},
		{"refine/not_null_number", tNum, uNum.RefineNotNull()},
		{"refine/not_null_bool", tBool, unk(tBool).RefineNotNull()},
		{"refine/not_null_list", tList(tStr), unk(tList(tStr)).RefineNotNull()},
		{"refine/not_null_set", tSet(tNum), unk(tSet(tNum)).RefineNotNull()},
		{"refine/not_null_map", tMap(tBool), unk(tMap(tBool)).RefineNotNull()},
		{"refine/not_null_tuple", tTup(tStr), unk(tTup(tStr)).RefineNotNull()},
		{"refine/not_null_object", tObj(map[string]cty.Type{"a": tStr}), unk(tObj(map[string]cty.Type{"a": tStr})).RefineNotNull()},
		// Refining cty.DynamicVal is a no-op.
		{"refine/not_null_dynamic_noop", tDyn, cty.DynamicVal.RefineNotNull()},

		// String prefixes. StringPrefix (not ...Full) drops the last
		// grapheme cluster unless it is punctuation that must end one.
		{"refine/prefix_safe_trims_last_char", tStr, uStr.Refine().StringPrefix("ab").NewValue()},
		{"refine/prefix_safe_keeps_slash", tStr, uStr.Refine().StringPrefix("https://").NewValue()},
		{"refine/prefix_1_byte_fixext4", tStr, prefix("a")},
		{"refine/prefix_2_bytes", tStr, prefix("ab")},
		{"refine/prefix_5_bytes_fixext8", tStr, prefix("abcde")},
		{"refine/prefix_13_bytes_fixext16", tStr, prefix("abcdefghijklm")},
		{"refine/prefix_14_bytes_ext8", tStr, prefix("abcdefghijklmn")},
		{"refine/prefix_and_not_null", tStr, uStr.Refine().NotNull().StringPrefixFull("ami-").NewValue()},
		{"refine/prefix_multibyte", tStr, prefix("日本")},
		{"refine/prefix_nfc_applied", tStr, prefix("e\u0301")},
		{"refine/prefix_len_255", tStr, prefix(strings.Repeat("p", 255))},
		{"refine/prefix_len_256", tStr, prefix(strings.Repeat("p", 256))},
		{"refine/prefix_len_257_truncated", tStr, prefix(strings.Repeat("p", 257))},
		{"refine/prefix_len_300_truncated", tStr, prefix(strings.Repeat("a", 300))},
		{"refine/prefix_truncated_at_dash", tStr, prefix(strings.Repeat("ab-", 100))},
		{"refine/prefix_truncated_2byte_cut", tStr, prefix(strings.Repeat("é", 150))},
		{"refine/prefix_truncated_3byte_cut_1", tStr, prefix("a" + strings.Repeat("€", 100))},
		{"refine/prefix_truncated_3byte_cut_2", tStr, prefix("ab" + strings.Repeat("€", 100))},
		{"refine/prefix_truncated_4byte_cut", tStr, prefix("ab" + strings.Repeat("😀", 80))},
		{"refine/prefix_truncated_combining_at_cut", tStr, prefix(strings.Repeat("x", 253) + "q\u0307\u0323" + strings.Repeat("y", 10))},

		// Number bounds.
		{"refine/num_lower_inclusive", tNum, lower(nv(0), true)},
		{"refine/num_lower_exclusive", tNum, lower(nv(0), false)},
		{"refine/num_upper_inclusive", tNum, upper(nv(100), true)},
		{"refine/num_upper_exclusive", tNum, upper(nv(100), false)},
		{"refine/num_both", tNum, uNum.Refine().NumberRangeLowerBound(nv(-5), true).NumberRangeUpperBound(nv(5), false).NewValue()},
		{"refine/num_both_not_null", tNum, uNum.Refine().NotNull().NumberRangeInclusive(nv(1), nv(10)).NewValue()},
		{"refine/num_fractional_bounds", tNum, uNum.Refine().NumberRangeLowerBound(pn("0.5"), true).NumberRangeUpperBound(pn("1.5"), false).NewValue()},
		{"refine/num_big_bounds", tNum, uNum.Refine().NumberRangeLowerBound(pn("-1e30"), false).NumberRangeUpperBound(pn("1180591620717411303424"), true).NewValue()},
		{"refine/num_float_bound", tNum, lower(fv(0.1), true)},
		{"refine/num_equal_bounds_nullable", tNum, uNum.Refine().NumberRangeInclusive(nv(7), nv(7)).NewValue()},
		// With not-null, equal inclusive bounds collapse to a known number.
		{"refine/num_equal_bounds_not_null_collapses", tNum, uNum.Refine().NotNull().NumberRangeInclusive(nv(7), nv(7)).NewValue()},
		// Infinite bounds are not recorded by the builder.
		{"refine/num_infinite_bounds_ignored", tNum, uNum.Refine().NumberRangeLowerBound(cty.NegativeInfinity, true).NumberRangeUpperBound(cty.PositiveInfinity, true).NewValue()},

		// Collection length bounds.
		{"refine/list_len_lower", tList(tStr), unk(tList(tStr)).Refine().CollectionLengthLowerBound(1).NewValue()},
		{"refine/list_len_upper", tList(tStr), unk(tList(tStr)).Refine().CollectionLengthUpperBound(5).NewValue()},
		{"refine/list_len_both_not_null", tList(tStr), unk(tList(tStr)).Refine().NotNull().CollectionLengthLowerBound(1).CollectionLengthUpperBound(3).NewValue()},
		{"refine/set_len_lower", tSet(tNum), unk(tSet(tNum)).Refine().CollectionLengthLowerBound(2).NewValue()},
		{"refine/map_len_upper", tMap(tStr), unk(tMap(tStr)).Refine().CollectionLengthUpperBound(3).NewValue()},
		{"refine/map_len_large", tMap(tStr), unk(tMap(tStr)).Refine().CollectionLengthLowerBound(300).CollectionLengthUpperBound(100000).NewValue()},
		{"refine/list_len_exact_nullable", tList(tStr), unk(tList(tStr)).Refine().CollectionLength(2).NewValue()},
		// With not-null, exact lengths collapse to known collections.
		{"refine/list_len_exact_not_null_collapses", tList(tStr), unk(tList(tStr)).Refine().NotNull().CollectionLength(3).NewValue()},
		{"refine/set_len_1_not_null_collapses", tSet(tStr), unk(tSet(tStr)).Refine().NotNull().CollectionLength(1).NewValue()},
		{"refine/set_len_2_not_null_stays_unknown", tSet(tStr), unk(tSet(tStr)).Refine().NotNull().CollectionLength(2).NewValue()},
		{"refine/map_len_0_not_null_collapses", tMap(tStr), unk(tMap(tStr)).Refine().NotNull().CollectionLength(0).NewValue()},

		// Refined unknowns inside containers.
		{"refine/in_list", tList(tStr), lv(uStr.RefineNotNull(), sv("x"), prefix("pre-"))},
		{"refine/in_map", tMap(tNum), mv(map[string]cty.Value{"a": lower(nv(0), true), "b": nv(3)})},
		{"refine/in_set", tSet(tStr), setv(sv("x"), prefix("pre-"), uStr.RefineNotNull())},
		{"refine/in_tuple", tTup(tBool, tList(tNum)), tv(unk(tBool).RefineNotNull(), unk(tList(tNum)).Refine().CollectionLengthUpperBound(4).NewValue())},
		{"refine/in_object", tObj(map[string]cty.Type{"id": tStr, "n": tNum, "tags": tMap(tStr)}), ov(map[string]cty.Value{
			"id":   uStr.Refine().NotNull().StringPrefixFull("i-").NewValue(),
			"n":    upper(nv(10), false),
			"tags": unk(tMap(tStr)).Refine().NotNull().CollectionLengthLowerBound(1).NewValue(),
		})},
	}
	emitValues(g, cases)
}

func collectionCases(g *gen) {
	obj2 := tObj(map[string]cty.Type{"name": tStr, "port": tNum})
	numbers := func(n int) []cty.Value {
		vs := make([]cty.Value, n)
		for i := range vs {
			vs[i] = nv(int64(i))
		}
		return vs
	}
	keyed := func(n int) map[string]cty.Value {
		m := map[string]cty.Value{}
		for i := 0; i < n; i++ {
			m[fmt.Sprintf("k%02d", i)] = nv(int64(i))
		}
		return m
	}
	attrTypes := func(n int) map[string]cty.Type {
		m := map[string]cty.Type{}
		for i := 0; i < n; i++ {
			m[fmt.Sprintf("a%02d", i)] = tNum
		}
		return m
	}
	tupleTypes := func(n int) []cty.Type {
		ts := make([]cty.Type, n)
		for i := range ts {
			ts[i] = tNum
		}
		return ts
	}

	cases := []valueCase{
		{"list/empty", tList(tStr), cty.ListValEmpty(tStr)},
		{"list/one", tList(tStr), lv(sv("a"))},
		{"list/three", tList(tStr), lv(sv("a"), sv("b"), sv("a"))},
		{"list/of_lists", tList(tList(tNum)), lv(lv(nv(1), nv(2)), cty.ListValEmpty(tNum), lv(nv(3)))},
		{"list/of_objects", tList(obj2), lv(
			ov(map[string]cty.Value{"name": sv("a"), "port": nv(80)}),
			ov(map[string]cty.Value{"name": sv("b"), "port": nv(443)}),
		)},
		{"list/15_fixarray_max", tList(tNum), lv(numbers(15)...)},
		{"list/16_array16", tList(tNum), lv(numbers(16)...)},
		{"list/20", tList(tNum), lv(numbers(20)...)},
		{"list/of_empty_object", tList(cty.EmptyObject), lv(cty.EmptyObjectVal, cty.EmptyObjectVal)},

		{"map/empty", tMap(tStr), cty.MapValEmpty(tStr)},
		{"map/sorted_keys", tMap(tStr), mv(map[string]cty.Value{"b": sv("2"), "a": sv("1"), "B": sv("0"), "aa": sv("3"), "é": sv("4"), "": sv("5")})},
		{"map/15_fixmap_max", tMap(tNum), mv(keyed(15))},
		{"map/16_map16", tMap(tNum), mv(keyed(16))},
		{"map/of_maps", tMap(tMap(tBool)), mv(map[string]cty.Value{"x": mv(map[string]cty.Value{"y": cty.True}), "z": cty.MapValEmpty(tBool)})},
		{"map/escaped_keys", tMap(tNum), mv(map[string]cty.Value{"a\"b": nv(1), "c\\d": nv(2), "e\nf": nv(3), "<&>": nv(4)})},

		{"tuple/empty", tTup(), cty.EmptyTupleVal},
		{"tuple/mixed", tTup(tStr, tNum, tBool, tList(tStr)), tv(sv("a"), nv(1), cty.False, lv(sv("b")))},
		{"tuple/nested", tTup(tTup(tStr), tTup()), tv(tv(sv("x")), cty.EmptyTupleVal)},
		{"tuple/16", cty.Tuple(tupleTypes(16)), tv(numbers(16)...)},

		{"object/empty", cty.EmptyObject, cty.EmptyObjectVal},
		{"object/sorted_attrs", tObj(map[string]cty.Type{"zeta": tStr, "alpha": tNum, "Mid": tBool, "_": tStr}), ov(map[string]cty.Value{
			"zeta": sv("z"), "alpha": nv(1), "Mid": cty.True, "_": sv(""),
		})},
		{"object/nested", tObj(map[string]cty.Type{"inner": obj2, "list": tList(obj2)}), ov(map[string]cty.Value{
			"inner": ov(map[string]cty.Value{"name": sv("n"), "port": nv(1)}),
			"list":  cty.ListValEmpty(obj2),
		})},
		{"object/16_attrs_map16", tObj(attrTypes(16)), ov(keyed16attrs())},
		{"object/unicode_attr_names", tObj(map[string]cty.Type{"é": tStr, "日本": tStr, "a b": tStr}), ov(map[string]cty.Value{
			"é": sv("1"), "日本": sv("2"), "a b": sv("3"),
		})},
		{"object/optional_attr_set", tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum}, "b"), ov(map[string]cty.Value{"a": sv("x"), "b": nv(1)})},
		{"object/optional_attr_null", tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum}, "b"), ov(map[string]cty.Value{"a": sv("x"), "b": null(tNum)})},
		// msgpack.Marshal converts: the missing optional attribute becomes null.
		{"object/optional_attr_missing_converted", tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum}, "b"), ov(map[string]cty.Value{"a": sv("x")})},
		{"object/all_optional_empty_value", tObjOpt(map[string]cty.Type{"a": tStr, "b": tList(tStr)}, "a", "b"), cty.EmptyObjectVal},
	}
	emitValues(g, cases)
}

func keyed16attrs() map[string]cty.Value {
	m := map[string]cty.Value{}
	for i := 0; i < 16; i++ {
		m[fmt.Sprintf("a%02d", i)] = nv(int64(i * 1000))
	}
	return m
}

func setCases(g *gen) {
	objNS := tObj(map[string]cty.Type{"name": tStr, "n": tNum})
	o := func(name string, n int64) cty.Value {
		return ov(map[string]cty.Value{"name": sv(name), "n": nv(n)})
	}
	objS := tObj(map[string]cty.Type{"s": tStr})
	os := func(s string) cty.Value { return ov(map[string]cty.Value{"s": sv(s)}) }
	objN := tObj(map[string]cty.Type{"n": tNum})
	on := func(n cty.Value) cty.Value { return ov(map[string]cty.Value{"n": n}) }
	twenty := make([]cty.Value, 20)
	for i := range twenty {
		twenty[i] = sv(fmt.Sprintf("s%d", 19-i))
	}

	cases := []valueCase{
		{"set/empty", tSet(tStr), cty.SetValEmpty(tStr)},
		{"set/strings", tSet(tStr), setv(sv("b"), sv("a"), sv("c"))},
		// Sorted by bytes, which for UTF-8 is code point order (not UTF-16
		// order: U+FF5A sorts before U+1F600 here).
		{"set/strings_tricky_order", tSet(tStr), setv(
			sv("b"), sv("B"), sv("a"), sv("é"), sv("z"), sv("ｚ"), sv("😀"), sv(""),
			sv("aa"), sv("a\x00"), sv("10"), sv("9"), sv("1"), sv("~"),
		)},
		{"set/numbers", tSet(tNum), setv(nv(3), nv(1), nv(2), nv(10), nv(-1), pn("0.5"), pn("1e30"), pn("-0.25"))},
		{"set/numbers_close", tSet(tNum), setv(pn("1.00000000002"), pn("1.00000000001"), nv(1))},
		// Equal numbers with different representations collapse (first wins).
		{"set/numbers_equal_reprs", tSet(tNum), setv(pn("0.1"), fv(0.1))},
		{"set/numbers_equal_reprs_reversed", tSet(tNum), setv(fv(0.1), pn("0.1"))},
		// 0 and -0 hash differently, so both stay in the set.
		{"set/zero_and_neg_zero", tSet(tNum), setv(nv(0), pn("-0"))},
		{"set/bools", tSet(tBool), setv(cty.True, cty.False)},
		{"set/objects", tSet(objNS), setv(o("b", 2), o("a", 10), o("a", 9), o("c", 1))},
		{"set/lists", tSet(tList(tStr)), setv(lv(sv("b")), lv(sv("a"), sv("z")), lv(sv("a")), cty.ListValEmpty(tStr))},
		{"set/maps", tSet(tMap(tNum)), setv(mv(map[string]cty.Value{"b": nv(1)}), mv(map[string]cty.Value{"a": nv(2)}), cty.MapValEmpty(tNum))},
		{"set/sets", tSet(tSet(tNum)), setv(setv(nv(2), nv(1)), setv(nv(1)), cty.SetValEmpty(tNum))},
		{"set/tuples", tSet(tTup(tStr, tNum)), setv(tv(sv("b"), nv(1)), tv(sv("a"), nv(2)))},
		{"set/with_unknown", tSet(tStr), setv(sv("b"), unk(tStr), sv("a"))},
		{"set/two_unknowns_kept", tSet(tStr), setv(unk(tStr), unk(tStr))},
		{"set/with_null", tSet(tStr), setv(null(tStr), sv("a"))},
		{"set/with_null_and_unknown", tSet(tNum), setv(null(tNum), unk(tNum), nv(5))},
		{"set/two_nulls_collapse", tSet(tStr), setv(null(tStr), null(tStr), sv("x"))},
		{"set/objects_with_unknown_attrs_kept", tSet(objS), setv(ov(map[string]cty.Value{"s": unk(tStr)}), ov(map[string]cty.Value{"s": unk(tStr)}), os("a"))},
		// Objects sort by go-cty's hash serialisation, which quotes strings
		// with Go's %q: escapes change the order.
		{"set/objects_quoted_strings", tSet(objS), setv(
			os("a\nb"), os("a\tb"), os("a\"b"), os("a\\b"), os("a\x01b"), os("a\u00adb"),
			os("a\u2028b"), os("a😀b"), os("ab"), os("a b"), os("a~b"), os("aé"), os("a\x7fb"),
		)},
		// Numbers inside objects hash with 10 significant digits: these two
		// hash identically, so their order is the order of insertion.
		{"set/objects_same_hash_order_a", tSet(objN), setv(on(pn("1.00000000001")), on(pn("1.00000000002")))},
		{"set/objects_same_hash_order_b", tSet(objN), setv(on(pn("1.00000000002")), on(pn("1.00000000001")))},
		{"set/objects_numbers_hash_order", tSet(objN), setv(on(nv(10)), on(nv(9)), on(pn("1e21")), on(pn("-1")), on(pn("0.5")))},
		{"set/20_array16", tSet(tStr), setv(twenty...)},
	}
	emitValues(g, cases)
}

func dynamicCases(g *gen) {
	objA := tObj(map[string]cty.Type{"a": tDyn})
	bigObj := map[string]cty.Value{}
	for i := 0; i < 20; i++ {
		bigObj[fmt.Sprintf("attribute_%02d", i)] = sv("v")
	}
	cases := []valueCase{
		{"dynamic/string", tDyn, sv("x")},
		{"dynamic/number", tDyn, nv(42)},
		{"dynamic/number_big", tDyn, pn("1e30")},
		{"dynamic/bool", tDyn, cty.False},
		{"dynamic/list", tDyn, lv(sv("a"), sv("b"))},
		{"dynamic/set", tDyn, setv(nv(2), nv(1))},
		{"dynamic/map", tDyn, mv(map[string]cty.Value{"k": cty.True})},
		{"dynamic/tuple", tDyn, tv(sv("a"), nv(1))},
		{"dynamic/object", tDyn, ov(map[string]cty.Value{"b": sv("x"), "a": lv(nv(1))})},
		{"dynamic/empty_object", tDyn, cty.EmptyObjectVal},
		{"dynamic/empty_tuple", tDyn, cty.EmptyTupleVal},
		{"dynamic/empty_list", tDyn, cty.ListValEmpty(tStr)},
		{"dynamic/typed_null", tDyn, null(tStr)},
		{"dynamic/typed_null_object", tDyn, null(tObj(map[string]cty.Type{"a": tStr}))},
		{"dynamic/typed_unknown", tDyn, unk(tStr)},
		{"dynamic/typed_unknown_refined", tDyn, unk(tStr).Refine().NotNull().StringPrefixFull("x").NewValue()},
		{"dynamic/typed_unknown_list_refined", tDyn, unk(tList(tNum)).Refine().CollectionLengthLowerBound(2).NewValue()},
		{"dynamic/dynamic_val", tDyn, cty.DynamicVal},
		{"dynamic/null", tDyn, null(tDyn)},
		{"dynamic/object_with_dynamic_val_attr", tDyn, ov(map[string]cty.Value{"a": cty.DynamicVal, "b": null(tDyn)})},
		{"dynamic/list_of_dynamic_val", tDyn, lv(cty.DynamicVal)},
		{"dynamic/html_chars_in_type_json", tDyn, ov(map[string]cty.Value{"<a&b>": sv("x")})},
		{"dynamic/type_json_over_255_bytes", tDyn, ov(bigObj)},
		{"dynamic/list_of_dynamic", tList(tDyn), lv(sv("a"), sv("b"))},
		{"dynamic/list_of_dynamic_lists", tList(tDyn), lv(lv(sv("a")), cty.ListValEmpty(tStr))},
		{"dynamic/list_of_dynamic_with_dynamic_val", tList(tDyn), lv(cty.DynamicVal, cty.DynamicVal)},
		{"dynamic/map_of_dynamic", tMap(tDyn), mv(map[string]cty.Value{"x": nv(1), "y": nv(2)})},
		{"dynamic/set_of_dynamic", tSet(tDyn), setv(sv("b"), sv("a"))},
		{"dynamic/tuple_with_dynamic", tTup(tDyn, tStr), tv(cty.True, sv("s"))},
		{"dynamic/object_attr_number", objA, ov(map[string]cty.Value{"a": nv(1)})},
		{"dynamic/object_attr_object", objA, ov(map[string]cty.Value{"a": ov(map[string]cty.Value{"x": null(tStr)})})},
		{"dynamic/object_attr_dynamic_val", objA, ov(map[string]cty.Value{"a": cty.DynamicVal})},
		{"dynamic/object_attr_null", objA, ov(map[string]cty.Value{"a": null(tDyn)})},
		{"dynamic/object_attr_typed_null", objA, ov(map[string]cty.Value{"a": null(tNum)})},
		{"dynamic/object_attr_unknown_refined", objA, ov(map[string]cty.Value{"a": unk(tNum).Refine().NumberRangeLowerBound(nv(1), true).NewValue()})},
		{"dynamic/nested_object_list_dynamic", tObj(map[string]cty.Type{"l": tList(tObj(map[string]cty.Type{"v": tDyn}))}), ov(map[string]cty.Value{
			"l": lv(ov(map[string]cty.Value{"v": sv("s")}), ov(map[string]cty.Value{"v": sv("t")})),
		})},
	}
	emitValues(g, cases)
}
