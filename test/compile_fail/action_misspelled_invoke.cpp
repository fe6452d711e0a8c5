// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<8>{"invokee"}
#include <tfpp/tfpp.hpp>

#include <string>
#include <string_view>

struct notify_config {
    tfpp::required<std::string> message;
};
struct notify {
    static constexpr std::string_view type_name = "demo_notify";
    using config = notify_config;
    void invokee(const config& c, tfpp::action_progress& progress, tfpp::context& ctx);  // one e too many
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<>;
    using actions = tfpp::type_list<notify>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
