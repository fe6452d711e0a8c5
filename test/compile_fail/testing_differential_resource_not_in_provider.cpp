// expect: tfpp: differential<P>::explore<R> takes one of P's resources
// names: listed<unlisted
// A differential test that explores a resource its provider does not list.
#include <tfpp/testing/differential.hpp>

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

struct unlisted : thing {
    static constexpr std::string_view type_name = "demo_unlisted";
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};

void test() {
    tfpp::testing::differential<provider> d("/bin/true");
    d.explore<unlisted>();
}
