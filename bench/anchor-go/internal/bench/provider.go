// Package bench is the benchmark provider of bench/schema/gen.py
// (--shared-model) on terraform-plugin-framework: N resource types
// bench_thing_NNNN with one shared model and implementation, plus the
// large-collection resources bench_items_list and bench_items_set of
// bench/anchor/items.hpp.
package bench

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Provider is the "bench" provider.
type Provider struct {
	things int
	items  bool
}

// New returns the factory of a provider with n bench_thing types, and
// bench_items_list and bench_items_set when items is true.
func New(n int, items bool) func() provider.Provider {
	return func() provider.Provider { return &Provider{things: n, items: items} }
}

func (p *Provider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "bench"
}

func (p *Provider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"region": schema.StringAttribute{Optional: true, Description: "Region used when a resource sets none."},
		},
	}
}

// Configure: the C++ provider has no configure step either; region is
// declared, not used.
func (p *Provider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p *Provider) Resources(context.Context) []func() resource.Resource {
	out := make([]func() resource.Resource, 0, p.things+2)
	for i := 0; i < p.things; i++ {
		ident := fmt.Sprintf("thing_%04d", i)
		index := i
		out = append(out, func() resource.Resource { return &thingResource{index: index, ident: ident} })
	}
	if p.items {
		out = append(out,
			func() resource.Resource { return &itemsResource[listDisks]{suffix: "_items_list"} },
			func() resource.Resource { return &itemsResource[setDisks]{suffix: "_items_set"} })
	}
	return out
}

func (p *Provider) DataSources(context.Context) []func() datasource.DataSource { return nil }
