// expect: use read_data_source
// names: read_data
// provider_under_test's names of the previous release still work, with this
// deprecation warning (an error here, to see it).
#pragma GCC diagnostic error "-Wdeprecated-declarations"
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
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<thing>;
};

void test() {
    tfpp::testing::provider_under_test<provider> p;
    model m;
    m.name = "x";
    (void)p.read_data<thing>(m);
}
