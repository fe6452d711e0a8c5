// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<10>{"parameter"}
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>
#include <string_view>

struct file_mode {
    static constexpr std::string_view name = "file_mode";
    struct parameter {  // one s short
        std::string mode;
    };
    std::int64_t call(const parameter& args, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using functions = tfpp::type_list<file_mode>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
