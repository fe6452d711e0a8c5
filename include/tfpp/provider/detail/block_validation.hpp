// How a list block, an action's config block and a state_store block are
// validated: the schema's rules, the config model's validators, then the
// handler's own validate().
#pragma once

#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/configuration_checks.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/schema/detail/validation.hpp>

#include <string>
#include <string_view>

namespace tfpp::detail {

// `kind` prefixes the operation names in diagnostics ("list " gives
// "local_file list validate"); empty for actions and state stores.
template <class Config, class Handler>
void validate_block_config(Handler& handler, const block_schema& schema, std::string_view bytes,
                           std::string_view type_name, std::string_view kind, context& ctx) {
    check_configuration(schema, bytes, {}, {}, ctx);
    Config c;
    if (!decode_model(bytes, c, ctx)) return;
    guarded(ctx, operation_name(type_name, std::string(kind) + "validators"),
            [&] { run_validators(c, ctx.diagnostics()); });
    if constexpr (has_validate<Handler, Config>)
        guarded(ctx, operation_name(type_name, std::string(kind) + "validate"), schema,
                [&] { handler.validate(c, ctx); });
}

}  // namespace tfpp::detail
