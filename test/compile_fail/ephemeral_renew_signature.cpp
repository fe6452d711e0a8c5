// expect: tfpp: an ephemeral resource's renew has a signature tfpp cannot call
// names: ephemeral_check<token
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
    void renew(const lease& l);  // the lease comes from tfpp::private_data<lease>(ctx); and no context
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using ephemeral_resources = tfpp::type_list<token>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
