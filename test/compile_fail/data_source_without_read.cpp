// expect: tfpp: a data source needs `std::optional<model> read(model config
// names: data_source_check<lookup
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
};
struct lookup {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_lookup";
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<lookup>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
