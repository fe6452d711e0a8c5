// expect: tfpp: only the last parameter of a function may be tfpp::variadic<T>, and only one
// names: field_path<6>{"names"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct concat {
    static constexpr std::string_view name = "concat";
    struct parameters {
        tfpp::variadic<std::string> names;
        tfpp::variadic<std::string> more;
    };
    std::string call(const parameters& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<concat>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
