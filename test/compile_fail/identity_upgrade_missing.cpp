// expect: tfpp: each struct in prior_identities (the identity of identity versions 0, 1, ...) must upgrade
// names: resource_check<bucket
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct bucket_model {
    tfpp::required<std::string> name;
};
struct bucket_identity {
    tfpp::required<std::string> name;
};
struct bucket_identity_v0 {
    tfpp::required<std::string> bucket_name;
};
struct bucket {
    using model = bucket_model;
    using identity = bucket_identity;
    static constexpr std::int64_t identity_version = 1;
    using prior_identities = tfpp::type_list<bucket_identity_v0>;  // and no upgrade(bucket_identity_v0, ctx)
    static constexpr std::string_view type_name = "demo_bucket";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<bucket>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
