package main

// Helpers that run go-cty on one case and turn the outcome into a corpus
// line. Nothing in here knows about specific cases.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"
)

var kindOrder = []string{"value", "json_in", "reject", "json_reject", "type", "type_in", "type_reject"}

type gen struct {
	lines    [][]byte
	names    map[string]bool
	counts   map[string]int
	failures []string
}

func newGen() *gen {
	return &gen{names: map[string]bool{}, counts: map[string]int{}}
}

func (g *gen) failf(name, format string, args ...any) {
	g.failures = append(g.failures, name+": "+fmt.Sprintf(format, args...))
}

func (g *gen) emit(kind, name string, o *ordered) {
	if g.names[name] {
		g.failf(name, "duplicate vector name")
		return
	}
	g.names[name] = true
	g.counts[kind]++
	line := obj("kind", kind, "name", name)
	line.keys = append(line.keys, o.keys...)
	line.vals = append(line.vals, o.vals...)
	g.lines = append(g.lines, encodeJSON(line))
}

// ---------------------------------------------------------------------------
// Vector builders

// value records a value built in Go: it is encoded with msgpack.Marshal and
// the resulting bytes are decoded again to build "expect".
func (g *gen) value(name string, ty cty.Type, v cty.Value) {
	b, err := msgpack.Marshal(v, ty)
	if err != nil {
		g.failf(name, "msgpack.Marshal: %s", err)
		return
	}
	g.decodeVector(name, ty, b, &v)
}

// accepted records hand-made msgpack bytes that go-cty must accept.
func (g *gen) accepted(name string, ty cty.Type, in []byte) {
	g.decodeVector(name, ty, in, nil)
}

func (g *gen) decodeVector(name string, ty cty.Type, in []byte, orig *cty.Value) {
	dec, err, panicked := unmarshalMsgpack(in, ty)
	if err != nil {
		g.failf(name, "msgpack.Unmarshal rejected bytes %x: %s (panic=%v)", in, err, panicked)
		return
	}
	src := dec
	if orig != nil {
		src = *orig
	}
	o := obj("type", typeJSON(ty), "value_type", typeJSON(src.Type()))
	if !dec.Type().Equals(src.Type()) {
		o.add("decoded_type", typeJSON(dec.Type()))
	}
	o.add("msgpack", hex.EncodeToString(in))
	addJSON(o, src, ty)
	o.add("expect", describe(dec, ty))
	re, rerr := msgpack.Marshal(dec, ty)
	switch {
	case rerr != nil:
		o.add("roundtrip", false)
		o.add("remarshal_error", rerr.Error())
	case bytes.Equal(re, in):
		o.add("roundtrip", true)
	default:
		o.add("roundtrip", false)
		o.add("remarshal", hex.EncodeToString(re))
	}
	g.emit("value", name, o)
}

// jsonIn records JSON text that ctyjson.Unmarshal must accept.
func (g *gen) jsonIn(name string, ty cty.Type, text string) {
	v, err, panicked := unmarshalJSON(text, ty)
	if err != nil {
		g.failf(name, "ctyjson.Unmarshal rejected %q: %s (panic=%v)", text, err, panicked)
		return
	}
	b, err := msgpack.Marshal(v, ty)
	if err != nil {
		g.failf(name, "msgpack.Marshal: %s", err)
		return
	}
	o := obj("type", typeJSON(ty), "value_type", typeJSON(v.Type()), "json_in", text,
		"msgpack", hex.EncodeToString(b))
	addJSON(o, v, ty)
	o.add("expect", describe(v, ty))
	g.emit("json_in", name, o)
}

// reject records msgpack bytes that go-cty must refuse. A panic inside
// go-cty counts as a refusal and is flagged with "panic": true.
func (g *gen) reject(name string, ty cty.Type, in []byte) {
	v, err, panicked := unmarshalMsgpack(in, ty)
	if err == nil {
		g.failf(name, "expected rejection of %x but go-cty accepted %#v", in, v)
		return
	}
	o := obj("type", typeJSON(ty), "msgpack", hex.EncodeToString(in))
	addError(o, err, panicked)
	g.emit("reject", name, o)
}

// jsonReject records JSON text that ctyjson.Unmarshal must refuse.
func (g *gen) jsonReject(name string, ty cty.Type, text string) {
	v, err, panicked := unmarshalJSON(text, ty)
	if err == nil {
		g.failf(name, "expected rejection of %q but go-cty accepted %#v", text, v)
		return
	}
	o := obj("type", typeJSON(ty), "json_in", text)
	addError(o, err, panicked)
	g.emit("json_reject", name, o)
}

// typeVec records a type's canonical JSON (and checks it parses back).
func (g *gen) typeVec(name string, ty cty.Type) {
	b, err := ctyjson.MarshalType(ty)
	if err != nil {
		g.failf(name, "MarshalType: %s", err)
		return
	}
	back, err := ctyjson.UnmarshalType(b)
	if err != nil || !back.Equals(ty) {
		g.failf(name, "type JSON %s does not parse back (%v)", b, err)
		return
	}
	g.emit("type", name, obj("type_json", string(b)))
}

// typeIn records non-canonical type JSON that go-cty accepts.
func (g *gen) typeIn(name, text string) {
	ty, err, panicked := unmarshalType(text)
	if err != nil {
		g.failf(name, "UnmarshalType rejected %q: %s (panic=%v)", text, err, panicked)
		return
	}
	b, err := ctyjson.MarshalType(ty)
	if err != nil {
		g.failf(name, "MarshalType: %s", err)
		return
	}
	g.emit("type_in", name, obj("type_json_in", text, "type_json", string(b)))
}

// typeReject records type JSON that go-cty refuses.
func (g *gen) typeReject(name, text string) {
	ty, err, panicked := unmarshalType(text)
	if err == nil {
		g.failf(name, "expected rejection of %q but go-cty accepted %#v", text, ty)
		return
	}
	o := obj("type_json_in", text)
	addError(o, err, panicked)
	g.emit("type_reject", name, o)
}

// ---------------------------------------------------------------------------
// go-cty calls with panics turned into errors

func catch(err *error, panicked *bool) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%v", r)
		*panicked = true
	}
}

func unmarshalMsgpack(in []byte, ty cty.Type) (v cty.Value, err error, panicked bool) {
	defer catch(&err, &panicked)
	v, err = msgpack.Unmarshal(in, ty)
	return
}

func unmarshalJSON(text string, ty cty.Type) (v cty.Value, err error, panicked bool) {
	defer catch(&err, &panicked)
	v, err = ctyjson.Unmarshal([]byte(text), ty)
	return
}

func unmarshalType(text string) (ty cty.Type, err error, panicked bool) {
	defer catch(&err, &panicked)
	ty, err = ctyjson.UnmarshalType([]byte(text))
	return
}

// ---------------------------------------------------------------------------
// Fields shared by several kinds

func typeJSON(ty cty.Type) json.RawMessage {
	b, err := ctyjson.MarshalType(ty)
	if err != nil {
		panic(err)
	}
	return json.RawMessage(b)
}

// addJSON adds "json" (ctyjson.Marshal output as a string) or, when go-cty
// refuses, "json": null plus "json_error".
func addJSON(o *ordered, v cty.Value, ty cty.Type) {
	j, err := ctyjson.Marshal(v, ty)
	if err != nil {
		o.add("json", nil)
		o.add("json_error", err.Error())
		return
	}
	if !utf8.Valid(j) {
		panic(fmt.Sprintf("ctyjson produced invalid UTF-8: %q", j))
	}
	o.add("json", string(j))
}

func addError(o *ordered, err error, panicked bool) {
	o.add("error", err.Error())
	var pe cty.PathError
	if errors.As(err, &pe) && len(pe.Path) > 0 {
		o.add("path", describePath(pe.Path))
	}
	if panicked {
		o.add("panic", true)
	}
}

func describePath(p cty.Path) []any {
	steps := []any{}
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			steps = append(steps, obj("attr", s.Name))
		case cty.IndexStep:
			steps = append(steps, obj("index", describe(s.Key, s.Key.Type())))
		default:
			panic(fmt.Sprintf("unexpected path step %#v", s))
		}
	}
	return steps
}

// ---------------------------------------------------------------------------
// The "expect" tree

// describe renders v, read against the type constraint ty, in the corpus'
// tree notation. ty and v.Type() differ where ty contains dynamic; there
// the node is wrapped in {"dynamic": {"type": ..., "value": ...}}. When a
// decoder produced a value that does not conform to ty at all (go-cty does
// that for some malformed inputs) the value's own type is followed.
func describe(v cty.Value, ty cty.Type) any {
	vt := v.Type()
	if ty == cty.DynamicPseudoType && vt != cty.DynamicPseudoType {
		return obj("dynamic", obj("type", typeJSON(vt), "value", describe(v, vt)))
	}
	if !v.IsKnown() {
		return obj("unknown", describeRange(v))
	}
	if v.IsNull() {
		return obj("null", true)
	}
	switch {
	case vt == cty.String:
		s := v.AsString()
		if !utf8.ValidString(s) {
			return obj("string_hex", hex.EncodeToString([]byte(s)))
		}
		return obj("string", s)
	case vt == cty.Number:
		return obj("number", numText(v))
	case vt == cty.Bool:
		return obj("bool", v.True())
	case vt.IsListType(), vt.IsSetType():
		ety := vt.ElementType()
		if ty.IsListType() || ty.IsSetType() {
			ety = ty.ElementType()
		}
		items := []any{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			items = append(items, describe(e, ety))
		}
		if vt.IsSetType() {
			return obj("set", items)
		}
		return obj("list", items)
	case vt.IsMapType():
		ety := vt.ElementType()
		if ty.IsMapType() {
			ety = ty.ElementType()
		}
		m := obj()
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			m.add(k.AsString(), describe(e, ety))
		}
		return obj("map", m)
	case vt.IsTupleType():
		etys := vt.TupleElementTypes()
		if ty.IsTupleType() && len(ty.TupleElementTypes()) == len(etys) {
			etys = ty.TupleElementTypes()
		}
		items := []any{}
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			_, e := it.Element()
			items = append(items, describe(e, etys[i]))
		}
		return obj("tuple", items)
	case vt.IsObjectType():
		names := make([]string, 0, len(vt.AttributeTypes()))
		for n := range vt.AttributeTypes() {
			names = append(names, n)
		}
		sort.Strings(names)
		m := obj()
		for _, n := range names {
			aty := vt.AttributeType(n)
			if ty.IsObjectType() && ty.HasAttribute(n) {
				aty = ty.AttributeType(n)
			}
			m.add(n, describe(v.GetAttr(n), aty))
		}
		return obj("object", m)
	}
	panic(fmt.Sprintf("cannot describe %#v", v))
}

// describeRange lists the refinements of an unknown value, omitting exactly
// what go-cty's msgpack encoder omits.
func describeRange(v cty.Value) *ordered {
	o := obj()
	vt := v.Type()
	if vt == cty.DynamicPseudoType {
		return o
	}
	rng := v.Range()
	if rng.DefinitelyNotNull() {
		o.add("not_null", true)
	}
	switch {
	case vt == cty.String:
		if p := rng.StringPrefix(); p != "" {
			o.add("prefix", p)
		}
	case vt == cty.Number:
		// Compared by identity, as go-cty's encoder does: a bound that was
		// decoded as -Inf/+Inf is a different value from the sentinel.
		if lo, inc := rng.NumberLowerBound(); lo.IsKnown() && lo != cty.NegativeInfinity {
			o.add("lower", obj("number", numText(lo), "inclusive", inc))
		}
		if hi, inc := rng.NumberUpperBound(); hi.IsKnown() && hi != cty.PositiveInfinity {
			o.add("upper", obj("number", numText(hi), "inclusive", inc))
		}
	case vt.IsCollectionType():
		if n := rng.LengthLowerBound(); n != 0 {
			o.add("len_lower", n)
		}
		if n := rng.LengthUpperBound(); n != math.MaxInt {
			o.add("len_upper", n)
		}
	}
	return o
}

func numText(v cty.Value) string {
	return v.AsBigFloat().Text('f', -1)
}

// ---------------------------------------------------------------------------
// Ordered JSON objects

type ordered struct {
	keys []string
	vals []any
}

func obj(kv ...any) *ordered {
	o := &ordered{}
	for i := 0; i < len(kv); i += 2 {
		o.add(kv[i].(string), kv[i+1])
	}
	return o
}

func (o *ordered) add(k string, v any) *ordered {
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
	return o
}

func (o *ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(encodeJSON(k))
		b.WriteByte(':')
		b.Write(encodeJSON(o.vals[i]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// encodeJSON is json.Marshal without HTML escaping (keeps the corpus
// readable; <, > and & need no escaping in JSON).
func encodeJSON(v any) []byte {
	if s, ok := v.(string); ok && !utf8.ValidString(s) {
		panic(fmt.Sprintf("refusing to write invalid UTF-8 %q into the corpus", s))
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
}

// ---------------------------------------------------------------------------
// Building msgpack bytes by hand

// hx decodes hex, ignoring spaces (so byte groups can be spelled out).
func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func cat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}

// enc is go-cty's own msgpack encoding of v, for use as a building block.
func enc(v cty.Value, ty cty.Type) []byte {
	b, err := msgpack.Marshal(v, ty)
	if err != nil {
		panic(err)
	}
	return b
}

func be(n uint64, width int) []byte {
	b := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		b[i] = byte(n)
		n >>= 8
	}
	return b
}

// sized writes the shortest of fix/8/16/32 headers, the way msgpack
// encoders do. fix is the fix-form base code (0 when there is none).
func sized(n int, fix byte, fixMax int, c8, c16, c32 byte) []byte {
	switch {
	case fix != 0 && n <= fixMax:
		return []byte{fix | byte(n)}
	case c8 != 0 && n <= 0xff:
		return []byte{c8, byte(n)}
	case n <= 0xffff:
		return append([]byte{c16}, be(uint64(n), 2)...)
	default:
		return append([]byte{c32}, be(uint64(n), 4)...)
	}
}

func arrHdr(n int) []byte { return sized(n, 0x90, 15, 0, 0xdc, 0xdd) }
func mapHdr(n int) []byte { return sized(n, 0x80, 15, 0, 0xde, 0xdf) }

// mstr is a msgpack str holding s's bytes verbatim (no NFC, no checks).
func mstr(s string) []byte {
	return append(sized(len(s), 0xa0, 31, 0xd9, 0xda, 0xdb), s...)
}

// mbin is a msgpack bin holding s's bytes.
func mbin(s string) []byte {
	return append(sized(len(s), 0, 0, 0xc4, 0xc5, 0xc6), s...)
}

// ext is a msgpack extension with the shortest header for body.
func ext(code byte, body []byte) []byte {
	var h []byte
	switch len(body) {
	case 1:
		h = []byte{0xd4}
	case 2:
		h = []byte{0xd5}
	case 4:
		h = []byte{0xd6}
	case 8:
		h = []byte{0xd7}
	case 16:
		h = []byte{0xd8}
	default:
		h = sized(len(body), 0, 0, 0xc7, 0xc8, 0xc9)
	}
	return cat(h, []byte{code}, body)
}

// refn is an unknown-value extension (code 0x0c) whose payload is a msgpack
// map made of the given already-encoded key/value items.
func refn(items ...[]byte) []byte {
	if len(items)%2 != 0 {
		panic("refn needs key/value pairs")
	}
	return ext(0x0c, cat(mapHdr(len(items)/2), cat(items...)))
}

// dynWrap is go-cty's dynamic-value wrapper: [type JSON as bin, value].
func dynWrap(typeJSON string, body []byte) []byte {
	return cat(arrHdr(2), mbin(typeJSON), body)
}

// Single-byte msgpack items used in refinement payloads.
var (
	mNil   = []byte{0xc0}
	mFalse = []byte{0xc2}
	mTrue  = []byte{0xc3}
)

func mInt(n int64) []byte { return enc(cty.NumberIntVal(n), cty.Number) }

// bound is the [number, inclusive] pair used for number refinements.
func bound(num []byte, inclusive []byte) []byte {
	return cat(arrHdr(2), num, inclusive)
}
