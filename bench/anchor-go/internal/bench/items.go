package bench

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// bench_items_list and bench_items_set (bench/anchor/items.hpp): one holds
// its disks as a list of nested objects, the other as a set of the same
// objects. One implementation, generic over the collection.

type disk struct {
	Label  types.String `tfsdk:"label"`
	Size   types.Int64  `tfsdk:"size"`
	Kind   types.String `tfsdk:"kind"`
	Device types.String `tfsdk:"device"`
	UUID   types.String `tfsdk:"uuid"`
}

var diskType = types.ObjectType{AttrTypes: map[string]attr.Type{
	"label": types.StringType, "size": types.Int64Type, "kind": types.StringType,
	"device": types.StringType, "uuid": types.StringType,
}}

var diskAttributes = map[string]schema.Attribute{
	"label":  schema.StringAttribute{Required: true},
	"size":   schema.Int64Attribute{Optional: true},
	"kind":   schema.StringAttribute{Optional: true},
	"device": schema.StringAttribute{Computed: true},
	"uuid": schema.StringAttribute{
		Computed:      true,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	},
}

// disks is what the two collections have in common: the framework's
// types.List and types.Set, each with its schema attribute and constructor.
type disks interface {
	types.List | types.Set
}

type listDisks = types.List
type setDisks = types.Set

type itemsModel[D disks] struct {
	Name  types.String `tfsdk:"name"`
	Disks D            `tfsdk:"disks"`
	ID    types.String `tfsdk:"id"`
}

type itemsResource[D disks] struct {
	suffix string // "_items_list" or "_items_set"
}

func (r *itemsResource[D]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.suffix
}

func (r *itemsResource[D]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	var disksAttribute schema.Attribute
	switch any(*new(D)).(type) {
	case types.List:
		disksAttribute = schema.ListNestedAttribute{
			Optional:     true,
			NestedObject: schema.NestedAttributeObject{Attributes: diskAttributes},
		}
	case types.Set:
		disksAttribute = schema.SetNestedAttribute{
			Optional:     true,
			NestedObject: schema.NestedAttributeObject{Attributes: diskAttributes},
		}
	}
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"name":  schema.StringAttribute{Required: true},
			"disks": disksAttribute,
			"id": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// fill sets every disk's device "/dev/<label>", and its uuid
// "uuid-<label>" where the plan left it unknown.
func fill[D disks](ctx context.Context, in D, diags *diag.Diagnostics) D {
	var elements []disk
	var d diag.Diagnostics
	switch v := any(in).(type) {
	case types.List:
		if v.IsNull() || v.IsUnknown() {
			return in
		}
		d = v.ElementsAs(ctx, &elements, false)
	case types.Set:
		if v.IsNull() || v.IsUnknown() {
			return in
		}
		d = v.ElementsAs(ctx, &elements, false)
	}
	diags.Append(d...)
	for i := range elements {
		e := &elements[i]
		e.Device = types.StringValue("/dev/" + e.Label.ValueString())
		if e.UUID.IsNull() || e.UUID.IsUnknown() {
			e.UUID = types.StringValue("uuid-" + e.Label.ValueString())
		}
	}
	var out any
	switch any(in).(type) {
	case types.List:
		out, d = types.ListValueFrom(ctx, diskType, elements)
	case types.Set:
		out, d = types.SetValueFrom(ctx, diskType, elements)
	}
	diags.Append(d...)
	return out.(D)
}

func (r *itemsResource[D]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan itemsModel[D]
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = types.StringValue("items/" + plan.Name.ValueString())
	plan.Disks = fill(ctx, plan.Disks, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *itemsResource[D]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state itemsModel[D]
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *itemsResource[D]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior itemsModel[D]
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = prior.ID
	plan.Disks = fill(ctx, plan.Disks, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *itemsResource[D]) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
}
