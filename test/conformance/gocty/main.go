// Command gocty writes the tfpp conformance corpus (JSON Lines) to stdout.
//
// Every line is produced by running the real github.com/zclconf/go-cty
// encoders and decoders, so the corpus records what Terraform/OpenTofu
// actually do rather than what we think they do. The C++ implementation
// is tested against the committed output (../golden.jsonl); see
// ../check_golden.py for the freshness check.
//
// Line kinds (field "kind"):
//
//	value        msgpack bytes go-cty accepts, with a description of the
//	             decoded value ("expect") and what re-encoding produces
//	json_in      hand-written JSON that ctyjson.Unmarshal accepts
//	reject       msgpack bytes msgpack.Unmarshal rejects (or panics on)
//	json_reject  JSON text ctyjson.Unmarshal rejects
//	type         a type and its canonical JSON
//	type_in      non-canonical type JSON that go-cty accepts
//	type_reject  type JSON that ctyjson.UnmarshalType rejects (or panics on)
//
// Generation is deterministic: nothing here ranges over a Go map when
// producing output, and go-cty's own iteration orders are deterministic.
package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/zclconf/go-cty/cty"
)

func main() {
	g := newGen()

	typeCases(g)

	stringCases(g)
	boolCases(g)
	numberCases(g)
	nullUnknownCases(g)
	refinementCases(g)
	collectionCases(g)
	setCases(g)
	dynamicCases(g)

	acceptedBytesCases(g)
	jsonInCases(g)
	rejectCases(g)
	jsonRejectCases(g)

	if len(g.failures) > 0 {
		for _, f := range g.failures {
			fmt.Fprintln(os.Stderr, f)
		}
		fmt.Fprintf(os.Stderr, "%d case(s) did not behave as the table claims\n", len(g.failures))
		os.Exit(1)
	}

	w := bufio.NewWriter(os.Stdout)
	for _, line := range g.lines {
		w.Write(line)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "wrote %d vectors:", len(g.lines))
	for _, k := range kindOrder {
		fmt.Fprintf(os.Stderr, " %s=%d", k, g.counts[k])
	}
	fmt.Fprintln(os.Stderr)
}

// Short names for the types used throughout the case tables.
var (
	tStr  = cty.String
	tNum  = cty.Number
	tBool = cty.Bool
	tDyn  = cty.DynamicPseudoType
)

func tList(t cty.Type) cty.Type { return cty.List(t) }
func tSet(t cty.Type) cty.Type  { return cty.Set(t) }
func tMap(t cty.Type) cty.Type  { return cty.Map(t) }
func tTup(ts ...cty.Type) cty.Type {
	if ts == nil {
		ts = []cty.Type{}
	}
	return cty.Tuple(ts)
}
func tObj(attrs map[string]cty.Type) cty.Type { return cty.Object(attrs) }
func tObjOpt(attrs map[string]cty.Type, optional ...string) cty.Type {
	return cty.ObjectWithOptionalAttrs(attrs, optional)
}

// Short names for value constructors.
var (
	sv = cty.StringVal
	nv = cty.NumberIntVal
	fv = cty.NumberFloatVal
	pn = cty.MustParseNumberVal
	bv = cty.BoolVal
)

func lv(vs ...cty.Value) cty.Value            { return cty.ListVal(vs) }
func setv(vs ...cty.Value) cty.Value          { return cty.SetVal(vs) }
func tv(vs ...cty.Value) cty.Value            { return cty.TupleVal(vs) }
func ov(attrs map[string]cty.Value) cty.Value { return cty.ObjectVal(attrs) }
func mv(elems map[string]cty.Value) cty.Value { return cty.MapVal(elems) }
func unk(t cty.Type) cty.Value                { return cty.UnknownVal(t) }
func null(t cty.Type) cty.Value               { return cty.NullVal(t) }
