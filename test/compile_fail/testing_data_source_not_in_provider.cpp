// expect: tfpp: provider_under_test<P>::read_data_source<D> takes one of P's data sources
// names: listed<unlisted
// A test that reads a data source its provider does not list.
#include <tfpp/testing.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_thing";
    std::optional<model> read(model config, tfpp::context&) { return config; }
};
struct unlisted : thing {
    static constexpr std::string_view type_name = "demo_unlisted";
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<thing>;
};

void test() {
    tfpp::testing::provider_under_test<provider> p;
    model m;
    m.name = "x";
    (void)p.read_data_source<unlisted>(m);
}
