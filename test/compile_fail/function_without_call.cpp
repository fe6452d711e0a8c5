// expect: tfpp: a function needs `R call(const parameters& args, tfpp::context& ctx);`
// names: function_check<file_mode>
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct file_mode {
    static constexpr std::string_view name = "file_mode";
    struct parameters {
        std::string mode;
    };
    std::int64_t call(const std::string& mode);  // not the parameters struct
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
