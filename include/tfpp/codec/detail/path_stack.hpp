// Where a decoder is inside a value, kept cheaply (names are views into the
// model or the input) and turned into an attribute_path only for a diagnostic.
#pragma once

#include <tfpp/diag/path.hpp>

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::detail {

class path_stack {
    using step_kind = decltype(std::declval<attribute_path::step>().kind);

public:
    void attribute(std::string_view name) { steps_.push_back({step_kind::attribute, name, 0}); }
    void key(std::string_view k) { steps_.push_back({step_kind::key, k, 0}); }
    void index(std::int64_t i) { steps_.push_back({step_kind::index, {}, i}); }
    void pop() noexcept { steps_.pop_back(); }

    [[nodiscard]] attribute_path materialize() const {
        attribute_path p;
        for (const auto& s : steps_) p.push({s.kind, std::string(s.name), s.position});
        return p;
    }

private:
    struct light_step {
        step_kind kind;
        std::string_view name;
        std::int64_t position;
    };
    std::vector<light_step> steps_;
};

}  // namespace tfpp::detail
