// A minimal provider, compiled against tfpp the way another project would
// consume it: installed (pkg-config) or as a Meson subproject.
#pragma once

#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

namespace consumer {

struct note_model {
    tfpp::required<std::string> text;
    tfpp::computed<std::string> id;
};

struct note {
    using model = note_model;
    static constexpr std::string_view type_name = "consumer_note";
    std::optional<model> create(model plan, tfpp::context&) {
        plan.id = *plan.text;
        return plan;
    }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context& ctx) { return create(std::move(plan), ctx); }
    void destroy(const model&, tfpp::context&) {}
};

struct provider {
    static constexpr std::string_view type_name = "consumer";
    using resources = tfpp::type_list<note>;
};

static_assert(tfpp::valid_provider<provider>);

}  // namespace consumer
