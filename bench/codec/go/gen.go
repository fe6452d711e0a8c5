package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"
)

// sizeSpec fixes how many items each size class holds. The counts were chosen
// so the encoded states land near 1 KB, 1 MiB and 8 MiB, with the large
// state holding 76k items.
type sizeSpec struct {
	name  string
	items int
	seed  uint64
}

var sizes = []sizeSpec{
	{"small", 8, 0x7f1a_0001},
	{"medium", 9_500, 0x7f1a_0002},
	{"large", 76_000, 0x7f1a_0003},
}

var shapes = []string{"list", "set"}

// allCases lists every case name in the order the benchmark runs them.
func allCases() []string {
	var out []string
	for _, s := range sizes {
		for _, sh := range shapes {
			out = append(out, s.name+"-"+sh)
		}
	}
	return out
}

// itemType is the element type of the items collection. The C++ side mirrors
// it as a struct, so it must not change without changing that side too.
var itemType = cty.Object(map[string]cty.Type{
	"name":    cty.String,
	"port":    cty.Number,
	"enabled": cty.Bool,
	"weight":  cty.Number,
	"tags":    cty.Map(cty.String),
	"address": cty.Object(map[string]cty.Type{
		"host": cty.String,
		"zone": cty.String,
	}),
})

func stateType(shape string) cty.Type {
	var items cty.Type
	switch shape {
	case "list":
		items = cty.List(itemType)
	case "set":
		items = cty.Set(itemType)
	default:
		panic("unknown shape " + shape)
	}
	return cty.Object(map[string]cty.Type{
		"id":    cty.String,
		"name":  cty.String,
		"items": items,
	})
}

var (
	envNames  = []string{"prod", "stage", "dev", "qa"}
	tierNames = []string{"web", "db", "app", "ops"}
)

// makeItems builds n items from a fixed seed, so the same size class holds the
// same items whether it is encoded as a list or as a set.
func makeItems(n int, seed uint64) []cty.Value {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	items := make([]cty.Value, n)
	for i := range items {
		ntags := 1 + r.IntN(3)
		tags := map[string]cty.Value{
			"env": cty.StringVal(envNames[r.IntN(len(envNames))]),
		}
		if ntags >= 2 {
			tags["team"] = cty.StringVal(fmt.Sprintf("t%d", r.IntN(10)))
		}
		if ntags >= 3 {
			tags["tier"] = cty.StringVal(tierNames[r.IntN(len(tierNames))])
		}
		host := fmt.Sprintf("10.%d.%d.%d", r.IntN(8), r.IntN(16), 1+r.IntN(99))
		zone := fmt.Sprintf("zone-%c", 'a'+rune(r.IntN(4)))
		// k*0.25 + 0.125 is never an integer and always exact in float64.
		weight := float64(r.IntN(4096))*0.25 + 0.125
		items[i] = cty.ObjectVal(map[string]cty.Value{
			"name":    cty.StringVal(fmt.Sprintf("item-%06d", i)),
			"port":    cty.NumberIntVal(int64(1 + r.IntN(65535))),
			"enabled": cty.BoolVal(r.IntN(2) == 0),
			"weight":  cty.NumberFloatVal(weight),
			"tags":    cty.MapVal(tags),
			"address": cty.ObjectVal(map[string]cty.Value{
				"host": cty.StringVal(host),
				"zone": cty.StringVal(zone),
			}),
		})
	}
	return items
}

func makeState(size sizeSpec, shape string, items []cty.Value) cty.Value {
	var coll cty.Value
	if shape == "list" {
		coll = cty.ListVal(items)
	} else {
		coll = cty.SetVal(items)
	}
	return cty.ObjectVal(map[string]cty.Value{
		"id":    cty.StringVal("bench-" + size.name),
		"name":  cty.StringVal(fmt.Sprintf("codec benchmark state (%s, %d items)", size.name, size.items)),
		"items": coll,
	})
}

func cmdGen(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("want exactly one argument DIR, got %d", len(args))
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, size := range sizes {
		items := makeItems(size.items, size.seed)
		for _, shape := range shapes {
			ty := stateType(shape)
			val := makeState(size, shape, items)
			if n := val.GetAttr("items").LengthInt(); n != size.items {
				return fmt.Errorf("%s-%s: collection holds %d items, want %d", size.name, shape, n, size.items)
			}
			b, err := msgpack.Marshal(val, ty)
			if err != nil {
				return fmt.Errorf("%s-%s: marshal: %w", size.name, shape, err)
			}
			tj, err := ctyjson.MarshalType(ty)
			if err != nil {
				return fmt.Errorf("%s-%s: marshal type: %w", size.name, shape, err)
			}
			base := filepath.Join(dir, size.name+"-"+shape)
			// Write the type first: run.py treats the .msgpack file's
			// presence and timestamp as "generation finished".
			if err := writeFileAtomic(base+".type.json", tj); err != nil {
				return err
			}
			if err := writeFileAtomic(base+".msgpack", b); err != nil {
				return err
			}
			fmt.Printf("%s-%s: %d bytes, %d items -> %s.msgpack\n", size.name, shape, len(b), size.items, base)
		}
	}
	return nil
}

func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
