package bench

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// thingModel is the one model of every bench_thing type: the thing_model
// that gen.py --shared-model writes into shared_model.hpp. The handlers
// touch top-level attributes only, so the nested ones stay framework values.
type thingModel struct {
	ID          types.String  `tfsdk:"id"`
	Name        types.String  `tfsdk:"name"`
	Description types.String  `tfsdk:"description"`
	Enabled     types.Bool    `tfsdk:"enabled"`
	Size        types.Int64   `tfsdk:"size"`
	Priority    types.Int64   `tfsdk:"priority"`
	Ratio       types.Float64 `tfsdk:"ratio"`
	Weight      types.Number  `tfsdk:"weight"`
	Tags        types.Map     `tfsdk:"tags"`
	Aliases     types.List    `tfsdk:"aliases"`
	Zones       types.Set     `tfsdk:"zones"`
	Password    types.String  `tfsdk:"password"`
	Region      types.String  `tfsdk:"region"`
	Labels      types.Map     `tfsdk:"labels"`
	Arn         types.String  `tfsdk:"arn"`
	UpdatedAt   types.String  `tfsdk:"updated_at"`
	Revision    types.Int64   `tfsdk:"revision"`
	Endpoint    types.Object  `tfsdk:"endpoint"`
	Rules       types.List    `tfsdk:"rules"`
	Setting     types.List    `tfsdk:"setting"`
}

// The shared model's descriptions name "bench_thing_xxxx", as
// shared_model.hpp does; only the resource's own description has its index.
const sharedTypeName = "bench_thing_xxxx"

// thingSchema is built once: every type has the same attributes.
var thingSchema = sync.OnceValue(func() schema.Schema {
	return schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "Identifier of the " + sharedTypeName + ".",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the " + sharedTypeName + "; a change replaces it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{Optional: true},
			"enabled":     schema.BoolAttribute{Optional: true, Description: "Whether the " + sharedTypeName + " is enabled."},
			"size":        schema.Int64Attribute{Optional: true, Description: "Size in units."},
			"priority":    schema.Int64Attribute{Optional: true},
			"ratio":       schema.Float64Attribute{Optional: true},
			"weight":      schema.NumberAttribute{Optional: true},
			"tags": schema.MapAttribute{
				ElementType:         types.StringType,
				Optional:            true,
				MarkdownDescription: "Tags, as `key = value` pairs.",
			},
			"aliases":  schema.ListAttribute{ElementType: types.StringType, Optional: true},
			"zones":    schema.SetAttribute{ElementType: types.StringType, Optional: true},
			"password": schema.StringAttribute{Optional: true, Sensitive: true, Description: "Secret; never shown in plans."},
			"region": schema.StringAttribute{
				Optional:      true,
				Computed:      true,
				Description:   "Region; defaults to the provider's.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"labels": schema.MapAttribute{ElementType: types.StringType, Optional: true, Computed: true},
			"arn": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"updated_at": schema.StringAttribute{Computed: true},
			"revision":   schema.Int64Attribute{Computed: true},
			"endpoint": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "Where the thing listens.",
				Attributes: map[string]schema.Attribute{
					"host": schema.StringAttribute{Required: true},
					"port": schema.Int64Attribute{Optional: true},
					"tls":  schema.BoolAttribute{Optional: true},
				},
			},
			"rules": schema.ListNestedAttribute{
				Optional:    true,
				Description: "Traffic rules.",
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"protocol":    schema.StringAttribute{Required: true, Description: "Protocol: tcp, udp or icmp."},
						"from_port":   schema.Int64Attribute{Required: true},
						"to_port":     schema.Int64Attribute{Optional: true},
						"cidr_blocks": schema.ListAttribute{ElementType: types.StringType, Optional: true},
					},
				},
			},
		},
		Blocks: map[string]schema.Block{
			// tfpp::min_items<1>, tfpp::max_items<10>: tfpp writes min_items 1
			// and max_items 10 into the protocol schema, where Terraform
			// itself enforces them. The framework's ListNestedBlock has no
			// such fields in protocol 6, so the provider enforces the same
			// bounds with validators and the schema shows neither. The
			// framework sees no blocks at all as a null list, which the size
			// validator lets through: IsRequired rejects it.
			"setting": schema.ListNestedBlock{
				Description: "A key/value setting (1 to 10 blocks).",
				Validators:  []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(1, 10)},
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"key":    schema.StringAttribute{Required: true, Description: "Name of the setting of a " + sharedTypeName + "."},
						"value":  schema.StringAttribute{Optional: true, Description: "Value of the setting."},
						"secure": schema.BoolAttribute{Optional: true},
					},
				},
			},
		},
	}
})

// thingResource is bench_thing_NNNN: the handlers of gen.py's source(),
// with the type's own identifier ("thing_NNNN") in id and arn.
type thingResource struct {
	index int
	ident string // thing_NNNN
}

func (r *thingResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.ident
}

func (r *thingResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = thingSchema()
	resp.Schema.Description = fmt.Sprintf("Benchmark resource type %d.", r.index)
}

func (r *thingResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = types.StringValue(r.ident + "/" + plan.Name.ValueString())
	plan.Arn = types.StringValue("arn:bench:" + r.ident + ":" + plan.Name.ValueString())
	if plan.Region.IsNull() || plan.Region.IsUnknown() {
		plan.Region = types.StringValue("local")
	}
	if plan.Labels.IsNull() || plan.Labels.IsUnknown() {
		plan.Labels = types.MapValueMust(types.StringType, map[string]attr.Value{})
	}
	plan.UpdatedAt = types.StringValue("2026-01-01T00:00:00Z")
	plan.Revision = types.Int64Value(1)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *thingResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state thingModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *thingResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = prior.ID
	plan.Arn = prior.Arn
	if plan.Region.IsNull() || plan.Region.IsUnknown() {
		plan.Region = prior.Region
	}
	if plan.Labels.IsNull() || plan.Labels.IsUnknown() {
		plan.Labels = prior.Labels
	}
	plan.UpdatedAt = types.StringValue("2026-01-02T00:00:00Z")
	revision := int64(0)
	if !prior.Revision.IsNull() && !prior.Revision.IsUnknown() {
		revision = prior.Revision.ValueInt64()
	}
	plan.Revision = types.Int64Value(revision + 1)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *thingResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
