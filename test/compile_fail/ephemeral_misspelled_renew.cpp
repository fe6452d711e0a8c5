// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<5>{"renw"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string, tfpp::sensitive> token;
};
struct lease {
    std::string id;
};
struct token {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_token";
    std::optional<model> open(model config, tfpp::context& ctx);
    void renw(tfpp::context& ctx);  // one letter short: the lease would never be renewed
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using ephemeral_resources = tfpp::type_list<token>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
