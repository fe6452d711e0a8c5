package local

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// fileModel is the state of local_file and of local_sensitive_file: the two
// have the same attributes and differ in their schemas only.
type fileModel struct {
	Filename       types.String `tfsdk:"filename"`
	Content        types.String `tfsdk:"content"`
	FilePermission types.String `tfsdk:"file_permission"`
	ID             types.String `tfsdk:"id"`
	ContentMD5     types.String `tfsdk:"content_md5"`
	ContentSHA1    types.String `tfsdk:"content_sha1"`
	ContentSHA256  types.String `tfsdk:"content_sha256"`
}

// fileModelV0 is local_file as release 0.0.9 stored it (schema version 0).
type fileModelV0 struct {
	Filename      types.String `tfsdk:"filename"`
	Content       types.String `tfsdk:"content"`
	FileMode      types.Int64  `tfsdk:"file_mode"`
	ID            types.String `tfsdk:"id"`
	ContentSHA256 types.String `tfsdk:"content_sha256"`
}

func (m *fileModel) setChecksums(content string) {
	m.ContentMD5 = types.StringValue(md5Hex(content))
	m.ContentSHA1 = types.StringValue(sha1Hex(content))
	m.ContentSHA256 = types.StringValue(sha256Hex(content))
}

// fileResource is local_file, or local_sensitive_file when sensitive: one
// implementation, as file_operations<Model> is in C++.
type fileResource struct {
	sensitive bool
	p         *Provider
}

var (
	_ resource.ResourceWithConfigure    = (*fileResource)(nil)
	_ resource.ResourceWithImportState  = (*fileResource)(nil)
	_ resource.ResourceWithUpgradeState = (*fileResource)(nil)
	_ resource.ResourceWithMoveState    = (*fileResource)(nil)
)

func newFileResource(sensitive bool) resource.Resource { return &fileResource{sensitive: sensitive} }

func (r *fileResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	if r.sensitive {
		resp.TypeName = req.ProviderTypeName + "_sensitive_file"
	} else {
		resp.TypeName = req.ProviderTypeName + "_file"
	}
}

func (r *fileResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	r.p = providerFrom(req.ProviderData)
}

func fileSchema() schema.Schema {
	return schema.Schema{
		Version: 1,
		Attributes: map[string]schema.Attribute{
			"filename": schema.StringAttribute{
				Required:      true,
				Description:   "Path of the file.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"content": schema.StringAttribute{Required: true, Description: "Content of the file."},
			"file_permission": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Default:     stringdefault.StaticString("0644"),
				Validators:  []validator.String{octalPermission},
				Description: `Permission bits in octal, such as "0640". Defaults to "0644".`,
			},
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "Absolute path of the file.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"content_md5":    schema.StringAttribute{Computed: true, Description: "MD5 of the content, in hex."},
			"content_sha1":   schema.StringAttribute{Computed: true, Description: "SHA-1 of the content, in hex."},
			"content_sha256": schema.StringAttribute{Computed: true, Description: "SHA-256 of the content, in hex."},
		},
	}
}

func fileSchemaV0() schema.Schema {
	return schema.Schema{
		Attributes: map[string]schema.Attribute{
			"filename":       schema.StringAttribute{Required: true},
			"content":        schema.StringAttribute{Required: true},
			"file_mode":      schema.Int64Attribute{Optional: true, Computed: true},
			"id":             schema.StringAttribute{Computed: true},
			"content_sha256": schema.StringAttribute{Computed: true},
		},
	}
}

func sensitiveFileSchema() schema.Schema {
	return schema.Schema{
		Attributes: map[string]schema.Attribute{
			"filename": schema.StringAttribute{
				Required:      true,
				Description:   "Path of the file.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"content": schema.StringAttribute{Required: true, Sensitive: true, Description: "Content of the file."},
			"file_permission": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Default:     stringdefault.StaticString("0600"),
				Validators:  []validator.String{octalPermission},
				Description: `Permission bits in octal. Defaults to "0600".`,
			},
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "Absolute path of the file.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"content_md5":    schema.StringAttribute{Computed: true},
			"content_sha1":   schema.StringAttribute{Computed: true},
			"content_sha256": schema.StringAttribute{Computed: true},
		},
	}
}

func (r *fileResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	if r.sensitive {
		resp.Schema = sensitiveFileSchema()
	} else {
		resp.Schema = fileSchema()
	}
}

// write writes the file, then sets its permission bits. It reports
// failures on diags and returns false when no file was written; otherwise m
// is the state that now exists.
func (r *fileResource) write(m *fileModel, diags *diag.Diagnostics) bool {
	p := r.p.resolve(m.Filename.ValueString())
	permission := m.FilePermission.ValueString() // planned: configured or the default
	if err := writeFile(p, m.Content.ValueString()); err != nil {
		diags.AddAttributeError(path.Root("filename"), "Could not write file", p+": "+errnoText(err))
		return false
	}
	m.ID = types.StringValue(p)
	m.setChecksums(m.Content.ValueString())
	mode, _ := parseMode(permission)
	if err := syscall.Chmod(p, mode); err != nil {
		// The file exists: hand Terraform what is really there, with the error.
		m.FilePermission = types.StringValue(modeOf(p))
		diags.AddAttributeError(path.Root("file_permission"), "Could not set file permission", p+": "+errnoText(err))
	}
	return true
}

func (r *fileResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if r.write(&plan, &resp.Diagnostics) {
		resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	}
}

func (r *fileResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state fileModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p := r.p.resolve(state.Filename.ValueString())
	content, err := readFile(p)
	if err != nil {
		resp.State.RemoveResource(ctx) // gone: Terraform plans to create it again
		return
	}
	var st syscall.Stat_t
	if syscall.Stat(p, &st) == nil {
		state.FilePermission = keepPermission(state.FilePermission, formatMode(st.Mode))
	}
	state.Content = types.StringValue(content)
	state.ID = types.StringValue(p)
	state.setChecksums(content)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *fileResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Nothing written: the state stays the prior one (the framework's default).
	if r.write(&plan, &resp.Diagnostics) {
		resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	}
}

func (r *fileResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state fileModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p := r.p.resolve(state.Filename.ValueString())
	if err := os.Remove(p); err != nil && !errors.Is(err, syscall.ENOENT) {
		resp.Diagnostics.AddAttributeError(path.Root("filename"), "Could not delete file", p+": "+errnoText(err))
	}
}

// ImportState: `tofu import local_file.x path/to/file` sets the filename;
// Read fills in the rest.
func (r *fileResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("filename"), req, resp)
}

// upgradeV0 brings a version 0 state of local_file to version 1.
func upgradeV0(old fileModelV0) fileModel {
	next := fileModel{
		Filename:       old.Filename,
		Content:        old.Content,
		ID:             old.ID,
		ContentMD5:     types.StringNull(),
		ContentSHA1:    types.StringNull(),
		ContentSHA256:  old.ContentSHA256,
		FilePermission: types.StringValue("0644"),
	}
	if !old.Content.IsNull() && !old.Content.IsUnknown() {
		next.setChecksums(old.Content.ValueString())
	}
	if !old.FileMode.IsNull() && !old.FileMode.IsUnknown() {
		next.FilePermission = types.StringValue(formatMode(uint32(old.FileMode.ValueInt64())))
	}
	return next
}

// UpgradeState: local_file's state written by release 0.0.9 (version 0) is
// upgraded on the next plan. local_sensitive_file has version 0 only.
func (r *fileResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	if r.sensitive {
		return nil
	}
	v0 := fileSchemaV0()
	return map[int64]resource.StateUpgrader{
		0: {
			PriorSchema: &v0,
			StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
				var old fileModelV0
				resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
				if resp.Diagnostics.HasError() {
					return
				}
				next := upgradeV0(old)
				resp.Diagnostics.Append(resp.State.Set(ctx, &next)...)
			},
		},
	}
}

// MoveState: `moved { from = local_file.x  to = local_sensitive_file.x }`
// keeps the file. As in tfpp, a local_file state of this provider is taken
// at either of its schema versions; anything else is refused with the
// C++ side's message.
func (r *fileResource) MoveState(context.Context) []resource.StateMover {
	if !r.sensitive {
		return nil
	}
	ours := func(req resource.MoveStateRequest) bool {
		a := req.SourceProviderAddress
		return req.SourceTypeName == "local_file" && len(a) > len("/local") && strings.HasSuffix(a, "/local")
	}
	v1, v0 := fileSchema(), fileSchemaV0()
	return []resource.StateMover{
		{
			SourceSchema: &v1,
			StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
				if !ours(req) || req.SourceSchemaVersion != 1 || req.SourceState == nil {
					return
				}
				var file fileModel
				resp.Diagnostics.Append(req.SourceState.Get(ctx, &file)...)
				if resp.Diagnostics.HasError() {
					return
				}
				resp.Diagnostics.Append(resp.TargetState.Set(ctx, &file)...)
			},
		},
		{
			SourceSchema: &v0,
			StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
				if !ours(req) || req.SourceSchemaVersion != 0 || req.SourceState == nil {
					return
				}
				var old fileModelV0
				resp.Diagnostics.Append(req.SourceState.Get(ctx, &old)...)
				if resp.Diagnostics.HasError() {
					return
				}
				file := upgradeV0(old)
				resp.Diagnostics.Append(resp.TargetState.Set(ctx, &file)...)
			},
		},
		{
			StateMover: func(_ context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
				resp.Diagnostics.AddError("Move not supported", "local_sensitive_file cannot take the state of "+
					req.SourceTypeName+" (from "+req.SourceProviderAddress+"): it has no move_from for it.")
			},
		},
	}
}
