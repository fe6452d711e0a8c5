package local

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// fileDataSource is data "local_file": reads a file.
type fileDataSource struct {
	p *Provider
}

type fileDataModel struct {
	Filename      types.String `tfsdk:"filename"`
	Content       types.String `tfsdk:"content"`
	ID            types.String `tfsdk:"id"`
	ContentMD5    types.String `tfsdk:"content_md5"`
	ContentSHA1   types.String `tfsdk:"content_sha1"`
	ContentSHA256 types.String `tfsdk:"content_sha256"`
}

var _ datasource.DataSourceWithConfigure = (*fileDataSource)(nil)

func (d *fileDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_file"
}

func (d *fileDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, _ *datasource.ConfigureResponse) {
	d.p = providerFrom(req.ProviderData)
}

func (d *fileDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"filename":       schema.StringAttribute{Required: true, Description: "Path of the file to read."},
			"content":        schema.StringAttribute{Computed: true, Description: "Content of the file."},
			"id":             schema.StringAttribute{Computed: true, Description: "Absolute path of the file."},
			"content_md5":    schema.StringAttribute{Computed: true},
			"content_sha1":   schema.StringAttribute{Computed: true},
			"content_sha256": schema.StringAttribute{Computed: true},
		},
	}
}

func (d *fileDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var config fileDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p := d.p.resolve(config.Filename.ValueString())
	content, err := readFile(p)
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("filename"), "Could not read file", p+": "+errnoText(err))
		return
	}
	config.ID = types.StringValue(p)
	config.Content = types.StringValue(content)
	config.ContentMD5 = types.StringValue(md5Hex(content))
	config.ContentSHA1 = types.StringValue(sha1Hex(content))
	config.ContentSHA256 = types.StringValue(sha256Hex(content))
	resp.Diagnostics.Append(resp.State.Set(ctx, &config)...)
}
