// expect: tfpp: a member is one typo away from a member tfpp looks for
// names: member_name<15>{"max_chunk_szie"}
#include <tfpp/tfpp.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

struct bucket_config {
    tfpp::required<std::string> bucket;
};
struct bucket_store {
    static constexpr std::string_view type_name = "demo_bucket";
    static constexpr std::size_t max_chunk_szie = 1 << 16;  // a typo: the default chunk size would be used
    using config = bucket_config;
    void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx);
    void unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context& ctx);
    void delete_state(std::string_view state_id, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using resources = tfpp::type_list<>;
    using state_stores = tfpp::type_list<bucket_store>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
