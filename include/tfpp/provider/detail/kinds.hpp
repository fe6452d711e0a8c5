// The seven kinds of provider object (and the provider itself), each
// described once: how it is called in messages, the provider alias that
// lists its types, and the members tfpp looks for in such a type. The checks'
// dispatch, the engine's maps and scripts/gen-near-misses.py (which reads the
// `required` and `optional` lists below to write near_misses.hpp) all start
// here; docs/resources.md has the table for users.
#pragma once

#include <tfpp/core/type_list.hpp>

#include <cstddef>
#include <string_view>

namespace tfpp::detail {

enum class kind { resource, data_source, ephemeral_resource, list_resource, action, state_store, function, provider };

// The provider alias that lists a kind's types, or an empty list.
#define TFPP_KIND_LIST(alias)                                            \
    template <class P>                                                   \
    static auto listed() {                                               \
        if constexpr (requires { typename P::alias; }) return typename P::alias{}; \
        else return type_list<>{};                                       \
    }

template <kind K>
struct kind_traits;

template <>
struct kind_traits<kind::resource> {
    static constexpr std::string_view noun = "resource";
    static constexpr std::string_view list_alias = "resources";
    TFPP_KIND_LIST(resources)
    static constexpr std::string_view required[] = {"type_name", "model", "create", "read", "update", "destroy"};
    static constexpr std::string_view optional[] = {
        "validate",         "modify_plan",      "plan_destroy",     "import_state",     "import_id_attribute",
        "generate_config",  "upgrade",          "prior_models",     "move_from",        "schema_version",
        "identity",         "identity_version", "identity_of",      "import_identity",  "prior_identities",
        "compiled_separately", "default_timeouts", "doc"};
};

template <>
struct kind_traits<kind::data_source> {
    static constexpr std::string_view noun = "data source";
    static constexpr std::string_view list_alias = "data_sources";
    TFPP_KIND_LIST(data_sources)
    static constexpr std::string_view required[] = {"type_name", "model", "read"};
    static constexpr std::string_view optional[] = {"validate", "doc"};
    // A resource's lifecycle on a data source, which only reads: the type is
    // likely meant as a resource.
    static constexpr std::string_view other_kinds[] = {"create", "update", "destroy"};
};

template <>
struct kind_traits<kind::ephemeral_resource> {
    static constexpr std::string_view noun = "ephemeral resource";
    static constexpr std::string_view list_alias = "ephemeral_resources";
    TFPP_KIND_LIST(ephemeral_resources)
    static constexpr std::string_view required[] = {"type_name", "model", "open"};
    static constexpr std::string_view optional[] = {"renew", "close", "validate", "private_data", "doc"};
    static constexpr std::string_view other_kinds[] = {"create", "update", "destroy"};
};

template <>
struct kind_traits<kind::list_resource> {
    static constexpr std::string_view noun = "list resource";
    static constexpr std::string_view list_alias = "list_resources";
    TFPP_KIND_LIST(list_resources)
    static constexpr std::string_view required[] = {"resource", "config", "list"};
    static constexpr std::string_view optional[] = {"validate", "doc"};
};

template <>
struct kind_traits<kind::action> {
    static constexpr std::string_view noun = "action";
    static constexpr std::string_view list_alias = "actions";
    TFPP_KIND_LIST(actions)
    static constexpr std::string_view required[] = {"type_name", "config", "invoke"};
    static constexpr std::string_view optional[] = {"validate", "plan", "doc"};
};

template <>
struct kind_traits<kind::state_store> {
    static constexpr std::string_view noun = "state store";
    static constexpr std::string_view list_alias = "state_stores";
    TFPP_KIND_LIST(state_stores)
    static constexpr std::string_view required[] = {"type_name", "config", "read",   "write",
                                                    "lock",      "unlock", "states", "delete_state"};
    static constexpr std::string_view optional[] = {"configure", "validate", "max_chunk_size", "doc"};
};

template <>
struct kind_traits<kind::function> {
    static constexpr std::string_view noun = "function";
    static constexpr std::string_view list_alias = "functions";
    TFPP_KIND_LIST(functions)
    static constexpr std::string_view required[] = {"name", "parameters", "call"};
    static constexpr std::string_view optional[] = {"doc"};
};

template <>
struct kind_traits<kind::provider> {
    static constexpr std::string_view noun = "provider";
    static constexpr std::string_view required[] = {"type_name"};
    static constexpr std::string_view optional[] = {
        "config",        "configure",           "provider_meta",  "resources", "data_sources", "functions",
        "ephemeral_resources", "list_resources", "actions",        "state_stores"};
};

#undef TFPP_KIND_LIST

// The kinds a provider lists, in the order the engine and the schema walk them.
inline constexpr kind listed_kinds[] = {kind::resource,      kind::data_source, kind::ephemeral_resource,
                                        kind::list_resource, kind::action,      kind::state_store,
                                        kind::function};

// P's list of kind K's types (a tfpp::type_list), empty when P lists none.
template <kind K, class P>
using kind_list_t = decltype(kind_traits<K>::template listed<P>());

// A member's name or a type_name, as a template argument the compiler prints
// (in "In instantiation of 'misspelled<member_name{"renw"}, ...>'").
struct member_name {
    char text[64]{};
    constexpr member_name() = default;
    constexpr explicit member_name(std::string_view s) {
        for (std::size_t i = 0; i < s.size() && i + 1 < sizeof text; ++i) text[i] = s[i];
    }
    [[nodiscard]] constexpr bool empty() const { return text[0] == 0; }
};

struct near_miss_found {
    member_name member{};  // the name the type has
    member_name meant{};   // the member tfpp knows
};

}  // namespace tfpp::detail
