// How tfpp::generate_docs reads a provider's examples and templates and
// where it writes the pages (tfpp/docs/docs.hpp).
#pragma once

#include <filesystem>
#include <string>

namespace tfpp {

struct docs_options {
    std::filesystem::path provider_dir = ".";  // where examples/ and templates/ are read and docs/ is written
    // The provider's name in configurations ("local"): resource pages drop
    // its "local_" prefix. Page titles use rendered_provider_name when set.
    std::string provider_name;
    std::string rendered_provider_name{};
    std::string examples_dir = "examples";
    std::string templates_dir = "templates";
    std::string output_dir = "docs";
    // Also list each attribute's constraints and default, which the schema
    // JSON (and so tfplugindocs) cannot see.
    bool details = true;
};

}  // namespace tfpp
