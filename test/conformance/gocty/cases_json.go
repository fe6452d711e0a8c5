package main

// Type JSON vectors and hand-written JSON value inputs.

import (
	"github.com/zclconf/go-cty/cty"
)

func typeCases(g *gen) {
	obj2 := tObj(map[string]cty.Type{"name": tStr, "port": tNum})
	types := []struct {
		name string
		ty   cty.Type
	}{
		{"type/string", tStr},
		{"type/number", tNum},
		{"type/bool", tBool},
		{"type/dynamic", tDyn},
		{"type/list_string", tList(tStr)},
		{"type/set_number", tSet(tNum)},
		{"type/map_bool", tMap(tBool)},
		{"type/map_dynamic", tMap(tDyn)},
		{"type/list_list_set", tList(tList(tSet(tStr)))},
		{"type/tuple_empty", tTup()},
		{"type/tuple_mixed", tTup(tStr, tNum, tList(tBool), tDyn)},
		{"type/object_empty", cty.EmptyObject},
		{"type/object_sorted_attrs", tObj(map[string]cty.Type{"zeta": tStr, "alpha": tNum, "Mid": tBool, "_x": tDyn})},
		{"type/object_nested", tObj(map[string]cty.Type{"inner": obj2, "list": tList(obj2), "tuple": tTup(obj2)})},
		{"type/object_optional", tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum, "c": tBool}, "c", "b")},
		{"type/object_all_optional", tObjOpt(map[string]cty.Type{"a": tStr}, "a")},
		{"type/list_of_object_optional", tList(tObjOpt(map[string]cty.Type{"a": tStr, "b": tObjOpt(map[string]cty.Type{"c": tNum}, "c")}, "b"))},
		{"type/object_attr_escapes", tObj(map[string]cty.Type{"a<b>&c": tStr, "q\"uote": tStr, "back\\slash": tStr, "new\nline": tStr, "\x01ctl": tStr, "\u2028sep": tStr})},
		{"type/object_attr_unicode", tObj(map[string]cty.Type{"é": tStr, "日本": tNum, "😀": tBool, "\u00ad": tStr})},
		{"type/object_attr_nfc", tObj(map[string]cty.Type{"e\u0301": tStr})},
		{"type/object_attr_empty_name", tObj(map[string]cty.Type{"": tStr})},
		{"type/set_of_object", tSet(obj2)},
		{"type/map_of_tuple", tMap(tTup(tStr, tDyn))},
	}
	for _, t := range types {
		g.typeVec(t.name, t.ty)
	}

	accepted := []struct{ name, text string }{
		{"type_in/whitespace_primitive", " \"string\"\n"},
		{"type_in/whitespace_complex", "[ \"list\" ,\n\t\"number\" ]"},
		{"type_in/escaped_kind", `["\u006cist","\u0073tring"]`},
		{"type_in/object_attr_order", `["object",{"b":"number","a":"string"}]`},
		{"type_in/object_optional_unsorted", `["object",{"a":"string","b":"number","c":"bool"},["c","a"]]`},
		{"type_in/object_optional_duplicated", `["object",{"a":"string"},["a","a"]]`},
		{"type_in/object_optional_empty_list", `["object",{"a":"string"},[]]`},
		{"type_in/object_optional_null", `["object",{"a":"string"},null]`},
		{"type_in/object_attrs_null", `["object",null]`},
		{"type_in/object_duplicate_attr_last_wins", `["object",{"a":"string","a":"number"}]`},
		{"type_in/object_attr_not_nfc", "[\"object\",{\"e\u0301\":\"string\"}]"},
		{"type_in/object_optional_not_nfc", "[\"object\",{\"é\":\"string\"},[\"e\u0301\"]]"},
		{"type_in/tuple_null", `["tuple",null]`},
		{"type_in/trailing_bracket_after_complex", `["list","string"]]`},
		{"type_in/trailing_brace_after_primitive", `"string"}`},
	}
	for _, a := range accepted {
		g.typeIn(a.name, a.text)
	}

	rejected := []struct{ name, text string }{
		{"type_reject/empty", ``},
		{"type_reject/unknown_primitive", `"strin"`},
		{"type_reject/capitalised_primitive", `"String"`},
		{"type_reject/kind_as_primitive", `"list"`},
		{"type_reject/null", `null`},
		{"type_reject/number", `1`},
		{"type_reject/object_literal", `{}`},
		{"type_reject/empty_array", `[]`},
		{"type_reject/kind_not_string", `[1,"string"]`},
		{"type_reject/unknown_kind", `["array","string"]`},
		{"type_reject/list_missing_element", `["list"]`},
		{"type_reject/list_extra_element", `["list","string","number"]`},
		{"type_reject/list_bad_element", `["list","strin"]`},
		{"type_reject/list_null_element", `["list",null]`},
		{"type_reject/map_unclosed", `["map","string"`},
		{"type_reject/tuple_not_array", `["tuple","string"]`},
		{"type_reject/tuple_bad_element", `["tuple",["string",1]]`},
		{"type_reject/object_attrs_array", `["object",["a"]]`},
		{"type_reject/object_bad_attr_type", `["object",{"a":"text"}]`},
		{"type_reject/object_optional_not_array", `["object",{"a":"string"},"a"]`},
		{"type_reject/object_optional_not_strings", `["object",{"a":"string"},[1]]`},
		{"type_reject/object_optional_extra", `["object",{"a":"string"},["a"],["a"]]`},
		{"type_reject/object_optional_undeclared_panics", `["object",{"a":"string"},["b"]]`},
		{"type_reject/primitive_then_more", `"string" "number"`},
		{"type_reject/primitive_then_comma", `"string",`},
		{"type_reject/complex_then_more", `["list","string"] "x"`},
		{"type_reject/complex_then_garbage", `["list","string"]xyz`},
	}
	for _, r := range rejected {
		g.typeReject(r.name, r.text)
	}
}

func jsonInCases(g *gen) {
	objABopt := tObjOpt(map[string]cty.Type{"a": tStr, "b": tNum, "c": tList(tStr)}, "b", "c")
	objAB := tObj(map[string]cty.Type{"a": tStr, "b": tNum})
	cases := []struct {
		name string
		ty   cty.Type
		text string
	}{
		// Number spellings.
		{"json_in/num_exponent", tNum, `1e3`},
		{"json_in/num_upper_exponent", tNum, `1.5E-7`},
		{"json_in/num_exponent_plus", tNum, `2E+2`},
		{"json_in/num_trailing_zero", tNum, `0.10`},
		{"json_in/num_one_point_zero", tNum, `1.0`},
		{"json_in/num_neg_zero", tNum, `-0`},
		{"json_in/num_neg_zero_point_zero", tNum, `-0.0`},
		{"json_in/num_big_int", tNum, `123456789012345678901234567890`},
		{"json_in/num_big_negative", tNum, `-18446744073709551617`},
		{"json_in/num_int64_max", tNum, `9223372036854775807`},
		{"json_in/num_many_digits", tNum, `3.14159265358979323846264338327950288419716939937510582097494459`},
		{"json_in/num_1e400", tNum, `1e400`},
		{"json_in/num_1e-400", tNum, `1e-400`},
		{"json_in/num_whitespace", tNum, " \t\n 42 \r\n"},
		{"json_in/num_trailing_garbage_ignored", tNum, `1 2`},
		{"json_in/num_from_string", tNum, `"12"`},
		{"json_in/num_from_string_exponent", tNum, `"1e3"`},
		{"json_in/num_from_string_binary_exponent", tNum, `"1p4"`},
		{"json_in/num_from_string_inf", tNum, `"Inf"`},
		{"json_in/num_from_string_neg_inf", tNum, `"-inf"`},
		{"json_in/num_null", tNum, `null`},
		// Strings.
		{"json_in/str_escaped_latin", tStr, `"caf\u00e9"`},
		{"json_in/str_surrogate_pair", tStr, `"\ud83d\ude00"`},
		{"json_in/str_lone_high_surrogate", tStr, `"a\ud800b"`},
		{"json_in/str_lone_low_surrogate", tStr, `"\udc00"`},
		{"json_in/str_not_nfc", tStr, `"e\u0301"`},
		{"json_in/str_all_escapes", tStr, `"\"\\\/\b\f\n\r\t"`},
		{"json_in/str_upper_hex_escape", tStr, `"\u00C9\u00e9"`},
		{"json_in/str_nul_escape", tStr, `"a\u0000b"`},
		{"json_in/str_html_chars", tStr, `"<&>"`},
		{"json_in/str_line_separator_raw", tStr, "\"a\u2028b\""},
		{"json_in/str_from_number", tStr, `1e3`},
		{"json_in/str_from_number_neg_zero", tStr, `-0.0`},
		{"json_in/str_from_bool", tStr, `true`},
		{"json_in/str_null", tStr, `null`},
		// Bools.
		{"json_in/bool_true", tBool, ` true `},
		{"json_in/bool_from_string_true", tBool, `"true"`},
		{"json_in/bool_from_string_false", tBool, `"false"`},
		{"json_in/bool_from_string_one", tBool, `"1"`},
		{"json_in/bool_from_string_zero", tBool, `"0"`},
		// Collections.
		{"json_in/list_whitespace", tList(tNum), "[ 1 ,\n 2.50 , -0 ]"},
		{"json_in/list_empty", tList(tStr), `[ ]`},
		{"json_in/list_null_element", tList(tStr), `[null,"a"]`},
		{"json_in/list_null", tList(tStr), `null`},
		{"json_in/list_trailing_garbage_ignored", tList(tNum), `[1] [2]`},
		{"json_in/set_duplicates", tSet(tStr), `["b","a","b","a"]`},
		{"json_in/set_equal_numbers", tSet(tNum), `[1, 1.0, 1e0, "1"]`},
		{"json_in/set_numbers_unsorted", tSet(tNum), `[10, 9, -1, 0.5]`},
		{"json_in/map_keys_unsorted", tMap(tNum), `{"b":2,"a":1,"":0}`},
		{"json_in/map_duplicate_key_last_wins", tMap(tNum), `{"a":1,"a":2}`},
		{"json_in/map_escaped_keys", tMap(tStr), `{"\u00e9":"x","e\u0301":"x"}`},
		{"json_in/map_empty", tMap(tStr), `{}`},
		{"json_in/tuple", tTup(tStr, tNum, tBool), `[ "a" , 1e1 , false ]`},
		{"json_in/tuple_empty", tTup(), `[]`},
		// Objects.
		{"json_in/obj_shuffled", objAB, `{"b":1,"a":"x"}`},
		{"json_in/obj_optional_omitted", objABopt, `{"a":"x"}`},
		{"json_in/obj_optional_null", objABopt, `{"a":"x","b":null,"c":null}`},
		{"json_in/obj_required_omitted", objAB, `{"b":1}`},
		{"json_in/obj_all_omitted", objAB, `{}`},
		{"json_in/obj_empty_type", cty.EmptyObject, `{}`},
		{"json_in/obj_duplicate_attr_last_wins", objAB, `{"a":"x","b":1,"a":"y"}`},
		{"json_in/obj_escaped_attr_name", objAB, `{"\u0061":"x","b":2}`},
		// Dynamic.
		{"json_in/dyn_string", tDyn, `{"value":"x","type":"string"}`},
		{"json_in/dyn_type_first", tDyn, `{"type":"number","value":1e2}`},
		{"json_in/dyn_typed_null", tDyn, `{"value":null,"type":"string"}`},
		{"json_in/dyn_null", tDyn, `null`},
		{"json_in/dyn_tuple", tDyn, `{"value":[1,"a"],"type":["tuple",["number","string"]]}`},
		{"json_in/dyn_object_optional_type", tDyn, `{"value":{"a":"x"},"type":["object",{"a":"string","b":"number"},["b"]]}`},
		{"json_in/dyn_nested_dynamic", tDyn, `{"type":"dynamic","value":{"type":"bool","value":true}}`},
		{"json_in/dyn_type_whitespace", tDyn, "{ \"value\" : [\"a\"] , \"type\" : [ \"set\" , \"string\" ] }"},
		{"json_in/dyn_duplicate_value_last_wins", tDyn, `{"value":1,"type":"number","value":2}`},
		{"json_in/dyn_list_of_dynamic", tList(tDyn), `[{"value":"a","type":"string"},{"type":"string","value":"b"}]`},
		{"json_in/dyn_list_of_dynamic_with_null", tList(tDyn), `[null,{"value":"b","type":"string"}]`},
		{"json_in/dyn_map_of_dynamic", tMap(tDyn), `{"k":{"value":true,"type":"bool"}}`},
		{"json_in/dyn_object_attr", tObj(map[string]cty.Type{"a": tDyn, "b": tStr}), `{"b":"s","a":{"value":[1],"type":["list","number"]}}`},
		{"json_in/dyn_object_attr_omitted", tObj(map[string]cty.Type{"a": tDyn, "b": tStr}), `{"b":"s"}`},
	}
	for _, c := range cases {
		g.jsonIn(c.name, c.ty, c.text)
	}
}

func jsonRejectCases(g *gen) {
	objA := tObj(map[string]cty.Type{"a": tStr})
	cases := []struct {
		name string
		ty   cty.Type
		text string
	}{
		{"json_reject/empty", tStr, ``},
		{"json_reject/whitespace_only", tNum, "  \n"},
		{"json_reject/bad_literal", tBool, `tru`},
		{"json_reject/num_from_word", tNum, `"x"`},
		{"json_reject/num_from_hex_string", tNum, `"0x10"`},
		{"json_reject/num_from_nan_string", tNum, `"NaN"`},
		{"json_reject/num_from_bool", tNum, `true`},
		{"json_reject/num_from_array", tNum, `[1]`},
		{"json_reject/num_leading_plus", tNum, `+1`},
		{"json_reject/num_leading_dot", tNum, `.5`},
		{"json_reject/bool_from_yes", tBool, `"yes"`},
		{"json_reject/bool_from_number", tBool, `1`},
		{"json_reject/str_from_array", tStr, `["a"]`},
		{"json_reject/str_from_object", tStr, `{}`},
		{"json_reject/str_bad_escape", tStr, `"\x"`},
		{"json_reject/str_unterminated", tStr, `"abc`},
		{"json_reject/str_raw_control_char", tStr, "\"a\x01b\""},
		{"json_reject/list_from_object", tList(tStr), `{"a":"b"}`},
		{"json_reject/list_unclosed", tList(tNum), `[1,`},
		{"json_reject/list_trailing_comma", tList(tNum), `[1,]`},
		{"json_reject/list_element_type", tList(tNum), `[1,"x"]`},
		{"json_reject/set_element_type", tSet(tNum), `[true]`},
		{"json_reject/map_from_array", tMap(tStr), `[]`},
		{"json_reject/map_element_type", tMap(tNum), `{"k":"v"}`},
		// At the top level go-cty slices its (empty) path to [:-1] and panics;
		// one level down the same input is an ordinary error.
		{"json_reject/tuple_too_short_top_level_panics", tTup(tStr, tStr), `["a"]`},
		{"json_reject/tuple_too_short_nested", tObj(map[string]cty.Type{"t": tTup(tStr, tStr)}), `{"t":["a"]}`},
		{"json_reject/tuple_empty_for_nonempty_type_panics", tTup(tStr), `[]`},
		{"json_reject/tuple_too_long", tTup(tStr), `["a","b"]`},
		{"json_reject/tuple_element_type", tTup(tStr, tNum), `["a","b"]`},
		{"json_reject/obj_unknown_attr", objA, `{"a":"x","z":1}`},
		{"json_reject/obj_from_array", objA, `["x"]`},
		{"json_reject/obj_attr_type", objA, `{"a":[]}`},
		{"json_reject/obj_nested_path", tObj(map[string]cty.Type{"l": tList(objA)}), `{"l":[{"a":"x"},{"a":{}}]}`},
		{"json_reject/obj_attr_name_not_nfc", tObj(map[string]cty.Type{"é": tStr}), `{"e\u0301":"x"}`},
		{"json_reject/dyn_missing_type", tDyn, `{"value":"x"}`},
		{"json_reject/dyn_missing_value", tDyn, `{"type":"string"}`},
		{"json_reject/dyn_extra_key", tDyn, `{"value":"x","type":"string","extra":1}`},
		{"json_reject/dyn_bad_type", tDyn, `{"value":"x","type":"strin"}`},
		{"json_reject/dyn_not_object", tDyn, `"x"`},
		{"json_reject/dyn_value_mismatch", tDyn, `{"value":"x","type":"bool"}`},
		{"json_reject/dyn_optional_undeclared_panics", tDyn, `{"value":{"a":"x"},"type":["object",{"a":"string"},["b"]]}`},
		{"json_reject/dyn_list_inconsistent_panics", tList(tDyn), `[{"value":"a","type":"string"},{"value":1,"type":"number"}]`},
	}
	for _, c := range cases {
		g.jsonReject(c.name, c.ty, c.text)
	}
}
