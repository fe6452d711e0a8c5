// One function per provider RPC, shared by protocol 5 and 6: each turns the
// request into engine calls and the results into the response.
#pragma once

#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/rpc/detail/convert.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

inline std::string unknown_type_detail(std::string_view kind, std::string_view name) {
    return "this provider has no " + std::string(kind) + " named \"" + std::string(name) + "\"";
}

// The answer to an RPC for a feature tfpp does not offer yet: an error the
// user can read, never a silent success or a bare UNIMPLEMENTED status.
inline diagnostics not_supported(std::string_view rpc, std::string_view what) {
    diagnostics d;
    d.error("Unsupported provider operation",
            std::string(rpc) + ": " + std::string(what) + " is not supported by this provider (built with tfpp).");
    return d;
}

// Whether the client accepts deferred answers (Terraform 1.9+ with -allow-deferral).
template <class Request>
bool deferral_allowed(const Request& req) {
    if constexpr (requires { req.client_capabilities().deferral_allowed(); })
        return req.client_capabilities().deferral_allowed();
    else return false;
}

// Whether the client accepts write-only attributes (Terraform and OpenTofu 1.11+).
template <class Request>
bool write_only_allowed(const Request& req) {
    return req.client_capabilities().write_only_attributes_allowed();
}

template <class Response>
void deferred_to_proto(const context& ctx, Response& resp) {
    if constexpr (requires { resp.mutable_deferred(); }) {
        if (const auto why = ctx.deferred()) {
            using reason = decltype(resp.deferred().reason());
            resp.mutable_deferred()->set_reason(static_cast<reason>(static_cast<int>(*why)));
        }
    }
}

// After configure() deferred, every read, plan, import and open is deferred
// for its reason without calling the handler (true); ctx carries the reason,
// or an error for a request that does not allow deferral.
inline bool deferred_by_provider(const provider_engine& e, context& ctx) {
    const std::optional<deferral_reason> why = e.provider_deferred();
    if (!why) return false;
    ctx.defer(*why,
              "the provider's configuration was deferred to a later run, and this request does not allow "
              "deferral");
    return true;
}

// The msgpack of an identity the request carries; empty when it has none.
template <class IdentityData>
std::string_view sent_identity(bool has, const IdentityData& id) {
    return has ? std::string_view(id.identity_data().msgpack()) : std::string_view{};
}
// Sets the identity field that `field()` makes, when there is an identity.
template <class Field>
void put_identity(std::optional<std::string> id, Field&& field) {
    if (id) field()->mutable_identity_data()->set_msgpack(std::move(*id));
}

// Before a handler acts on a configuration (PlanAction, InvokeAction,
// ListResource): the checks of its Validate RPC once more, since a client
// need not have made that call and the handler relies on them. Their
// warnings were Validate's to give; only a failure is reported here.
template <class Handler>
bool validated_again(const provider_engine& e, Handler& h, std::string_view config, context& ctx) {
    context check = e.make_context();
    h.validate(config, check);
    if (!check.has_errors()) return true;
    ctx.diagnostics().append(check.diagnostics());
    return false;
}

// A list block's own arguments next to its `config` block: Terraform sends
// them as values of their types (bool, number); anything else is refused.
template <class Request>
void check_list_arguments(const Request& req, context& ctx) {
    if (req.has_include_resource_object())
        check_request_value(req.include_resource_object().msgpack(), type::boolean(), "include_resource",
                            unknowns::allowed, attribute_path("include_resource"), ctx);
    if (req.has_limit())
        check_request_value(req.limit().msgpack(), type::number(), "limit", unknowns::allowed, attribute_path("limit"),
                            ctx);
}

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

template <class Response>
void get_functions(provider_engine& e, Response& resp) {
    for (const auto& [name, f] : e.functions())
        function_to_proto(f->schema(), (*resp.mutable_functions())[std::string(name)]);
}

// CallFunction runs on a provider that may never have been configured; it
// takes no lock, since it touches neither the configuration nor resources.
template <class Request, class Response>
void call_function(provider_engine& e, const Request& req, Response& resp) {
    function_handler* f = e.function(req.name());
    if (!f) {
        function_error_to_proto(unknown_type_detail("function", req.name()), std::nullopt, *resp.mutable_error());
        return;
    }
    const function_schema& s = f->schema();
    std::vector<std::string_view> arguments;
    std::deque<std::string> owned;  // arguments that arrived as JSON, re-encoded
    for (int i = 0; i < req.arguments_size(); ++i) {
        const auto& v = req.arguments(i);
        if (!v.msgpack().empty() || v.json().empty()) {
            arguments.push_back(v.msgpack());
            continue;
        }
        const std::size_t at = static_cast<std::size_t>(i);
        const function_parameter_schema* p = at < s.parameters.size() ? &s.parameters[at]
                                             : s.variadic             ? &*s.variadic
                                                                      : nullptr;
        dynamic value;
        diagnostics d;
        if (!p || !decode_json(v.json(), p->type, value, d)) {
            function_error_to_proto(
                p ? "the argument (JSON) is not a value of its type" : "more arguments than the function takes", i,
                *resp.mutable_error());
            return;
        }
        arguments.push_back(owned.emplace_back(to_msgpack(value, p->type)));
    }
    context ctx = e.make_context();
    function_error error;
    if (auto result = f->call(arguments, ctx, error)) {
        resp.mutable_result()->set_msgpack(std::move(*result));
        return;
    }
    function_error_to_proto(error.text, error.argument, *resp.mutable_error());
}

template <class Request, class Response>
void validate_ephemeral_resource_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* x = e.ephemeral_resource(req.type_name());
    if (x) {
        request_values values(x->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) x->validate(config, ctx);
    } else {
        ctx.error("Unknown ephemeral resource type", unknown_type_detail("ephemeral resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Response>
void renew_at_to_proto(const context& ctx, Response& resp) {
    if (const auto when = ctx.renew_at()) {
        const auto since_epoch = when->time_since_epoch();
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
        resp.mutable_renew_at()->set_seconds(seconds.count());
        resp.mutable_renew_at()->set_nanos(static_cast<std::int32_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch - seconds).count()));
    }
}

template <class Request, class Response>
void open_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    auto* x = e.ephemeral_resource(req.type_name());
    if (x) {
        request_values values(x->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors() && deferred_by_provider(e, ctx)) {
            if (auto result = e.deferred_result(x->schema(), config, ctx))
                resp.mutable_result()->set_msgpack(std::move(*result));
            deferred_to_proto(ctx, resp);
        } else if (!ctx.has_errors()) {
            if (auto result = x->open(config, ctx)) resp.mutable_result()->set_msgpack(std::move(*result));
            if (!ctx.private_state().empty()) resp.set_private_(std::string(ctx.private_state()));
            renew_at_to_proto(ctx, resp);
            deferred_to_proto(ctx, resp);
        }
    } else {
        ctx.error("Unknown ephemeral resource type", unknown_type_detail("ephemeral resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Request, class Response>
void renew_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* x = e.ephemeral_resource(req.type_name());
    if (x) {
        ctx.set_private_state(req.private_());
        x->renew(ctx);
        if (!ctx.private_state().empty()) resp.set_private_(std::string(ctx.private_state()));
        renew_at_to_proto(ctx, resp);
    } else {
        ctx.error("Unknown ephemeral resource type", unknown_type_detail("ephemeral resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Request, class Response>
void close_ephemeral_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* x = e.ephemeral_resource(req.type_name());
    if (x) {
        ctx.set_private_state(req.private_());
        x->close(ctx);
    } else {
        ctx.error("Unknown ephemeral resource type", unknown_type_detail("ephemeral resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), x ? &x->schema() : nullptr);
}

template <class Request, class Response>
void validate_list_resource_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    list_handler* l = e.list_resource(req.type_name());
    if (l) {
        request_values values(l->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::allowed);
        if (!ctx.has_errors()) l->validate(config, ctx);
    } else {
        ctx.error("Unknown list resource type", unknown_type_detail("list resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), l ? &l->schema() : nullptr, "config");
    context arguments = e.make_context();  // the list block's own, beside `config`: no prefix
    check_list_arguments(req, arguments);
    diagnostics_to_proto(arguments.diagnostics(), resp.mutable_diagnostics());
}

// ListResource: each result is written to the stream as the handler pushes
// it; the diagnostics, if any, follow in one last event.
template <class Event, class Request, class Writer>
void list_resource(provider_engine& e, const Request& req, Writer& writer) {
    struct event_sink final : list_sink {
        Writer& writer;
        const resource_handler* listed;  // the resource type listed, for the types of what is sent
        context& ctx;
        event_sink(Writer& w, const resource_handler* r, context& c) : writer(w), listed(r), ctx(c) {}
        bool send(std::string identity, std::string display_name, std::optional<std::string> object) override {
            Event ev;
            ev.mutable_identity()->mutable_identity_data()->set_msgpack(std::move(identity));
            ev.set_display_name(to_valid_utf8(std::move(display_name)));
            if (object) ev.mutable_resource_object()->set_msgpack(std::move(*object));
            return writer.Write(ev);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    list_handler* l = e.list_resource(req.type_name());
    if (l) {
        request_values values(l->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::refused);
        event_sink sink(writer, e.resource(req.type_name()), ctx);
        if (!ctx.has_errors() && validated_again(e, *l, config, ctx))
            l->list(config, req.include_resource_object(), req.limit(), sink, ctx);
    } else {
        ctx.error("Unknown list resource type", unknown_type_detail("list resource type", req.type_name()));
    }
    if (ctx.diagnostics().empty()) return;
    Event last;
    diagnostics_to_proto(ctx.diagnostics(), last.mutable_diagnostic(), l ? &l->schema() : nullptr, "config");
    writer.Write(last);
}

template <class Request, class Response>
void validate_action_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    action_handler* a = e.action(req.type_name());
    if (a) {
        request_values values(a->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::allowed);
        if (!ctx.has_errors()) a->validate(config, ctx);
    } else {
        ctx.error("Unknown action type", unknown_type_detail("action type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), a ? &a->schema() : nullptr);
}

// PlanAction: the action's plan hook, before the apply that invokes it.
template <class Request, class Response>
void plan_action(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    action_handler* a = e.action(req.action_type());
    if (a) {
        request_values values(a->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::allowed);
        if (!ctx.has_errors() && validated_again(e, *a, config, ctx) && !deferred_by_provider(e, ctx))
            a->plan(config, ctx);
    } else {
        ctx.error("Unknown action type", unknown_type_detail("action type", req.action_type()));
    }
    deferred_to_proto(ctx, resp);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), a ? &a->schema() : nullptr);
}

// InvokeAction: each progress message is written to the stream as the
// handler reports it; the completed event, with the diagnostics, ends it.
template <class Event, class Request, class Writer>
void invoke_action(provider_engine& e, const Request& req, Writer& writer) {
    struct event_sink final : action_sink {
        Writer& writer;
        explicit event_sink(Writer& w) : writer(w) {}
        bool send(std::string message) override {
            Event ev;
            ev.mutable_progress()->set_message(to_valid_utf8(std::move(message)));
            return writer.Write(ev);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    action_handler* a = e.action(req.action_type());
    if (a) {
        request_values values(a->schema(), ctx);
        std::string_view config = values.checked(req.config(), "configuration", unknowns::refused);
        event_sink sink(writer);
        if (!ctx.has_errors() && validated_again(e, *a, config, ctx)) a->invoke(config, sink, ctx);
    } else {
        ctx.error("Unknown action type", unknown_type_detail("action type", req.action_type()));
    }
    Event last;
    diagnostics_to_proto(ctx.diagnostics(), last.mutable_completed()->mutable_diagnostics(),
                         a ? &a->schema() : nullptr);
    writer.Write(last);
}

// --- state stores (protocol 6)

// The state store a request names, or an error in ctx.
inline state_store_handler* find_state_store(provider_engine& e, std::string_view name, context& ctx) {
    state_store_handler* s = e.state_store(name);
    if (!s) ctx.error("Unknown state store type", unknown_type_detail("state store", name));
    return s;
}

template <class Request, class Response>
void validate_state_store_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    state_store_handler* s = find_state_store(e, req.type_name(), ctx);
    if (s) {
        request_values values(s->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) s->validate(config, ctx);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), s ? &s->schema() : nullptr);
}

// ConfigureStateStore runs alone, as ConfigureProvider does, and agrees on
// the chunk size every later read and write uses.
template <class Request, class Response>
void configure_state_store(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.exclusive();
    context ctx = e.make_context();
    state_store_handler* s = find_state_store(e, req.type_name(), ctx);
    if (s) {
        request_values values(s->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors())
            if (auto size = s->configure(config, req.capabilities().chunk_size(), ctx))
                resp.mutable_capabilities()->set_chunk_size(static_cast<std::int64_t>(*size));
    }
    resp.mutable_capabilities();  // present even after an error: Terraform 1.16 reads it before the diagnostics
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), s ? &s->schema() : nullptr);
}

// ReadStateBytes: chunks go out as read() fills them; the last one carries
// the diagnostics (Terraform stops at the first chunk with an error).
template <class Chunk, class Request, class Writer>
void read_state_bytes(provider_engine& e, const Request& req, Writer& writer) {
    struct chunk_writer final : state_chunk_sink {
        Writer& writer;
        chunk_writer(Writer& w, std::uint64_t size) : state_chunk_sink(size), writer(w) {}
        bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start, const diagnostics* last) override {
            Chunk chunk;
            chunk.set_bytes(std::string(bytes));
            chunk.set_total_length(static_cast<std::int64_t>(total));
            chunk.mutable_range()->set_start(static_cast<std::int64_t>(start));
            chunk.mutable_range()->set_end(static_cast<std::int64_t>(start + bytes.size()) - 1);
            if (last) diagnostics_to_proto(*last, chunk.mutable_diagnostics());
            return writer.Write(chunk);
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    state_store_handler* s = find_state_store(e, req.type_name(), ctx);
    if (s && s->configured(ctx)) {
        chunk_writer to(writer, s->chunk_size());
        s->read(req.state_id(), to, ctx);
        to.finish(ctx.diagnostics());
        return;
    }
    Chunk failed;
    failed.set_total_length(0);
    failed.mutable_range()->set_end(-1);
    diagnostics_to_proto(ctx.diagnostics(), failed.mutable_diagnostics());
    writer.Write(failed);
}

// WriteStateBytes: the first chunk names the store and the state; write()
// then pulls the rest from the stream as it arrives.
template <class Chunk, class Reader, class Response>
void write_state_bytes(provider_engine& e, Reader& reader, Response& resp) {
    struct chunk_reader final : state_chunk_source {
        Reader& reader;
        chunk_reader(Reader& r, state_chunk first, std::uint64_t size, context& ctx)
            : state_chunk_source(std::move(first), size, ctx), reader(r) {}
        bool receive(state_chunk& into) override {
            Chunk chunk;
            if (!reader.Read(&chunk)) return false;
            into = {std::move(*chunk.mutable_bytes()), chunk.total_length(), chunk.range().start(),
                    chunk.range().end()};
            return true;
        }
    };
    auto lock = e.shared();
    context ctx = e.make_context();
    Chunk first;
    state_store_handler* s = nullptr;
    if (!reader.Read(&first)) {
        ctx.error("Malformed state upload", "Terraform sent no chunk of the state; nothing was stored.");
    } else if (!first.has_meta()) {
        ctx.error("Malformed state upload", "The first chunk names no state store; nothing was stored.");
    } else if ((s = find_state_store(e, first.meta().type_name(), ctx)) && s->configured(ctx)) {
        const std::string state_id = first.meta().state_id();
        chunk_reader from(
            reader,
            {std::move(*first.mutable_bytes()), first.total_length(), first.range().start(), first.range().end()},
            s->chunk_size(), ctx);
        s->write(state_id, from, ctx);
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

// LockState, UnlockState, GetStates and DeleteState: `call` runs on the
// store the request names, once it is configured.
template <class Response, class F>
void on_configured_store(provider_engine& e, std::string_view type_name, Response& resp, F&& call) {
    auto lock = e.shared();
    context ctx = e.make_context();
    if (state_store_handler* s = find_state_store(e, type_name, ctx); s && s->configured(ctx)) call(*s, ctx);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

template <class Request, class Response>
void lock_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp, [&](state_store_handler& s, context& ctx) {
        resp.set_lock_id(to_valid_utf8(s.lock(req.state_id(), req.operation(), ctx)));
    });
}

template <class Request, class Response>
void unlock_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp,
                        [&](state_store_handler& s, context& ctx) { s.unlock(req.state_id(), req.lock_id(), ctx); });
}

template <class Request, class Response>
void get_states(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp, [&](state_store_handler& s, context& ctx) {
        for (std::string& name : s.states(ctx)) resp.add_state_id(to_valid_utf8(std::move(name)));
    });
}

template <class Request, class Response>
void delete_state(provider_engine& e, const Request& req, Response& resp) {
    on_configured_store(e, req.type_name(), resp,
                        [&](state_store_handler& s, context& ctx) { s.delete_state(req.state_id(), ctx); });
}

template <class Request, class Response>
void validate_provider_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    request_values values(e.provider_schema(), ctx);
    std::string_view config = values(req.config(), "provider configuration");
    if (!ctx.has_errors()) e.validate_provider_config(config, ctx);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), &e.provider_schema());
}

template <class Request, class Response>
void validate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.resource(req.type_name());
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) r->validate(config, ctx, write_only_allowed(req));
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void validate_data_source_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* d = e.data_source(req.type_name());
    if (d) {
        request_values values(d->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) d->validate(config, ctx);
    } else {
        ctx.error("Unknown data source", unknown_type_detail("data source", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), d ? &d->schema() : nullptr);
}

template <class Request, class Response>
void configure_provider(provider_engine& e, const Request& req, Response& resp) {
    context ctx = e.make_context(deferral_allowed(req));
    request_values values(e.provider_schema(), ctx);
    std::string_view config = values(req.config(), "provider configuration");
    if (!ctx.has_errors()) e.configure(config, req.terraform_version(), ctx);
    deferred_to_proto(ctx, resp);
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), &e.provider_schema());
}

template <class Request, class Response>
void upgrade_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.resource(req.type_name());
    if (r) {
        const auto& raw = req.raw_state();
        std::optional<std::map<std::string, std::string>> flatmap;
        if (raw.json().empty() && !raw.flatmap().empty()) flatmap.emplace(raw.flatmap().begin(), raw.flatmap().end());
        if (auto state = r->upgrade(req.version(), raw.json(), flatmap ? &*flatmap : nullptr, ctx))
            resp.mutable_upgraded_state()->set_msgpack(std::move(*state));
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void upgrade_resource_identity(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.resource(req.type_name());
    if (r) {
        std::optional<std::string> id = r->upgrade_identity(req.version(), req.raw_identity().json(), ctx);
        if (!ctx.has_errors()) put_identity(std::move(id), [&] { return resp.mutable_upgraded_identity(); });
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics());
}

// The calling module's provider_meta values, for this call's handlers.
template <class Request>
void take_provider_meta(provider_engine& e, const Request& req, context& ctx) {
    if (const block_schema* meta = e.provider_meta_schema()) {
        request_values values(*meta, ctx);
        std::string_view bytes = values(req.provider_meta(), "provider_meta");
        if (!ctx.has_errors()) e.attach_provider_meta(bytes, ctx);
    }
}

template <class Request, class Response>
void read_resource(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* r = e.resource(req.type_name());
    if (r) {
        request_values values(r->schema(), ctx);
        const std::size_t before = ctx.diagnostics().size();  // provider_meta's may be there
        std::string_view current = values.checked(req.current_state(), "current state", unknowns::refused);
        const bool state_checked = ctx.diagnostics().size() == before;
        ctx.set_private_state(req.private_());
        const std::string_view current_identity = sent_identity(req.has_current_identity(), req.current_identity());
        if (!state_checked) {
            // an undecodable state does not go back: Terraform keeps the one it has
        } else if (ctx.has_errors() || deferred_by_provider(e, ctx)) {
            resp.mutable_new_state()->CopyFrom(req.current_state());
            resp.set_private_(req.private_());
            if (req.has_current_identity()) resp.mutable_new_identity()->CopyFrom(req.current_identity());
            deferred_to_proto(ctx, resp);
        } else {
            if (auto state = r->read(current, ctx)) {
                put_identity(r->identity_for(*state, current_identity, "read", ctx),
                             [&] { return resp.mutable_new_identity(); });
                resp.mutable_new_state()->set_msgpack(std::move(*state));
            }
            resp.set_private_(std::string(ctx.private_state()));
            deferred_to_proto(ctx, resp);
        }
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void plan_resource_change(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* r = e.resource(req.type_name());
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state(), "prior state");
        std::string_view proposed = values(req.proposed_new_state(), "proposed new state");
        std::string_view config = values(req.config(), "configuration");
        const std::string_view prior_identity = sent_identity(req.has_prior_identity(), req.prior_identity());
        if (!ctx.has_errors()) {
            check_write_only_values(r->schema(), config, ctx);
            if (const identity_schema* id = r->identity(); id && !prior_identity.empty())
                check_request_value(prior_identity, identity_type(*id), "the prior identity", unknowns::refused, {},
                                    ctx);
        }
        ctx.set_private_state(req.prior_private());
        const bool provider_deferred = !ctx.has_errors() && deferred_by_provider(e, ctx);
        if (!ctx.has_errors()) {
            plan_result plan;
            r->plan(prior, proposed, config, plan, ctx, /*run_hooks=*/!provider_deferred);
            if (!ctx.has_errors()) {
                put_identity(r->planned_identity(prior, plan, prior_identity, ctx),
                             [&] { return resp.mutable_planned_identity(); });
                resp.mutable_planned_state()->set_msgpack(std::move(plan.planned_state));
                for (const auto& path : plan.requires_replace) path_to_proto(path, *resp.add_requires_replace());
                resp.set_planned_private(std::string(ctx.private_state()));
                deferred_to_proto(ctx, resp);
            }
        }
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void apply_resource_change(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    take_provider_meta(e, req, ctx);
    auto* r = e.resource(req.type_name());
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view prior = values(req.prior_state(), "prior state");
        std::string_view planned = values(req.planned_state(), "planned state");
        std::string_view config = values(req.config(), "configuration");
        ctx.set_private_state(req.planned_private());
        if (ctx.has_errors()) {
            resp.mutable_new_state()->CopyFrom(req.prior_state());
        } else {
            std::optional<std::string> state = r->apply(prior, planned, config, ctx);
            if (state) {
                const bool create = is_null_value(prior);
                put_identity(r->identity_for(*state,
                                             create ? std::string_view{}
                                                    : sent_identity(req.has_planned_identity(), req.planned_identity()),
                                             create ? "create" : "update", ctx),
                             [&] { return resp.mutable_new_identity(); });
                resp.mutable_new_state()->set_msgpack(std::move(*state));
            }
            resp.set_private_(std::string(ctx.private_state()));
        }
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
        resp.mutable_new_state()->CopyFrom(req.prior_state());
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Request, class Response>
void read_data_source(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    take_provider_meta(e, req, ctx);
    auto* d = e.data_source(req.type_name());
    if (d) {
        request_values values(d->schema(), ctx);
        std::string_view config = values(req.config(), "configuration");
        if (!ctx.has_errors()) {
            std::optional<std::string> state =
                deferred_by_provider(e, ctx) ? e.deferred_result(d->schema(), config, ctx) : d->read(config, ctx);
            if (state) resp.mutable_state()->set_msgpack(std::move(*state));
        }
        deferred_to_proto(ctx, resp);
    } else {
        ctx.error("Unknown data source", unknown_type_detail("data source", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), d ? &d->schema() : nullptr);
}

template <class Request, class Response>
void import_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context(deferral_allowed(req));
    auto* r = e.resource(req.type_name());
    if (r && deferred_by_provider(e, ctx)) {
        if (!ctx.has_errors()) {  // the object is not known until the provider is configured
            auto* imported = resp.add_imported_resources();
            imported->set_type_name(req.type_name());
            imported->mutable_state()->set_msgpack(e.deferred_import_state());
        }
        deferred_to_proto(ctx, resp);
    } else if (r) {
        const std::string_view identity = sent_identity(req.has_identity(), req.identity());
        std::optional<std::string> state =
            identity.empty() ? r->import(req.id(), ctx) : r->import_by_identity(identity, ctx);
        if (state && !ctx.has_errors()) {
            auto* imported = resp.add_imported_resources();
            imported->set_type_name(req.type_name());
            put_identity(r->identity_for(*state, {}, "import", ctx), [&] { return imported->mutable_identity(); });
            imported->mutable_state()->set_msgpack(std::move(*state));
            imported->set_private_(std::string(ctx.private_state()));
        }
        deferred_to_proto(ctx, resp);
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

// `moved { from = a_type.x  to = b_type.x }`: the target type builds its
// state from the source's. A source type of this provider's own is first
// brought to its current schema, so that the target sees its typed model.
template <class Request, class Response>
void move_resource_state(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* target = e.resource(req.target_type_name());
    if (target) {
        const std::string_view address = req.source_provider_address();
        const bool ours = address.size() > e.type_name().size() &&
                          address.substr(address.size() - e.type_name().size()) == e.type_name() &&
                          address[address.size() - e.type_name().size() - 1] == '/';
        std::string source_current;
        if (auto* source = ours ? e.resource(req.source_type_name()) : nullptr) {
            context scratch = e.make_context();
            if (auto state = source->upgrade(req.source_schema_version(), req.source_state().json(), nullptr, scratch))
                source_current = std::move(*state);
            else ctx.diagnostics().append(scratch.diagnostics());
        }
        const moved_state from{address, req.source_type_name(), req.source_schema_version(), req.source_state().json(),
                               req.source_private()};
        ctx.set_private_state(req.source_private());
        if (ctx.has_errors()) {
            // the source state could not be read: say so, nothing to move
        } else if (auto state = target->move(from, source_current, ctx);
                   state && !ctx.has_errors()) {
            put_identity(target->identity_for(*state, {}, "move", ctx), [&] { return resp.mutable_target_identity(); });
            resp.mutable_target_state()->set_msgpack(std::move(*state));
            resp.set_target_private(std::string(ctx.private_state()));
        }
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.target_type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), target ? &target->schema() : nullptr);
}

// `-generate-config-out`: the configuration to write for an imported or
// listed object.
template <class Request, class Response>
void generate_resource_config(provider_engine& e, const Request& req, Response& resp) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* r = e.resource(req.type_name());
    if (r) {
        request_values values(r->schema(), ctx);
        std::string_view state = values.checked(req.state(), "state", unknowns::refused);
        if (!ctx.has_errors())
            if (auto config = r->generate_config(state, ctx)) resp.mutable_config()->set_msgpack(std::move(*config));
    } else {
        ctx.error("Unknown resource type", unknown_type_detail("resource type", req.type_name()));
    }
    diagnostics_to_proto(ctx.diagnostics(), resp.mutable_diagnostics(), r ? &r->schema() : nullptr);
}

template <class Response>
void answer_not_supported(Response& resp, std::string_view rpc, std::string_view what) {
    diagnostics_to_proto(not_supported(rpc, what), resp.mutable_diagnostics());
}

}  // namespace tfpp::detail
