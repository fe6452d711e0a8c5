// The checks of each kind of provider object, and of the provider: the
// problem a type has, if any, and one static_assert per mistake. The hooks
// they look for are in hook_concepts.hpp, the provider's lists of types in
// kind_lists.hpp, the kinds themselves in kinds.hpp.
#pragma once

#include <tfpp/core/type_list.hpp>
#include <tfpp/fwd.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/detail/function_check.hpp>
#include <tfpp/provider/detail/identity.hpp>
#include <tfpp/provider/detail/hook_concepts.hpp>
#include <tfpp/provider/detail/hook_spelling.hpp>
#include <tfpp/provider/detail/kind_lists.hpp>
#include <tfpp/schema/schema_of.hpp>

#include <concepts>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::detail {

// A top-level string attribute named `name` in M.
template <class M>
consteval bool has_string_attribute(std::string_view name) {
    bool found = false;
    for_each_index<M>([&]<std::size_t I>() {
        using F = field_t<M, I>;
        if constexpr (is_attribute<F>)
            if (field_name<M, I>() == name && kind_of<typename F::value_type> == type_kind::string) found = true;
    });
    return found;
}

constexpr bool has_prefix(std::string_view name, std::string_view provider) {
    return name.size() > provider.size() + 1 && name.substr(0, provider.size()) == provider &&
           name[provider.size()] == '_';
}

// --- members that look like hooks but are not quite

// An optional member whose name tfpp knows but whose signature it cannot call.
enum class hook_problem {
    none,
    validate,
    modify_plan,
    plan_destroy,
    import_state,
    import_id_attribute,
    generate_config,
    upgrade,
    move_from,
    identity_of,
    import_identity,
    schema_version,
    identity_version
};

// Whether T has a member named move_from, however overloaded: the name is
// ambiguous in a class that also inherits the decoy's.
struct move_from_decoy {
    void move_from();
};
template <class T>
struct with_move_from_decoy : T, move_from_decoy {};
template <class T>
concept declares_move_from = std::is_final_v<T> || !requires {
    &with_move_from_decoy<T>::move_from;
};

// Which of the models of the resource types in List R has a typed move_from
// for (an array, not a fold: a provider may list a thousand).
template <class R, class List>
struct typed_moves;
template <class R, class... S>
struct typed_moves<R, type_list<S...>> {
    static constexpr bool from[] = {false, has_typed_move<R, typename S::model>...};
    static constexpr bool any = [] {
        for (bool b : from)
            if (b) return true;
        return false;
    }();
};

// Looks at P's other resource types only when R declares a move_from, so that
// a resource compiled in a file of its own needs no other's definition.
template <class R, class P>
consteval bool has_any_typed_move() {
    if constexpr (declares_move_from<R>) return typed_moves<R, typename resource_list<P>::type>::any;
    else return false;
}

template <class R, class P>
consteval hook_problem check_resource_hooks() {
    using M = typename R::model;
    if constexpr (names_validate<R> && !has_validate<R, M>) return hook_problem::validate;
    else if constexpr (names_modify_plan<R> && !has_modify_plan<R, M>) return hook_problem::modify_plan;
    else if constexpr (names_plan_destroy<R> && !has_plan_destroy<R, M>) return hook_problem::plan_destroy;
    else if constexpr (names_import_state<R> && !has_import_state<R, M>) return hook_problem::import_state;
    else if constexpr (requires { R::import_id_attribute; } && !has_import_id_attribute<R>)
        return hook_problem::import_id_attribute;
    else if constexpr (names_generate_config<R> && !has_generate_config<R, M>) return hook_problem::generate_config;
    else if constexpr ((names_upgrade_state<R> || names_upgrade<R>) && !has_raw_upgrade<R, M> && !has_prior_models<R>)
        return hook_problem::upgrade;
    else if constexpr (names_move_from<R> && !has_raw_move<R, M> && !has_any_typed_move<R, P>())
        return hook_problem::move_from;
    else if constexpr (names_identity_of<R> && !has_identity_of<R>) return hook_problem::identity_of;
    else if constexpr (names_import_identity<R> && !has_import_identity<R>) return hook_problem::import_identity;
    else if constexpr (names_schema_version<R> && !has_schema_version<R>) return hook_problem::schema_version;
    else if constexpr (names_identity_version<R> && !has_identity_version<R>) return hook_problem::identity_version;
    else return hook_problem::none;
}

// One error for a type_name without the provider's prefix: the
// type_name_prefix<kind, member_name<8>{"other_x"}, member_name<6>{"local"}> line
// the compiler prints above it names the type_name and the provider's.
template <kind K, member_name Name, member_name Provider>
struct type_name_prefix {
    static_assert(K != kind::resource,
                  "tfpp: a resource's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_file\" in provider \"local\"; the type_name_prefix<...> line above names both.");
    static_assert(K != kind::data_source,
                  "tfpp: a data source's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_file\" in provider \"local\"; the type_name_prefix<...> line above names both.");
    static_assert(K != kind::ephemeral_resource,
                  "tfpp: an ephemeral resource's type_name must start with the provider's type_name and an "
                  "underscore, e.g. \"local_secret\" in provider \"local\"; the type_name_prefix<...> line above "
                  "names both.");
    static_assert(K != kind::action,
                  "tfpp: an action's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_command\" in provider \"local\"; the type_name_prefix<...> line above names both.");
    static_assert(K != kind::state_store,
                  "tfpp: a state store's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_state_directory\" in provider \"local\"; the type_name_prefix<...> line above "
                  "names both.");
    static constexpr bool ok = false;
};
struct named_fine {};
// The message's class instantiated by this class's body, as in spelling
// (hook_spelling.hpp says why).
template <kind K, class T, class P>
struct prefix_check {
    static constexpr bool ok = has_prefix(T::type_name, P::type_name);
    using report = std::conditional_t<ok, named_fine,
                                      type_name_prefix<K, shown_name<name_buffer(T::type_name)>(),
                                                       shown_name<name_buffer(P::type_name)>()>>;
    static_assert(sizeof(report) > 0);
};

enum class handler_problem {
    none,
    no_model,
    no_type_name,
    no_create,
    no_read,
    no_update,
    no_destroy,
    no_data_read,
    create_signature,
    read_signature,
    update_signature,
    destroy_signature,
    data_read_signature
};

template <class R>
consteval handler_problem check_resource() {
    if constexpr (!has_model<R>) return handler_problem::no_model;
    else if constexpr (!has_type_name<R>) return handler_problem::no_type_name;
    else if constexpr (!has_create<R>) return names_create<R> ? handler_problem::create_signature : handler_problem::no_create;
    else if constexpr (!has_read<R>) return names_read<R> ? handler_problem::read_signature : handler_problem::no_read;
    else if constexpr (!has_update<R>) return names_update<R> ? handler_problem::update_signature : handler_problem::no_update;
    else if constexpr (!has_destroy<R>)
        return names_destroy<R> ? handler_problem::destroy_signature : handler_problem::no_destroy;
    else return handler_problem::none;
}

template <class D>
consteval handler_problem check_data_source() {
    if constexpr (!has_model<D>) return handler_problem::no_model;
    else if constexpr (!has_type_name<D>) return handler_problem::no_type_name;
    else if constexpr (!has_read<D>)
        return names_read<D> ? handler_problem::data_read_signature : handler_problem::no_data_read;
    else return handler_problem::none;
}

// Full: the model checks too (costly: done once, where the handler code is
// compiled).
template <class R, class P, bool Full = !is_compiled_separately<R>>
struct resource_check {
    // A misspelled member first: it would otherwise be reported as missing.
    static constexpr bool spelled_well = detail::spelled_well<kind::resource, R>;
    static constexpr handler_problem problem = spelled_well ? check_resource<R>() : handler_problem::none;
    static_assert(problem != handler_problem::no_model,
                  "tfpp: a resource needs `using model = <struct>;` naming the struct that is its schema.");
    static_assert(problem != handler_problem::no_type_name,
                  "tfpp: a resource needs `static constexpr std::string_view type_name = \"<provider>_<name>\";`.");
    static_assert(problem != handler_problem::no_create,
                  "tfpp: a resource needs `std::optional<model> create(model plan, tfpp::context& ctx);`.");
    static_assert(problem != handler_problem::no_read,
                  "tfpp: a resource needs `std::optional<model> read(model state, tfpp::context& ctx);` "
                  "(return std::nullopt when the object no longer exists).");
    static_assert(problem != handler_problem::no_update,
                  "tfpp: a resource needs `std::optional<model> update(model plan, const model& prior, "
                  "tfpp::context& ctx);`.");
    static_assert(problem != handler_problem::no_destroy,
                  "tfpp: a resource needs `void destroy(const model& state, tfpp::context& ctx);`.");
    static_assert(problem != handler_problem::create_signature,
                  "tfpp: a resource needs `std::optional<model> create(model plan, tfpp::context& ctx);`; its create "
                  "has a signature tfpp cannot call.");
    static_assert(problem != handler_problem::read_signature,
                  "tfpp: a resource needs `std::optional<model> read(model state, tfpp::context& ctx);`; its read has "
                  "a signature tfpp cannot call.");
    static_assert(problem != handler_problem::update_signature,
                  "tfpp: a resource needs `std::optional<model> update(model plan, const model& prior, "
                  "tfpp::context& ctx);`; its update has a signature tfpp cannot call.");
    static_assert(problem != handler_problem::destroy_signature,
                  "tfpp: a resource needs `void destroy(const model& state, tfpp::context& ctx);`; its destroy has a "
                  "signature tfpp cannot call.");
    static constexpr hook_problem hook = [] {
        if constexpr (spelled_well && problem == handler_problem::none) return check_resource_hooks<R, P>();
        else return hook_problem::none;
    }();
    static_assert(hook != hook_problem::validate,
                  "tfpp: a resource's validate has a signature tfpp cannot call; declare "
                  "`void validate(const model& config, tfpp::context& ctx);`.");
    static_assert(hook != hook_problem::modify_plan,
                  "tfpp: a resource's modify_plan has a signature tfpp cannot call; declare "
                  "`void modify_plan(tfpp::change<model>& change, tfpp::context& ctx);`.");
    static_assert(hook != hook_problem::plan_destroy,
                  "tfpp: a resource's plan_destroy has a signature tfpp cannot call; declare "
                  "`void plan_destroy(const model& state, tfpp::context& ctx);`.");
    static_assert(hook != hook_problem::import_state,
                  "tfpp: a resource's import_state has a signature tfpp cannot call; declare "
                  "`std::optional<model> import_state(std::string_view id, tfpp::context& ctx);`.");
    static_assert(hook != hook_problem::import_id_attribute,
                  "tfpp: a resource's import_id_attribute must be a string: "
                  "`static constexpr std::string_view import_id_attribute = \"name\";`.");
    static_assert(hook != hook_problem::generate_config,
                  "tfpp: a resource's generate_config has a signature tfpp cannot call; declare "
                  "`void generate_config(const model& state, model& config, tfpp::context& ctx);`.");
    static_assert(hook != hook_problem::upgrade,
                  "tfpp: a resource's upgrade_state has a signature tfpp cannot call; declare "
                  "`std::optional<model> upgrade_state(const tfpp::raw_state& old, tfpp::context& ctx);`, or list the "
                  "older models in `using prior_models = tfpp::type_list<...>;` for typed upgrades.");
    static_assert(hook != hook_problem::move_from,
                  "tfpp: a resource's move_from has a signature tfpp cannot call; declare "
                  "`std::optional<model> move_from(const tfpp::moved_state& from, tfpp::context& ctx);`, or take "
                  "`const S&` where S is the model of another resource type of the provider.");
    static_assert(hook != hook_problem::identity_of,
                  "tfpp: a resource's identity_of has a signature tfpp cannot call; declare "
                  "`identity identity_of(const model& state) const;` (with `using identity = <struct>;`).");
    static_assert(hook != hook_problem::import_identity,
                  "tfpp: a resource's import_identity has a signature tfpp cannot call; declare "
                  "`std::optional<model> import_identity(const identity& id, tfpp::context& ctx);` (with "
                  "`using identity = <struct>;`).");
    static_assert(hook != hook_problem::schema_version,
                  "tfpp: a resource's schema_version must be a number: "
                  "`static constexpr std::int64_t schema_version = 1;`.");
    static_assert(hook != hook_problem::identity_version,
                  "tfpp: a resource's identity_version must be a number: "
                  "`static constexpr std::int64_t identity_version = 1;`.");
    static constexpr bool named_well = [] {
        if constexpr (spelled_well && problem == handler_problem::none) return prefix_check<kind::resource, R, P>::ok;
        else return true;
    }();
    static constexpr bool version_ok = [] {
        if constexpr (has_schema_version<R>) return R::schema_version >= 0;
        else return true;
    }();
    static_assert(version_ok, "tfpp: a resource's schema_version cannot be negative; versions count up from 0.");
    static constexpr bool identity_version_ok = [] {
        if constexpr (has_identity_version<R>) return R::identity_version >= 0;
        else return true;
    }();
    static_assert(identity_version_ok,
                  "tfpp: a resource's identity_version cannot be negative; versions count up from 0.");
    static constexpr bool identity_ok = [] {
        if constexpr (Full && has_identity<R>) return model_check<typename R::identity, model_context::identity>::ok;
        else return true;
    }();
    static constexpr bool import_ok = [] {
        if constexpr (Full && problem == handler_problem::none && has_import_id_attribute<R>)
            return has_string_attribute<typename R::model>(R::import_id_attribute);
        else return true;
    }();
    static_assert(import_ok,
                  "tfpp: a resource's import_id_attribute must name a string attribute of its model: `tfpp import` "
                  "puts the ID there and read() fills in the rest.");
    static constexpr bool upgrades_ok = [] {
        if constexpr (Full && problem == handler_problem::none && has_prior_models<R>) {
            using chain = prior_versions_upgrade<upgraded::state, R, typename R::prior_models, typename R::model>;
            if constexpr (has_schema_version<R>) return chain::value && chain::count <= std::size_t(R::schema_version);
            else return chain::count == 0;
        } else {
            return true;
        }
    }();
    static_assert(upgrades_ok,
                  "tfpp: each struct in prior_models (the model of schema versions 0, 1, ...) must upgrade to the "
                  "current model, one upgrade_state() after another: `next_model upgrade_state(old_model old, "
                  "tfpp::context& ctx)` "
                  "(or returning std::optional); there are at most schema_version of them.");
    static constexpr bool identity_source_ok = [] {
        if constexpr (Full && problem == handler_problem::none && has_identity<R>) {
            if constexpr (!model_check<typename R::identity, model_context::identity>::ok) return true;
            else return has_identity_of<R> || identity_by_name<R>();
        } else {
            return true;
        }
    }();
    static_assert(identity_source_ok,
                  "tfpp: a field of the resource's identity has no model attribute of the same name and type to take "
                  "its value from. Name the model attribute as the identity field, or declare "
                  "`identity identity_of(const model& state) const;` in the resource.");
    static constexpr bool identity_upgrades_ok = [] {
        if constexpr (Full && problem == handler_problem::none && has_prior_identities<R>) {
            if constexpr (!has_identity<R>) {
                return false;
            } else {
                using chain = prior_versions_upgrade<upgraded::identity, R, typename R::prior_identities, typename R::identity>;
                if constexpr (has_identity_version<R>)
                    return chain::value && chain::count <= std::size_t(R::identity_version);
                else return chain::count == 0;
            }
        } else {
            return true;
        }
    }();
    static_assert(identity_upgrades_ok,
                  "tfpp: each struct in prior_identities (the identity of identity versions 0, 1, ...) must upgrade "
                  "to the resource's identity, one upgrade_identity() after another: `next_identity "
                  "upgrade_identity(old_identity old, "
                  "tfpp::context& ctx)`; there are at most identity_version of them.");
    static constexpr bool ok = [] {
        // Naming model_check<...>::ok instantiates it even where || would not
        // evaluate it: only if constexpr keeps it out of a light check.
        if constexpr (!spelled_well || problem != handler_problem::none || hook != hook_problem::none) return false;
        else if constexpr (Full)
            return named_well && version_ok && identity_version_ok && identity_ok && identity_source_ok &&
                   identity_upgrades_ok && import_ok && upgrades_ok &&
                   model_check<typename R::model, model_context::resource>::ok;
        else return named_well && version_ok && identity_version_ok;
    }();
};

template <class D, class P>
struct data_source_check {
    static constexpr bool spelled_well = detail::spelled_well<kind::data_source, D>;
    static constexpr handler_problem problem = spelled_well ? check_data_source<D>() : handler_problem::none;
    static_assert(problem != handler_problem::no_model,
                  "tfpp: a data source needs `using model = <struct>;` naming the struct that is its schema.");
    static_assert(problem != handler_problem::no_type_name,
                  "tfpp: a data source needs `static constexpr std::string_view type_name = \"<provider>_<name>\";`.");
    static_assert(problem != handler_problem::no_data_read,
                  "tfpp: a data source needs `std::optional<model> read(model config, tfpp::context& ctx);`.");
    static_assert(problem != handler_problem::data_read_signature,
                  "tfpp: a data source needs `std::optional<model> read(model config, tfpp::context& ctx);`; its read "
                  "has a signature tfpp cannot call.");
    static constexpr bool validate_ok = [] {
        if constexpr (spelled_well && problem == handler_problem::none)
            return !names_validate<D> || has_validate<D, typename D::model>;
        else return true;
    }();
    static_assert(validate_ok,
                  "tfpp: a data source's validate has a signature tfpp cannot call; declare "
                  "`void validate(const model& config, tfpp::context& ctx);`.");
    static constexpr bool named_well = [] {
        if constexpr (spelled_well && problem == handler_problem::none) return prefix_check<kind::data_source, D, P>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (spelled_well && problem == handler_problem::none && validate_ok)
            return named_well && model_check<typename D::model, model_context::data_source>::ok;
        else return false;
    }();
};

// --- ephemeral resources

enum class ephemeral_problem {
    none,
    misspelled,
    open_signature,
    no_model,
    no_type_name,
    no_open,
    renew_signature,
    close_signature,
    validate_signature
};

template <class E>
consteval ephemeral_problem check_ephemeral() {
    if constexpr (!has_model<E>) return ephemeral_problem::no_model;
    else if constexpr (!has_type_name<E>) return ephemeral_problem::no_type_name;
    else if constexpr (!has_open<E>) return names_open<E> ? ephemeral_problem::open_signature : ephemeral_problem::no_open;
    else if constexpr (names_renew<E> && !has_renew<E>) return ephemeral_problem::renew_signature;
    else if constexpr (names_close<E> && !has_close<E>) return ephemeral_problem::close_signature;
    else if constexpr (names_validate<E> && !has_validate<E, typename E::model>)
        return ephemeral_problem::validate_signature;
    else return ephemeral_problem::none;
}

template <class E, class P>
struct ephemeral_check {
    static constexpr ephemeral_problem problem =
        spelled_well<kind::ephemeral_resource, E> ? check_ephemeral<E>() : ephemeral_problem::misspelled;
    static_assert(problem != ephemeral_problem::no_model,
                  "tfpp: an ephemeral resource needs `using model = <struct>;` naming the struct that is its schema.");
    static_assert(problem != ephemeral_problem::no_type_name,
                  "tfpp: an ephemeral resource needs `static constexpr std::string_view type_name = "
                  "\"<provider>_<name>\";`.");
    static_assert(problem != ephemeral_problem::no_open,
                  "tfpp: an ephemeral resource needs `std::optional<model> open(model config, tfpp::context& ctx);` "
                  "(what renew and close need, it keeps with tfpp::set_private_data(ctx, data)).");
    static_assert(problem != ephemeral_problem::open_signature,
                  "tfpp: an ephemeral resource needs `std::optional<model> open(model config, tfpp::context& ctx);` "
                  "(what renew and close need, it keeps with tfpp::set_private_data(ctx, data)); its open has a "
                  "signature tfpp cannot call.");
    static_assert(problem != ephemeral_problem::renew_signature,
                  "tfpp: an ephemeral resource's renew has a signature tfpp cannot call; declare "
                  "`void renew(tfpp::context& ctx);` (open's private data: tfpp::private_data<T>(ctx)).");
    static_assert(problem != ephemeral_problem::close_signature,
                  "tfpp: an ephemeral resource's close has a signature tfpp cannot call; declare "
                  "`void close(tfpp::context& ctx);` (open's private data: tfpp::private_data<T>(ctx)).");
    static_assert(problem != ephemeral_problem::validate_signature,
                  "tfpp: an ephemeral resource's validate has a signature tfpp cannot call; declare "
                  "`void validate(const model& config, tfpp::context& ctx);`.");
    static constexpr bool private_data_current = [] {
        if constexpr (problem == ephemeral_problem::none && has_private_data<E>) return typed_private_data<E>();
        else return true;
    }();
    static constexpr bool named_well = [] {
        if constexpr (problem == ephemeral_problem::none) return prefix_check<kind::ephemeral_resource, E, P>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (problem == ephemeral_problem::none)
            return private_data_current && named_well &&
                   model_check<typename E::model, model_context::data_source>::ok;
        else return false;
    }();
};

enum class list_problem { none, misspelled, no_resource, no_identity, no_config, no_list, list_signature, validate_signature };

template <class L>
consteval list_problem check_list_resource() {
    if constexpr (!requires { typename L::resource; }) return list_problem::no_resource;
    else if constexpr (!has_identity<typename L::resource>) return list_problem::no_identity;
    else if constexpr (!requires { typename L::config; }) return list_problem::no_config;
    else if constexpr (!requires(L & l, const typename L::config& c, list_results<typename L::resource>& r,
                                 context& ctx) { l.list(c, r, ctx); })
        return names_list<L> ? list_problem::list_signature : list_problem::no_list;
    else if constexpr (names_validate<L> && !has_validate<L, typename L::config>)
        return list_problem::validate_signature;
    else return list_problem::none;
}

template <class L, class P>
struct list_check {
    static constexpr list_problem problem =
        spelled_well<kind::list_resource, L> ? check_list_resource<L>() : list_problem::misspelled;
    static_assert(problem != list_problem::no_resource,
                  "tfpp: a list resource needs `using resource = <resource struct>;` naming the managed resource "
                  "whose objects it lists.");
    static_assert(problem != list_problem::no_identity,
                  "tfpp: a list resource's resource has no identity, and Terraform names each listed object by "
                  "it; add `using identity = <struct>;` to the resource.");
    static_assert(problem != list_problem::no_config,
                  "tfpp: a list resource needs `using config = <struct>;`, the schema of the list block's "
                  "`config { ... }` (an empty struct when it takes none).");
    static_assert(problem != list_problem::no_list,
                  "tfpp: a list resource needs `void list(const config& c, tfpp::list_results<resource>& "
                  "results, tfpp::context& ctx);`.");
    static_assert(problem != list_problem::list_signature,
                  "tfpp: a list resource needs `void list(const config& c, tfpp::list_results<resource>& "
                  "results, tfpp::context& ctx);`; its list has a signature tfpp cannot call.");
    static_assert(problem != list_problem::validate_signature,
                  "tfpp: a list resource's validate has a signature tfpp cannot call; declare "
                  "`void validate(const config& c, tfpp::context& ctx);`.");
    static constexpr bool among_resources = [] {
        if constexpr (problem == list_problem::none)
            return listed_in<typename L::resource, typename resource_list<P>::type>::value;
        else return true;
    }();
    static_assert(among_resources,
                  "tfpp: a list resource's resource must be one of the provider's `resources`; add it there.");
    static constexpr bool ok = [] {
        if constexpr (problem == list_problem::none)
            return among_resources && model_check<typename L::config, model_context::data_source>::ok;
        else return false;
    }();
};

// --- actions: invoke, with optional validate and plan

enum class action_problem {
    none,
    misspelled,
    no_type_name,
    no_config,
    no_invoke,
    invoke_signature,
    validate_signature,
    plan_signature
};

template <class A>
consteval action_problem check_action() {
    if constexpr (!has_type_name<A>) return action_problem::no_type_name;
    else if constexpr (!requires { typename A::config; }) return action_problem::no_config;
    else if constexpr (!has_invoke<A>)
        return names_invoke<A> ? action_problem::invoke_signature : action_problem::no_invoke;
    else if constexpr (names_validate<A> && !has_validate<A, typename A::config>)
        return action_problem::validate_signature;
    else if constexpr (names_plan<A> && !has_action_plan<A>) return action_problem::plan_signature;
    else return action_problem::none;
}

template <class A, class P>
struct action_check {
    static constexpr action_problem problem =
        spelled_well<kind::action, A> ? check_action<A>() : action_problem::misspelled;
    static_assert(problem != action_problem::no_type_name,
                  "tfpp: an action needs `static constexpr std::string_view type_name = \"<provider>_<name>\";`.");
    static_assert(problem != action_problem::no_config,
                  "tfpp: an action needs `using config = <struct>;`, the schema of the action block's "
                  "`config { ... }` (an empty struct when it takes none).");
    static_assert(problem != action_problem::no_invoke,
                  "tfpp: an action needs `void invoke(const config& c, tfpp::action_progress& progress, "
                  "tfpp::context& ctx);`.");
    static_assert(problem != action_problem::invoke_signature,
                  "tfpp: an action needs `void invoke(const config& c, tfpp::action_progress& progress, "
                  "tfpp::context& ctx);`; its invoke has a signature tfpp cannot call.");
    static_assert(problem != action_problem::validate_signature,
                  "tfpp: an action's validate has a signature tfpp cannot call; declare "
                  "`void validate(const config& c, tfpp::context& ctx);`.");
    static_assert(problem != action_problem::plan_signature,
                  "tfpp: an action's plan has a signature tfpp cannot call; declare "
                  "`void plan(const config& c, tfpp::context& ctx);`.");
    static constexpr bool named_well = [] {
        if constexpr (problem == action_problem::none) return prefix_check<kind::action, A, P>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (problem == action_problem::none)
            return named_well && model_check<typename A::config, model_context::data_source>::ok;
        else return false;
    }();
};

// --- state stores: read, write, lock, unlock, states, delete_state; optional configure and validate

enum class state_store_problem {
    none,
    misspelled,
    read_signature,
    write_signature,
    lock_signature,
    unlock_signature,
    states_signature,
    delete_state_signature,
    no_type_name,
    no_config,
    read,
    write,
    lock,
    unlock,
    states,
    delete_state,
    configure_signature,
    validate_signature,
    max_chunk_size
};

template <class S>
consteval state_store_problem check_state_store() {
    using enum state_store_problem;
    if constexpr (!has_type_name<S>) return no_type_name;
    else if constexpr (!requires { typename S::config; }) return no_config;
    else if constexpr (!has_state_read<S, state_store_id<S>>) return names_read<S> ? read_signature : read;
    else if constexpr (!has_state_write<S, state_store_id<S>>) return names_write<S> ? write_signature : write;
    else if constexpr (!has_state_lock<S, state_store_id<S>>) return names_lock<S> ? lock_signature : lock;
    else if constexpr (!has_state_unlock<S, state_store_id<S>>) return names_unlock<S> ? unlock_signature : unlock;
    else if constexpr (!has_state_list<S>) return names_states<S> ? states_signature : states;
    else if constexpr (!has_state_delete<S, state_store_id<S>>)
        return names_delete_state<S> ? delete_state_signature : delete_state;
    else if constexpr (names_configure<S> && !has_configure<S, typename S::config>) return configure_signature;
    else if constexpr (names_validate<S> && !has_validate<S, typename S::config>) return validate_signature;
    else if constexpr (names_max_chunk_size<S> && !has_max_chunk_size<S>) return max_chunk_size;
    else return none;
}

template <class S, class P>
struct state_store_check {
    static constexpr state_store_problem problem =
        spelled_well<kind::state_store, S> ? check_state_store<S>() : state_store_problem::misspelled;
    static_assert(problem != state_store_problem::no_type_name,
                  "tfpp: a state store needs `static constexpr std::string_view type_name = \"<provider>_<name>\";`.");
    static_assert(problem != state_store_problem::no_config,
                  "tfpp: a state store needs `using config = <struct>;`, the schema of the state_store block's "
                  "attributes (an empty struct when it takes none).");
    static_assert(problem != state_store_problem::read,
                  "tfpp: a state store needs `void read(std::string_view state_id, tfpp::state_sink& out, "
                  "tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::read_signature,
                  "tfpp: a state store needs `void read(std::string_view state_id, tfpp::state_sink& out, "
                  "tfpp::context& ctx);`; its read has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::write,
                  "tfpp: a state store needs `void write(std::string_view state_id, tfpp::state_source& in, "
                  "tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::write_signature,
                  "tfpp: a state store needs `void write(std::string_view state_id, tfpp::state_source& in, "
                  "tfpp::context& ctx);`; its write has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::lock,
                  "tfpp: a state store needs `std::string lock(std::string_view state_id, std::string_view "
                  "operation, tfpp::context& ctx);` returning the lock's id (Terraform locks before it writes).");
    static_assert(problem != state_store_problem::lock_signature,
                  "tfpp: a state store needs `std::string lock(std::string_view state_id, std::string_view "
                  "operation, tfpp::context& ctx);` returning the lock's id (Terraform locks before it writes); its "
                  "lock has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::unlock,
                  "tfpp: a state store needs `void unlock(std::string_view state_id, std::string_view lock_id, "
                  "tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::unlock_signature,
                  "tfpp: a state store needs `void unlock(std::string_view state_id, std::string_view lock_id, "
                  "tfpp::context& ctx);`; its unlock has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::states,
                  "tfpp: a state store needs `std::vector<std::string> states(tfpp::context& ctx);`, the names of the "
                  "states (workspaces) it holds.");
    static_assert(problem != state_store_problem::states_signature,
                  "tfpp: a state store needs `std::vector<std::string> states(tfpp::context& ctx);`, the names of the "
                  "states (workspaces) it holds; its states has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::delete_state,
                  "tfpp: a state store needs `void delete_state(std::string_view state_id, tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::delete_state_signature,
                  "tfpp: a state store needs `void delete_state(std::string_view state_id, tfpp::context& ctx);`; its "
                  "delete_state has a signature tfpp cannot call.");
    static_assert(problem != state_store_problem::configure_signature,
                  "tfpp: a state store's configure has a signature tfpp cannot call; declare "
                  "`void configure(const config& c, tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::validate_signature,
                  "tfpp: a state store's validate has a signature tfpp cannot call; declare "
                  "`void validate(const config& c, tfpp::context& ctx);`.");
    static_assert(problem != state_store_problem::max_chunk_size,
                  "tfpp: a state store's max_chunk_size must be a number of bytes: "
                  "`static constexpr std::size_t max_chunk_size = 1 << 20;`.");
    static constexpr bool ids_current = [] {
        if constexpr (problem == state_store_problem::none && !std::is_same_v<state_store_id<S>, std::string_view>)
            return state_store_ids_as_strings<S>();
        else return true;
    }();
    static constexpr bool named_well = [] {
        if constexpr (problem == state_store_problem::none) return prefix_check<kind::state_store, S, P>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (problem == state_store_problem::none)
            return ids_current && named_well && model_check<typename S::config, model_context::state_store>::ok;
        else return false;
    }();
};

// Arrays, not folds: a provider may list a thousand types (clang limits a
// fold to 256 operands).
constexpr bool all_of(std::initializer_list<bool> values) {
    for (bool v : values)
        if (!v) return false;
    return true;
}
// Each of P's types of kind K passes the kind's check (kinds.hpp names it).
template <kind K, class P, class List = kind_list_t<K, P>>
struct all_of_kind_ok;
template <kind K, class P, class... T>
struct all_of_kind_ok<K, P, type_list<T...>> {
    static constexpr bool value = all_of({true, kind_traits<K>::template check<T, P>::ok...});
};
// A class, not a consteval function: clang makes a function template whose
// body met a failed static_assert no constant expression, one more error.
template <class P, class I = std::make_index_sequence<std::size(listed_kinds)>>
struct all_kinds_ok;
template <class P, std::size_t... I>
struct all_kinds_ok<P, std::index_sequence<I...>> {
    static constexpr bool value = all_of({all_of_kind_ok<listed_kinds[I], P>::value...});
};

template <class P>
struct provider_check {
    static constexpr bool spelled_well = detail::spelled_well<kind::provider, P>;
    static_assert(!spelled_well || std::is_default_constructible_v<P>,
                  "tfpp: a provider must be default-constructible.");
    static_assert(!spelled_well || has_type_name<P>,
                  "tfpp: a provider needs `static constexpr std::string_view type_name = \"<name>\";`, the name "
                  "used in required_providers and as the prefix of its resource types.");
    static constexpr bool configure_ok = [] {
        if constexpr (spelled_well && names_configure<P>) return has_configure<P, typename config_of<P>::type>;
        else return true;
    }();
    static_assert(configure_ok,
                  "tfpp: a provider's configure has a signature tfpp cannot call; declare "
                  "`void configure(const config& c, tfpp::context& ctx);` (config being the provider's "
                  "`using config = <struct>;`).");
    static constexpr bool config_ok = [] {
        if constexpr (has_config<P>) return model_check<typename P::config, model_context::provider>::ok;
        else return true;
    }();
    static constexpr bool meta_ok = [] {
        if constexpr (has_provider_meta<P>)
            return model_check<typename P::provider_meta, model_context::provider_meta>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (spelled_well && configure_ok && std::is_default_constructible_v<P> && has_type_name<P>)
            return config_ok && meta_ok && all_kinds_ok<P>::value;
        else return false;
    }();
};

}  // namespace tfpp::detail
