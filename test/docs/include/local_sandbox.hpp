// What examples/local/test_local.cpp has beside its tests: a scratch
// directory for the provider's files and a helper for a file's model.
#pragma once

#include "local/local.hpp"

#include <string>

struct sandbox {
    [[nodiscard]] local::provider_config config() const;
    [[nodiscard]] std::string path(const std::string& name) const;
    void empty() const;
};
local::file_model file(std::string name, std::string content);
