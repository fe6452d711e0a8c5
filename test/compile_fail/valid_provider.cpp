// expect: compiles
// Control: a well-formed provider passes every check.
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

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
    using resources = tfpp::type_list<thing>;
};
static_assert(tfpp::valid_provider<provider>);
