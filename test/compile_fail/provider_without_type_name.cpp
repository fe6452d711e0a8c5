// expect: tfpp: a provider needs `static constexpr std::string_view type_name
// names: provider_check<provider>
#include <tfpp/tfpp.hpp>

#include <optional>
#include <string>

struct provider {};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
