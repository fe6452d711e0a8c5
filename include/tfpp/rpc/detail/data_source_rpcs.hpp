// The data source RPCs: conversions around the engine's requests
// (provider/detail/data_source_requests.hpp).
#pragma once

#include <tfpp/provider/detail/data_source_requests.hpp>
#include <tfpp/rpc/detail/request_support.hpp>

namespace tfpp::detail {

template <class Request, class Response>
void validate_data_source_config(provider_engine& e, const Request& req, Response& resp) {
    answer_to_proto(validate_config<kind::data_source>(e, validate_request(req.type_name(), req)), resp);
}

template <class Request, class Response>
void read_data_source(provider_engine& e, const Request& req, Response& resp) {
    read_data_source_answer a = run(e, read_data_source_request{req.type_name(), sent(req.config()),
                                                                sent(req.provider_meta()), deferral_allowed(req)});
    if (a.state) resp.mutable_state()->set_msgpack(std::move(*a.state));
    answer_to_proto(a, resp);
}

}  // namespace tfpp::detail
