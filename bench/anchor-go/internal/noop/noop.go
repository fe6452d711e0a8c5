// Package noop is the floor of an end-to-end `tofu apply` benchmark: a
// provider with the bench provider's schema for N=1 (bench_thing_0000 only)
// written directly against terraform-plugin-go's tfprotov6.ProviderServer,
// whose every operation does as little as the protocol allows. The schema
// comes from the framework provider once, on the first request that needs
// it; nothing else of the framework runs.
package noop

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/tfpp/tfpp/bench/anchor-go/internal/bench"
)

type Server struct {
	once     sync.Once
	schema   *tfprotov6.GetProviderSchemaResponse
	metadata *tfprotov6.GetMetadataResponse
}

var _ tfprotov6.ProviderServer = (*Server)(nil)

func New() *Server { return &Server{} }

// load asks the framework provider for its schema and metadata, once.
func (s *Server) load(ctx context.Context) {
	s.once.Do(func() {
		fw := providerserver.NewProtocol6(bench.New(1, false)())()
		var err error
		if s.schema, err = fw.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
			s.schema = &tfprotov6.GetProviderSchemaResponse{Diagnostics: unsupported("the schema: " + err.Error())}
		}
		if s.metadata, err = fw.GetMetadata(ctx, &tfprotov6.GetMetadataRequest{}); err != nil {
			s.metadata = &tfprotov6.GetMetadataResponse{Diagnostics: unsupported("the metadata: " + err.Error())}
		}
	})
}

func unsupported(what string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  "Not supported",
		Detail:   what + " is not supported by the no-op provider",
	}}
}

// --- provider

func (s *Server) GetMetadata(ctx context.Context, _ *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	s.load(ctx)
	return s.metadata, nil
}

func (s *Server) GetProviderSchema(ctx context.Context, _ *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	s.load(ctx)
	return s.schema, nil
}

// GetResourceIdentitySchemas: no resource has an identity.
func (s *Server) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (s *Server) ValidateProviderConfig(context.Context, *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{}, nil
}

func (s *Server) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

// StopProvider: there is never anything in flight to stop.
func (s *Server) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

// --- resources

func (s *Server) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

// UpgradeResourceState hands the stored JSON back as it is: Terraform
// accepts a DynamicValue in JSON in this response.
func (s *Server) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	if req.RawState == nil || req.RawState.JSON == nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: unsupported("a state without JSON")}, nil
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &tfprotov6.DynamicValue{JSON: req.RawState.JSON}}, nil
}

func (s *Server) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

// PlanResourceChange plans exactly what Terraform proposes (null on destroy).
func (s *Server) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
}

// ApplyResourceChange: the new state is the planned one (null on destroy).
func (s *Server) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState, Private: req.PlannedPrivate}, nil
}

func (s *Server) ImportResourceState(context.Context, *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return &tfprotov6.ImportResourceStateResponse{Diagnostics: unsupported("ImportResourceState")}, nil
}

func (s *Server) MoveResourceState(context.Context, *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return &tfprotov6.MoveResourceStateResponse{Diagnostics: unsupported("MoveResourceState")}, nil
}

func (s *Server) UpgradeResourceIdentity(context.Context, *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: unsupported("UpgradeResourceIdentity")}, nil
}

func (s *Server) GenerateResourceConfig(context.Context, *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return &tfprotov6.GenerateResourceConfigResponse{Diagnostics: unsupported("GenerateResourceConfig")}, nil
}

// --- data sources, functions, ephemeral resources: none

func (s *Server) ValidateDataResourceConfig(context.Context, *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return &tfprotov6.ValidateDataResourceConfigResponse{Diagnostics: unsupported("ValidateDataResourceConfig")}, nil
}

func (s *Server) ReadDataSource(context.Context, *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return &tfprotov6.ReadDataSourceResponse{Diagnostics: unsupported("ReadDataSource")}, nil
}

func (s *Server) CallFunction(context.Context, *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "CallFunction is not supported by the no-op provider"}}, nil
}

// GetFunctions: the provider has none (an empty answer, not an error, so
// that a CLI asking for them goes on).
func (s *Server) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{}, nil
}

func (s *Server) ValidateEphemeralResourceConfig(context.Context, *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return &tfprotov6.ValidateEphemeralResourceConfigResponse{Diagnostics: unsupported("ValidateEphemeralResourceConfig")}, nil
}

func (s *Server) OpenEphemeralResource(context.Context, *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: unsupported("OpenEphemeralResource")}, nil
}

func (s *Server) RenewEphemeralResource(context.Context, *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return &tfprotov6.RenewEphemeralResourceResponse{Diagnostics: unsupported("RenewEphemeralResource")}, nil
}

func (s *Server) CloseEphemeralResource(context.Context, *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return &tfprotov6.CloseEphemeralResourceResponse{Diagnostics: unsupported("CloseEphemeralResource")}, nil
}
