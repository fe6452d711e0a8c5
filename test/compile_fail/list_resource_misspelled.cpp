// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<8>{"validte"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct server_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct server_identity {
    tfpp::required<std::string> id;
};
struct server {
    using model = server_model;
    using identity = server_identity;
    static constexpr std::string_view type_name = "demo_server";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct filter {
    tfpp::optional<std::string> zone;
};
struct server_list {
    using resource = server;
    using config = filter;
    void list(const filter& f, tfpp::list_results<server>& results, tfpp::context& ctx);
    void validte(const filter& f, tfpp::context& ctx);  // never called as validate
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<server>;
    using list_resources = tfpp::type_list<server_list>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
