// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<9>{"resouces"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_thing";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resouces = tfpp::type_list<thing>;  // the provider would serve no resource
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
