// expect: tfpp: a resource's type_name must start with the provider's type_name
// names: type_name_prefix<tfpp::detail::kind::resource
// names: member_name<8>{"other_x"}
// names: member_name<6>{"local"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "other_x";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "local";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
