// expect: tfpp: a data source's validate has a signature tfpp cannot call
// names: data_source_check<lookup
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct lookup {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_lookup";
    std::optional<model> read(model config, tfpp::context& ctx);
    void validate(model config);  // no context
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<lookup>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
