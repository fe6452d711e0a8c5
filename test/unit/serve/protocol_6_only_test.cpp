// Which providers protocol 5 cannot serve: a nested attribute anywhere (a
// resource, a data source, the provider configuration, provider_meta, inside
// blocks) names the place in the startup error.
#include "schema_json_provider.hpp"

#include <tfpp/serve.hpp>
#include <tfpp/serve/detail/protocol_offer.hpp>

#include <catch2/catch.hpp>

namespace test_protocol_6_only {

struct item_attrs {
    tfpp::required<std::string> key;
};
struct plain_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<std::string>> tags;
};
struct with_nested {
    tfpp::optional<std::vector<item_attrs>> items;
};
struct outer_block {
    tfpp::optional<std::string> label;
    tfpp::block_list<with_nested> inner;
};
struct block_model {
    tfpp::required<std::string> name;
    tfpp::block<outer_block> outer;
};

struct plain_resource {
    using model = plain_model;
    static constexpr std::string_view type_name = "p_plain";
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};
template <class M>
struct data_source {
    using model = M;
    static constexpr std::string_view type_name = "p_data";
    std::optional<model> read(model config, tfpp::context&) { return config; }
};

struct flat_provider {
    static constexpr std::string_view type_name = "p";
    using config = plain_model;
    using resources = tfpp::type_list<plain_resource>;
    using data_sources = tfpp::type_list<data_source<plain_model>>;
};
struct deep_data_source_provider {
    static constexpr std::string_view type_name = "p";
    using resources = tfpp::type_list<plain_resource>;
    using data_sources = tfpp::type_list<data_source<block_model>>;
};
struct config_provider {
    static constexpr std::string_view type_name = "p";
    using config = with_nested;
    using resources = tfpp::type_list<plain_resource>;
};
struct meta_provider {
    static constexpr std::string_view type_name = "p";
    using provider_meta = with_nested;
};

}  // namespace test_protocol_6_only

using namespace test_protocol_6_only;

TEST_CASE("protocol 5 is ruled out by a nested attribute anywhere, named by its place", "[handshake]") {
    auto protocol_6_only_reason = [](auto provider) {
        return tfpp::detail::protocol_6_only_reason(tfpp::detail::engine<decltype(provider)>());
    };
    CHECK(protocol_6_only_reason(flat_provider{}).empty());
    CHECK(protocol_6_only_reason(kitchen::provider{}) ==
          "resource kitchen_thing: attribute \"login\" is a nested attribute");
    CHECK(protocol_6_only_reason(deep_data_source_provider{}) ==
          "data source p_data: attribute \"outer.inner.items\" is a nested attribute");
    CHECK(protocol_6_only_reason(config_provider{}) ==
          "provider configuration: attribute \"items\" is a nested attribute");
    CHECK(protocol_6_only_reason(meta_provider{}) == "provider_meta: attribute \"items\" is a nested attribute");
}
