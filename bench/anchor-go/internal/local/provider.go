// Package local is examples/local (the tfpp example provider) on
// terraform-plugin-framework: the same schemas, attribute for attribute, the
// same file system behaviour and the same diagnostics.
package local

import (
	"context"
	"strings"
	"syscall"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Provider is the "local" provider; its configured state is what the
// resources and the data source receive.
type Provider struct {
	baseDirectory string
}

type providerConfig struct {
	BaseDirectory types.String `tfsdk:"base_directory"`
}

// New returns a new, unconfigured provider (the factory providerserver takes).
func New() provider.Provider { return &Provider{} }

func (p *Provider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "local"
}

func (p *Provider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"base_directory": schema.StringAttribute{
				Optional:    true,
				Description: "Directory that relative file names are resolved against. Defaults to the working directory.",
			},
		},
	}
}

func (p *Provider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var config providerConfig
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p.baseDirectory = config.BaseDirectory.ValueString() // "" when null or unknown
	resp.ResourceData = p
	resp.DataSourceData = p
}

func (p *Provider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return newFileResource(false) },
		func() resource.Resource { return newFileResource(true) },
		func() resource.Resource { return &directoryResource{} },
	}
}

func (p *Provider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{func() datasource.DataSource { return &fileDataSource{} }}
}

// resolve makes filename absolute against base_directory, then against the
// working directory, and normalizes it lexically (as the C++ resolve does
// with std::filesystem).
func (p *Provider) resolve(filename string) string {
	path := filename
	if !strings.HasPrefix(path, "/") && p != nil && p.baseDirectory != "" {
		path = p.baseDirectory + "/" + path
	}
	if !strings.HasPrefix(path, "/") {
		cwd, err := syscall.Getwd()
		if err != nil {
			cwd = "/"
		}
		path = cwd + "/" + path
	}
	return lexicallyNormal(path)
}

// providerFrom takes the configured provider out of ProviderData (nil before
// configuration, when the framework validates).
func providerFrom(data any) *Provider {
	p, _ := data.(*Provider)
	return p
}
