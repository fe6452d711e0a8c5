// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<8>{"valdate"}
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
    void valdate(const model& config, tfpp::context& ctx);  // never called as validate
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using data_sources = tfpp::type_list<lookup>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
