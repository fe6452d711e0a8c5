// expect: tfpp: an identity attribute must be a string, number or bool, or a std::vector of one
// names: field_path<7>{"labels"}
#include <tfpp/tfpp.hpp>

#include <map>
#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
    tfpp::optional<std::map<std::string, std::string>> labels;
    tfpp::computed<std::string> id;
};
struct id_model {
    tfpp::required<std::string> name;
    tfpp::optional<std::map<std::string, std::string>> labels;
};
struct thing {
    using model = ::model;
    using identity = id_model;
    static constexpr std::string_view type_name = "demo_thing";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
