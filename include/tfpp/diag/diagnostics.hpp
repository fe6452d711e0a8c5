// Diagnostics: the errors and warnings a provider shows the user, each with an
// optional attribute path so that Terraform can point at the configuration line.
#pragma once

#include <tfpp/diag/path.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace tfpp {

enum class severity : unsigned char { error, warning };

struct diagnostic {
    tfpp::severity severity = severity::error;
    std::string summary;
    std::string detail;
    attribute_path path;  // empty when the diagnostic is about the whole object
};

class diagnostics {
public:
    diagnostic& error(std::string summary, std::string detail = {}, attribute_path path = {}) {
        return add({severity::error, std::move(summary), std::move(detail), std::move(path)});
    }
    diagnostic& warning(std::string summary, std::string detail = {}, attribute_path path = {}) {
        return add({severity::warning, std::move(summary), std::move(detail), std::move(path)});
    }
    diagnostic& add(diagnostic d) { return items_.emplace_back(std::move(d)); }
    void append(const diagnostics& other) { items_.insert(items_.end(), other.items_.begin(), other.items_.end()); }

    [[nodiscard]] bool has_errors() const noexcept {
        return std::any_of(items_.begin(), items_.end(),
                           [](const diagnostic& d) { return d.severity == severity::error; });
    }
    [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
    [[nodiscard]] const diagnostic& operator[](std::size_t i) const { return items_[i]; }
    [[nodiscard]] diagnostic& operator[](std::size_t i) { return items_[i]; }
    [[nodiscard]] auto begin() const noexcept { return items_.begin(); }
    [[nodiscard]] auto end() const noexcept { return items_.end(); }

private:
    std::vector<diagnostic> items_;
};

}  // namespace tfpp
