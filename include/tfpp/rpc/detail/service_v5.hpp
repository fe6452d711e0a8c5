// tfplugin5.Provider: protocol 5, every RPC of 5.10 answered. Generated code
// names the GetMetadata wrapper GetMetadataMsg (see proto/tfplugin5.proto).
#pragma once

#include <tfpp/rpc/detail/call.hpp>
#include <tfpp/rpc/detail/handlers.hpp>

#include <tfplugin5.grpc.pb.h>

#include <mutex>
#include <string>

namespace tfpp::detail {

class provider_service_v5 final : public tfplugin5::Provider::Service {
public:
    // GetSchema is answered from bytes serialized once. 1 is its position in
    // the proto's service, which the generated code numbers methods by (the
    // serve tests would see any other method answer with the schema).
    explicit provider_service_v5(provider_engine& e) : e_(e) {
        MarkMethodStreamed(
            1, raw_unary_handler("GetSchema", [this]() -> const grpc::ByteBuffer& { return schema_buffer(); }));
    }
    // Defined in src/rpc/provider_service_v5.cpp: the service is compiled there, once.
    ~provider_service_v5() override;
    grpc::Status PrepareProviderConfig(grpc::ServerContext*, const tfplugin5::PrepareProviderConfig_Request* req,
                                       tfplugin5::PrepareProviderConfig_Response* resp) override {
        return rpc_call("PrepareProviderConfig", req, [&] {
            resp->mutable_prepared_config()->CopyFrom(req->config()), validate_provider_config(e_, *req, *resp);
        });
    }
    grpc::Status ValidateResourceTypeConfig(grpc::ServerContext*,
                                            const tfplugin5::ValidateResourceTypeConfig_Request* req,
                                            tfplugin5::ValidateResourceTypeConfig_Response* resp) override {
        return rpc_call("ValidateResourceTypeConfig", req, [&] { validate_resource_config(e_, *req, *resp); });
    }
    grpc::Status ValidateDataSourceConfig(grpc::ServerContext*, const tfplugin5::ValidateDataSourceConfig_Request* req,
                                          tfplugin5::ValidateDataSourceConfig_Response* resp) override {
        return rpc_call("ValidateDataSourceConfig", req, [&] { validate_data_source_config(e_, *req, *resp); });
    }
    grpc::Status Configure(grpc::ServerContext*, const tfplugin5::Configure_Request* req,
                           tfplugin5::Configure_Response* resp) override {
        return rpc_call("Configure", req, [&] { configure_provider(e_, *req, *resp); });
    }
    grpc::Status Stop(grpc::ServerContext*, const tfplugin5::Stop_Request* req,
                      tfplugin5::Stop_Response* resp) override {
        return rpc_call("Stop", req, [&] { (void)req, (void)resp, e_.request_stop(); });
    }
    grpc::Status GetMetadata(grpc::ServerContext*, const tfplugin5::GetMetadataMsg_Request* req,
                             tfplugin5::GetMetadataMsg_Response* resp) override {
        return rpc_call("GetMetadata", req, [&] { (void)req, get_metadata(e_, *resp); });
    }
    grpc::Status UpgradeResourceState(grpc::ServerContext*, const tfplugin5::UpgradeResourceState_Request* req,
                                      tfplugin5::UpgradeResourceState_Response* resp) override {
        return rpc_call("UpgradeResourceState", req, [&] { upgrade_resource_state(e_, *req, *resp); });
    }
    grpc::Status GetResourceIdentitySchemas(grpc::ServerContext*,
                                            const tfplugin5::GetResourceIdentitySchemas_Request* req,
                                            tfplugin5::GetResourceIdentitySchemas_Response* resp) override {
        return rpc_call("GetResourceIdentitySchemas", req,
                        [&] { (void)req, get_resource_identity_schemas(e_, *resp); });
    }
    grpc::Status UpgradeResourceIdentity(grpc::ServerContext*, const tfplugin5::UpgradeResourceIdentity_Request* req,
                                         tfplugin5::UpgradeResourceIdentity_Response* resp) override {
        return rpc_call("UpgradeResourceIdentity", req, [&] { upgrade_resource_identity(e_, *req, *resp); });
    }
    grpc::Status ReadResource(grpc::ServerContext*, const tfplugin5::ReadResource_Request* req,
                              tfplugin5::ReadResource_Response* resp) override {
        return rpc_call("ReadResource", req, [&] { read_resource(e_, *req, *resp); });
    }
    grpc::Status PlanResourceChange(grpc::ServerContext*, const tfplugin5::PlanResourceChange_Request* req,
                                    tfplugin5::PlanResourceChange_Response* resp) override {
        return rpc_call("PlanResourceChange", req, [&] { plan_resource_change(e_, *req, *resp); });
    }
    grpc::Status ApplyResourceChange(grpc::ServerContext*, const tfplugin5::ApplyResourceChange_Request* req,
                                     tfplugin5::ApplyResourceChange_Response* resp) override {
        return rpc_call("ApplyResourceChange", req, [&] { apply_resource_change(e_, *req, *resp); });
    }
    grpc::Status ImportResourceState(grpc::ServerContext*, const tfplugin5::ImportResourceState_Request* req,
                                     tfplugin5::ImportResourceState_Response* resp) override {
        return rpc_call("ImportResourceState", req, [&] { import_resource_state(e_, *req, *resp); });
    }
    grpc::Status MoveResourceState(grpc::ServerContext*, const tfplugin5::MoveResourceState_Request* req,
                                   tfplugin5::MoveResourceState_Response* resp) override {
        return rpc_call("MoveResourceState", req, [&] { move_resource_state(e_, *req, *resp); });
    }
    grpc::Status ReadDataSource(grpc::ServerContext*, const tfplugin5::ReadDataSource_Request* req,
                                tfplugin5::ReadDataSource_Response* resp) override {
        return rpc_call("ReadDataSource", req, [&] { read_data_source(e_, *req, *resp); });
    }
    grpc::Status GenerateResourceConfig(grpc::ServerContext*, const tfplugin5::GenerateResourceConfig_Request* req,
                                        tfplugin5::GenerateResourceConfig_Response* resp) override {
        return rpc_call("GenerateResourceConfig", req, [&] { generate_resource_config(e_, *req, *resp); });
    }
    grpc::Status ValidateEphemeralResourceConfig(grpc::ServerContext*,
                                                 const tfplugin5::ValidateEphemeralResourceConfig_Request* req,
                                                 tfplugin5::ValidateEphemeralResourceConfig_Response* resp) override {
        return rpc_call("ValidateEphemeralResourceConfig", req,
                        [&] { validate_ephemeral_resource_config(e_, *req, *resp); });
    }
    grpc::Status OpenEphemeralResource(grpc::ServerContext*, const tfplugin5::OpenEphemeralResource_Request* req,
                                       tfplugin5::OpenEphemeralResource_Response* resp) override {
        return rpc_call("OpenEphemeralResource", req, [&] { open_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status RenewEphemeralResource(grpc::ServerContext*, const tfplugin5::RenewEphemeralResource_Request* req,
                                        tfplugin5::RenewEphemeralResource_Response* resp) override {
        return rpc_call("RenewEphemeralResource", req, [&] { renew_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status CloseEphemeralResource(grpc::ServerContext*, const tfplugin5::CloseEphemeralResource_Request* req,
                                        tfplugin5::CloseEphemeralResource_Response* resp) override {
        return rpc_call("CloseEphemeralResource", req, [&] { close_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status ValidateListResourceConfig(grpc::ServerContext*,
                                            const tfplugin5::ValidateListResourceConfig_Request* req,
                                            tfplugin5::ValidateListResourceConfig_Response* resp) override {
        return rpc_call("ValidateListResourceConfig", req, [&] { validate_list_resource_config(e_, *req, *resp); });
    }
    grpc::Status GetFunctions(grpc::ServerContext*, const tfplugin5::GetFunctions_Request*,
                              tfplugin5::GetFunctions_Response* resp) override {
        return rpc_call("GetFunctions", [&] { get_functions(e_, *resp); });
    }
    grpc::Status CallFunction(grpc::ServerContext*, const tfplugin5::CallFunction_Request* req,
                              tfplugin5::CallFunction_Response* resp) override {
        return rpc_call("CallFunction", req, [&] { call_function(e_, *req, *resp); });
    }
    grpc::Status PlanAction(grpc::ServerContext*, const tfplugin5::PlanAction_Request* req,
                            tfplugin5::PlanAction_Response* resp) override {
        return rpc_call("PlanAction", req, [&] { plan_action(e_, *req, *resp); });
    }
    grpc::Status ValidateActionConfig(grpc::ServerContext*, const tfplugin5::ValidateActionConfig_Request* req,
                                      tfplugin5::ValidateActionConfig_Response* resp) override {
        return rpc_call("ValidateActionConfig", req, [&] { validate_action_config(e_, *req, *resp); });
    }
    grpc::Status ListResource(grpc::ServerContext*, const tfplugin5::ListResource_Request* req,
                              grpc::ServerWriter<tfplugin5::ListResource_Event>* writer) override {
        return rpc_call("ListResource", req, [&] { list_resource<tfplugin5::ListResource_Event>(e_, *req, *writer); });
    }
    grpc::Status InvokeAction(grpc::ServerContext*, const tfplugin5::InvokeAction_Request* req,
                              grpc::ServerWriter<tfplugin5::InvokeAction_Event>* writer) override {
        return rpc_call("InvokeAction", req, [&] { invoke_action<tfplugin5::InvokeAction_Event>(e_, *req, *writer); });
    }

    // The serialized GetProviderSchema response (for tests and tools).
    const std::string& schema_response_bytes() {
        std::call_once(schema_once_, [this] {
            schema_bytes_ = serialized_schema_response<tfplugin5::GetProviderSchema_Response>(e_);
            grpc::Slice slice(schema_bytes_);
            schema_buffer_ = grpc::ByteBuffer(&slice, 1);
        });
        return schema_bytes_;
    }

private:
    const grpc::ByteBuffer& schema_buffer() {
        schema_response_bytes();
        return schema_buffer_;
    }

    std::once_flag schema_once_;
    std::string schema_bytes_;
    grpc::ByteBuffer schema_buffer_;

    provider_engine& e_;
};

// tfplugin5.Provisioner: a provider binary serves no provisioners; every call
// says so.
class provisioner_service_v5 final : public tfplugin5::Provisioner::Service {
public:
    grpc::Status GetSchema(grpc::ServerContext*, const tfplugin5::GetProvisionerSchema_Request*,
                           tfplugin5::GetProvisionerSchema_Response* resp) override {
        return rpc_call("Provisioner.GetSchema", [&] { answer_not_supported(*resp, "GetSchema", "provisioners"); });
    }
    grpc::Status ValidateProvisionerConfig(grpc::ServerContext*, const tfplugin5::ValidateProvisionerConfig_Request*,
                                           tfplugin5::ValidateProvisionerConfig_Response* resp) override {
        return rpc_call("ValidateProvisionerConfig",
                        [&] { answer_not_supported(*resp, "ValidateProvisionerConfig", "provisioners"); });
    }
    grpc::Status ProvisionResource(grpc::ServerContext*, const tfplugin5::ProvisionResource_Request*,
                                   grpc::ServerWriter<tfplugin5::ProvisionResource_Response>* writer) override {
        return rpc_call("ProvisionResource", [&] {
            tfplugin5::ProvisionResource_Response out;
            answer_not_supported(out, "ProvisionResource", "provisioners");
            writer->Write(out);
        });
    }
    grpc::Status Stop(grpc::ServerContext*, const tfplugin5::Stop_Request*, tfplugin5::Stop_Response*) override {
        return grpc::Status::OK;
    }
};

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/rpc/detail/provider_service_v5-inl.hpp>
#endif
