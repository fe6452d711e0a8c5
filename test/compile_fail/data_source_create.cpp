// expect: tfpp: a member is one that only another kind of provider object has
// names: member_name<7>{"create"}
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
    std::optional<model> create(model plan, tfpp::context& ctx);  // a resource's: a data source only reads
    std::optional<model> read(model config, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<lookup>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
