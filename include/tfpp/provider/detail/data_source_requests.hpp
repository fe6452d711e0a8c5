// The data source RPCs, as the engine answers them.
#pragma once

#include <tfpp/provider/detail/requests.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace tfpp::detail {

struct read_data_source_request {
    std::string_view type_name;
    sent_value config;
    sent_value provider_meta;
    bool deferral_allowed = false;
};
struct read_data_source_answer : answer {
    std::optional<std::string> state;
};

read_data_source_answer run(provider_engine& e, const read_data_source_request& req);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/provider/detail/data_source_requests-inl.hpp>
#endif
