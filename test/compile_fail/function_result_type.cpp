// expect: tfpp: a function's call() must return a type with a Terraform equivalent
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
    void call(const parameters& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
