// Questions the hostile-request tests ask of a response's diagnostics.
#pragma once

#include <tfplugin6.pb.h>

#include <string>
#include <vector>

namespace test_common {

// An error whose attribute path is exactly `path` (attribute names only).
template <class Diagnostics>
bool has_error_at(const Diagnostics& diags, const std::vector<std::string>& path) {
    for (const auto& d : diags) {
        if (d.severity() != tfplugin6::Diagnostic::ERROR || d.attribute().steps_size() != static_cast<int>(path.size()))
            continue;
        bool same = true;
        for (std::size_t i = 0; i < path.size(); ++i)
            same = same && d.attribute().steps(static_cast<int>(i)).attribute_name() == path[i];
        if (same) return true;
    }
    return false;
}

template <class Diagnostics>
bool has_error(const Diagnostics& diags) {
    for (const auto& d : diags)
        if (d.severity() == tfplugin6::Diagnostic::ERROR) return true;
    return false;
}

}  // namespace test_common
