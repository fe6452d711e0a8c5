// Members of a resource (a disk with a size), beside its four handlers.
#include "local/local.hpp"

using local::file_model;

struct disk_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::required<std::int64_t> size;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};

struct disk_resource {
    using model = disk_model;
    static constexpr std::string_view type_name = "cloud_disk";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
// @snippet
};
