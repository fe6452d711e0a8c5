// expect: tfpp: tfpp::compiled_resource<P, R> compiles a resource that declares `static constexpr bool
// compiled_separately = true;` names: is_compiled_separately<thing> Compiling a resource in a file of its own without
// declaring it so: main() would compile it a second time.
#include <tfpp/compile.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct thing {
    using model = ::model;
    static constexpr std::string_view type_name = "demo_thing";
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
