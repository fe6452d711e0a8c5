// The list resource RPCs, as the engine answers them.
#pragma once

#include <tfpp/provider/detail/list_results.hpp>
#include <tfpp/provider/detail/requests.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace tfpp::detail {

// The list block's own arguments come beside its `config` block.
struct validate_list_resource_config_request {
    validate_config_request config;
    std::optional<std::string_view> include_resource_object;  // msgpack, when sent
    std::optional<std::string_view> limit;                    // msgpack, when sent
};
struct validate_list_resource_config_answer : answer {
    tfpp::diagnostics arguments;  // of include_resource and limit: at their own paths, outside `config`
};

// ListResource: each result goes to `results` as the handler pushes it; the
// answer's diagnostics, if any, end the stream.
struct list_resource_request {
    std::string_view type_name;
    sent_value config;
    bool include_resource_object = false;
    std::int64_t limit = 0;
    list_sink& results;
};

validate_list_resource_config_answer run(provider_engine& e, const validate_list_resource_config_request& req);
answer run(provider_engine& e, const list_resource_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/list_requests-inl.hpp>
#endif
