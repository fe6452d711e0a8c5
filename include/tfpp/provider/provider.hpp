// What a provider, a resource and a data source are: plain structs with a
// model and a few member functions. tfpp checks them at compile time and says
// in one `tfpp:` line what is missing.
//
//   struct file_resource {
//       using model = file_model;
//       static constexpr std::string_view type_name = "local_file";
//       std::optional<model> create(model plan, tfpp::context& ctx);
//       std::optional<model> read(model state, tfpp::context& ctx);      // nullopt: the object is gone
//       std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
//       void destroy(const model& state, tfpp::context& ctx);
//   };
//
//   struct local_provider {
//       static constexpr std::string_view type_name = "local";
//       using config = provider_config;                 // optional
//       using resources = tfpp::types<file_resource>;
//       using data_sources = tfpp::types<file_data_source>;
//       void configure(const provider_config& c, tfpp::context& ctx);   // optional
//   };
//
// Optional members of a resource: `static constexpr std::int64_t
// schema_version = 1;`, `static constexpr tfpp::doc doc{"..."};` (also on data
// sources and providers), `using identity = <struct>;` with
// `static constexpr std::int64_t identity_version`. A provider may have
// `using provider_meta = <struct>;` for its provider_meta block.
//
// A resource or data source that has a constructor from (or a first field of)
// `local_provider&` is given the provider instance, to reach configured clients.
#pragma once

#include <tfpp/fwd.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/schema.hpp>

#include <concepts>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tfpp {

namespace detail {

template <class T>
concept has_model = requires { typename T::model; };
template <class T>
concept has_type_name = requires {
    { T::type_name } -> std::convertible_to<std::string_view>;
};

template <class R, class M = typename R::model>
concept has_create = requires(R& r, M m, context& c) {
    { r.create(std::move(m), c) } -> std::same_as<std::optional<M>>;
};
template <class R, class M = typename R::model>
concept has_read = requires(R& r, M m, context& c) {
    { r.read(std::move(m), c) } -> std::same_as<std::optional<M>>;
};
template <class R, class M = typename R::model>
concept has_update = requires(R& r, M m, const M& prior, context& c) {
    { r.update(std::move(m), prior, c) } -> std::same_as<std::optional<M>>;
};
template <class R, class M = typename R::model>
concept has_destroy = requires(R& r, const M& m, context& c) {
    { r.destroy(m, c) } -> std::same_as<void>;
};
template <class R, class M = typename R::model>
concept has_validate = requires(R& r, const M& m, context& c) { r.validate(m, c); };

// Calls f.template operator()<T>() (or <T, index>()) for each type of a types<...> list.
template <class List>
struct type_list;
template <class... T>
struct type_list<types<T...>> {
    template <class F>
    static void each(F& f) {
        (f.template operator()<T>(), ...);
    }
    template <class F>
    static void each_indexed(F& f) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (f.template operator()<T, I>(), ...);
        }(std::index_sequence_for<T...>{});
    }
};
template <class List, class F>
void for_each_type(F&& f) {
    type_list<List>::each(f);
}
template <class List, class F>
void for_each_type_indexed(F&& f) {
    type_list<List>::each_indexed(f);
}

// --- optional resource hooks
template <class R, class M = typename R::model>
concept has_modify_plan = requires(R& r, change<M>& c, context& ctx) { r.modify_plan(c, ctx); };
template <class R, class M = typename R::model>
concept has_plan_destroy = requires(R& r, const M& m, context& ctx) { r.plan_destroy(m, ctx); };
template <class R, class M = typename R::model>
concept has_import_state = requires(R& r, std::string_view id, context& ctx) {
    { r.import_state(id, ctx) } -> std::same_as<std::optional<M>>;
};
template <class R>
concept has_import_id_attribute = requires {
    { R::import_id_attribute } -> std::convertible_to<std::string_view>;
};
template <class R, class M = typename R::model>
concept has_raw_upgrade = requires(R& r, const raw_state& old, context& ctx) {
    { r.upgrade(old, ctx) } -> std::same_as<std::optional<M>>;
};
template <class R>
concept has_prior_models = requires { typename R::prior_models; };
template <class R, class M = typename R::model>
concept has_raw_move = requires(R& r, const moved_state& from, context& ctx) {
    { r.move_from(from, ctx) } -> std::same_as<std::optional<M>>;
};
template <class R, class S>
concept has_typed_move = requires(R& r, const S& from, context& ctx) {
    { r.move_from(from, ctx) } -> std::same_as<std::optional<typename R::model>>;
};

// What a typed upgrade of `Old` yields: the next model, or void when R has
// no upgrade from Old.
template <class R, class Old>
struct upgrade_result {
    using type = void;
};
template <class R, class Old>
    requires requires(R& r, Old old, context& ctx) { r.upgrade(std::move(old), ctx); }
struct upgrade_result<R, Old> {
    using raw = decltype(std::declval<R&>().upgrade(std::declval<Old>(), std::declval<context&>()));
    using type = typename std::conditional_t<is_optional_v<raw>, raw, std::optional<raw>>::value_type;
};

// Whether upgrades from Old reach the current model in at most Steps steps.
template <class R, class Old, int Steps>
consteval bool upgrades_to_model() {
    if constexpr (std::is_same_v<Old, typename R::model>) return true;
    else if constexpr (Steps == 0 || std::is_void_v<typename upgrade_result<R, Old>::type>) return false;
    else return upgrades_to_model<R, typename upgrade_result<R, Old>::type, Steps - 1>();
}

template <class R, class List>
struct prior_models_upgrade;
template <class R, class... V>
struct prior_models_upgrade<R, types<V...>> {
    static constexpr bool value = (upgrades_to_model<R, V, sizeof...(V) + 1>() && ...);
    static constexpr std::size_t count = sizeof...(V);
};

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

template <class P>
concept has_config = requires { typename P::config; };
template <class P>
concept has_provider_meta = requires { typename P::provider_meta; };
template <class R>
concept has_identity = requires { typename R::identity; };
template <class H>
concept has_schema_version = requires {
    { H::schema_version } -> std::convertible_to<std::int64_t>;
};
template <class R>
concept has_identity_version = requires {
    { R::identity_version } -> std::convertible_to<std::int64_t>;
};
template <class H>
concept has_doc = requires {
    { H::doc } -> std::convertible_to<doc>;
};
template <class P, class C>
concept has_configure = requires(P& p, const C& c, context& ctx) { p.configure(c, ctx); };

template <class P>
struct resource_list {
    using type = types<>;
};
template <class P>
    requires requires { typename P::resources; }
struct resource_list<P> {
    using type = typename P::resources;
};
template <class P>
struct data_source_list {
    using type = types<>;
};
template <class P>
    requires requires { typename P::data_sources; }
struct data_source_list<P> {
    using type = typename P::data_sources;
};

// The provider's configuration model, or an empty one.
struct no_config {};
template <class P>
struct config_of {
    using type = no_config;
};
template <class P>
    requires has_config<P>
struct config_of<P> {
    using type = typename P::config;
};

constexpr bool has_prefix(std::string_view name, std::string_view provider) {
    return name.size() > provider.size() + 1 && name.substr(0, provider.size()) == provider &&
           name[provider.size()] == '_';
}

enum class handler_problem { none, no_model, no_type_name, no_create, no_read, no_update, no_destroy, no_data_read };

template <class R>
consteval handler_problem check_resource() {
    if constexpr (!has_model<R>) return handler_problem::no_model;
    else if constexpr (!has_type_name<R>) return handler_problem::no_type_name;
    else if constexpr (!has_create<R>) return handler_problem::no_create;
    else if constexpr (!has_read<R>) return handler_problem::no_read;
    else if constexpr (!has_update<R>) return handler_problem::no_update;
    else if constexpr (!has_destroy<R>) return handler_problem::no_destroy;
    else return handler_problem::none;
}

template <class D>
consteval handler_problem check_data_source() {
    if constexpr (!has_model<D>) return handler_problem::no_model;
    else if constexpr (!has_type_name<D>) return handler_problem::no_type_name;
    else if constexpr (!has_read<D>) return handler_problem::no_data_read;
    else return handler_problem::none;
}

// A resource that declares `static constexpr bool compiled_separately = true;`
// has its handler code compiled in a file of its own (tfpp/compile.hpp); the
// file with main() then checks only what it needs itself.
template <class R>
inline constexpr bool is_compiled_separately = [] {
    if constexpr (requires { R::compiled_separately; }) return bool(R::compiled_separately);
    else return false;
}();

// Full: the model checks too (costly: done once, where the handler code is
// compiled).
template <class R, class P, bool Full = !is_compiled_separately<R>>
struct resource_check {
    static constexpr handler_problem problem = check_resource<R>();
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
    static constexpr bool named_well = [] {
        if constexpr (problem == handler_problem::none) return has_prefix(R::type_name, P::type_name);
        else return true;
    }();
    static_assert(named_well,
                  "tfpp: a resource's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_file\" in provider \"local\".");
    static constexpr bool version_ok = [] {
        if constexpr (has_schema_version<R>) return R::schema_version >= 0;
        else return true;
    }();
    static_assert(version_ok, "tfpp: a resource's schema_version cannot be negative; versions count up from 0.");
    static constexpr bool identity_version_ok = [] {
        if constexpr (has_identity_version<R>) return R::identity_version >= 0;
        else return true;
    }();
    static_assert(identity_version_ok, "tfpp: a resource's identity_version cannot be negative; versions count up from 0.");
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
            using chain = prior_models_upgrade<R, typename R::prior_models>;
            if constexpr (has_schema_version<R>) return chain::value && chain::count <= std::size_t(R::schema_version);
            else return chain::count == 0;
        } else {
            return true;
        }
    }();
    static_assert(upgrades_ok,
                  "tfpp: each struct in prior_models (the model of schema versions 0, 1, ...) must upgrade to the "
                  "current model, one upgrade() after another: `next_model upgrade(old_model old, tfpp::context& ctx)` "
                  "(or returning std::optional); there are at most schema_version of them.");
    static constexpr bool ok = [] {
        // Naming model_check<...>::ok instantiates it even where || would not
        // evaluate it: only if constexpr keeps it out of a light check.
        if constexpr (problem != handler_problem::none)
            return false;
        else if constexpr (Full)
            return named_well && version_ok && identity_version_ok && identity_ok && import_ok && upgrades_ok &&
                   model_check<typename R::model, model_context::resource>::ok;
        else
            return named_well && version_ok && identity_version_ok;
    }();
};

template <class D, class P>
struct data_source_check {
    static constexpr handler_problem problem = check_data_source<D>();
    static_assert(problem != handler_problem::no_model,
                  "tfpp: a data source needs `using model = <struct>;` naming the struct that is its schema.");
    static_assert(problem != handler_problem::no_type_name,
                  "tfpp: a data source needs `static constexpr std::string_view type_name = \"<provider>_<name>\";`.");
    static_assert(problem != handler_problem::no_data_read,
                  "tfpp: a data source needs `std::optional<model> read(model config, tfpp::context& ctx);`.");
    static constexpr bool named_well = [] {
        if constexpr (problem == handler_problem::none) return has_prefix(D::type_name, P::type_name);
        else return true;
    }();
    static_assert(named_well,
                  "tfpp: a data source's type_name must start with the provider's type_name and an underscore, "
                  "e.g. \"local_file\" in provider \"local\".");
    static constexpr bool ok = [] {
        if constexpr (problem == handler_problem::none)
            return named_well && model_check<typename D::model, model_context::data_source>::ok;
        else return false;
    }();
};

template <class P, class List>
struct all_resources_ok;
// Arrays, not folds: a provider may list a thousand types (clang limits a
// fold to 256 operands).
constexpr bool all_of(std::initializer_list<bool> values) {
    for (bool v : values)
        if (!v) return false;
    return true;
}
template <class P, class... R>
struct all_resources_ok<P, types<R...>> {
    static constexpr bool value = all_of({true, resource_check<R, P>::ok...});
};
template <class P, class List>
struct all_data_sources_ok;
template <class P, class... D>
struct all_data_sources_ok<P, types<D...>> {
    static constexpr bool value = all_of({true, data_source_check<D, P>::ok...});
};

template <class P>
struct provider_check {
    static_assert(std::is_default_constructible_v<P>, "tfpp: a provider must be default-constructible.");
    static_assert(has_type_name<P>,
                  "tfpp: a provider needs `static constexpr std::string_view type_name = \"<name>\";`, the name "
                  "used in required_providers and as the prefix of its resource types.");
    static constexpr bool config_ok = [] {
        if constexpr (has_config<P>) return model_check<typename P::config, model_context::provider>::ok;
        else return true;
    }();
    static constexpr bool meta_ok = [] {
        if constexpr (has_provider_meta<P>) return model_check<typename P::provider_meta, model_context::provider_meta>::ok;
        else return true;
    }();
    static constexpr bool ok = [] {
        if constexpr (std::is_default_constructible_v<P> && has_type_name<P>)
            return config_ok && meta_ok && all_resources_ok<P, typename resource_list<P>::type>::value &&
                   all_data_sources_ok<P, typename data_source_list<P>::type>::value;
        else
            return false;
    }();
};

}  // namespace detail

// True for a well-formed provider. Naming it runs the same compile-time checks
// as tfpp::serve, each failing with one `tfpp:` message, without pulling in
// the server: `static_assert(tfpp::valid_provider<my_provider>);` in a test.
template <class P>
inline constexpr bool valid_provider = detail::provider_check<P>::ok;

template <class R>
concept resource = detail::check_resource<R>() == detail::handler_problem::none;
template <class D>
concept data_source = detail::check_data_source<D>() == detail::handler_problem::none;

}  // namespace tfpp
