// expect: tfpp: upgrade() is now upgrade_state() for a state (a prior model or tfpp::raw_state) and upgrade_identity() for an identity
// names: thing
// The previous release's name still works, with this deprecation warning
// (an error here, to see it).
#pragma GCC diagnostic error "-Wdeprecated-declarations"
#include <string>  // first: the precompiled tfpp.hpp would come before the pragma

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>

struct model_v0 {
    tfpp::required<std::string> title;
    tfpp::computed<std::string> id;
};
struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_thing";
    static constexpr std::int64_t schema_version = 1;
    using prior_models = tfpp::type_list<model_v0>;
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    model upgrade(model_v0 old, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
