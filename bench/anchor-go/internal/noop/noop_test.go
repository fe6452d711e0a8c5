package noop

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

func TestNoop(t *testing.T) {
	ctx := context.Background()
	s := New()
	schema, _ := s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if len(schema.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %+v", schema.Diagnostics[0])
	}
	if len(schema.ResourceSchemas) != 1 || schema.ResourceSchemas["bench_thing_0000"] == nil {
		t.Fatalf("resource types %v, want bench_thing_0000 only", schema.ResourceSchemas)
	}
	meta, _ := s.GetMetadata(ctx, &tfprotov6.GetMetadataRequest{})
	if len(meta.Resources) != 1 || meta.Resources[0].TypeName != "bench_thing_0000" {
		t.Fatalf("metadata %+v", meta.Resources)
	}
	proposed := &tfprotov6.DynamicValue{MsgPack: []byte{0x80}}
	plan, _ := s.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{ProposedNewState: proposed})
	if plan.PlannedState != proposed {
		t.Errorf("planned state is not the proposed one")
	}
	apply, _ := s.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{PlannedState: proposed})
	if apply.NewState != proposed {
		t.Errorf("new state is not the planned one")
	}
	up, _ := s.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{RawState: &tfprotov6.RawState{JSON: []byte(`{"id":"x"}`)}})
	if up.UpgradedState == nil || string(up.UpgradedState.JSON) != `{"id":"x"}` {
		t.Errorf("upgraded state %+v", up.UpgradedState)
	}
	imp, _ := s.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{})
	if len(imp.Diagnostics) != 1 || imp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError {
		t.Errorf("import: %+v", imp.Diagnostics)
	}
}
