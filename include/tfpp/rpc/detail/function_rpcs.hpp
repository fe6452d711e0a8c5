// The function RPCs: GetFunctions, and CallFunction around the engine's
// request (provider/detail/function_requests.hpp).
#pragma once

#include <tfpp/provider/detail/function_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

#include <string>
#include <vector>

namespace tfpp::detail {

template <class Response>
void get_functions(provider_engine& e, Response& resp) {
    for (const auto& [name, f] : e.functions())
        function_to_proto(f->schema(), (*resp.mutable_functions())[std::string(name)]);
}

template <class Request, class Response>
void call_function(provider_engine& e, const Request& req, Response& resp) {
    std::vector<sent_value> arguments;
    arguments.reserve(static_cast<std::size_t>(req.arguments_size()));
    for (const auto& v : req.arguments()) arguments.push_back(sent(v));
    call_function_answer a = run(e, call_function_request{req.name(), arguments});
    if (a.result) resp.mutable_result()->set_msgpack(std::move(*a.result));
    else function_error_to_proto(a.error.text, a.error.argument, *resp.mutable_error());
}

}  // namespace tfpp::detail
