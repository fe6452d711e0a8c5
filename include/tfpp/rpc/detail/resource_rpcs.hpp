// The managed resource RPCs: each builds the engine's request from the
// message and writes its answer back (provider/detail/resource_requests.hpp).
#pragma once

#include <tfpp/provider/detail/resource_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <map>
#include <optional>
#include <string>

namespace tfpp::detail {

template <class Request, class Response>
void validate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(validate_config<kind::resource>(e, validate_request(req.type_name(), req)), resp);
}

template <class Request, class Response>
void upgrade_resource_state(provider_engine& e, const Request& req, Response& resp) {
    const auto& raw = req.raw_state();
    std::optional<std::map<std::string, std::string>> flatmap;
    if (raw.json().empty() && !raw.flatmap().empty()) flatmap.emplace(raw.flatmap().begin(), raw.flatmap().end());
    upgrade_resource_state_answer a =
        run(e, upgrade_resource_state_request{req.type_name(), req.version(), raw.json(), flatmap ? &*flatmap : nullptr});
    if (a.upgraded_state) resp.mutable_upgraded_state()->set_msgpack(std::move(*a.upgraded_state));
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void upgrade_resource_identity(provider_engine& e, const Request& req, Response& resp) {
    upgrade_resource_identity_answer a =
        run(e, upgrade_resource_identity_request{req.type_name(), req.version(), req.raw_identity().json()});
    put_identity(std::move(a.upgraded_identity), [&] { return resp.mutable_upgraded_identity(); });
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void read_resource(provider_engine& e, const Request& req, Response& resp) {
    read_resource_answer a = run(e, read_resource_request{req.type_name(), sent(req.current_state()), req.private_(),
                                                          sent_identity(req.has_current_identity(), req.current_identity()),
                                                          sent(req.provider_meta()), deferral_allowed(req)});
    if (a.current_stays) {
        resp.mutable_new_state()->CopyFrom(req.current_state());
        resp.set_private_(req.private_());
        if (req.has_current_identity()) resp.mutable_new_identity()->CopyFrom(req.current_identity());
    }
    put_identity(std::move(a.new_identity), [&] { return resp.mutable_new_identity(); });
    if (a.new_state) resp.mutable_new_state()->set_msgpack(std::move(*a.new_state));
    if (a.private_state) resp.set_private_(std::move(*a.private_state));
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void plan_resource_change(provider_engine& e, const Request& req, Response& resp) {
    plan_resource_change_answer a =
        run(e, plan_resource_change_request{req.type_name(), sent(req.prior_state()), sent(req.proposed_new_state()),
                                            sent(req.config()),
                                            sent_identity(req.has_prior_identity(), req.prior_identity()),
                                            req.prior_private(), planned_private(req), keeps_planned_private(req),
                                            sent(req.provider_meta()), deferral_allowed(req)});
    if (a.planned_state) {
        put_identity(std::move(a.planned_identity), [&] { return resp.mutable_planned_identity(); });
        resp.mutable_planned_state()->set_msgpack(std::move(*a.planned_state));
        for (const auto& path : a.requires_replace) path_to_proto(path, *resp.add_requires_replace());
        resp.set_planned_private(std::move(a.planned_private));
    }
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void apply_resource_change(provider_engine& e, const Request& req, Response& resp) {
    apply_resource_change_answer a =
        run(e, apply_resource_change_request{req.type_name(), sent(req.prior_state()), sent(req.planned_state()),
                                             sent(req.config()), req.planned_private(),
                                             sent_identity(req.has_planned_identity(), req.planned_identity()),
                                             sent(req.provider_meta())});
    if (a.prior_stays) resp.mutable_new_state()->CopyFrom(req.prior_state());
    put_identity(std::move(a.new_identity), [&] { return resp.mutable_new_identity(); });
    if (a.new_state) resp.mutable_new_state()->set_msgpack(std::move(*a.new_state));
    if (a.private_state) resp.set_private_(std::move(*a.private_state));
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void import_resource_state(provider_engine& e, const Request& req, Response& resp) {
    import_resource_state_answer a =
        run(e, import_resource_state_request{req.type_name(), req.id(), sent_identity(req.has_identity(), req.identity()),
                                             deferral_allowed(req)});
    if (a.imported) {
        auto* imported = resp.add_imported_resources();
        imported->set_type_name(req.type_name());
        put_identity(std::move(a.imported->identity), [&] { return imported->mutable_identity(); });
        imported->mutable_state()->set_msgpack(std::move(a.imported->state));
        imported->set_private_(std::move(a.imported->private_state));
    }
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void move_resource_state(provider_engine& e, const Request& req, Response& resp) {
    move_resource_state_answer a =
        run(e, move_resource_state_request{req.target_type_name(),
                                           moved_state{req.source_provider_address(), req.source_type_name(),
                                                       req.source_schema_version(), req.source_state().json(),
                                                       req.source_private()}});
    if (a.target_state) {
        put_identity(std::move(a.target_identity), [&] { return resp.mutable_target_identity(); });
        resp.mutable_target_state()->set_msgpack(std::move(*a.target_state));
        resp.set_target_private(std::move(a.target_private));
    }
    answer_to_proto(a, resp);
}

template <class Request, class Response>
void generate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    generate_resource_config_answer a = run(e, generate_resource_config_request{req.type_name(), sent(req.state())});
    if (a.config) resp.mutable_config()->set_msgpack(std::move(*a.config));
    answer_to_proto(a, resp);
}

}  // namespace tfpp::detail
