// expect: tfpp: a field of the resource's identity has no model attribute of the same name and type
// names: resource_check<bucket
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct bucket_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct bucket_identity {
    tfpp::required<std::string> arn;  // no model attribute `arn`, and no identity_of()
};
struct bucket {
    using model = bucket_model;
    using identity = bucket_identity;
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
