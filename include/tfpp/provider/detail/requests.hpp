// What every request the engine answers shares. The rpc layer turns a
// protobuf message into one of the plain requests of <kind>_requests.hpp,
// calls run(), and writes the answer back; the engine owns the rest of the
// path: lookup, decoding against the schema, validation, the handler, the
// checks of what it returns.
#pragma once

#include <tfpp/provider/detail/engine.hpp>

#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

// A DynamicValue as the client sent it: msgpack, or JSON from older clients.
struct sent_value {
    std::string_view msgpack;
    std::string_view json;
};

// What every RPC answers beside its own results.
struct answer {
    tfpp::diagnostics diagnostics;
    const block_schema* schema = nullptr;  // the schema the diagnostics' paths are in, if any
    std::string_view block;                // the block the paths sit under ("config" for a list), if any
    std::optional<deferral_reason> deferred;
};

// Ends a request: the context's diagnostics go into the answer, with the
// schema and block their paths are in.
void finish(answer& a, context& ctx, const block_schema* schema, std::string_view block = {});

// The msgpack bytes of a request's values; empty when a value is absent.
// A value sent as JSON is decoded against the block's type and re-encoded,
// and kept here while it is used.
class request_values {
public:
    request_values(const block_schema& schema, context& ctx) : schema_(schema), ctx_(ctx) {}

    std::string_view operator()(sent_value v, std::string_view what);
    // The same, held to the schema first (check_request_value): what a
    // handler that reads it gets, or empty with an error at its path.
    std::string_view checked(sent_value v, std::string_view what, unknowns policy);

private:
    const block_schema& schema_;
    context& ctx_;
    std::deque<std::string> owned_;  // stable addresses for the views handed out
};

// After configure() deferred, every read, plan, import and open is deferred
// for its reason without calling the handler (true); ctx carries the reason,
// or an error for a request that does not allow deferral.
bool deferred_by_provider(const provider_engine& e, context& ctx);

// The calling module's provider_meta values, for this call's handlers.
void take_provider_meta(const provider_engine& e, sent_value meta, context& ctx);

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

// The Validate*Config RPC of every kind with a configuration.
struct validate_config_request {
    std::string_view type_name;
    sent_value config;
    bool write_only_allowed = true;  // resources only: whether the client takes write-only attributes
};

// The one validate shell (kinds.hpp): the type's handler or the unknown-type
// error, the configuration held to its schema (for the kinds whose
// validate_holds_config_to_schema), and the handler's validate. Compiled
// once for each listed kind.
template <kind K>
answer validate_config(provider_engine& e, const validate_config_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/requests-inl.hpp>
#endif
