// A provider's parts gathered for tfpp::schema_json, each schema derived
// where its resource is compiled.
#pragma once

#include <tfpp/codec/schema_json.hpp>
#include <tfpp/provider/detail/engine.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

inline std::string ascii_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

// A provider source address completed as OpenTofu completes the `source` of
// required_providers: "local" -> "registry.opentofu.org/hashicorp/local",
// "tfpp/local" -> "registry.opentofu.org/tfpp/local", "host/ns/type" kept;
// each part in lower case. Empty: hashicorp/<type_name>.
inline std::string opentofu_provider_address(std::string_view address, std::string_view type_name) {
    if (address.empty()) address = type_name;
    const auto slashes = std::count(address.begin(), address.end(), '/');
    const std::string lower = ascii_lower(address);
    if (slashes == 0) return "registry.opentofu.org/hashicorp/" + lower;
    if (slashes == 1) return "registry.opentofu.org/" + lower;
    return lower;
}

// The parts of a provider's engine, under the address `address` as OpenTofu
// completes it ("tfpp/local" -> "registry.opentofu.org/tfpp/local"; empty:
// hashicorp/<type name>). The schemas are the handlers' static ones, so the
// result outlives the engine. The provider_meta is not among them: the JSON
// format has no place for it.
inline provider_schemas schemas_of(const provider_engine& e, std::string_view address = {}) {
    provider_schemas out;
    out.address = opentofu_provider_address(address, e.type_name());
    out.provider = &e.provider_schema();
    for (const auto& [name, r] : e.resources()) {
        out.resources.emplace_back(name, &r->schema());
        if (const identity_schema* id = r->identity()) out.resource_identities.emplace_back(name, id);
    }
    for (const auto& [name, d] : e.data_sources()) out.data_sources.emplace_back(name, &d->schema());
    for (const auto& [name, x] : e.ephemeral_resources()) out.ephemeral_resources.emplace_back(name, &x->schema());
    for (const auto& [name, f] : e.functions()) out.functions.emplace_back(name, &f->schema());
    for (const auto& [name, l] : e.list_resources()) out.list_resources.emplace_back(name, &l->schema());
    for (const auto& [name, a] : e.actions()) out.actions.emplace_back(name, &a->schema());
    for (const auto& [name, st] : e.state_stores()) out.state_stores.emplace_back(name, &st->schema());
    return out;
}

template <class P, class... R>
void gather_resources(type_list<R...>, provider_schemas& out) {
    (out.resources.emplace_back(R::type_name, &schema_of_resource<P, R>()), ...);
    (out.resource_identities.emplace_back(R::type_name, identity_of_resource<P, R>()), ...);
}
template <class... E>
void gather_ephemerals(type_list<E...>, provider_schemas& out) {
    (out.ephemeral_resources.emplace_back(E::type_name, &data_source_schema<E>()), ...);
}
template <class... F>
void gather_functions(type_list<F...>, provider_schemas& out) {
    (out.functions.emplace_back(F::name, &function_schema_of<F>()), ...);
}
template <class... L>
void gather_lists(type_list<L...>, provider_schemas& out) {
    (out.list_resources.emplace_back(L::resource::type_name, &list_config_schema<L>()), ...);
}
template <class... A>
void gather_actions(type_list<A...>, provider_schemas& out) {
    (out.actions.emplace_back(A::type_name, &action_config_schema<A>()), ...);
}
template <class... S>
void gather_state_stores(type_list<S...>, provider_schemas& out) {
    (out.state_stores.emplace_back(S::type_name, &state_store_config_schema<S>()), ...);
}
template <class... D>
void gather_data_sources(type_list<D...>, provider_schemas& out) {
    (out.data_sources.emplace_back(D::type_name, &data_source_schema<D>()), ...);
}

// The same from provider P's types (a valid provider: see
// tfpp::valid_provider), without instantiating its handlers.
template <class P>
provider_schemas schemas_of(std::string_view address = {}) {
    provider_schemas out;
    if constexpr (detail::provider_check<P>::ok) {
        out.address = detail::opentofu_provider_address(address, P::type_name);
        out.provider = &detail::provider_config_schema<P>();
        detail::gather_resources<P>(typename detail::resource_list<P>::type{}, out);
        detail::gather_data_sources(typename detail::data_source_list<P>::type{}, out);
        detail::gather_ephemerals(typename detail::ephemeral_list<P>::type{}, out);
        detail::gather_functions(typename detail::function_list<P>::type{}, out);
        detail::gather_lists(typename detail::list_resource_list<P>::type{}, out);
        detail::gather_actions(typename detail::action_list<P>::type{}, out);
        detail::gather_state_stores(typename detail::state_store_list<P>::type{}, out);
        std::erase_if(out.resource_identities, [](const auto& e) { return e.second == nullptr; });
    }
    return out;
}

}  // namespace tfpp::detail
