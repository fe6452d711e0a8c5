// expect: tfpp: a resource needs `static constexpr std::string_view type_name
// names: resource_check<thing
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

struct model {
    tfpp::required<std::string> name;
};
struct thing {
    using model = ::model;
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<thing>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
