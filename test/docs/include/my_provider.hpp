// The provider docs/testing.md tests: one resource, `my_server`.
#pragma once

#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

namespace my {

struct server_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::required<std::string> size;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "my_server";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

struct provider_config {
    tfpp::optional<std::string> endpoint;
};

struct provider {
    static constexpr std::string_view type_name = "my";
    using config = provider_config;
    using resources = tfpp::type_list<server>;
    void configure(const config& c, tfpp::context& ctx);
};

}  // namespace my
