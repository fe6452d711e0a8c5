// expect: compiles
// Control for the schema features: every legal combination the compile-fail
// tests around it reject a misuse of, used together in one provider.
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

inline bool same_size(const std::string& a, const std::string& b) { return a.size() == b.size(); }

struct port_range {
    tfpp::required<std::int64_t> from;
    tfpp::optional<std::int64_t> to;
};
struct rule_model {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string, tfpp::description<"tcp or udp">> protocol;
    tfpp::optional<std::vector<port_range>> ranges;  // nested attributes inside a block
};
struct disk_model {
    tfpp::required<std::int64_t> size_gb;
    tfpp::optional<std::string, tfpp::write_only> encryption_key;
};
struct timeouts_model {
    tfpp::optional<std::string> create;
    tfpp::optional<std::string> destroy;
};
struct login_model {
    tfpp::required<std::string> user;
    tfpp::required<std::string, tfpp::write_only> password;
};
struct server_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::terraform_name<"namespace">> namespace_;
    tfpp::optional<std::string, tfpp::write_only, tfpp::sensitive> api_token;
    tfpp::optional_computed<std::string, tfpp::use_state_for_unknown> zone;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::optional<tfpp::dynamic> extra;
    tfpp::optional<std::string, tfpp::normalized_json> policy;
    tfpp::optional<tfpp::set<std::string>, tfpp::rfc3339> windows;
    tfpp::optional<std::string, tfpp::semantic_equal<&same_size>> size;
    tfpp::optional<std::vector<std::string>, tfpp::semantic_equal_elements<&same_size>> sizes;
    // nested attributes: single, list, set and map
    tfpp::optional<login_model> login;
    tfpp::optional<std::vector<port_range>> port_ranges;
    tfpp::optional<tfpp::set<port_range>> allowed_ranges;
    tfpp::optional<std::map<std::string, port_range>> named_ranges;
    // blocks: all five kinds, with legal bounds
    tfpp::block<login_model, tfpp::min_items<1>> admin;
    tfpp::block_list<rule_model, tfpp::min_items<1>, tfpp::max_items<8>> ingress;
    tfpp::block_set<rule_model, tfpp::max_items<4>> egress;
    tfpp::block_map<disk_model> disk;
    tfpp::block_group<timeouts_model> timeouts;

    struct docs {
        tfpp::doc name{"The server's name; changing it replaces the server."};
        tfpp::doc namespace_{.markdown = "The `namespace` the server lives in."};
        tfpp::doc id{"The server's id."};
        tfpp::doc ingress{.deprecated = "Use security groups instead."};
    };
};
struct server_identity {
    tfpp::required<std::string> id;
    tfpp::optional<std::string> region;
    tfpp::optional<std::vector<std::string>> tags;
};
struct server {
    using model = server_model;
    using identity = server_identity;
    static constexpr std::string_view type_name = "demo_server";
    static constexpr std::int64_t schema_version = 2;
    static constexpr std::int64_t identity_version = 1;
    static constexpr tfpp::doc doc{"A server."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
    server_identity identity_of(const model& state) const;  // `id` maps by name; region and tags do not
    void generate_config(const model& state, model& config, tfpp::context& ctx);
};
struct provider_config {
    tfpp::optional<std::string> endpoint;
    tfpp::optional<std::string, tfpp::sensitive, tfpp::write_only> token;
    struct docs {
        tfpp::doc endpoint{"The API's address."};
    };
};
struct provider_meta_model {
    tfpp::optional<std::string> module_name;
};
struct bucket_config {
    tfpp::required<std::string> bucket;
    tfpp::optional<std::string, tfpp::sensitive> access_key;
};
struct bucket_store {
    static constexpr std::string_view type_name = "demo_bucket";
    static constexpr std::size_t max_chunk_size = 1 << 20;
    using config = bucket_config;
    void configure(const bucket_config& c, tfpp::context& ctx);
    void validate(const bucket_config& c, tfpp::context& ctx);
    void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx);
    void unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context& ctx);
    void delete_state(std::string_view state_id, tfpp::context& ctx);
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    static constexpr tfpp::doc doc{.markdown = "The **demo** provider."};
    using config = provider_config;
    using provider_meta = provider_meta_model;
    using resources = tfpp::type_list<server>;
    using state_stores = tfpp::type_list<bucket_store>;
};
static_assert(tfpp::valid_provider<provider>);
// Deriving the schemas must compile too.
[[maybe_unused]] const auto& server_schema = tfpp::schema_of<server_model>();
[[maybe_unused]] const auto& config_schema = tfpp::schema_of<provider_config>();
