// expect: compiles
// Control for the validators: every legal use the compile-fail tests around
// it reject a misuse of, in one provider.
#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

inline bool is_cidr(std::string_view s) { return s.find('/') != std::string_view::npos; }

struct rule_model {
    tfpp::required<std::int64_t, tfpp::range<1, 65535>> port;
    tfpp::optional<std::string, tfpp::one_of<"tcp", "udp">> protocol;
    tfpp::optional<std::string, tfpp::check<&is_cidr, "a CIDR block such as 10.0.0.0/16">> cidr;
    tfpp::optional<std::string> prefix_list;
    using rules = tfpp::rules<tfpp::exactly_one_of<"cidr", "prefix_list">>;
    bool operator==(const rule_model&) const = default;
};
struct login_model {
    tfpp::optional<std::string, tfpp::min_length<1>> user;
    tfpp::optional<std::string, tfpp::sensitive, tfpp::max_length<128>> password;
    using rules = tfpp::rules<tfpp::required_together<"user", "password">>;
};
struct server_model {
    tfpp::required<std::string, tfpp::length<1, 64>,
                   tfpp::regex<"^[a-z0-9-]+$", "lowercase letters, digits and hyphens">>
        name;
#if !defined(__clang__) || __clang_major__ >= 18  // floating-point template arguments: clang 18 on
    tfpp::optional<double, tfpp::range<0.0, 1.0>> ratio;
#endif
    tfpp::optional<tfpp::number, tfpp::at_least<0>> budget;
    tfpp::optional<std::uint64_t, tfpp::at_most<10>, tfpp::one_of<1, 2, 4, 8>> cores;
    tfpp::optional<bool, tfpp::one_of<true>> accept_terms;
    tfpp::optional<std::vector<std::string>, tfpp::size<1, 10>, tfpp::unique, tfpp::each<tfpp::length<1, 10>>> tags;
    tfpp::optional<tfpp::set<std::string>, tfpp::max_size<3>, tfpp::each<tfpp::regex<"^[a-z]+$">>> zones;
    tfpp::optional<std::map<std::string, std::int64_t>, tfpp::min_size<1>, tfpp::unique, tfpp::each<tfpp::at_least<1>>>
        weights;
    tfpp::optional<std::vector<std::vector<std::string>>, tfpp::each<tfpp::size<2, 2>, tfpp::each<tfpp::min_length<1>>>>
        pairs;
    tfpp::optional<std::vector<tfpp::value<std::string>>, tfpp::each<tfpp::check<&is_cidr, "a CIDR block">>> cidrs;
    tfpp::optional<std::vector<rule_model>, tfpp::size<1, 8>, tfpp::unique> rules_;
    tfpp::optional<login_model> login;
    tfpp::block_list<rule_model, tfpp::max_items<4>> ingress;
    tfpp::block<login_model> admin;
    tfpp::optional<std::string> image;
    tfpp::optional<std::string> snapshot;
    tfpp::computed<std::string> id;
    using rules = tfpp::rules<tfpp::conflicts_with<"image", "snapshot">, tfpp::at_least_one_of<"login", "admin">>;
};
struct server {
    using model = server_model;
    static constexpr std::string_view type_name = "demo_server";
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};
struct provider_config {
    tfpp::optional<std::string, tfpp::regex<"^https://">> endpoint;
    tfpp::optional<std::int64_t, tfpp::range<1, 10>> retries;
};
struct provider {
    static constexpr std::string_view type_name = "demo";
    using config = provider_config;
    using resources = tfpp::type_list<server>;
};
static_assert(tfpp::valid_provider<provider>);
[[maybe_unused]] const auto& server_schema = tfpp::schema_of<server_model>();
