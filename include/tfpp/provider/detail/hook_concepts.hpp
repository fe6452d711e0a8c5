// The members tfpp calls on each kind of provider object, as concepts: a
// hook is offered when the type has the member with the signature tfpp calls
// (whether it has one of that name at all: names_<member>, near_misses.hpp).
#pragma once

#include <tfpp/core/type_list.hpp>
#include <tfpp/fwd.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/context.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::detail {

template <class T>
concept has_model = requires {
    typename T::model;
};
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
concept has_validate = requires(R& r, const M& m, context& c) {
    r.validate(m, c);
};

// --- optional resource hooks
template <class R, class M = typename R::model>
concept has_modify_plan = requires(R& r, change<M>& c, context& ctx) {
    r.modify_plan(c, ctx);
};
template <class R, class M = typename R::model>
concept has_plan_destroy = requires(R& r, const M& m, context& ctx) {
    r.plan_destroy(m, ctx);
};
template <class R, class M = typename R::model>
concept has_import_state = requires(R& r, std::string_view id, context& ctx) {
    { r.import_state(id, ctx) } -> std::same_as<std::optional<M>>;
};
template <class R, class M = typename R::model>
concept has_generate_config = requires(R& r, const M& state, M& config, context& ctx) {
    { r.generate_config(state, config, ctx) } -> std::same_as<void>;
};
template <class R>
concept has_import_id_attribute = requires {
    { R::import_id_attribute } -> std::convertible_to<std::string_view>;
};
template <class R>
concept has_prior_models = requires {
    typename R::prior_models;
};
template <class R, class M = typename R::model>
concept has_raw_move = requires(R& r, const moved_state& from, context& ctx) {
    { r.move_from(from, ctx) } -> std::same_as<std::optional<M>>;
};
template <class R, class S>
concept has_typed_move = requires(R& r, const S& from, context& ctx) {
    { r.move_from(from, ctx) } -> std::same_as<std::optional<typename R::model>>;
};

// The hooks that bring a stored state (a prior model, or raw_state) and a
// stored identity (a prior identity) one version forward: upgrade_state and
// upgrade_identity. `upgrade`, the previous release's name for both, works
// for one release more.
enum class upgraded { state, identity };

template <upgraded What, class R, class Old>
concept has_renamed_upgrade =
    (What == upgraded::state && requires(R& r, Old&& old, context& ctx) { r.upgrade_state(std::forward<Old>(old), ctx); }) ||
    (What == upgraded::identity &&
     requires(R& r, Old&& old, context& ctx) { r.upgrade_identity(std::forward<Old>(old), ctx); });
template <upgraded What, class R, class Old>
concept has_upgrade_from =
    has_renamed_upgrade<What, R, Old> || requires(R& r, Old&& old, context& ctx) { r.upgrade(std::forward<Old>(old), ctx); };

template <class R>
[[deprecated("tfpp: upgrade() is now upgrade_state() for a state (a prior model or tfpp::raw_state) and "
             "upgrade_identity() for an identity; upgrade() works for one release more")]]
void upgrade_renamed() {}

template <upgraded What, class R, class Old>
requires has_upgrade_from<What, R, Old>
auto upgrade_once(R& r, Old&& old, context& ctx) {
    if constexpr (!has_renamed_upgrade<What, R, Old>) {
        upgrade_renamed<R>();
        return r.upgrade(std::forward<Old>(old), ctx);
    } else if constexpr (What == upgraded::state) {
        return r.upgrade_state(std::forward<Old>(old), ctx);
    } else {
        return r.upgrade_identity(std::forward<Old>(old), ctx);
    }
}

template <class R, class M = typename R::model>
concept has_raw_upgrade = requires(R& r, const raw_state& old, context& ctx) {
    { upgrade_once<upgraded::state>(r, old, ctx) } -> std::same_as<std::optional<M>>;
};

// What a typed upgrade of `Old` yields: the next model or identity, or void
// when R has no upgrade from Old.
template <upgraded What, class R, class Old>
struct upgrade_result {
    using type = void;
};
template <upgraded What, class R, class Old>
requires has_upgrade_from<What, R, Old>
struct upgrade_result<What, R, Old> {
    using raw = decltype(upgrade_once<What>(std::declval<R&>(), std::declval<Old>(), std::declval<context&>()));
    using type = typename std::conditional_t<is_optional_v<raw>, raw, std::optional<raw>>::value_type;
};

// Whether upgrades from Old reach Target (the current model or identity) in
// at most Steps steps.
template <upgraded What, class R, class Old, class Target, int Steps>
consteval bool upgrades_to() {
    if constexpr (std::is_same_v<Old, Target>) return true;
    else if constexpr (Steps == 0 || std::is_void_v<typename upgrade_result<What, R, Old>::type>) return false;
    else return upgrades_to<What, R, typename upgrade_result<What, R, Old>::type, Target, Steps - 1>();
}

// prior_models (Target: the model) or prior_identities (the identity).
template <upgraded What, class R, class List, class Target>
struct prior_versions_upgrade;
template <upgraded What, class R, class... V, class Target>
struct prior_versions_upgrade<What, R, type_list<V...>, Target> {
    static constexpr bool value = (upgrades_to<What, R, V, Target, sizeof...(V) + 1>() && ...);
    static constexpr std::size_t count = sizeof...(V);
};

template <class P>
concept has_config = requires {
    typename P::config;
};
template <class P>
concept has_provider_meta = requires {
    typename P::provider_meta;
};
template <class R>
concept has_identity = requires {
    typename R::identity;
};
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
concept has_configure = requires(P& p, const C& c, context& ctx) {
    p.configure(c, ctx);
};

// --- ephemeral resources: open, optional renew and close. Private data
// goes through the context, as for resources (tfpp::private_data<T>(ctx)); a
// `using private_data = T;` with T& parameters, the previous release's way,
// works for one release more.

template <class E>
concept has_private_data = requires {
    typename E::private_data;
};
template <class E>
[[deprecated("tfpp: an ephemeral resource keeps its private data as resources do: "
             "tfpp::set_private_data(ctx, data) in open(), tfpp::private_data<T>(ctx) in renew() and close() "
             "(tfpp/provider/private_state.hpp); `using private_data` with T& parameters works for one release more")]]
constexpr bool typed_private_data() {
    return true;
}

template <class E>
struct no_private_data {};
template <class E>
struct private_data_of {
    using type = no_private_data<E>;
};
template <class E>
requires has_private_data<E>
struct private_data_of<E> {
    using type = typename E::private_data;
};

template <class E, class M = typename E::model>
concept has_open = requires(E& e, M m, context& c) {
    { e.open(std::move(m), c) } -> std::same_as<std::optional<M>>;
}
|| requires(E& e, M m, typename private_data_of<E>::type& data, context& c) {
    requires has_private_data<E>;
    { e.open(std::move(m), data, c) } -> std::same_as<std::optional<M>>;
};
template <class E>
concept has_renew = requires(E& e, typename private_data_of<E>::type& data, context& c) {
    requires has_private_data<E>;
    e.renew(data, c);
}
|| requires(E& e, context& c) { e.renew(c); };
template <class E>
concept has_close = requires(E& e, const typename private_data_of<E>::type& data, context& c) {
    requires has_private_data<E>;
    e.close(data, c);
}
|| requires(E& e, context& c) { e.close(c); };

// --- actions

template <class A, class C = typename A::config>
concept has_invoke = requires(A& a, const C& c, action_progress& progress, context& ctx) {
    { a.invoke(c, progress, ctx) } -> std::same_as<void>;
};
template <class A, class C = typename A::config>
concept has_action_plan = requires(A& a, const C& c, context& ctx) {
    { a.plan(c, ctx) } -> std::same_as<void>;
};

// --- state stores: ids (state ids, lock ids, operations) as std::string_view,
// or as the previous release's `const std::string&`

template <class S, class Id = std::string_view>
concept has_state_read = requires(S& s, Id id, state_sink& out, context& ctx) {
    { s.read(id, out, ctx) } -> std::same_as<void>;
};
template <class S, class Id = std::string_view>
concept has_state_write = requires(S& s, Id id, state_source& in, context& ctx) {
    { s.write(id, in, ctx) } -> std::same_as<void>;
};
template <class S, class Id = std::string_view>
concept has_state_lock = requires(S& s, Id id, Id operation, context& ctx) {
    { s.lock(id, operation, ctx) } -> std::same_as<std::string>;
};
template <class S, class Id = std::string_view>
concept has_state_unlock = requires(S& s, Id id, Id lock_id, context& ctx) {
    { s.unlock(id, lock_id, ctx) } -> std::same_as<void>;
};
template <class S>
concept has_state_list = requires(S& s, context& ctx) {
    { s.states(ctx) } -> std::same_as<std::vector<std::string>>;
};
template <class S, class Id = std::string_view>
concept has_state_delete = requires(S& s, Id id, context& ctx) {
    { s.delete_state(id, ctx) } -> std::same_as<void>;
};
// What a store's hooks take ids as: its read decides.
template <class S>
using state_store_id =
    std::conditional_t<!has_state_read<S> && has_state_read<S, const std::string&>, const std::string&, std::string_view>;

template <class S>
[[deprecated("tfpp: a state store's read, write, lock, unlock and delete_state take their ids as std::string_view "
             "(`void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx)`); "
             "`const std::string&` works for one release more")]]
constexpr bool state_store_ids_as_strings() {
    return true;
}

template <class S>
concept has_max_chunk_size = requires {
    { S::max_chunk_size } -> std::convertible_to<std::size_t>;
};

}  // namespace tfpp::detail
