// expect: tfpp: a function parameter's C++ type has no Terraform equivalent
// names: field_path<6>{"scale"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct scaled {
    static constexpr std::string_view name = "scaled";
    struct parameters {
        std::string text;
        long double scale;  // no Terraform number holds a long double
    };
    std::string call(const parameters& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<scaled>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
