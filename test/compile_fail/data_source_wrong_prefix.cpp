// expect: tfpp: a data source's type_name must start with the provider's type_name
// names: member_name<13>{"other_lookup"}
// names: member_name<6>{"local"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
};
struct lookup {
    using model = ::model;
    static constexpr std::string_view type_name = "other_lookup";
    std::optional<model> read(model config, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "local";
    using data_sources = tfpp::type_list<lookup>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
