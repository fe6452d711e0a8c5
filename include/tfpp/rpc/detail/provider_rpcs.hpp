// The provider's own RPCs: metadata, schema, its configuration.
#pragma once

#include <tfpp/provider/detail/provider_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <string>

namespace tfpp::detail {

// What every tfpp provider offers, in GetMetadata and GetProviderSchema.
template <class Capabilities>
void set_capabilities(Capabilities& c) {
    c.set_plan_destroy(true);
    c.set_get_provider_schema_optional(true);
    c.set_move_resource_state(true);
    c.set_generate_resource_config(true);
}

template <class Response>
void get_metadata(provider_engine& e, Response& resp) {
    set_capabilities(*resp.mutable_server_capabilities());
    for (const auto& [name, r] : e.resources()) resp.add_resources()->set_type_name(std::string(name));
    for (const auto& [name, d] : e.data_sources()) resp.add_data_sources()->set_type_name(std::string(name));
    for (const auto& [name, f] : e.functions()) resp.add_functions()->set_name(std::string(name));
    for (const auto& [name, x] : e.ephemeral_resources())
        resp.add_ephemeral_resources()->set_type_name(std::string(name));
    for (const auto& [name, l] : e.list_resources()) resp.add_list_resources()->set_type_name(std::string(name));
    for (const auto& [name, a] : e.actions()) resp.add_actions()->set_type_name(std::string(name));
    if constexpr (requires { resp.add_state_stores(); })  // protocol 6 only
        for (const auto& [name, s] : e.state_stores()) resp.add_state_stores()->set_type_name(std::string(name));
}

template <class Response>
void get_provider_schema(provider_engine& e, Response& resp) {
    schema_to_proto(e.provider_schema(), *resp.mutable_provider());
    if (const block_schema* meta = e.provider_meta_schema()) schema_to_proto(*meta, *resp.mutable_provider_meta());
    for (const auto& [name, r] : e.resources())
        schema_to_proto(r->schema(), (*resp.mutable_resource_schemas())[std::string(name)]);
    for (const auto& [name, d] : e.data_sources())
        schema_to_proto(d->schema(), (*resp.mutable_data_source_schemas())[std::string(name)]);
    for (const auto& [name, x] : e.ephemeral_resources())
        schema_to_proto(x->schema(), (*resp.mutable_ephemeral_resource_schemas())[std::string(name)]);
    for (const auto& [name, l] : e.list_resources())
        schema_to_proto(l->schema(), (*resp.mutable_list_resource_schemas())[std::string(name)]);
    for (const auto& [name, a] : e.actions())
        schema_to_proto(a->schema(), *(*resp.mutable_action_schemas())[std::string(name)].mutable_schema());
    for (const auto& [name, f] : e.functions())
        function_to_proto(f->schema(), (*resp.mutable_functions())[std::string(name)]);
    if constexpr (requires { resp.mutable_state_store_schemas(); })
        for (const auto& [name, s] : e.state_stores())
            schema_to_proto(s->schema(), (*resp.mutable_state_store_schemas())[std::string(name)]);
    set_capabilities(*resp.mutable_server_capabilities());
}

// GetProviderSchema's answer, built and serialized once: every later call
// hands gRPC the same bytes.
template <class Response>
std::string serialized_schema_response(provider_engine& e) {
    Response resp;
    get_provider_schema(e, resp);
    std::string bytes;
    resp.SerializeToString(&bytes);
    return bytes;
}

template <class Response>
void get_resource_identity_schemas(provider_engine& e, Response& resp) {
    for (const auto& [name, r] : e.resources())
        if (const identity_schema* id = r->identity())
            identity_schema_to_proto(*id, (*resp.mutable_identity_schemas())[std::string(name)]);
}

template <class Request, class Response>
void validate_provider_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(run(e, validate_provider_config_request{sent(req.config())}), resp);
}

template <class Request, class Response>
void configure_provider(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(
        run(e, configure_provider_request{sent(req.config()), req.terraform_version(), deferral_allowed(req)}), resp);
}

}  // namespace tfpp::detail
