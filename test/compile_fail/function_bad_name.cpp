// expect: tfpp: a function's name must be lowercase letters, digits and underscores
// names: function_check<file_mode>
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct file_mode {
    static constexpr std::string_view name = "FileMode";
    struct parameters {
        std::string mode;
    };
    std::int64_t call(const parameters& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
