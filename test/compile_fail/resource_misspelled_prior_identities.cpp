// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<16>{"prior_identites"}
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct identity_v0 {
    tfpp::required<std::string> name;
};
struct thing_identity {
    tfpp::required<std::string> id;
};
struct thing {
    using model = ::model;
    using identity = thing_identity;
    static constexpr std::string_view type_name = "demo_thing";
    static constexpr std::int64_t identity_version = 1;
    using prior_identites = tfpp::type_list<identity_v0>;  // one i short: version 0 would never be upgraded
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
