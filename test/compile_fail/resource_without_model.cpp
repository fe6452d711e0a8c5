// expect: tfpp: a resource needs `using model = <struct>;`
// names: resource_check<thing
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
};
struct thing {
    static constexpr std::string_view type_name = "demo_thing";
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
