// expect: compiles
// Models written with `using namespace tfpp;` and the field names Terraform
// schemas use most. An option named like a field of the same struct
// (description, size, length) is written qualified there: tfpp::description<...>.
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace tfpp;

struct tag {
    required<std::string> key;
    optional<std::string> value;
};
struct server {
    required<std::string, requires_replace, length<1, 64>, tfpp::description<"The name.">> name;
    optional<std::string, one_of<"small", "large">> size;
    optional<std::string, terraform_name<"type">> kind;
    optional<std::int64_t, range<1, 65535>> port;
    optional<std::vector<std::string>, unique, each<length<1, 32>>> tags;
    optional<std::map<std::string, std::string>> labels;
    optional<std::string, tfpp::description<"Free text.">> description;
    optional<std::string, sensitive> password;
    block_list<tag, max_items<4>> rule;
    computed<std::string, use_state_for_unknown> id;

    using rules = tfpp::rules<conflicts_with<"password", "description">>;
};
struct server_resource {
    using model = server;
    static constexpr std::string_view type_name = "demo_server";
    std::optional<model> create(model plan, context& ctx);
    std::optional<model> read(model state, context& ctx);
    std::optional<model> update(model plan, const model& prior, context& ctx);
    void destroy(const model& state, context& ctx);
};
struct demo_provider {
    static constexpr std::string_view type_name = "demo";
    using resources = type_list<server_resource>;
};
static_assert(valid_provider<demo_provider>);
[[maybe_unused]] const auto& schema = schema_of<server>();
