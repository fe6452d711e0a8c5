#include "provider.hpp"

#include <filesystem>

namespace scaffold {

void provider::configure(const provider_config& config, tfpp::context&) { directory = config.directory.value_or("."); }

std::string provider::path_of(const std::string& name) const {
    return std::filesystem::absolute(std::filesystem::path(directory) / (name + ".txt")).lexically_normal().string();
}

}  // namespace scaffold
