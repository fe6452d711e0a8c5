package local

import (
	"context"
	"errors"
	"io"
	"os"
	"sort"
	"syscall"

	"github.com/hashicorp/terraform-plugin-framework/attr"
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

// local_directory: a directory, the files it should hold (a map of nested
// attributes) and its symbolic links (list blocks).

type directoryModel struct {
	Path       types.String `tfsdk:"path"`
	Permission types.String `tfsdk:"permission"`
	Files      types.Map    `tfsdk:"files"`   // of directoryFile
	Symlink    types.List   `tfsdk:"symlink"` // of directorySymlink
	ID         types.String `tfsdk:"id"`
	FileCount  types.Int64  `tfsdk:"file_count"`
}

type directoryFile struct {
	Content    types.String `tfsdk:"content"`
	Permission types.String `tfsdk:"permission"`
	SHA256     types.String `tfsdk:"sha256"`
}

type directorySymlink struct {
	Name   types.String `tfsdk:"name"`
	Target types.String `tfsdk:"target"`
}

var (
	fileObjectType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"content": types.StringType, "permission": types.StringType, "sha256": types.StringType,
	}}
	symlinkObjectType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"name": types.StringType, "target": types.StringType,
	}}
)

type directoryResource struct {
	p *Provider
}

var (
	_ resource.ResourceWithConfigure      = (*directoryResource)(nil)
	_ resource.ResourceWithValidateConfig = (*directoryResource)(nil)
)

func (r *directoryResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_directory"
}

func (r *directoryResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	r.p = providerFrom(req.ProviderData)
}

func (r *directoryResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A directory with the files and symbolic links it should hold.",
		Attributes: map[string]schema.Attribute{
			"path": schema.StringAttribute{
				Required:      true,
				Description:   "Path of the directory; a change creates a new directory.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"permission": schema.StringAttribute{
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString("0755"),
				Validators:          []validator.String{octalPermission},
				MarkdownDescription: "Permission bits of the directory in octal. Defaults to `\"0755\"`.",
			},
			"files": schema.MapNestedAttribute{
				Optional:    true,
				Description: "The files the directory holds, by name. Files not listed here are left alone.",
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"content": schema.StringAttribute{Required: true, Description: "Content of the file."},
						"permission": schema.StringAttribute{
							Optional:            true,
							Computed:            true,
							Default:             stringdefault.StaticString("0644"),
							Validators:          []validator.String{octalPermission},
							MarkdownDescription: "Permission bits in octal, such as `\"0600\"`. Defaults to `\"0644\"`.",
						},
						"sha256": schema.StringAttribute{Computed: true, Description: "SHA-256 of the content, in hex."},
					},
				},
			},
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "Absolute path of the directory.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"file_count": schema.Int64Attribute{
				Computed:    true,
				Description: "How many files the directory holds (managed or not).",
			},
		},
		Blocks: map[string]schema.Block{
			// tfpp's match_by<"name"> only pairs prior and planned elements
			// for computed attributes; the block has none, so there is
			// nothing to carry over here.
			"symlink": schema.ListNestedBlock{
				Description: "A symbolic link in the directory.",
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"name": schema.StringAttribute{
							Required:    true,
							Description: "Name of the link inside the directory.",
							Validators:  []validator.String{plainNameCheck},
						},
						"target": schema.StringAttribute{
							Required:    true,
							Description: "What the link points to, as written into the link.",
						},
					},
				},
			},
		},
	}
}

func known(v attr.Value) bool { return !v.IsNull() && !v.IsUnknown() }

func filePath(name string) path.Path { return path.Root("files").AtMapKey(name) }
func linkPath(i int) path.Path       { return path.Root("symlink").AtListIndex(i) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func isSymlink(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// ValidateConfig: permissions and link names are checked by their
// validators; what is left are file names (map keys) and names used twice.
func (r *directoryResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config directoryModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	names := map[string]bool{}
	if known(config.Files) {
		files := config.Files.Elements()
		for _, name := range sortedKeys(files) {
			names[name] = true
			if !plainName(name) {
				resp.Diagnostics.AddAttributeError(filePath(name), "Invalid file name",
					`"`+name+`" must be a plain name inside the directory.`)
			}
		}
	}
	if known(config.Symlink) {
		for i, e := range config.Symlink.Elements() {
			link, ok := e.(types.Object)
			if !ok || !known(link) {
				continue
			}
			n, ok := link.Attributes()["name"].(types.String)
			if !ok || !known(n) {
				continue
			}
			name := n.ValueString()
			if plainName(name) {
				if names[name] {
					resp.Diagnostics.AddAttributeError(linkPath(i).AtName("name"), "Duplicate name",
						`"`+name+`" is used by more than one file or link.`)
				}
				names[name] = true
			}
		}
	}
}

// writeDirFile writes one file; false (with an error at the file's path)
// when it failed.
func writeDirFile(dir, name string, f *directoryFile, diags *diag.Diagnostics) bool {
	p := under(dir, name) // f.Permission is planned: configured, or the default "0644"
	if err := writeFile(p, f.Content.ValueString()); err != nil {
		diags.AddAttributeError(filePath(name), "Could not write file", p+": "+errnoText(err))
		return false
	}
	mode, _ := parseMode(f.Permission.ValueString())
	if err := syscall.Chmod(p, mode); err != nil {
		diags.AddAttributeError(filePath(name).AtName("permission"), "Could not set file permission", p+": "+errnoText(err))
		f.Permission = types.StringValue(modeOf(p)) // what is really there
	}
	f.SHA256 = types.StringValue(sha256Hex(f.Content.ValueString()))
	return true
}

// makeLink makes the link name -> target; false (with an error) when it failed.
func makeLink(dir string, link directorySymlink, i int, diags *diag.Diagnostics) bool {
	p := under(dir, link.Name.ValueString())
	if isSymlink(p) {
		if t, err := os.Readlink(p); err == nil && t == link.Target.ValueString() {
			return true
		}
		_ = os.Remove(p)
	}
	if err := os.Symlink(link.Target.ValueString(), p); err != nil {
		diags.AddAttributeError(linkPath(i), "Could not create symbolic link", p+": "+errnoText(err))
		return false
	}
	return true
}

// countFiles: the regular files in dir (symbolic links not counted).
func countFiles(dir string) int64 {
	entries, _ := os.ReadDir(dir)
	var n int64
	for _, e := range entries {
		if e.Type().IsRegular() {
			n++
		}
	}
	return n
}

// applyPlan brings the directory to the plan: sets its permission, writes
// every planned file, makes every planned link. What could not be done is
// reported and left out of the returned state, so that Terraform records
// exactly what exists.
func (r *directoryResource) applyPlan(ctx context.Context, plan *directoryModel, diags *diag.Diagnostics) {
	dir := r.p.resolve(plan.Path.ValueString())
	plan.ID = types.StringValue(dir) // plan.Permission is planned: configured, or the default "0755"
	mode, _ := parseMode(plan.Permission.ValueString())
	if err := syscall.Chmod(dir, mode); err != nil {
		diags.AddAttributeError(path.Root("permission"), "Could not set directory permission", dir+": "+errnoText(err))
		plan.Permission = types.StringValue(modeOf(dir))
	}
	if known(plan.Files) {
		files := map[string]directoryFile{}
		diags.Append(plan.Files.ElementsAs(ctx, &files, false)...)
		for _, name := range sortedKeys(files) {
			f := files[name]
			if writeDirFile(dir, name, &f, diags) {
				files[name] = f
			} else {
				delete(files, name)
			}
		}
		var d diag.Diagnostics
		plan.Files, d = types.MapValueFrom(ctx, fileObjectType, files)
		diags.Append(d...)
	}
	if known(plan.Symlink) {
		var links []directorySymlink
		diags.Append(plan.Symlink.ElementsAs(ctx, &links, false)...)
		made := []directorySymlink{}
		for i, link := range links {
			if makeLink(dir, link, i, diags) {
				made = append(made, link)
			}
		}
		var d diag.Diagnostics
		plan.Symlink, d = types.ListValueFrom(ctx, symlinkObjectType, made)
		diags.Append(d...)
	}
	plan.FileCount = types.Int64Value(countFiles(dir))
}

func (r *directoryResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan directoryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	dir := r.p.resolve(plan.Path.ValueString())
	if err := os.MkdirAll(dir, 0o777); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("path"), "Could not create directory", dir+": "+errnoText(err))
		return
	}
	r.applyPlan(ctx, &plan, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *directoryResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state directoryModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	dir := r.p.resolve(state.Path.ValueString())
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		resp.State.RemoveResource(ctx) // gone: Terraform plans to create it again
		return
	}
	state.ID = types.StringValue(dir)
	state.Permission = keepPermission(state.Permission, modeOf(dir))
	if known(state.Files) {
		files := map[string]directoryFile{}
		resp.Diagnostics.Append(state.Files.ElementsAs(ctx, &files, false)...)
		for _, name := range sortedKeys(files) {
			p := under(dir, name)
			content, err := "", error(nil)
			if isSymlink(p) {
				err = errors.New("a symbolic link")
			} else {
				content, err = readFile(p)
			}
			if err != nil {
				delete(files, name) // deleted by hand: the next plan writes it again
				continue
			}
			files[name] = directoryFile{
				Content:    types.StringValue(content),
				Permission: keepPermission(files[name].Permission, modeOf(p)),
				SHA256:     types.StringValue(sha256Hex(content)),
			}
		}
		var d diag.Diagnostics
		state.Files, d = types.MapValueFrom(ctx, fileObjectType, files)
		resp.Diagnostics.Append(d...)
	}
	if known(state.Symlink) {
		var links []directorySymlink
		resp.Diagnostics.Append(state.Symlink.ElementsAs(ctx, &links, false)...)
		found := []directorySymlink{}
		for _, link := range links {
			p := under(dir, link.Name.ValueString())
			if !isSymlink(p) {
				continue
			}
			t, _ := os.Readlink(p)
			link.Target = types.StringValue(t)
			found = append(found, link)
		}
		var d diag.Diagnostics
		state.Symlink, d = types.ListValueFrom(ctx, symlinkObjectType, found)
		resp.Diagnostics.Append(d...)
	}
	state.FileCount = types.Int64Value(countFiles(dir))
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *directoryResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior directoryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	dir := r.p.resolve(plan.Path.ValueString())
	if err := os.MkdirAll(dir, 0o777); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("path"), "Could not create directory", dir+": "+errnoText(err))
		return // nothing changed: the state stays the prior one
	}
	// What the plan no longer lists goes away.
	if known(prior.Files) {
		planned := map[string]attr.Value{}
		if known(plan.Files) {
			planned = plan.Files.Elements()
		}
		for name := range prior.Files.Elements() {
			if _, ok := planned[name]; !ok {
				_ = os.Remove(under(dir, name))
			}
		}
	}
	if known(prior.Symlink) {
		var priorLinks, planLinks []directorySymlink
		resp.Diagnostics.Append(prior.Symlink.ElementsAs(ctx, &priorLinks, false)...)
		if known(plan.Symlink) {
			resp.Diagnostics.Append(plan.Symlink.ElementsAs(ctx, &planLinks, false)...)
		}
		for _, link := range priorLinks {
			kept := false
			for _, l := range planLinks {
				if l.Name.ValueString() == link.Name.ValueString() {
					kept = true
					break
				}
			}
			if p := under(dir, link.Name.ValueString()); !kept && isSymlink(p) {
				_ = os.Remove(p)
			}
		}
	}
	r.applyPlan(ctx, &plan, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *directoryResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state directoryModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	dir := r.p.resolve(state.Path.ValueString())
	if known(state.Files) {
		for name := range state.Files.Elements() {
			_ = os.Remove(under(dir, name))
		}
	}
	if known(state.Symlink) {
		var links []directorySymlink
		resp.Diagnostics.Append(state.Symlink.ElementsAs(ctx, &links, false)...)
		for _, link := range links {
			if p := under(dir, link.Name.ValueString()); isSymlink(p) {
				_ = os.Remove(p)
			}
		}
	}
	if _, err := os.Stat(dir); err != nil {
		return
	}
	if isEmptyDir(dir) {
		if err := os.Remove(dir); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("path"), "Could not delete directory", dir+": "+errnoText(err))
		}
	} else {
		resp.Diagnostics.AddWarning("Directory kept",
			dir+" still holds files this resource does not manage; it was left in place.")
	}
}

// isEmptyDir: a directory with no entries; false when it cannot be listed.
func isEmptyDir(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	_, err = f.Readdirnames(1)
	return err == io.EOF
}

// keepPermission keeps a stored permission's spelling ("755") when the bits
// read back ("0755") are the same, as examples/local's semantic equality
// does; otherwise a configured "755" plans an update after every refresh
// (found by tfpp::testing::differential).
func keepPermission(stored types.String, actual string) types.String {
	if known(stored) {
		a, okA := parseMode(stored.ValueString())
		b, okB := parseMode(actual)
		if okA && okB && a == b {
			return stored
		}
	}
	return types.StringValue(actual)
}
