// A made-up cloud service's client, for the docs' examples that call one.
#pragma once

#include <tfpp/tfpp.hpp>

#include <string>

struct cloud_api {
    std::string start_cluster(const std::string& name);
    bool ready(const std::string& id);
    void set_user_agent(const std::string& agent);
};
inline cloud_api api;

struct bucket_model {
    tfpp::required<std::string, tfpp::requires_replace> region;
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};
