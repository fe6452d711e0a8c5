// expect: tfpp: a state store's read, write, lock, unlock and delete_state take their ids as std::string_view
// names: old_store
// The previous release's `const std::string&` ids still work, with this
// deprecation warning (an error here, to see it).
#pragma GCC diagnostic error "-Wdeprecated-declarations"
#include <string>  // first: the precompiled tfpp.hpp would come before the pragma

#include <tfpp/tfpp.hpp>

#include <vector>

struct store_config {
    tfpp::optional<std::string> path;
};
struct old_store {
    static constexpr std::string_view type_name = "demo_store";
    using config = store_config;
    void read(const std::string& state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(const std::string& state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(const std::string& state_id, const std::string& operation, tfpp::context& ctx);
    void unlock(const std::string& state_id, const std::string& lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context& ctx);
    void delete_state(const std::string& state_id, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using state_stores = tfpp::type_list<old_store>;
};
[[maybe_unused]] constexpr bool checked = tfpp::valid_provider<provider>;
