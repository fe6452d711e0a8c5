// The seven kinds of provider object (and the provider itself), each
// described once: how it is called in messages, the provider alias that
// lists its types, the members tfpp looks for in such a type, its check, its
// handler and adapter, its RPCs and its driver operations. The checks'
// dispatch, the engine's maps and lookups, the unknown-type diagnostic, the
// validate RPC shell and scripts/gen-near-misses.py (which reads the
// `required` and `optional` lists below to write near_misses.hpp) all start
// here; docs/resources.md has the table for users, CONTRIBUTING.md says how
// to add a kind.
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

// Every kind but functions files its handlers under their type name.
struct keyed_by_type_name {
    template <class H>
    static std::string_view key(const H& h) {
        return h.type_name();
    }
};

// Declared here, defined by each kind's own header.
class resource_handler;
class data_source_handler;
class ephemeral_handler;
class list_handler;
class action_handler;
class state_store_handler;
class function_handler;
template <class R, class P>
class resource_adapter;
template <class D, class P>
class data_source_adapter;
template <class E, class P>
class ephemeral_adapter;
template <class L, class P>
class list_adapter;
template <class A, class P>
class action_adapter;
template <class S, class P>
class state_store_adapter;
template <class F, class P>
class function_adapter;
template <class R, class P, bool Full>
struct resource_check;
template <class D, class P>
struct data_source_check;
template <class E, class P>
struct ephemeral_check;
template <class L, class P>
struct list_check;
template <class A, class P>
struct action_check;
template <class S, class P>
struct state_store_check;
template <class F>
struct function_check;

// A resource that declares `static constexpr bool compiled_separately = true;`
// has its handler code compiled in a file of its own (tfpp/compile.hpp); the
// file with main() then checks only what it needs itself.
template <class R>
inline constexpr bool is_compiled_separately = [] {
    if constexpr (requires { R::compiled_separately; }) return bool(R::compiled_separately);
    else return false;
}();

// What each kind's traits name besides its members:
//   noun, list_alias, listed<P>()    how messages call it, the alias that lists it
//   unknown                          what an unknown type name is called: "Unknown <unknown>"
//   handler, adapter<T, P>, check<T, P>, key(h)   the engine's handler, T's, its check, its map key
//   rpcs, driver                     the RPCs that reach it and the tfpp::testing operations that call them
//   validate_holds_config_to_schema  its Validate*Config RPC checks the configuration first (unknowns allowed)
//   config_block                     the block its diagnostics' paths are under ("config" for a list's)

template <>
struct kind_traits<kind::resource> : keyed_by_type_name {
    static constexpr std::string_view noun = "resource";
    static constexpr std::string_view list_alias = "resources";
    TFPP_KIND_LIST(resources)
    static constexpr std::string_view unknown = "resource type";
    using handler = resource_handler;
    template <class T, class P>
    using adapter = resource_adapter<T, P>;
    template <class T, class P>
    using check = resource_check<T, P, !is_compiled_separately<T>>;
    static constexpr std::string_view rpcs[] = {"ValidateResourceConfig", "PlanResourceChange", "ApplyResourceChange", "ReadResource", "ImportResourceState", "UpgradeResourceState", "UpgradeResourceIdentity", "MoveResourceState", "GenerateResourceConfig"};
    static constexpr std::string_view driver[] = {"validate", "plan", "apply", "read", "import", "import_by_identity", "upgrade_state", "generate_config", "identity"};
    static constexpr bool validate_holds_config_to_schema = false;
    static constexpr std::string_view config_block = "";
    static constexpr std::string_view required[] = {"type_name", "model", "create", "read", "update", "destroy"};
    static constexpr std::string_view optional[] = {
        "validate",         "modify_plan",      "plan_destroy",     "import_state",     "import_id_attribute",
        "generate_config",  "upgrade_state",    "upgrade_identity", "prior_models",     "move_from",
        "schema_version",   "identity",         "identity_version", "identity_of",      "import_identity",
        "prior_identities", "compiled_separately", "default_timeouts", "doc",
        "upgrade"};  // the previous release's name of upgrade_state and upgrade_identity
};

template <>
struct kind_traits<kind::data_source> : keyed_by_type_name {
    static constexpr std::string_view noun = "data source";
    static constexpr std::string_view list_alias = "data_sources";
    TFPP_KIND_LIST(data_sources)
    static constexpr std::string_view unknown = "data source type";
    using handler = data_source_handler;
    template <class T, class P>
    using adapter = data_source_adapter<T, P>;
    template <class T, class P>
    using check = data_source_check<T, P>;
    static constexpr std::string_view rpcs[] = {"ValidateDataResourceConfig", "ReadDataSource"};
    static constexpr std::string_view driver[] = {"validate", "read_data_source"};
    static constexpr bool validate_holds_config_to_schema = false;
    static constexpr std::string_view config_block = "";
    static constexpr std::string_view required[] = {"type_name", "model", "read"};
    static constexpr std::string_view optional[] = {"validate", "doc"};
    // A resource's lifecycle on a data source, which only reads: the type is
    // likely meant as a resource.
    static constexpr std::string_view other_kinds[] = {"create", "update", "destroy"};
};

template <>
struct kind_traits<kind::ephemeral_resource> : keyed_by_type_name {
    static constexpr std::string_view noun = "ephemeral resource";
    static constexpr std::string_view list_alias = "ephemeral_resources";
    TFPP_KIND_LIST(ephemeral_resources)
    static constexpr std::string_view unknown = "ephemeral resource type";
    using handler = ephemeral_handler;
    template <class T, class P>
    using adapter = ephemeral_adapter<T, P>;
    template <class T, class P>
    using check = ephemeral_check<T, P>;
    static constexpr std::string_view rpcs[] = {"ValidateEphemeralResourceConfig", "OpenEphemeralResource", "RenewEphemeralResource", "CloseEphemeralResource"};
    static constexpr std::string_view driver[] = {"validate", "open_ephemeral_resource", "renew_ephemeral_resource", "close_ephemeral_resource"};
    static constexpr bool validate_holds_config_to_schema = false;
    static constexpr std::string_view config_block = "";
    static constexpr std::string_view required[] = {"type_name", "model", "open"};
    static constexpr std::string_view optional[] = {"renew", "close", "validate", "private_data", "doc"};
    static constexpr std::string_view other_kinds[] = {"create", "update", "destroy"};
};

template <>
struct kind_traits<kind::list_resource> : keyed_by_type_name {
    static constexpr std::string_view noun = "list resource";
    static constexpr std::string_view list_alias = "list_resources";
    TFPP_KIND_LIST(list_resources)
    static constexpr std::string_view unknown = "list resource type";
    using handler = list_handler;
    template <class T, class P>
    using adapter = list_adapter<T, P>;
    template <class T, class P>
    using check = list_check<T, P>;
    static constexpr std::string_view rpcs[] = {"ValidateListResourceConfig", "ListResource"};
    static constexpr std::string_view driver[] = {"validate", "list_resource"};
    static constexpr bool validate_holds_config_to_schema = true;
    static constexpr std::string_view config_block = "config";
    static constexpr std::string_view required[] = {"resource", "config", "list"};
    static constexpr std::string_view optional[] = {"validate", "doc"};
};

template <>
struct kind_traits<kind::action> : keyed_by_type_name {
    static constexpr std::string_view noun = "action";
    static constexpr std::string_view list_alias = "actions";
    TFPP_KIND_LIST(actions)
    static constexpr std::string_view unknown = "action type";
    using handler = action_handler;
    template <class T, class P>
    using adapter = action_adapter<T, P>;
    template <class T, class P>
    using check = action_check<T, P>;
    static constexpr std::string_view rpcs[] = {"ValidateActionConfig", "PlanAction", "InvokeAction"};
    static constexpr std::string_view driver[] = {"validate", "invoke_action"};
    static constexpr bool validate_holds_config_to_schema = true;
    static constexpr std::string_view config_block = "";
    static constexpr std::string_view required[] = {"type_name", "config", "invoke"};
    static constexpr std::string_view optional[] = {"validate", "plan", "doc"};
};

template <>
struct kind_traits<kind::state_store> : keyed_by_type_name {
    static constexpr std::string_view noun = "state store";
    static constexpr std::string_view list_alias = "state_stores";
    TFPP_KIND_LIST(state_stores)
    static constexpr std::string_view unknown = "state store type";
    using handler = state_store_handler;
    template <class T, class P>
    using adapter = state_store_adapter<T, P>;
    template <class T, class P>
    using check = state_store_check<T, P>;
    static constexpr std::string_view rpcs[] = {"ValidateStateStoreConfig", "ConfigureStateStore", "ReadStateBytes", "WriteStateBytes", "LockState", "UnlockState", "GetStates", "DeleteState"};
    static constexpr std::string_view driver[] = {"configure_state_store", "read_state", "write_state", "lock_state", "unlock_state", "get_states", "delete_state"};
    static constexpr bool validate_holds_config_to_schema = false;
    static constexpr std::string_view config_block = "";
    static constexpr std::string_view required[] = {"type_name", "config", "read",   "write",
                                                    "lock",      "unlock", "states", "delete_state"};
    static constexpr std::string_view optional[] = {"configure", "validate", "max_chunk_size", "doc"};
};

template <>
struct kind_traits<kind::function> {
    static constexpr std::string_view noun = "function";
    static constexpr std::string_view list_alias = "functions";
    TFPP_KIND_LIST(functions)
    static constexpr std::string_view unknown = "function";
    using handler = function_handler;
    template <class T, class P>
    using adapter = function_adapter<T, P>;
    template <class T, class P>
    using check = function_check<T>;
    template <class H>
    static std::string_view key(const H& h) {
        return h.name();
    }
    static constexpr std::string_view rpcs[] = {"GetFunctions", "CallFunction"};
    static constexpr std::string_view driver[] = {"call_function"};
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

// A member's name or a type_name, as a compile-time value.
struct name_buffer {
    char text[64]{};
    constexpr name_buffer() = default;
    constexpr explicit name_buffer(std::string_view s) {
        for (std::size_t i = 0; i < s.size() && i + 1 < sizeof text; ++i) text[i] = s[i];
    }
    [[nodiscard]] constexpr bool empty() const { return text[0] == 0; }
    [[nodiscard]] constexpr std::size_t size() const {
        std::size_t n = 0;
        while (n < sizeof text && text[n] != 0) ++n;
        return n;
    }
};

// A name as a template argument the compiler prints (in "In instantiation
// of 'misspelled<member_name<5>{"renw"}, ...>'"): exactly its characters and
// a NUL, as clang prints an array with more zeros as numbers.
template <std::size_t N>
struct member_name {
    char text[N]{};
    [[nodiscard]] constexpr bool empty() const { return text[0] == 0; }
};
template <name_buffer B>
consteval member_name<B.size() + 1> shown_name() {
    member_name<B.size() + 1> m;
    for (std::size_t i = 0; i < B.size(); ++i) m.text[i] = B.text[i];
    m.text[B.size()] = 0;  // stored too, or clang may keep fewer elements than N
    return m;
}

struct near_miss_found {
    name_buffer member{};  // the name the type has
    name_buffer meant{};   // the member tfpp knows
};

}  // namespace tfpp::detail
