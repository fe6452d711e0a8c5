// The list resource RPCs' whole path, compiled once.
// Compiled once from src/provider/list_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/list_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/list_requests.hpp>

namespace tfpp::detail {

// Terraform sends a list block's own arguments as values of their types
// (bool, number); anything else is refused.
TFPP_INLINE validate_list_resource_config_answer run(provider_engine& e,
                                                     const validate_list_resource_config_request& req) {
    validate_list_resource_config_answer a;
    static_cast<answer&>(a) = validate_config<kind::list_resource>(e, req.config);
    context arguments = e.make_context();
    if (req.include_resource_object)
        check_request_value(*req.include_resource_object, type::boolean(), "include_resource", unknowns::allowed,
                            attribute_path("include_resource"), arguments);
    if (req.limit)
        check_request_value(*req.limit, type::number(), "limit", unknowns::allowed, attribute_path("limit"),
                            arguments);
    a.arguments = std::move(arguments.diagnostics());
    return a;
}

TFPP_INLINE answer run(provider_engine& e, const list_resource_request& req) {
    auto lock = e.shared();
    context ctx = e.make_context();
    answer a;
    list_handler* h = e.find<kind::list_resource>(req.type_name, ctx);
    if (h) {
        request_values values(h->schema(), ctx);
        std::string_view config = values.checked(req.config, "configuration", unknowns::refused);
        if (!ctx.has_errors() && validated_again(e, *h, config, ctx))
            h->list(config, req.include_resource_object, req.limit, req.results, ctx);
    }
    finish(a, ctx, h ? &h->schema() : nullptr, kind_traits<kind::list_resource>::config_block);
    return a;
}

}  // namespace tfpp::detail
