// expect: tfpp: every field of a model (and of a block's struct) must be an attribute or a block
// names: field_path<17>{"not_an_attribute"}
// A resource compiled in a file of its own is checked there: the file with
// main() checks only its name and handlers.
#include <tfpp/compile.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
    std::string not_an_attribute;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_thing";
    static constexpr bool compiled_separately = true;
    std::optional<model> create(model plan, tfpp::context&) { return plan; }
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};

template struct tfpp::compiled_resource<provider, thing>;
