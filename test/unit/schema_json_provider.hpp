// A provider that uses every part of the schema surface, for the schema JSON
// tests: the unit test compares tfpp::provider_schema_json with the exact
// text `tofu providers schema -json` printed for it, and the e2e test
// (test/e2e/schema_json_provider.cpp, run_schema_json.py) checks it against
// real OpenTofu again on every run.
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace kitchen {

// --- nested attributes

// single: an object of attributes
struct login_attrs {
    tfpp::required<std::string, tfpp::description<"User name.">> user;
    tfpp::optional<std::string, tfpp::sensitive> password;
    tfpp::optional<std::string, tfpp::write_only> one_time_code;
};

// list: OpenTofu drops the deprecation message of attributes in nested types
struct port_rule {
    tfpp::required<std::int64_t, tfpp::description<"Port number.">> port;
    tfpp::optional<std::string, tfpp::deprecated<"Use `protocols`.">> protocol;
    tfpp::optional<tfpp::set<std::string>> protocols;
};

// set, with a list nested inside
struct member_attrs {
    tfpp::required<std::string> name;
    tfpp::optional<std::vector<port_rule>> rules;
    tfpp::computed<bool> active;
};

// map
struct tag_value {
    tfpp::required<std::string> value;
    tfpp::computed<std::string, tfpp::markdown_description<"`value` in *lower case*.">> normalized;
};

// --- a plain object type (not nested attributes: no roles inside)
struct coordinates {
    double lat;
    double lon;
    std::optional<std::string> label;
};

// --- blocks

struct header_block {
    tfpp::required<std::string> name;
    tfpp::optional<std::string, tfpp::deprecated<"Headers are sent as given.">> value;
};

struct listener_block {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string, tfpp::description<"Address to bind, e.g. 0.0.0.0 & [::].">> address;
    tfpp::block_list<header_block, tfpp::max_items<5>, tfpp::deprecated<"Use a proxy.">> header;
};

struct settings_block {
    tfpp::required<std::string> mode;
    tfpp::optional<std::map<std::string, std::string>> extra;
};

struct rule_block {
    tfpp::required<std::string> cidr;
    tfpp::optional<bool> allow;
};

struct label_block {
    tfpp::optional<std::string> color;
};

struct timeout_values {
    tfpp::optional<std::string> create;
    tfpp::optional<std::string, tfpp::terraform_name<"delete">> delete_;
};

// --- the resource

struct thing_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::terraform_name<"namespace">> namespace_;
    tfpp::optional<std::int64_t> size;
    tfpp::optional<double> ratio;
    tfpp::optional<bool> enabled;
    tfpp::optional<std::vector<std::string>> aliases;
    tfpp::optional<tfpp::set<std::int64_t>> ports;
    tfpp::optional<std::map<std::string, bool>> flags;
    tfpp::optional<coordinates> position;
    tfpp::optional<std::tuple<std::string, std::int64_t, bool>> triple;
    tfpp::optional<tfpp::dynamic> anything;
    tfpp::optional<std::vector<std::map<std::string, tfpp::set<std::string>>>> deep;
    tfpp::computed<std::string, tfpp::sensitive> secret;
    tfpp::optional<std::string, tfpp::deprecated<"Use `name` instead.">> label_text;
    tfpp::optional<std::string,
                   tfpp::description<"Shown as <b>bold</b> & \"quoted\"\u2028then\u2029done,\ttabbed\x01.">>
        html;
    tfpp::optional<login_attrs> login;
    tfpp::optional<std::vector<port_rule>> rules;
    tfpp::optional<tfpp::set<member_attrs>> members;
    tfpp::optional_computed<std::map<std::string, tag_value>> tags;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    tfpp::block<settings_block, tfpp::min_items<1>> settings;
    tfpp::block<timeout_values> timeouts;
    tfpp::block_list<listener_block, tfpp::min_items<1>, tfpp::max_items<3>> listener;
    tfpp::block_set<rule_block, tfpp::max_items<10>> rule;
    tfpp::block_map<label_block> label;
    tfpp::block_group<rule_block, tfpp::description<"Rules applied when no other matches.">> fallback;

    struct docs {
        tfpp::doc name{"Name of the thing; a change replaces it."};
        tfpp::doc namespace_{.markdown = "The `namespace` (a C++ keyword, hence the rename)."};
        tfpp::doc size{"Size in bytes."};
        tfpp::doc secret{"A generated secret."};
        tfpp::doc tags{.markdown = "Tags, each with a **value**."};
        tfpp::doc settings{.markdown = "Settings; exactly one `settings` block."};
        tfpp::doc label{"Labels, by label name."};
    };
};

struct thing_identity {
    tfpp::required<std::string, tfpp::description<"Name of the thing.">> name;
    tfpp::optional<std::vector<std::string>> regions;
    tfpp::optional<std::int64_t> shard;
};

template <class M>
struct trivial_resource {
    std::optional<M> create(M plan, tfpp::context&) { return plan; }
    std::optional<M> read(M state, tfpp::context&) { return state; }
    std::optional<M> update(M plan, const M&, tfpp::context&) { return plan; }
    void destroy(const M&, tfpp::context&) {}
};

struct thing_resource : trivial_resource<thing_model> {
    using model = thing_model;
    using identity = thing_identity;
    static constexpr std::string_view type_name = "kitchen_thing";
    static constexpr std::int64_t schema_version = 3;
    static constexpr std::int64_t identity_version = 2;
    static constexpr tfpp::doc doc{.markdown = "A *thing* with every kind of field."};
    thing_identity identity_of(const thing_model& m) const {
        thing_identity id;
        id.name = m.name;
        return id;
    }
};

// A resource with nothing but an id, deprecated as a whole.
struct old_model {
    tfpp::computed<std::string> id;
};
struct old_resource : trivial_resource<old_model> {
    using model = old_model;
    static constexpr std::string_view type_name = "kitchen_old";
    static constexpr tfpp::doc doc{.description = "Replaced by kitchen_thing.", .deprecated = "Use kitchen_thing."};
};

// --- a data source

struct info_model {
    tfpp::required<std::string> name;
    tfpp::computed<std::vector<std::string>> items;
    tfpp::computed<std::map<std::string, tag_value>> tags;
};
struct info_data_source {
    using model = info_model;
    static constexpr std::string_view type_name = "kitchen_info";
    static constexpr tfpp::doc doc{"Reads what a <thing> knows."};
    std::optional<model> read(model config, tfpp::context&) { return config; }
};

// --- functions: every kind of parameter and result

struct mix_function {
    static constexpr std::string_view name = "mix";
    static constexpr tfpp::doc doc{
        .markdown = "Mixes *everything* <together>.", .deprecated = "Use mix2.", .summary = "Mix & match"};
    struct parameters {
        std::string label;
        std::optional<std::int64_t> count;
        tfpp::value<std::vector<std::string>> names;
        coordinates where;
        std::map<std::string, tfpp::set<bool>> flags;
        std::tuple<std::string, tfpp::number> pair;
        tfpp::dynamic anything;
        tfpp::variadic<std::optional<std::string>> rest;

        struct docs {
            tfpp::doc label{"The label."};
            tfpp::doc names{.markdown = "The *names*."};
            tfpp::doc rest{"And the rest."};
        };
    };
    coordinates call(const parameters& args, tfpp::context&) { return args.where; }
};
struct noop_function {
    static constexpr std::string_view name = "noop";
    struct parameters {};
    tfpp::dynamic call(const parameters&, tfpp::context&) { return {}; }
};

// --- the provider

struct provider_config {
    tfpp::optional<std::string, tfpp::description<"Where the kitchen is.">> endpoint;
    tfpp::optional<std::string, tfpp::sensitive> token;
    tfpp::block<timeout_values> timeouts;
};

struct meta_model {
    tfpp::optional<std::string> module_name;
};

struct provider {
    static constexpr std::string_view type_name = "kitchen";
    static constexpr tfpp::doc doc{.markdown = "The **kitchen** provider."};
    using config = provider_config;
    using provider_meta = meta_model;
    using resources = tfpp::type_list<thing_resource, old_resource>;
    using data_sources = tfpp::type_list<info_data_source>;
    using functions = tfpp::type_list<mix_function, noop_function>;
};

static_assert(tfpp::valid_provider<provider>);

}  // namespace kitchen
