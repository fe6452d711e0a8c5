// expect: tfpp: a provider's configure has a signature tfpp cannot call
// names: provider_check<provider>
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>
#include <string_view>

struct model {
    tfpp::required<std::string> name;
    tfpp::computed<std::string> id;
};
struct settings {
    tfpp::optional<std::string> endpoint;
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using config = settings;
    void configure(settings c);  // no context
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
