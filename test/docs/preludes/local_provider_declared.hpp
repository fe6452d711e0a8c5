// A provider of its own for the snippet's local_directory resource (its
// model as examples/local/directory.hpp has it, shortened).
namespace local {
struct directory_model {
    tfpp::required<std::string, tfpp::requires_replace> path;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
};
struct directory_resource;
struct provider {
    static constexpr std::string_view type_name = "local";
    using resources = tfpp::type_list<directory_resource>;
};
}  // namespace local
// @snippet
