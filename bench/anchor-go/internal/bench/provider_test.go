package bench

import (
	"context"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

func schemaOf(t *testing.T, n int) *tfprotov6.GetProviderSchemaResponse {
	t.Helper()
	server, err := providerserver.NewProtocol6WithError(New(n, true)())()
	if err != nil {
		t.Fatalf("NewProtocol6WithError: %v", err)
	}
	resp, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	for _, d := range resp.Diagnostics {
		t.Errorf("diagnostic: %s: %s", d.Summary, d.Detail)
	}
	return resp
}

func TestResourceTypes(t *testing.T) {
	resp := schemaOf(t, 3)
	var got []string
	for name := range resp.ResourceSchemas {
		got = append(got, name)
	}
	sort.Strings(got)
	want := []string{"bench_items_list", "bench_items_set", "bench_thing_0000", "bench_thing_0001", "bench_thing_0002"}
	if len(got) != len(want) {
		t.Fatalf("resource types %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("resource types %v, want %v", got, want)
		}
	}
	if len(resp.DataSourceSchemas) != 0 {
		t.Errorf("data sources %v, want none", resp.DataSourceSchemas)
	}
	if attrs := resp.Provider.Block.Attributes; len(attrs) != 1 || attrs[0].Name != "region" || !attrs[0].Optional {
		t.Errorf("provider config %+v, want one optional region", attrs)
	}
}

func TestThingSchema(t *testing.T) {
	resp := schemaOf(t, 3)
	for i, name := range []string{"bench_thing_0000", "bench_thing_0001", "bench_thing_0002"} {
		block := resp.ResourceSchemas[name].Block
		if n := len(block.Attributes) + len(block.BlockTypes); n != 20 {
			t.Errorf("%s: %d top-level attributes and blocks, want 20", name, n)
		}
		if want := "Benchmark resource type " + string(rune('0'+i)) + "."; block.Description != want {
			t.Errorf("%s: description %q, want %q", name, block.Description, want)
		}
		if len(block.BlockTypes) != 1 || block.BlockTypes[0].TypeName != "setting" {
			t.Errorf("%s: blocks %+v, want setting", name, block.BlockTypes)
		}
	}
	for _, name := range []string{"bench_items_list", "bench_items_set"} {
		if n := len(resp.ResourceSchemas[name].Block.Attributes); n != 3 {
			t.Errorf("%s: %d attributes, want 3 (name, disks, id)", name, n)
		}
	}
}
