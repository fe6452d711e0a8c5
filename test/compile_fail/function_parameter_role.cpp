// expect: tfpp: a function parameter is a plain value, not an attribute
// names: field_path<5>{"mode"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct file_mode {
    static constexpr std::string_view name = "file_mode";
    struct parameters {
        tfpp::required<std::string> mode;
    };
    std::int64_t call(const parameters& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
