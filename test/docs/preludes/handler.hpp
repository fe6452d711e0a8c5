// Inside a handler of examples/local's local_file resource: its model, the
// context, and the values the snippet reports about.
#include "local/local.hpp"

using local::directory_file;
using local::directory_model;
using local::file_model;
using model = local::file_model;

[[maybe_unused]] std::optional<model> handler(model plan, tfpp::context& ctx) {
    [[maybe_unused]] const std::string why = "the disk is full", detail = why, name = "a.txt";
    [[maybe_unused]] const tfpp::attribute_path path = tfpp::path_of(&model::filename);
    [[maybe_unused]] const model& state_that_exists = plan;
// @snippet
    return plan;
}
