// tfplugin6.Provider: protocol 6, every RPC of 6.11 answered. Generated code
// names the GetMetadata wrapper GetMetadataMsg (see proto/tfplugin6.proto).
#pragma once

#include <tfpp/rpc/detail/call.hpp>
#include <tfpp/rpc/detail/handlers.hpp>

#include <tfplugin6.grpc.pb.h>

#include <mutex>
#include <string>

namespace tfpp::detail {

class provider_service_v6 final : public tfplugin6::Provider::Service {
public:
    // GetProviderSchema is answered from bytes serialized once. 1 is its position in
    // the proto's service, which the generated code numbers methods by (the
    // serve tests would see any other method answer with the schema).
    explicit provider_service_v6(provider_engine& e) : e_(e) {
        MarkMethodStreamed(
            1, raw_unary_handler("GetProviderSchema", [this]() -> const grpc::ByteBuffer& { return schema_buffer(); }));
    }
    // Defined in src/rpc/provider_service_v6.cpp: the service is compiled there, once.
    ~provider_service_v6() override;
    grpc::Status ValidateProviderConfig(grpc::ServerContext*, const tfplugin6::ValidateProviderConfig_Request* req,
                                        tfplugin6::ValidateProviderConfig_Response* resp) override {
        return rpc_call("ValidateProviderConfig", req, [&] { validate_provider_config(e_, *req, *resp); });
    }
    grpc::Status ValidateResourceConfig(grpc::ServerContext*, const tfplugin6::ValidateResourceConfig_Request* req,
                                        tfplugin6::ValidateResourceConfig_Response* resp) override {
        return rpc_call("ValidateResourceConfig", req, [&] { validate_resource_config(e_, *req, *resp); });
    }
    grpc::Status ValidateDataResourceConfig(grpc::ServerContext*,
                                            const tfplugin6::ValidateDataResourceConfig_Request* req,
                                            tfplugin6::ValidateDataResourceConfig_Response* resp) override {
        return rpc_call("ValidateDataResourceConfig", req, [&] { validate_data_source_config(e_, *req, *resp); });
    }
    grpc::Status ConfigureProvider(grpc::ServerContext*, const tfplugin6::ConfigureProvider_Request* req,
                                   tfplugin6::ConfigureProvider_Response* resp) override {
        return rpc_call("ConfigureProvider", req, [&] { configure_provider(e_, *req, *resp); });
    }
    grpc::Status StopProvider(grpc::ServerContext*, const tfplugin6::StopProvider_Request* req,
                              tfplugin6::StopProvider_Response* resp) override {
        return rpc_call("StopProvider", req, [&] { (void)req, (void)resp, e_.request_stop(); });
    }
    grpc::Status ValidateStateStoreConfig(grpc::ServerContext*, const tfplugin6::ValidateStateStore_Request* req,
                                          tfplugin6::ValidateStateStore_Response* resp) override {
        return rpc_call("ValidateStateStoreConfig", req, [&] { validate_state_store_config(e_, *req, *resp); });
    }
    grpc::Status ConfigureStateStore(grpc::ServerContext*, const tfplugin6::ConfigureStateStore_Request* req,
                                     tfplugin6::ConfigureStateStore_Response* resp) override {
        return rpc_call("ConfigureStateStore", req, [&] { configure_state_store(e_, *req, *resp); });
    }
    grpc::Status LockState(grpc::ServerContext*, const tfplugin6::LockState_Request* req,
                           tfplugin6::LockState_Response* resp) override {
        return rpc_call("LockState", req, [&] { lock_state(e_, *req, *resp); });
    }
    grpc::Status UnlockState(grpc::ServerContext*, const tfplugin6::UnlockState_Request* req,
                             tfplugin6::UnlockState_Response* resp) override {
        return rpc_call("UnlockState", req, [&] { unlock_state(e_, *req, *resp); });
    }
    grpc::Status GetStates(grpc::ServerContext*, const tfplugin6::GetStates_Request* req,
                           tfplugin6::GetStates_Response* resp) override {
        return rpc_call("GetStates", req, [&] { get_states(e_, *req, *resp); });
    }
    grpc::Status DeleteState(grpc::ServerContext*, const tfplugin6::DeleteState_Request* req,
                             tfplugin6::DeleteState_Response* resp) override {
        return rpc_call("DeleteState", req, [&] { delete_state(e_, *req, *resp); });
    }
    grpc::Status GetMetadata(grpc::ServerContext*, const tfplugin6::GetMetadataMsg_Request* req,
                             tfplugin6::GetMetadataMsg_Response* resp) override {
        return rpc_call("GetMetadata", req, [&] { (void)req, get_metadata(e_, *resp); });
    }
    grpc::Status UpgradeResourceState(grpc::ServerContext*, const tfplugin6::UpgradeResourceState_Request* req,
                                      tfplugin6::UpgradeResourceState_Response* resp) override {
        return rpc_call("UpgradeResourceState", req, [&] { upgrade_resource_state(e_, *req, *resp); });
    }
    grpc::Status GetResourceIdentitySchemas(grpc::ServerContext*,
                                            const tfplugin6::GetResourceIdentitySchemas_Request* req,
                                            tfplugin6::GetResourceIdentitySchemas_Response* resp) override {
        return rpc_call("GetResourceIdentitySchemas", req,
                        [&] { (void)req, get_resource_identity_schemas(e_, *resp); });
    }
    grpc::Status UpgradeResourceIdentity(grpc::ServerContext*, const tfplugin6::UpgradeResourceIdentity_Request* req,
                                         tfplugin6::UpgradeResourceIdentity_Response* resp) override {
        return rpc_call("UpgradeResourceIdentity", req, [&] { upgrade_resource_identity(e_, *req, *resp); });
    }
    grpc::Status ReadResource(grpc::ServerContext*, const tfplugin6::ReadResource_Request* req,
                              tfplugin6::ReadResource_Response* resp) override {
        return rpc_call("ReadResource", req, [&] { read_resource(e_, *req, *resp); });
    }
    grpc::Status PlanResourceChange(grpc::ServerContext*, const tfplugin6::PlanResourceChange_Request* req,
                                    tfplugin6::PlanResourceChange_Response* resp) override {
        return rpc_call("PlanResourceChange", req, [&] { plan_resource_change(e_, *req, *resp); });
    }
    grpc::Status ApplyResourceChange(grpc::ServerContext*, const tfplugin6::ApplyResourceChange_Request* req,
                                     tfplugin6::ApplyResourceChange_Response* resp) override {
        return rpc_call("ApplyResourceChange", req, [&] { apply_resource_change(e_, *req, *resp); });
    }
    grpc::Status ImportResourceState(grpc::ServerContext*, const tfplugin6::ImportResourceState_Request* req,
                                     tfplugin6::ImportResourceState_Response* resp) override {
        return rpc_call("ImportResourceState", req, [&] { import_resource_state(e_, *req, *resp); });
    }
    grpc::Status MoveResourceState(grpc::ServerContext*, const tfplugin6::MoveResourceState_Request* req,
                                   tfplugin6::MoveResourceState_Response* resp) override {
        return rpc_call("MoveResourceState", req, [&] { move_resource_state(e_, *req, *resp); });
    }
    grpc::Status ReadDataSource(grpc::ServerContext*, const tfplugin6::ReadDataSource_Request* req,
                                tfplugin6::ReadDataSource_Response* resp) override {
        return rpc_call("ReadDataSource", req, [&] { read_data_source(e_, *req, *resp); });
    }
    grpc::Status GenerateResourceConfig(grpc::ServerContext*, const tfplugin6::GenerateResourceConfig_Request* req,
                                        tfplugin6::GenerateResourceConfig_Response* resp) override {
        return rpc_call("GenerateResourceConfig", req, [&] { generate_resource_config(e_, *req, *resp); });
    }
    grpc::Status ValidateEphemeralResourceConfig(grpc::ServerContext*,
                                                 const tfplugin6::ValidateEphemeralResourceConfig_Request* req,
                                                 tfplugin6::ValidateEphemeralResourceConfig_Response* resp) override {
        return rpc_call("ValidateEphemeralResourceConfig", req,
                        [&] { validate_ephemeral_resource_config(e_, *req, *resp); });
    }
    grpc::Status OpenEphemeralResource(grpc::ServerContext*, const tfplugin6::OpenEphemeralResource_Request* req,
                                       tfplugin6::OpenEphemeralResource_Response* resp) override {
        return rpc_call("OpenEphemeralResource", req, [&] { open_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status RenewEphemeralResource(grpc::ServerContext*, const tfplugin6::RenewEphemeralResource_Request* req,
                                        tfplugin6::RenewEphemeralResource_Response* resp) override {
        return rpc_call("RenewEphemeralResource", req, [&] { renew_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status CloseEphemeralResource(grpc::ServerContext*, const tfplugin6::CloseEphemeralResource_Request* req,
                                        tfplugin6::CloseEphemeralResource_Response* resp) override {
        return rpc_call("CloseEphemeralResource", req, [&] { close_ephemeral_resource(e_, *req, *resp); });
    }
    grpc::Status ValidateListResourceConfig(grpc::ServerContext*,
                                            const tfplugin6::ValidateListResourceConfig_Request* req,
                                            tfplugin6::ValidateListResourceConfig_Response* resp) override {
        return rpc_call("ValidateListResourceConfig", req, [&] { validate_list_resource_config(e_, *req, *resp); });
    }
    grpc::Status GetFunctions(grpc::ServerContext*, const tfplugin6::GetFunctions_Request*,
                              tfplugin6::GetFunctions_Response* resp) override {
        return rpc_call("GetFunctions", [&] { get_functions(e_, *resp); });
    }
    grpc::Status CallFunction(grpc::ServerContext*, const tfplugin6::CallFunction_Request* req,
                              tfplugin6::CallFunction_Response* resp) override {
        return rpc_call("CallFunction", req, [&] { call_function(e_, *req, *resp); });
    }
    grpc::Status PlanAction(grpc::ServerContext*, const tfplugin6::PlanAction_Request* req,
                            tfplugin6::PlanAction_Response* resp) override {
        return rpc_call("PlanAction", req, [&] { plan_action(e_, *req, *resp); });
    }
    grpc::Status ValidateActionConfig(grpc::ServerContext*, const tfplugin6::ValidateActionConfig_Request* req,
                                      tfplugin6::ValidateActionConfig_Response* resp) override {
        return rpc_call("ValidateActionConfig", req, [&] { validate_action_config(e_, *req, *resp); });
    }
    grpc::Status ListResource(grpc::ServerContext*, const tfplugin6::ListResource_Request* req,
                              grpc::ServerWriter<tfplugin6::ListResource_Event>* writer) override {
        return rpc_call("ListResource", req, [&] { list_resource<tfplugin6::ListResource_Event>(e_, *req, *writer); });
    }
    grpc::Status InvokeAction(grpc::ServerContext*, const tfplugin6::InvokeAction_Request* req,
                              grpc::ServerWriter<tfplugin6::InvokeAction_Event>* writer) override {
        return rpc_call("InvokeAction", req, [&] { invoke_action<tfplugin6::InvokeAction_Event>(e_, *req, *writer); });
    }
    grpc::Status ReadStateBytes(grpc::ServerContext*, const tfplugin6::ReadStateBytes_Request* req,
                                grpc::ServerWriter<tfplugin6::ReadStateBytes_Response>* writer) override {
        return rpc_call("ReadStateBytes", req,
                        [&] { read_state_bytes<tfplugin6::ReadStateBytes_Response>(e_, *req, *writer); });
    }
    grpc::Status WriteStateBytes(grpc::ServerContext*,
                                 grpc::ServerReader<tfplugin6::WriteStateBytes_RequestChunk>* reader,
                                 tfplugin6::WriteStateBytes_Response* resp) override {
        return rpc_call("WriteStateBytes",
                        [&] { write_state_bytes<tfplugin6::WriteStateBytes_RequestChunk>(e_, *reader, *resp); });
    }

    // The serialized GetProviderSchema response (for tests and tools).
    const std::string& schema_response_bytes() {
        std::call_once(schema_once_, [this] {
            schema_bytes_ = serialized_schema_response<tfplugin6::GetProviderSchema_Response>(e_);
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

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/rpc/detail/provider_service_v6-inl.hpp>
#endif
