// The function RPCs: GetFunctions, CallFunction.
#pragma once

#include <tfpp/rpc/detail/request_support.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

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
        function_error_to_proto(provider_engine::unknown_type_detail<kind::function>(req.name()), std::nullopt,
                                *resp.mutable_error());
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

}  // namespace tfpp::detail
