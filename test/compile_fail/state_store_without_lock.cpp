// expect: tfpp: a state store needs `std::string lock(std::string_view state_id
// names: state_store_check<bucket_store
#include <tfpp/tfpp.hpp>

#include <string>
#include <string_view>
#include <vector>

struct bucket_config {
    tfpp::required<std::string> bucket;
};
struct bucket_store {
    static constexpr std::string_view type_name = "demo_bucket";
    using config = bucket_config;
    void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
    bool lock(std::string_view state_id, tfpp::context& ctx);  // returns no lock id
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
