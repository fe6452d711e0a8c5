// CallFunction, as the engine answers it.
#pragma once

#include <tfpp/provider/detail/requests.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tfpp::detail {

struct call_function_request {
    std::string_view name;
    std::span<const sent_value> arguments;
};
// The result, or why the call failed.
struct call_function_answer {
    std::optional<std::string> result;
    function_error error;
};

// CallFunction runs on a provider that may never have been configured; it
// takes no lock, since it touches neither the configuration nor resources.
call_function_answer run(provider_engine& e, const call_function_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/function_requests-inl.hpp>
#endif
