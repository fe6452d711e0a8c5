// CallFunction's whole path, compiled once.
// Compiled once from src/provider/function_requests.cpp, or inline in every file that includes
// <tfpp/provider/detail/function_requests.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/provider/detail/function_requests.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>

#include <deque>
#include <vector>

namespace tfpp::detail {

TFPP_INLINE call_function_answer run(provider_engine& e, const call_function_request& req) {
    call_function_answer a;
    function_handler* f = e.function(req.name);
    if (!f) {
        a.error = {provider_engine::unknown_type_detail<kind::function>(req.name), std::nullopt};
        return a;
    }
    const function_schema& s = f->schema();
    std::vector<std::string_view> arguments;
    std::deque<std::string> owned;  // arguments that arrived as JSON, re-encoded
    for (std::size_t i = 0; i < req.arguments.size(); ++i) {
        const sent_value& v = req.arguments[i];
        if (!v.msgpack.empty() || v.json.empty()) {
            arguments.push_back(v.msgpack);
            continue;
        }
        const function_parameter_schema* p = i < s.parameters.size() ? &s.parameters[i]
                                             : s.variadic             ? &*s.variadic
                                                                      : nullptr;
        dynamic value;
        diagnostics d;
        if (!p || !decode_json(v.json, p->type, value, d)) {
            a.error = {p ? "the argument (JSON) is not a value of its type" : "more arguments than the function takes",
                       static_cast<std::int64_t>(i)};
            return a;
        }
        arguments.push_back(owned.emplace_back(to_msgpack(value, p->type)));
    }
    context ctx = e.make_context();
    a.result = f->call(arguments, ctx, a.error);
    return a;
}

}  // namespace tfpp::detail
