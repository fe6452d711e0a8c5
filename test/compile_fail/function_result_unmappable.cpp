// expect: tfpp: a function's call() must return a type with a Terraform equivalent
// names: function_result_type<file_mode, std::complex<double>
#include <tfpp/tfpp.hpp>

#include <complex>
#include <string>
#include <string_view>

struct file_mode {
    static constexpr std::string_view name = "file_mode";
    struct parameters {
        std::string mode;
    };
    std::complex<double> call(const parameters& args, tfpp::context& ctx);  // no Terraform type
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
