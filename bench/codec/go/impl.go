package main

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	"github.com/zclconf/go-cty/cty/msgpack"
)

// bencher is one codec bound to one case's type. decodeN decodes the input k
// times and keeps the last value; encodeN encodes that kept value k times and
// returns the last encoding. Batching keeps very short operations measurable
// without calling the clock around each one.
type bencher interface {
	name() string
	decodeN(in []byte, k int) error
	encodeN(k int) ([]byte, error)
}

// codecImpl adapts a decode/encode function pair to bencher without boxing
// the decoded value in an interface on every call.
type codecImpl[V any] struct {
	label string
	dec   func([]byte) (V, error)
	enc   func(V) ([]byte, error)
	last  V
}

func (c *codecImpl[V]) name() string { return c.label }

func (c *codecImpl[V]) decodeN(in []byte, k int) error {
	var v V
	var err error
	for i := 0; i < k; i++ {
		v, err = c.dec(in)
		if err != nil {
			return err
		}
	}
	c.last = v
	return nil
}

func (c *codecImpl[V]) encodeN(k int) ([]byte, error) {
	var out []byte
	var err error
	for i := 0; i < k; i++ {
		out, err = c.enc(c.last)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

var implNames = []string{"go-cty", "tftypes"}

// newBencher builds the named implementation for a case whose type is given
// as go-cty's JSON type encoding (the .type.json file).
func newBencher(impl string, typeJSON []byte) (bencher, error) {
	switch impl {
	case "go-cty":
		ty, err := ctyjson.UnmarshalType(typeJSON)
		if err != nil {
			return nil, fmt.Errorf("go-cty: parse type: %w", err)
		}
		return &codecImpl[cty.Value]{
			label: impl,
			dec:   func(b []byte) (cty.Value, error) { return msgpack.Unmarshal(b, ty) },
			enc:   func(v cty.Value) ([]byte, error) { return msgpack.Marshal(v, ty) },
		}, nil
	case "tftypes":
		// ParseJSONType is marked "not meant for third-party code", but it
		// is exported and reads exactly the JSON type encoding Terraform
		// sends in schemas, which is what this file holds.
		typ, err := tftypes.ParseJSONType(typeJSON) //nolint:staticcheck
		if err != nil {
			return nil, fmt.Errorf("tftypes: parse type: %w", err)
		}
		return &codecImpl[tftypes.Value]{
			label: impl,
			dec: func(b []byte) (tftypes.Value, error) {
				return tfprotov6.DynamicValue{MsgPack: b}.Unmarshal(typ)
			},
			enc: func(v tftypes.Value) ([]byte, error) {
				dv, err := tfprotov6.NewDynamicValue(typ, v)
				if err != nil {
					return nil, err
				}
				return dv.MsgPack, nil
			},
		}, nil
	}
	return nil, fmt.Errorf("unknown implementation %q (have %v)", impl, implNames)
}
