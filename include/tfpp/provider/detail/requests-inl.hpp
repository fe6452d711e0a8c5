// What every request shares, compiled once.
// Compiled once from src/provider/requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/requests.hpp>

namespace tfpp::detail {

TFPP_INLINE void finish(answer& a, context& ctx, const block_schema* schema, std::string_view block) {
    a.diagnostics = std::move(ctx.diagnostics());
    a.schema = schema;
    a.block = block;
}

TFPP_INLINE std::string_view request_values::operator()(sent_value v, std::string_view what) {
    if (!v.msgpack.empty() || v.json.empty()) return v.msgpack;
    dynamic value;
    diagnostics d;
    if (!decode_json(v.json, schema_.value_type, value, d)) {
        for (const diagnostic& x : d)
            ctx_.diagnostics().error(x.summary, "the " + std::string(what) + " (JSON): " + x.detail, x.path);
        return {};
    }
    return owned_.emplace_back(to_msgpack(value, schema_.value_type));
}

TFPP_INLINE std::string_view request_values::checked(sent_value v, std::string_view what, unknowns policy) {
    const auto errors = [&] {
        std::size_t n = 0;
        for (const diagnostic& d : ctx_.diagnostics()) n += d.severity == severity::error ? 1 : 0;
        return n;
    };
    const std::size_t errors_before = errors();
    std::string_view bytes = (*this)(v, what);
    if (errors() != errors_before) return {};
    if (!check_request_value(bytes, schema_.value_type, "the " + std::string(what), policy, {}, ctx_)) return {};
    return bytes;
}

TFPP_INLINE bool deferred_by_provider(const provider_engine& e, context& ctx) {
    const std::optional<deferral_reason> why = e.provider_deferred();
    if (!why) return false;
    ctx.defer(*why,
              "the provider's configuration was deferred to a later run, and this request does not allow "
              "deferral");
    return true;
}

TFPP_INLINE void take_provider_meta(const provider_engine& e, sent_value meta, context& ctx) {
    if (const block_schema* schema = e.provider_meta_schema()) {
        request_values values(*schema, ctx);
        std::string_view bytes = values(meta, "provider_meta");
        if (!ctx.has_errors()) e.attach_provider_meta(bytes, ctx);
    }
}

template <kind K>
answer validate_config(provider_engine& e, const validate_config_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    auto* h = e.find<K>(req.type_name, ctx);
    if (h) {
        request_values values(h->schema(), ctx);
        std::string_view config = kind_traits<K>::validate_holds_config_to_schema
                                      ? values.checked(req.config, "configuration", unknowns::allowed)
                                      : values(req.config, "configuration");
        if (!ctx.has_errors()) {
            if constexpr (K == kind::resource) h->validate(config, ctx, req.write_only_allowed);
            else h->validate(config, ctx);
        }
    }
    answer a;
    finish(a, ctx, h ? &h->schema() : nullptr, kind_traits<K>::config_block);
    return a;
}

}  // namespace tfpp::detail
